package governance

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// The read-only safe set: commands and file reads that change nothing and
// reveal nothing sensitive are allowed without asking. A command is in the
// set only when its program is known and its arguments keep it read-only
// (find without -delete, sed without -i, git branch without -D). Files it
// reads and writes are judged separately, so `cat .env` is still denied by
// the secrets rules and `ls > out` still needs its write approved.

// safe reports whether a subject is in the safe set, and why.
func (ev *evaluation) safe(s *subject) (bool, string) {
	switch s.kind {
	case KindRead:
		if s.file.is(ClassUnknown) || s.file.is(ClassDevice) || s.file.is(ClassSensitive) {
			return false, ""
		}
		return true, "read-only-file"
	case KindShell:
		if readOnly(s.cl) {
			return true, "read-only:" + s.cl.name
		}
	}
	return false, ""
}

// sensitiveReads are files that reveal accounts or process secrets; reading
// them is not automatically safe.
var sensitiveReads = []string{"/etc/shadow", "/etc/gshadow", "/etc/passwd", "/etc/sudoers", "/etc/sudoers.d/**",
	"/etc/master.passwd", "/proc/*/environ", "/proc/*/mem", "/proc/kcore", "/var/log/auth.log", "/var/log/secure"}

// unsafeEnv are variables that change what a command runs or loads.
var unsafeEnv = []string{"LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_*", "BASH_ENV", "ENV", "PROMPT_COMMAND", "PATH",
	"GIT_*", "PAGER", "MANPAGER", "EDITOR", "VISUAL", "PYTHONPATH", "PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT",
	"RUBYOPT", "SHELLOPTS", "BASHOPTS", "IFS", "LESSOPEN", "LESSCLOSE", "LD_AUDIT", "GCONV_PATH", "PYTHONHOME",
	"PYTHONWARNINGS", "PERL5LIB", "RUBYLIB", "NODE_PATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
	"TF_CLI_ARGS*", "KUBECONFIG", "AWS_CONFIG_FILE", "npm_config_*", "NPM_CONFIG_*", "SSH_ASKPASS", "SUDO_ASKPASS", "BROWSER"}

// readOnly reports whether a simple command only reads.
func readOnly(cl *cmdline) bool {
	c := cl.cmd
	if c.Code != "" || c.Privileged || c.RunsInput {
		return false
	}
	for _, a := range c.Assigns {
		name, _, _ := strings.Cut(a, "=")
		if anyGlob(unsafeEnv, name) {
			return false
		}
	}
	if len(cl.pos) > 0 || len(cl.long) > 0 || len(cl.short) > 0 {
		if helpOnly(cl) {
			return true
		}
	}
	check := readOnlyCheck(cl.name)
	if check == nil {
		return false
	}
	return check(cl)
}

// helpOnly reports a request for help or a version, which every
// well-behaved program answers without doing anything else.
func helpOnly(cl *cmdline) bool {
	// A script of the project need not know what --help means.
	if strings.Contains(cl.cmd.Args[0].Value, "/") {
		return false
	}
	// Before any operand the option is the program's own. After one it
	// still is for a program the engine knows, unless the program hands
	// its operands to code it runs (python x.py --help, docker run img
	// --help, go test . --help).
	if cl.help {
		switch {
		case slices.Contains(runnerPrograms, cl.name):
			return cl.helpAt == 0
		case cl.helpAt <= cl.subWords():
			return true
		case cl.spec != unknownSpec && !forwardsArgs(cl):
			return true
		}
	}
	args := cl.cmd.Args[1:]
	if len(args) == 1 {
		switch args[0].Value {
		case "-h", "-help", "-version", "-V", "help", "version":
			return true
		}
	}
	return false
}

// runnerPrograms run a package, script or command named by an operand.
var runnerPrograms = []string{"bun", "bunx", "deno", "npx", "pipx", "pnpm", "pnpx", "ssh", "uvx", "yarn"}

// runnerVerbs are subcommands that run what their operands name.
var runnerVerbs = []string{"dlx", "exec", "run", "run-script", "start", "test", "x"}

// forwardsArgs reports whether the program may pass its later arguments
// to code it runs (runner programs are handled by the caller).
func forwardsArgs(cl *cmdline) bool {
	if shell.InterpreterLang(cl.name) != "" {
		return true
	}
	for _, w := range cl.pos[:cl.nsub] {
		if slices.Contains(runnerVerbs, w.Value) {
			return true
		}
	}
	return false
}

func always(*cmdline) bool { return true }

// without returns a check that passes when none of the options is present.
func without(opts string) func(*cmdline) bool {
	return func(cl *cmdline) bool { return !cl.hasAny(opts) }
}

// maxArgs returns a check that passes with at most n positional arguments
// (uniq IN OUT writes OUT).
func maxArgs(n int) func(*cmdline) bool {
	return func(cl *cmdline) bool { return len(cl.pos) <= n }
}

func noArgs(cl *cmdline) bool { return len(cl.pos) == 0 }

