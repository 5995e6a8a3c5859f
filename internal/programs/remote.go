package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// ssh runs a command (or a shell) on another machine; scp and rsync copy
// files between this machine and others, or between folders: a local
// destination is written, the sources read, and a remote end is a
// request to that host. All of them run ssh, whose options can name
// programs (ProxyCommand, LocalCommand).

var sshProgram = &Program{Names: []string{"ssh"}, Node: Node{POSIX: true, Opts: `
-4
-6
-A
-a
-B=BIND_INTERFACE
-b=BIND_ADDRESS
-C
-c=CIPHER_SPEC
-D=PORT
-E=LOG_FILE           write
-e=ESCAPE_CHAR
-F=CONFIGFILE         code
-f
-G
-g
-I=PKCS11             code
-i=IDENTITY_FILE
-J=DESTINATION
-K
-k
-L=ADDRESS
-l=LOGIN_NAME
-M
-m=MAC_SPEC
-N
-n
-O=CTL_CMD
-o=OPTION             code
-P=TAG
-p=PORT
-Q=QUERY
-q
-R=ADDRESS
-S=CTL_PATH
-s
-T
-t
-V                    help
-v
-W=HOST
-w=TUN
-X
-x
-Y
-y
`, Effects: func(c *Call, fx *Effects) {
	host := c.Operand(0)
	fx.Network(host, c.Args()...)
	fx.Exec("sh", "", "ssh runs a command or a shell on "+host)
}}}

var scpProgram = &Program{Names: []string{"scp"}, Node: Node{Opts: `
-3
-4
-6
-A
-B
-C
-c=CIPHER
-D=SFTP_SERVER_PATH   exec
-F=SSH_CONFIG         code
-i=IDENTITY_FILE
-J=DESTINATION
-l=LIMIT
-O
-o=SSH_OPTION         code
-P=PORT
-p
-q
-R
-r
-S=PROGRAM            exec
-s
-T
-v
-X=SFTP_OPTION
`, Effects: remoteCopyEffects}}

var rsyncProgram = &Program{Names: []string{"rsync"}, Node: Node{Loose: true, Opts: `
-e --rsh=COMMAND                     exec
--rsync-path=PROGRAM                 exec
--log-file=FILE                      write
--files-from=FILE                    read
--exclude-from=FILE                  read
--include-from=FILE                  read
--password-file=FILE                 read
--backup-dir=DIR                     write
--temp-dir -T=DIR                    write
--partial-dir=DIR                    write
--write-batch --only-write-batch=FILE  write
--read-batch=FILE                    read
--filter -f=RULE
--exclude=PATTERN
--include=PATTERN
--suffix=SUFFIX
--chmod=CHMOD
--chown=USER
--timeout=SECONDS
--port=PORT
--link-dest=DIR
--copy-dest=DIR
--compare-dest=DIR
-h --help                            help
-V --version                         help
`, Effects: rsyncEffects}}

// rsyncEffects are a remote copy's; with --link-dest, the files of DIR
// that match the sources become hard links in the destination: the
// destination's names are DIR's files (their links are made).
func rsyncEffects(c *Call, fx *Effects) {
	remoteCopyEffects(c, fx)
	args := c.Args()
	if len(args) == 0 {
		return
	}
	dest := args[len(args)-1]
	for _, dir := range c.ValueArgs("--link-dest") {
		fx.Add(Effect{Op: Link, Path: dir, To: dest, Tree: true})
	}
}

// remoteCopyEffects records a copy from sources to a destination, either of
// which may be host:path on another machine.
func remoteCopyEffects(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) == 0 {
		fx.Unknown(c.Name + " has nothing to copy")
		return
	}
	dest := args[len(args)-1]
	sources := args[:len(args)-1]
	for _, s := range sources {
		if host, ok := remoteEnd(s.Value); ok {
			fx.Network(host, s)
			continue
		}
		fx.Add(Effect{Op: Read, Path: s, Tree: true, Hidden: true})
	}
	if host, ok := remoteEnd(dest.Value); ok {
		fx.Network(host, dest)
		fx.Change(c.Name + " writes on " + host)
	} else {
		fx.Add(Effect{Op: Write, Path: dest, Tree: true, Why: c.Name})
	}
	fx.Helper("ssh", c.Name+" reaches other machines with ssh")
}

