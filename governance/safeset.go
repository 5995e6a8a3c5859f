package governance

import (
	"slices"
	"strings"
	"sync"

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

// sensitiveReadLits are the literal runs of sensitiveReads.
var sensitiveReadLits = sync.OnceValue(func() *pathLits {
	l := newPathLits(sensitiveReads)
	return &l
})

// unsafeEnv are variables that change what a command runs or loads.
var unsafeEnv = []string{"LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_*", "BASH_ENV", "ENV", "PROMPT_COMMAND", "PATH",
	"GIT_*", "PAGER", "MANPAGER", "EDITOR", "VISUAL", "PYTHONPATH", "PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT",
	"RUBYOPT", "SHELLOPTS", "BASHOPTS", "IFS", "LESSOPEN", "LESSCLOSE", "LD_AUDIT", "GCONV_PATH", "PYTHONHOME",
	"PYTHONWARNINGS", "PERL5LIB", "RUBYLIB", "NODE_PATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
	"TF_CLI_ARGS*", "KUBECONFIG", "AWS_CONFIG_FILE", "npm_config_*", "NPM_CONFIG_*", "SSH_ASKPASS", "SUDO_ASKPASS", "BROWSER"}

// readOnly reports whether a simple command only reads.
func readOnly(cl *cmdline) bool {
	c := cl.cmd
	if c.Privileged || c.RunsInput {
		return false
	}
	for _, a := range c.Assigns {
		name, val, _ := strings.Cut(a, "=")
		if anyGlob(unsafeEnv, name) && !(name == "PATH" && systemPath(val)) {
			return false
		}
	}
	if c.Code != "" {
		return codeReadOnly(cl)
	}
	if c.Runs {
		if ok, known := carrierReadOnly(cl); known {
			return ok
		}
	}
	if cl.call != nil {
		return modelReadOnly(cl)
	}
	if len(cl.pos) > 0 || len(cl.long) > 0 || !cl.short.empty() {
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

// systemPath reports a PATH made only of the system's own program
// folders, which are the programs a bare name would find anyway (env -i
// PATH=/bin ls).
func systemPath(v string) bool {
	for _, dir := range strings.Split(v, ":") {
		switch strings.TrimSuffix(dir, "/") {
		case "/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin":
		default:
			return false
		}
	}
	return v != ""
}

// carrierReadOnly judges a command whose only effect is to run commands
// the analysis found in full (shell.Command.Runs): those are judged on
// their own, so the carrier is read-only unless its own options load or
// run something else. known is false for programs this does not cover.
func carrierReadOnly(cl *cmdline) (ok, known bool) {
	switch cl.name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "rbash":
		// An interactive shell (-i) or an rc file runs startup code
		// nobody sees here. A login shell (-l) runs the user's own
		// profile, the same files every terminal the user opens runs,
		// so it adds nothing the command chose; BASH_ENV and ENV are
		// unsafe variables.
		return !cl.hasAny("-i|--rcfile|--init-file|--interactive"), true
	case "source", ".", "xargs":
		// xargs's -a file is judged as a read like any other.
		return true, true
	case "docker", "podman", "nerdctl", "docker-compose":
		// docker exec: an env file may set variables that load code.
		return containerEnvSafe(cl) && !cl.hasAny("--env-file"), true
	case "kubectl", "oc":
		// A kubeconfig of the command's choosing can name a credential
		// program.
		return containerEnvSafe(cl) && !cl.hasAny("--kubeconfig"), true
	}
	return false, false
}

// codeReadOnly judges interpreter code the analysis found (python -c,
// node -e, an awk program): only code that provably computes and prints
// is read-only. Paths named in it are judged as reads on their own.
func codeReadOnly(cl *cmdline) bool {
	c := cl.cmd
	switch c.Lang {
	case "awk":
		return awkOptionsReadOnly(cl) && shell.AwkEffect(c.Code) == ""
	case "python", "javascript":
		// bun and deno load the project's configuration (bunfig.toml
		// preloads, deno.json imports) before the code.
		if c.Lang == "javascript" && cl.name != "node" && cl.name != "nodejs" {
			return false
		}
		return interpreterOptionsReadOnly(cl) && shell.PureCode(c.Lang, c.Code)
	}
	return false
}

// interpreterOptionsReadOnly reports a python or node command line whose
// options only select the inline code: no module or file it loads first
// (node --require, --import, --loader), no other program.
func interpreterOptionsReadOnly(cl *cmdline) bool {
	if cl.name == "node" || cl.name == "nodejs" {
		return !cl.hasAny("-r|--require|--import|--loader|--experimental-loader|--env-file|--inspect|--inspect-brk")
	}
	return !cl.hasAny("-m|-W|-X|-i")
}

// awkOptionsReadOnly reports awk options that neither load program files
// (-f, -E, --exec, -i, --include, -l, --load) nor write their own files
// (gawk's -d, -p and -o dump variables, profiles and pretty prints).
func awkOptionsReadOnly(cl *cmdline) bool {
	if cl.hasAny("-f|-E|-i|-l|-d|-p|-o|-D|--file|--exec|--include|--load|--dump-variables|--profile|--pretty-print|--debug") {
		return false
	}
	for _, l := range cl.long {
		if hasPrefixAny(l, "dump-variables", "profile", "pretty-print") {
			return false
		}
	}
	return true
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

func noArgs(cl *cmdline) bool { return len(cl.pos) == 0 }

// alwaysReadOnly lists programs that only read, whatever their arguments.
// It is sorted; TestProgramTablesSorted checks it.
var alwaysReadOnly = []string{
	"[", "[[", "ack", "ag", "apropos", "arch", "arp", "b2sum", "basename", "bat", "btop", "bzcat", "cal",
	"cd", "cksum", "cmp", "colordiff", "column", "comm", "cut", "df", "diff", "diff3", "dig", "dir", "dirname",
	"du", "duf", "dust", "echo", "egrep", "exa", "expand", "expr", "eza", "factor", "false", "fgrep", "file",
	"fmt", "fold", "free", "getconf", "glances", "grep", "groups", "hash", "head", "hexdump", "host", "htop",
	"id", "info", "iostat", "jobs", "join", "jq", "last", "less", "locale", "locate", "logname", "look", "ls",
	"lsblk", "lscpu", "lsd", "lsof", "lspci", "lsusb", "lz4cat", "man", "md5sum", "more", "mpstat", "mtr",
	"netstat", "nl", "nproc", "nslookup", "numfmt", "od", "paste", "ping", "popd", "printenv", "procs", "ps",
	"pstree", "pushd", "pwd", "readlink", "realpath", "rev", "sar", "sdiff", "seq", "sha1sum", "sha224sum",
	"sha256sum", "sha384sum", "sha512sum", "shopt", "sleep", "ss", "stat", "strings", "sum", "tail",
	"test", "tldr", "top", "tr", "tracepath", "traceroute", "tree", "true", "tsort", "tty", "type", "ulimit",
	"umask", "uname", "unexpand", "uptime", "users", "vdir", "vimdiff", "vmstat", "w", "wait", "wc", "wdiff",
	"whatis", "whereis", "which", "who", "whoami", "whois", "xzcat", "zcat", "zgrep", "zless",
}

// readOnlyDomains hold the read-only knowledge of families of programs,
// one file each. Each returns the check for a program it knows, or nil.
var readOnlyDomains = []func(name string) func(*cmdline) bool{
	containerReadOnly, // readonly_containers.go: containers, Kubernetes, forges
	packageReadOnly,   // readonly_packages.go: package managers and language tools
	systemReadOnly,    // readonly_system.go: system, desktop, database and network tools
}

// readOnlyCheck returns the check for a program whose arguments decide
// whether it only reads, or nil.
func readOnlyCheck(name string) func(*cmdline) bool {
	if inSorted(alwaysReadOnly, name) {
		return always
	}
	for _, domain := range readOnlyDomains {
		if check := domain(name); check != nil {
			return check
		}
	}
	if shell.InterpreterLang(name) == "python" {
		return pythonModuleReadOnly
	}
	switch name {
	case "ip":
		return ipReadOnly
	case "ifconfig":
		// Listing only: ifconfig, ifconfig -a, ifconfig IFACE; more
		// arguments change the interface.
		return func(cl *cmdline) bool { return len(cl.cmd.Args) <= 2 }
	case "route":
		return func(cl *cmdline) bool { return !cl.hasSub([]string{"add", "del", "delete", "flush", "change"}, nil) }
	case "hostname", "alias":
		return noArgs
	case "env":
		// With no command, env prints the environment, as printenv does;
		// its NAME=value words only change what it prints.
		return func(cl *cmdline) bool {
			for _, a := range cl.pos {
				if !shell.IsAssign(a.Value) {
					return false
				}
			}
			return !cl.hasAny("-S|--split-string")
		}
	case "tee":
		// tee writes its files; to the terminal or /dev/null it only
		// passes its input on.
		return func(cl *cmdline) bool { return allNotFiles(cl.pos) }
	case "read", "mapfile", "readarray", "((", "let":
		// They set shell variables from input or arithmetic.
		return always
	case "xargs":
		// The command xargs runs is judged on its own once the analysis
		// found it (see carrierReadOnly).
		return func(cl *cmdline) bool { return cl.cmd.Runs }
	case "date":
		return without("-s|--set")
	case "sort":
		return func(cl *cmdline) bool {
			return notFiles(cl.value("-o|--output")) && !cl.hasAny("--compress-program")
		}
	case "uniq":
		// uniq IN OUT writes OUT.
		return func(cl *cmdline) bool { return len(cl.pos) <= 1 || len(cl.pos) == 2 && notFile(cl.pos[1].Value) }
	case "xxd":
		return xxdReadOnly
	case "fd", "fdfind":
		// The command of -x is judged on its own once the analysis found
		// it.
		return func(cl *cmdline) bool { return cl.cmd.Runs || !cl.hasAny("-x|--exec|-X|--exec-batch") }
	case "base64":
		// Encoding or decoding to standard output only prints.
		return func(cl *cmdline) bool {
			return notFiles(cl.value("-o|--output")) && (len(cl.pos) <= 1 || len(cl.pos) == 2 && notFile(cl.pos[1].Value))
		}
	case "printf":
		return without("-v")
	case "rg":
		return without("--pre|--pre-glob|--hostname-bin|--search-zip|-z")
	case "sed":
		return sedReadOnly
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
		if cl.hasLocal("-d|-D|--delete|-m|-M|--move|-c|-C|--copy|-f|--force|-u|--set-upstream-to|--unset-upstream|--edit-description|--track|-t") {
			return false
		}
		return len(args) == 0 || cl.hasLocal("-l|--list|--contains|--no-contains|--merged|--no-merged|--points-at")
	case "tag":
		if cl.hasLocal("-d|--delete|-a|-s|-u|-f|--force|-m|-F") {
			return false
		}
		return len(args) == 0 || cl.hasLocal("-l|--list|--contains|--points-at|--merged|--no-merged|-v|--verify")
	case "archive":
		// To standard output; --remote runs git-upload-archive there, and
		// --exec names the program that does.
		return !cl.hasAny("-o|--output|--remote|--exec")
	case "bundle":
		return len(args) >= 1 && (args[0].Value == "list-heads" || args[0].Value == "verify")
	case "symbolic-ref":
		// One operand reads the ref; a second sets it.
		return len(args) == 1 && !cl.hasLocal("-d|--delete|-m")
	case "replace":
		return len(args) == 0 && !cl.hasLocal("-d|--delete|-f|--force|-e|--edit|-g|--graft|--convert-graft-file") ||
			cl.hasLocal("-l|--list")
	case "hash-object":
		// -w writes the object into the repository.
		return !cl.hasLocal("-w")
	case "clean":
		// A dry run lists what would be removed; -i asks on a terminal.
		return cl.hasLocal("-n|--dry-run") && !cl.hasLocal("-i|--interactive")
	case "fetch":
		return gitFetchReadOnly(cl, args)
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

// notFile reports an output that is not a file: standard output ("-"),
// the null device, the terminal, or a descriptor. Writing there changes
// nothing on disk.
func notFile(v string) bool {
	switch v {
	case "-", "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty":
		return true
	}
	n, ok := strings.CutPrefix(v, "/dev/fd/")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// notFiles reports whether every output is not a file (true for none).
func notFiles(vs []string) bool {
	for _, v := range vs {
		if !notFile(v) {
			return false
		}
	}
	return true
}

// allNotFiles reports whether every argument is an output that is not a
// file.
func allNotFiles(args []shell.Arg) bool {
	for _, a := range args {
		if a.Dynamic || !notFile(a.Value) {
			return false
		}
	}
	return true
}

// xxdReadOnly: xxd dumps a file to standard output; -r turns a dump back
// into a file, and a second operand is the file it writes. Its options
// are single-dash words, some with a value attached or following.
func xxdReadOnly(cl *cmdline) bool {
	args := cl.cmd.Args[1:]
	var operands []shell.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-r" || v == "-revert" || strings.HasPrefix(v, "-r") && len(v) <= 3:
			return false
		case v == "-c" || v == "-cols" || v == "-g" || v == "-groupsize" || v == "-l" || v == "-len" || v == "-s" ||
			v == "-seek" || v == "-o" || v == "-offset" || v == "-n" || v == "-name" || v == "-R":
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			operands = append(operands, args[i])
		}
	}
	return len(operands) <= 1 || len(operands) == 2 && !operands[1].Dynamic && notFile(operands[1].Value)
}

// pythonModuleReadOnly: python -m with a standard module that only prints
// (a calendar, platform and build facts, sys.path, the Zen) or pretty
// prints JSON to standard output. python -m looks the module up in the
// current folder first, so a project file of the same name would run
// instead: an accepted risk for these few names, as for git reading the
// project's .git/config.
func pythonModuleReadOnly(cl *cmdline) bool {
	mods := cl.value("-m")
	if len(mods) != 1 || cl.hasAny("-c|-W|-X|-i") {
		return false
	}
	switch mods[0] {
	case "calendar", "platform", "sysconfig", "site", "this":
		return true
	case "json.tool":
		// A second operand is a file it writes.
		return len(cl.pos) <= 1
	}
	return false
}

// gitFetchReadOnly: git fetch downloads objects and moves only the
// remote-tracking refs (origin/main) and FETCH_HEAD: no local branch,
// tag or file of the work tree changes, and it runs no hook. A refspec
// with a destination (main:main, +x:y) writes local refs; --prune-tags
// deletes local tags; --upload-pack names a program; --update-head-ok and
// --refmap change which refs move; -f forces them.
func gitFetchReadOnly(cl *cmdline, args []shell.Arg) bool {
	if cl.hasLocal("-f|-u|-P") {
		return false
	}
	for _, l := range cl.long {
		switch l {
		case "all", "prune", "tags", "no-tags", "quiet", "verbose", "dry-run", "depth", "unshallow", "jobs", "multiple",
			"progress", "no-recurse-submodules", "recurse-submodules", "atomic", "append", "shallow-since", "deepen":
			continue
		}
		// git takes abbreviated options: --upload names --upload-pack.
		for _, bad := range []string{"prune-tags", "upload-pack", "update-head-ok", "refmap", "force", "set-upstream", "update-shallow"} {
			if len(l) >= 2 && strings.HasPrefix(bad, strings.SplitN(l, "=", 2)[0]) {
				return false
			}
		}
	}
	for _, a := range args {
		// A refspec with a destination writes that local ref.
		if a.Dynamic || strings.Contains(a.Value, ":") && !strings.Contains(a.Value, "://") && !strings.HasPrefix(a.Value, "git@") ||
			strings.HasPrefix(a.Value, "+") {
			return false
		}
	}
	return true
}
