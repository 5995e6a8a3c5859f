package programs

import "strings"

// Logs, services and kernel settings on Linux: journalctl reads the
// journal (and vacuums, rotates, flushes or seals it with some options);
// systemctl shows units with its status, show and list-* verbs and starts,
// stops, enables or edits them with the others; dmesg reads the kernel ring
// buffer (and clears it, or changes console logging); sysctl reads kernel
// settings and writes them with -w, name=value or a settings file.

var journalctlProgram = &Program{Names: []string{"journalctl"}, Digits: true, Node: Node{Opts: `
--system
--user
-M --machine=CONTAINER
-m --merge
-D --directory=DIR
-i --file=PATH            read
--root=ROOT
--image=IMAGE             read
--image-policy=POLICY
--namespace=NAMESPACE
-S --since=DATE
-U --until=DATE
-c --cursor=CURSOR
--after-cursor=CURSOR
--cursor-file=FILE        write  # reads the cursor, then writes the last one
-b --boot[=ID]
-k --dmesg
-u --unit=UNIT
--user-unit=UNIT
--invocation=ID
-I
-t --identifier=ID
-T --exclude-identifier=ID
-p --priority=RANGE
--facility=FACILITY
-g --grep=PATTERN
--case-sensitive[=BOOL]
-e --pager-end
-f --follow
-n --lines[=N]
--no-tail
-r --reverse
-o --output=FORMAT
--output-fields=LIST
--truncate-newline
-x --catalog
-q --quiet
--no-pager
--no-hostname
-a --all
--show-cursor
--utc
-l --full
-N --fields
-F --field=FIELD
--list-boots
--list-invocations
--list-namespaces
--disk-usage
--header
--list-catalog
--dump-catalog
--update-catalog          change
--new-id128
--setup-keys              change # generates sealing keys and writes them
--interval=TIME
--force
--verify
--verify-key=KEY                 # a sealing key on the command line
--sync                    change
--relinquish-var          change
--smart-relinquish-var    change
--flush                   change # moves the journal from /run to /var
--rotate                  change
--vacuum-size=SIZE        change # deletes archived journal files
--vacuum-time=TIME        change
--vacuum-files=N          change
-h --help                 help
--version                 help
`, Effects: journalctlEffects}}

func journalctlEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	for _, d := range c.ValueArgs("-D") {
		fx.ReadTree(d, true)
	}
	for _, r := range c.ValueArgs("--root") {
		fx.ReadTree(r, true)
	}
	if c.Has("--verify-key") {
		fx.Unknown("--verify-key puts a sealing key on the command line")
	}
}

// systemctlReads are the systemctl verbs that only show state.
const systemctlReads = "cat|get-default|help|is-active|is-enabled|is-failed|is-system-running|list-automounts|" +
	"list-dependencies|list-jobs|list-machines|list-paths|list-sockets|list-timers|list-unit-files|list-units|" +
	"show|show-environment|status|whoami"

// systemctlChanges are the verbs that change units, the manager or the
// machine. edit runs an editor.
const systemctlChanges = "start|stop|reload|restart|try-restart|reload-or-restart|try-reload-or-restart|" +
	"condrestart|force-reload|isolate|kill|clean|freeze|thaw|set-property|bind|mount-image|service-log-level|" +
	"service-log-target|reset-failed|enable|disable|reenable|preset|preset-all|mask|unmask|link|revert|add-wants|" +
	"add-requires|edit|set-default|cancel|daemon-reload|daemon-reexec|log-level|log-target|service-watchdogs|" +
	"set-environment|unset-environment|import-environment|default|rescue|emergency|halt|poweroff|reboot|kexec|" +
	"soft-reboot|exit|switch-root|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|sleep"