// alwaysReadOnly lists programs that only read, whatever their arguments.
// It is sorted; TestProgramTablesSorted checks it.
var alwaysReadOnly = []string{
	"[", "[[", "ack", "ag", "apropos", "arch", "arp", "b2sum", "basename", "bat", "btop", "bzcat", "cal", "cat",
	"cd", "cksum", "cmp", "colordiff", "column", "comm", "cut", "df", "diff", "diff3", "dig", "dir", "dirname",
	"du", "duf", "dust", "echo", "egrep", "exa", "expand", "expr", "eza", "factor", "false", "fgrep", "file",
	"fmt", "fold", "free", "getconf", "glances", "grep", "groups", "hash", "head", "hexdump", "host", "htop",
	"id", "info", "iostat", "jobs", "join", "jq", "last", "less", "locale", "locate", "logname", "look", "ls",
	"lsblk", "lscpu", "lsd", "lsof", "lspci", "lsusb", "lz4cat", "man", "md5sum", "more", "mpstat", "mtr",
	"netstat", "nl", "nproc", "nslookup", "numfmt", "od", "paste", "ping", "popd", "printenv", "procs", "ps",
	"pstree", "pushd", "pwd", "readlink", "realpath", "rev", "sar", "sdiff", "seq", "sha1sum", "sha224sum",
	"sha256sum", "sha384sum", "sha512sum", "shopt", "sleep", "ss", "stat", "strings", "sum", "tac", "tail",
	"test", "tldr", "top", "tr", "tracepath", "traceroute", "tree", "true", "tsort", "tty", "type", "ulimit",
	"umask", "uname", "unexpand", "uptime", "users", "vdir", "vimdiff", "vmstat", "w", "wait", "wc", "wdiff",
	"whatis", "whereis", "which", "who", "whoami", "whois", "xzcat", "zcat", "zgrep", "zless",
}

// readOnlyDomains hold the read-only knowledge of families of programs,
// one file each. Each returns the check for a program it knows, or nil.
var readOnlyDomains = []func(name string) func(*cmdline) bool{
	cloudReadOnly,     // readonly_cloud.go: cloud and infrastructure CLIs
	containerReadOnly, // readonly_containers.go: containers, Kubernetes, forges
	packageReadOnly,   // readonly_packages.go: package managers and language tools
	systemReadOnly,    // readonly_system.go: system, desktop, database and network tools
}

// readOnlyCheck returns the check for a program whose arguments decide
// whether it only reads, or nil.
func readOnlyCheck(name string) func(*cmdline) bool {
	if _, ok := slices.BinarySearch(alwaysReadOnly, name); ok {
		return always
	}
	for _, domain := range readOnlyDomains {
		if check := domain(name); check != nil {
			return check
		}
	}
	switch name {
	case "ip":
		return ipReadOnly
	case "ifconfig":
		// Listing only: ifconfig, ifconfig -a, ifconfig IFACE; more
		// arguments change the interface.
		return func(cl *cmdline) bool { return len(cl.cmd.Args) <= 2 }
	case "route":
		return func(cl *cmdline) bool { return !cl.hasSub([]string{"add", "del", "delete", "flush", "change"}) }
	case "hostname", "env", "alias", "tee":
		return noArgs
	case "xargs":
		// The command xargs runs is judged on its own; xargs with no
		// command runs echo on whatever arrives.
		return func(cl *cmdline) bool {
			for _, a := range cl.pos {
				if !isNumber(a.Value) {
					return true
				}
			}
			return false
		}
	case "date":
		return without("-s|--set")
	case "sort":
		return without("-o|--output")
	case "uniq":
		return maxArgs(1)
	case "xxd":
		return func(cl *cmdline) bool { return len(cl.pos) <= 1 && !cl.hasAny("-r|-revert") }
	case "fd", "fdfind":
		return without("-x|--exec|-X|--exec-batch")
	case "base64":
		return func(cl *cmdline) bool { return !cl.hasAny("-o|--output") && len(cl.pos) <= 1 }
	case "printf":
		return without("-v")
	case "rg":
		return without("--pre|--pre-glob|--hostname-bin|--search-zip|-z")
	case "find":
		return without("-delete|-exec|-execdir|-ok|-okdir|-fprint|-fprint0|-fprintf|-fls")
	case "sed":
		return sedReadOnly
	case "awk", "gawk", "mawk", "nawk":
		return awkReadOnly
	case "yq":
		return without("-i|--inplace")
	case "command":
		return func(cl *cmdline) bool { return cl.hasAny("-v|-V") }
	case "export", "declare":
		return func(cl *cmdline) bool { return cl.has("-p") || len(cl.pos) == 0 }
	case "git":
		return gitReadOnly
	case "history":
		return without("-c|-d|-w|-a|-r|-n")
	}
	return nil
}

func ipReadOnly(cl *cmdline) bool {
	for _, w := range cl.cmd.Words()[1:] {
		switch w {
		case "add", "del", "delete", "set", "flush", "change", "replace", "append", "exec":
			return false
		}
	}
	return true
}

