package confine

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"runtime"
	"strings"
)

// Probe is what this machine offers a confined call, found by running
// bubblewrap: governance doctor reports it.
type Probe struct {
	// Bubblewrap is bwrap's path; "" when it is not on PATH.
	Bubblewrap string
	// UserNamespaces: bubblewrap can make a user namespace. FreshProc: it
	// can mount a fresh /proc in a new PID namespace (some containers
	// forbid it, and a host /proc would let a call walk out of every
	// mask). Works: the launcher's own sandbox stands and runs a command.
	UserNamespaces, FreshProc, Works bool
	// Err says why the launcher's sandbox does not stand, with
	// bubblewrap's message; nil when it does.
	Err error
}

// ProbeMachine runs bubblewrap three times, each a step further: a user
// namespace, then a fresh /proc, then the launcher's own sandbox running
// true. env is the environment whose PATH finds bwrap.
func ProbeMachine(ctx context.Context, env []string) Probe {
	var pr Probe
	if runtime.GOOS != "linux" {
		pr.Err = errors.New("bubblewrap confines on Linux")
		return pr
	}
	l := &Launcher{Env: env}
	bwrap, err := l.bwrap(nil)
	if err != nil {
		pr.Err = err
		return pr
	}
	pr.Bubblewrap = bwrap
	run := func(args ...string) error {
		var stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, bwrap, args...)
		cmd.Env, cmd.Stderr = CleanEnv(env), &stderr
		if err := cmd.Run(); err != nil {
			if msg := strings.TrimSpace(stderr.String()); msg != "" {
				return errors.New(msg)
			}
			return err
		}
		return nil
	}
	if pr.Err = run("--unshare-user", "--ro-bind", "/", "/", "--", "true"); pr.Err != nil {
		return pr
	}
	pr.UserNamespaces = true
	if pr.Err = run("--unshare-user", "--unshare-pid", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--", "true"); pr.Err != nil {
		return pr
	}
	pr.FreshProc = true
	var stderr bytes.Buffer
	l.Stderr = &stderr
	l.Stdout = &bytes.Buffer{}
	code, err := l.Run(ctx, &Profile{Kind: ReadOnly, Cwd: "/tmp"}, []string{"true"})
	switch {
	case err != nil:
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			err = errors.New(msg)
		}
		pr.Err = err
	case code != 0:
		pr.Err = errors.New("true failed inside the sandbox: " + strings.TrimSpace(stderr.String()))
	default:
		pr.Works = true
	}
	return pr
}