// remoteEnd reports a host:path (or user@host:path, rsync://) end.
func remoteEnd(v string) (string, bool) {
	if strings.HasPrefix(v, "rsync://") {
		host, _, _ := strings.Cut(strings.TrimPrefix(v, "rsync://"), "/")
		return host, true
	}
	i := strings.IndexByte(v, ':')
	if i <= 0 || strings.Contains(v[:i], "/") {
		return "", false
	}
	host := v[:i]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	return host, true
}

// pwsh reads its options without regard to case and by any prefix, one
// option to a word (-File is not -F -i -l -e); a word that names
// -EncodedCommand in any of its forms (-e, -ec, -enc, -ENCODED) is also
// recorded as -EncodedCommand, for the rules that look for it.
var pwshProgram = &Program{Names: []string{"pwsh", "powershell"}, Lang: "powershell", CodeOpts: []string{"-c", "-command", "-Command"}, Parse: parsePwsh, Node: Node{
	Effects: func(c *Call, fx *Effects) {
		fx.Exec("powershell", c.Cmd.Code, c.Name+" runs PowerShell code")
	}}}

func parsePwsh(c *Call, args []shell.Arg) {
	for i, a := range args {
		v := a.Value
		windows := strings.HasPrefix(v, "/") && !strings.Contains(v[1:], "/")
		if len(v) < 2 || !strings.HasPrefix(v, "-") && !windows {
			// A word that is not an option is a value, the script or its
			// arguments: the words after it are still read as options,
			// which at worst finds -EncodedCommand where it is not.
			c.Pos = append(c.Pos, a)
			continue
		}
		name, val, has := strings.Cut(v[1:], ":")
		o := Opt{Typed: v[:1+len(name)]}
		if has {
			o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}, true
		}
		c.Opts = append(c.Opts, o)
		lower := strings.ToLower(name)
		if lower == "ec" || lower != "" && strings.HasPrefix("encodedcommand", lower) || a.Dynamic {
			c.Opts = append(c.Opts, Opt{Typed: "-EncodedCommand"})
		}
		if lower == "c" || lower == "f" || len(lower) >= 3 && strings.HasPrefix("command", lower) || len(lower) >= 2 && strings.HasPrefix("file", lower) {
			// The rest is the code, or the script and its arguments.
			c.Pos = append(c.Pos, args[i+1:]...)
			return
		}
	}
}

// sudo sets the VAR=value words before the program in its environment.
// -h is help, except as sudo reads it: -hHOST, and -h HOST as a
// word of its own followed by one that is neither an option nor an
// assignment, name the host to run the command on (--host=HOST); a -h
// that takes no host asks for help, and nothing runs.
var sudoProgram = &Program{Names: []string{"sudo"}, wraps: &wrapper{assigns: true, short: "ugCDprtTU",
	long:     []string{"user", "group", "close-from", "chdir", "host", "prompt", "role", "type", "command-timeout", "other-user"},
	optShort: "h", bareNext: "h", privileged: true, noCommand: "lvkKVh", shell: "si", chdir: "D"}, Node: Node{Opts: `
-l --list
-v --validate       change
-k --reset-timestamp
-K --remove-timestamp  change
-V --version        help
-h --help           help
--host=HOST
-n --non-interactive
-U --other-user=USER
-u --user=USER
-g --group=GROUP
`, Effects: func(c *Call, fx *Effects) {
	// The analysis unwraps sudo CMD: what is left lists privileges or
	// manages sudo's own timestamp.
	if !c.HasAny("-l|-v|-k|-K") {
		fx.Unknown("sudo runs " + c.Operand(0))
	}
}}}