// sedReadOnly: sed without -i and without w/W/e commands in its script.
func sedReadOnly(cl *cmdline) bool {
	if cl.hasAny("-i|--in-place") || hasPrefixOpt(cl, "-i") {
		return false
	}
	var scripts []string
	scripts = append(scripts, cl.value("-e|--expression")...)
	if len(scripts) == 0 && len(cl.pos) > 0 {
		scripts = append(scripts, cl.pos[0].Value)
	}
	if cl.hasAny("-f|--file") {
		return false
	}
	for _, s := range scripts {
		if sedWrites(s) {
			return false
		}
	}
	return true
}

// sedWrites reports a sed script that writes files or runs commands: the
// w, W and e commands, and the w and e flags of s.
func sedWrites(script string) bool {
	for _, cmd := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		cmd = strings.TrimSpace(cmd)
		cmd = strings.TrimLeft(cmd, "0123456789,$/^.*[]\\!~+ ")
		if cmd == "" {
			continue
		}
		switch cmd[0] {
		case 'w', 'W', 'e':
			return true
		case 's':
			if len(cmd) > 1 {
				d := cmd[1]
				parts := strings.Split(cmd[2:], string(d))
				if len(parts) >= 3 && strings.ContainsAny(parts[len(parts)-1], "we") {
					return true
				}
			}
		}
	}
	return false
}

// awkReadOnly: awk whose program neither runs commands nor redirects.
func awkReadOnly(cl *cmdline) bool {
	if cl.hasAny("-f|-i|--include|-l|--load") {
		return false
	}
	if len(cl.pos) == 0 {
		return false
	}
	prog := cl.pos[0].Value
	if strings.Contains(prog, "system") || strings.Contains(prog, "| getline") || strings.Contains(prog, "|&") ||
		strings.Contains(prog, "print >") || strings.Contains(prog, "printf >") || strings.Contains(prog, "print>") ||
		strings.Contains(prog, "\">") || strings.Contains(prog, "close(") || strings.Contains(prog, "| \"") ||
		strings.Contains(prog, "|\"") {
		return false
	}
	for _, w := range strings.Fields(prog) {
		if strings.HasPrefix(w, ">") {
			return false
		}
	}
	return true
}

// gitReadOnly knows which git subcommands only read.
func gitReadOnly(cl *cmdline) bool {
	if cl.hasAny("-c|--config-env|--exec-path|--output") || len(cl.value("-c")) > 0 {
		return false
	}
	sub := cl.sub()
	args := cl.args()
	switch sub {
	case "status", "diff", "log", "show", "blame", "annotate", "ls-files", "ls-tree", "cat-file", "shortlog",
		"rev-parse", "describe", "merge-base", "name-rev", "rev-list", "count-objects", "verify-commit",
		"verify-tag", "whatchanged", "show-ref", "show-branch", "for-each-ref", "help", "version", "var",
		"check-ignore", "check-attr", "diff-tree", "diff-files", "diff-index", "grep", "ls-remote", "cherry",
		"range-diff", "fsck", "get-tar-commit-id", "check-ref-format":
		return !cl.hasAny("--ext-diff|--textconv|-O|--open-files-in-pager")
	case "branch":
		if cl.hasAny("-d|-D|--delete|-m|-M|--move|-c|-C|--copy|-f|--force|-u|--set-upstream-to|--unset-upstream|--edit-description|--track|-t") {
			return false
		}
		return len(args) == 0 || cl.hasAny("-l|--list|--contains|--no-contains|--merged|--no-merged|--points-at")
	case "tag":
		if cl.hasAny("-d|--delete|-a|-s|-u|-f|--force|-m|-F") {
			return false
		}
		return len(args) == 0 || cl.hasAny("-l|--list|--contains|--points-at|--merged|--no-merged|-v|--verify")
	case "remote":
		return len(args) == 0 || (len(args) >= 1 && (args[0].Value == "show" || args[0].Value == "get-url"))
	case "stash":
		return len(args) >= 1 && (args[0].Value == "list" || args[0].Value == "show")
	case "worktree":
		return len(args) >= 1 && args[0].Value == "list"
	case "submodule":
		return len(args) == 0 || args[0].Value == "status" || args[0].Value == "summary"
	case "reflog":
		return len(args) == 0 || args[0].Value == "show" || args[0].Value == "exists"
	case "config":
		return cl.hasAny("--get|--get-all|--get-regexp|--list|-l|--show-origin|--show-scope|--get-urlmatch|--get-color") ||
			(len(args) >= 1 && (args[0].Value == "get" || args[0].Value == "list"))
	case "notes":
		return len(args) == 0 || args[0].Value == "list" || args[0].Value == "show"
	case "bisect":
		return len(args) >= 1 && (args[0].Value == "log" || args[0].Value == "view" || args[0].Value == "visualize")
	case "lfs":
		return len(args) >= 1 && (args[0].Value == "ls-files" || args[0].Value == "status" || args[0].Value == "env" ||
			args[0].Value == "version" || args[0].Value == "fetch" || args[0].Value == "logs")
	}
	return false
}
