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
		// The name or metadata of a device or an account file reveals
		// nothing of what it holds (test -f /etc/passwd, ls -l /dev/sda).
		if s.file.is(ClassUnknown) || !s.stat && (s.file.is(ClassDevice) || s.file.is(ClassSensitive)) {
			return false, ""
		}
		return true, "read-only-file"
	case KindShell:
		if readOnly(s.cl, ev.existsArg(s.cl)) {
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

// readOnly reports whether a simple command only reads. exists tells
// whether a file the command would create only when missing is there.
func readOnly(cl *cmdline, exists func(shell.Arg) bool) bool {
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
	if secretEnvRead(cl) != "" {
		// The secret would be shown to the agent.
		return false
	}
	if cl.call != nil {
		return modelReadOnly(cl, exists)
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
	"pwd",
}

// readOnlyCheck returns the check for a program whose arguments decide
// whether it only reads, or nil.
func readOnlyCheck(name string) func(*cmdline) bool {
	if inSorted(alwaysReadOnly, name) {
		return always
	}
	switch name {
	case "xargs":
		// The command xargs runs is judged on its own once the analysis
		// found it (see carrierReadOnly).
		return func(cl *cmdline) bool { return cl.cmd.Runs }
	}
	return nil
}
