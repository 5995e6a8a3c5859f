package engine

import (
	"strings"

	"github.com/agentgov/governance/internal/programs"
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
		// A look at the metadata of a path known only at run time
		// (xargs stat) reveals no content either.
		if !s.stat && (s.file.is(ClassUnknown) || s.file.is(ClassDevice) || s.file.is(ClassSensitive)) {
			return false, ""
		}
		return true, "read-only-file"
	case KindShell:
		if ev.copiedSecretRead(s.cl) != "" {
			// A copy of a secret the call's shell made would be shown.
			return false, ""
		}
		if ev.readOnly(s.cl, ev.existsArg(s.cl), ev.codeAllowed) {
			return true, "read-only:" + s.cl.name
		}
	}
	return false, ""
}

// sensitiveReads are files that reveal accounts or process secrets; reading
// them is not automatically safe.
var sensitiveReads = []string{"/etc/shadow", "/etc/gshadow", "/etc/passwd", "/etc/sudoers", "/etc/sudoers.d/**",
	"/etc/master.passwd", "/proc/*/environ", "/proc/*/mem", "/proc/*/task/*/environ", "/proc/*/task/*/mem", "/proc/kcore", "/var/log/auth.log", "/var/log/secure"}

// sensitiveReadLits are the literal runs of sensitiveReads.
var sensitiveReadLitsOnce = lazy[*pathLits]{make: func() *pathLits {
	l := newPathLits(sensitiveReads, true)
	return &l
}}

func sensitiveReadLits() *pathLits { return sensitiveReadLitsOnce.get() }

// readOnly reports whether a simple command only reads. exists tells
// whether a file the command would create only when missing is there.
func (ev *evaluation) readOnly(cl *cmdline, exists func(shell.Arg) bool, code func(prog, code string) bool) bool {
	c := cl.cmd
	if c.Privileged || c.RunsInput {
		return false
	}
	for _, a := range cl.assignments() {
		name, val, _ := strings.Cut(a, "=")
		if shell.UnsafeEnv(name, val) {
			return false
		}
		if programs.EnvOption(name) && (cl.call == nil || !cl.call.ReadsEnv(name)) {
			// export RUFF_OUTPUT_FILE=x: a variable a program reads as an
			// option that writes, reads or runs, set for the commands
			// after it or those the command runs (a program whose model
			// reads it judges it as the option).
			return false
		}
	}
	if ev.secretEnvRead(cl) != "" {
		// The secret would be shown to the agent.
		return false
	}
	return modelReadOnly(cl, exists, code, ev.secretEnvName)
}

// helpOnly reports a request for help or a version that the program's
// model says it answers without doing anything else. A program nobody
// modelled is not assumed to know what --help means (shutdown -h halts).
func helpOnly(cl *cmdline) bool { return cl.call.Help }
