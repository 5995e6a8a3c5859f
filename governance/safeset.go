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
	for _, a := range cl.assignments() {
		name, val, _ := strings.Cut(a, "=")
		if anyGlob(unsafeEnv, name) && !(name == "PATH" && systemPath(val)) {
			return false
		}
	}
	if cl.call != nil {
		return modelReadOnly(cl)
	}
	if c.Code != "" {
		return false
	}
	if c.Runs {
		if ok, known := carrierReadOnly(cl); known {
			return ok
		}
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
	case "xargs":
		// xargs's -a file is judged as a read like any other.
		return true, true
	}
	return false, false
}

// helpOnly reports a request for help or a version that the program
// answers without doing anything else. A modelled program says which of
// its options do that. Of the others, only those the old tables know are
// taken at their word, until they are modelled; an unknown program is not
// assumed to know what --help means (shutdown -h halts).
func helpOnly(cl *cmdline) bool {
	if cl.call != nil {
		return cl.call.Help
	}
	if cl.spec == unknownSpec && readOnlyCheck(cl.name) == nil {
		return false
	}
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
		case !forwardsArgs(cl):
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
	"[", "[[", "ack", "ag", "apropos", "b2sum", "basename", "bat", "bzcat", "cal", "cksum", "cmp", "colordiff",
	"column", "comm", "cut", "df", "diff", "diff3", "dir", "dirname", "du", "duf", "dust", "echo", "egrep",
	"exa", "expand", "expr", "eza", "factor", "false", "fgrep", "file", "fmt", "fold", "grep", "head", "hexdump",
	"info", "join", "jq", "less", "locate", "look", "ls", "lsd", "lz4cat", "man", "md5sum", "more", "nl",
	"numfmt", "od", "paste", "pwd", "readlink", "realpath", "rev", "sdiff", "seq", "sha1sum", "sha224sum",
	"sha256sum", "sha384sum", "sha512sum", "sleep", "stat", "strings", "sum", "tail", "test", "tldr", "tr",
	"tree", "true", "tsort", "unexpand", "vdir", "vimdiff", "wc", "wdiff", "whatis", "whereis", "which", "xzcat",
	"zcat", "zgrep", "zless",
}

// readOnlyDomains hold the read-only knowledge of families of programs,
// one file each. Each returns the check for a program it knows, or nil.
func readOnlyDomains() []func(name string) func(*cmdline) bool {
	return []func(name string) func(*cmdline) bool{
		cloudReadOnly,   // readonly_cloud.go: cloud and infrastructure CLIs
		packageReadOnly, // readonly_packages.go: package managers and language tools
		systemReadOnly,  // readonly_system.go: system, desktop, database and network tools
	}
}

// readOnlyCheck returns the check for a program whose arguments decide
// whether it only reads, or nil.
func readOnlyCheck(name string) func(*cmdline) bool {
	if inSorted(alwaysReadOnly, name) {
		return always
	}
	for _, domain := range readOnlyDomains() {
		if check := domain(name); check != nil {
			return check
		}
	}
	switch name {
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
	case "yq":
		return without("-i|--inplace")
	}
	return nil
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