var systemctlProgram = &Program{Names: []string{"systemctl"}, Node: Node{Opts: `
-t --type=TYPE
--state=STATE
-p --property=NAME
-P=NAME
-a --all
-r --recursive
--reverse
--after
--before
--with-dependencies
-l --full
--value
--show-types
--job-mode=MODE
-T --show-transaction
-i --ignore-inhibitors
--dry-run
-q --quiet
--no-warn
--wait
--no-block
--user
--system
--failed
--no-wall
--global
--no-reload
--no-ask-password
--kill-whom=WHOM
--kill-value=INT
-s --signal=SIGNAL
--what=RESOURCES
-f --force
--message=MESSAGE
--now
--root=ROOT
--image=IMAGE
--image-policy=POLICY
--runtime
--preset-mode=MODE
-H --host=HOST            unknown # runs the command on another host over ssh
-M --machine=CONTAINER
-n --lines=N
-o --output=FORMAT
--firmware-setup
--boot-loader-menu=TIMEOUT
--boot-loader-entry=NAME
--reboot-argument=ARG
--kernel-cmdline=CMDLINE
--plain
--timestamp=FORMAT
--mkdir
--marked
--read-only
--drop-in=NAME
--when=TIME
--check-inhibitors=MODE
--legend=BOOL
--no-legend
--no-pager
-h --help                 help
--version                 help
`, MakeSubs: systemctlSubs, Effects: func(c *Call, fx *Effects) { unseenEffects(c, fx) }}}

func systemctlSubs() []*Sub {
	reads := &Node{Inherit: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		unseenEffects(c, fx)
		switch c.Sub() {
		case "show-environment":
			// The manager's environment: a desktop session imports the
			// login's into the user's manager, tokens and all.
			fx.Env("")
		case "show":
			// The manager's properties (no unit named) and a service's
			// hold its environment, Environment=: printed unless the
			// properties asked for leave it out.
			if systemctlShowsEnvironment(c) {
				fx.PrintsSecret("systemctl show prints the Environment property of the manager or a unit, whose values are not known here")
			}
		case "cat":
			// The unit files, with their Environment= lines.
			fx.PrintsSecret("systemctl cat prints unit files, whose Environment= lines are not known here")
		}
	}}
	changes := &Node{Inherit: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		unseenEffects(c, fx)
		fx.Change("systemctl " + c.Sub())
	}}
	return []*Sub{{Name: systemctlReads, Node: reads}, {Name: systemctlChanges, Node: changes}}
}

// systemctlShowsEnvironment reports whether systemctl show prints the
// Environment property: every property is printed unless -p, --property
// or -P name some (each a list, comma-separated); a name computed at run
// time may be it.
func systemctlShowsEnvironment(c *Call) bool {
	props := c.ValueArgs("-p|--property|-P")
	if len(props) == 0 {
		return true
	}
	for _, p := range props {
		if p.Dynamic {
			return true
		}
		for name := range strings.SplitSeq(p.Value, ",") {
			if strings.EqualFold(strings.TrimSpace(name), "Environment") {
				return true
			}
		}
	}
	return false
}

var dmesgProgram = &Program{Names: []string{"dmesg"}, Node: Node{Opts: `
-C --clear                change # clears the ring buffer
-c --read-clear           change
-D --console-off          change
-E --console-on           change
-e --reltime
-F --file=FILE            read
-f --facility=LIST
-H --human
-J --json
-k --kernel
-L --color[=WHEN]
-l --level=LIST
-n --console-level=LEVEL  change
--noescape
-P --nopager
-p --force-prefix
-r --raw
-S --syslog
-s --buffer-size=SIZE
-T --ctime
-t --notime
--time-format=FORMAT
-u --userspace
-w --follow
-W --follow-new
-x --decode
--since=TIME
--until=TIME
-K --kmsg-file=FILE       read
-h --help                 help
-V --version              help
`, Effects: func(c *Call, fx *Effects) { unseenEffects(c, fx) }}}

// sysctl's options are those of Linux (procps) and of the BSDs and macOS.
var sysctlProgram = &Program{Names: []string{"sysctl"}, Node: Node{Opts: `
-a --all
-A
-X
-b --binary
-d
-e --ignore
-i
-N --names
-n --values
-o
-x
-p --load[=FILE]          change # loads settings from a file
-f=FILE                   change
-q --quiet
-r --pattern=EXPR
--system                  change
-w --write                change
-h --help                 help
-V --version              help
`, Effects: func(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	for _, a := range c.Args() {
		if a.Dynamic || strings.Contains(a.Value, "=") {
			fx.Change("sets " + a.Value)
		}
	}
}}}
