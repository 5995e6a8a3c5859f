package oracle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tracedCalls are the system calls strace records: execs and forks, the
// working folder, every call that changes a file, data written, and
// connections and messages. fchmodat2 is given as a pattern, which an
// strace that does not know it accepts.
const tracedCalls = "execve,execveat,clone,clone3,fork,vfork,chdir,fchdir," +
	"open,openat,openat2,creat,truncate," +
	"unlink,unlinkat,rmdir,rename,renameat,renameat2,link,linkat,symlink,symlinkat," +
	"chmod,fchmod,/^fchmodat2?$,chown,fchown,lchown,fchownat,mkdir,mkdirat,mknod,mknodat," +
	"write,writev,pwrite64,pwritev,pwritev2,connect,sendto,sendmsg,sendmmsg"

// stringLimit is the longest string strace prints whole: an argument, a
// path, the data of one write or one message.
const stringLimit = 16 << 10

// Run runs command with bash -c in a fresh copy of the decoy world, with
// Project as working folder, and reports what it did. A command that
// fails or times out is an Observation like any other; an error means
// that the sandbox could not run it, or that ctx was done.
func (s *Sandbox) Run(ctx context.Context, command string) (*Observation, error) {
	return s.run(ctx, command, nil, false)
}

// run runs command in a fresh copy of the decoy world: inside bubblewrap
// when c is nil, else in the confined mode c sets up. With keep, what
// the command created in the home becomes part of the decoy world.
func (s *Sandbox) run(ctx context.Context, command string, c *confinedMode, keep bool) (*Observation, error) {
	start := time.Now()
	run, err := os.MkdirTemp(orDefault(s.Scratch, s.dir), "oracle-run-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(run)
	if err := copyTree(host(s.template, Home), host(run, Home)); err != nil {
		return nil, err
	}
	for _, d := range []string{"tmp", "trace"} {
		if err := os.Mkdir(filepath.Join(run, d), 0o777); err != nil {
			return nil, err
		}
	}
	// A fresh, empty folder rather than a tmpfs, so that what the
	// command leaves in /tmp can be read back.
	if err := os.Chmod(filepath.Join(run, "tmp"), 0o777|os.ModeSticky); err != nil {
		return nil, err
	}
	if c != nil {
		// The unprivileged user owns the home, as a user owns theirs.
		if err := chownTree(host(run, Home), c.uid, c.gid); err != nil {
			return nil, err
		}
	}

	// strace writes into a FIFO, read as the command runs: a command
	// that writes much makes a long trace, which never reaches the disk.
	rd, keeper, err := tracePipe(filepath.Join(run, "trace", "trace"))
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	obs := &Observation{Command: command}
	limit := orDefault(s.OutputLimit, DefaultOutputLimit)
	tr := newTracer(obs, s.secrets, limit)
	parsed := make(chan error, 1)
	go func() {
		r := newReader()
		parsed <- r.each(rd, func(c call) { tr.feed(c, r.forking()) })
	}()

	rctx, cancel := context.WithTimeout(ctx, orDefault(s.Timeout, DefaultTimeout))
	defer cancel()
	cmd := exec.CommandContext(rctx, s.tools.bwrap, s.bwrapArgs(run, command)...)
	if c != nil {
		cmd = exec.CommandContext(rctx, c.unshare, c.args(s, run, command)...)
	}
	// The environment goes to bwrap as its own, not as --setenv words:
	// a command that lists processes would see the secrets in bwrap's
	// arguments, which no real shell has.
	cmd.Env = s.Env()
	if c != nil && s.Bin != "" {
		for i, kv := range cmd.Env {
			if strings.HasPrefix(kv, "PATH=") {
				cmd.Env[i] = kv + ":" + BinDir
			}
		}
	}
	stdout, stderr := &limitedBuffer{limit: limit}, &limitedBuffer{limit: limit}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	setProcessGroup(cmd)
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	keeper.Close()
	parseErr := <-parsed
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var exitErr *exec.ExitError
	obs.TimedOut = rctx.Err() != nil
	if runErr != nil && !errors.As(runErr, &exitErr) && !obs.TimedOut {
		return nil, runErr
	}
	if parseErr != nil {
		return nil, fmt.Errorf("reading the trace: %w", parseErr)
	}
	tr.finish()
	obs.ExitCode = cmd.ProcessState.ExitCode()
	obs.Stdout, obs.Stderr = stdout.buf.Bytes(), stderr.buf.Bytes()
	obs.OutputTruncated = stdout.truncated || stderr.truncated
	if !tr.started && !obs.TimedOut {
		return nil, fmt.Errorf("%w: nothing traced: %s", ErrUnusable, bytes.TrimSpace(obs.Stderr))
	}
	s.detect.collect(obs, func(name string) []byte { return readBack(run, name, limit) })
	if obs.Changed, err = changes(s.template, run); err != nil {
		return nil, fmt.Errorf("comparing the world with its copy: %w", err)
	}
	if keep {
		if err := s.keep(run, obs.Changed); err != nil {
			return nil, err
		}
	}
	obs.Duration = time.Since(start)
	return obs, nil
}

// bwrapArgs returns the arguments of bwrap for one run: every namespace
// unshared (only loopback exists), no capabilities, the host's root
// read-only with the decoy home, a fresh /tmp and the trace folder bound
// writable, empty /run, /root and /home (no daemon's socket, no host
// secret), and the files of etc bound over the host's.
func (s *Sandbox) bwrapArgs(run, command string) []string {
	args := []string{
		"--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--new-session",
		"--ro-bind", "/", "/",
		"--dev", "/dev", "--proc", "/proc",
		"--tmpfs", "/run", "--bind", filepath.Join(run, "trace"), traceDir,
		"--tmpfs", "/home", "--bind", host(run, Home), Home,
		"--bind", filepath.Join(run, "tmp"), "/tmp",
	}
	if fi, err := os.Stat("/root"); err == nil && fi.IsDir() {
		args = append(args, "--tmpfs", "/root")
	}
	for _, name := range []string{"resolv.conf", "hosts", "nsswitch.conf", "passwd"} {
		args = append(args, "--ro-bind", filepath.Join(s.etc, name), "/etc/"+name)
	}
	args = append(args, "--chdir", Project, "--")
	return append(args, s.straceArgs(nil, command)...)
}

// straceArgs returns strace's command line, which runs command with the
// wrapper shell and writes the trace into the trace folder; with user,
// strace runs the shell as that user.
func (s *Sandbox) straceArgs(user []string, command string) []string {
	args := []string{s.tools.strace,
		"-f", "-qq", "-yy", "-xx", "--seccomp-bpf", "-s", strconv.Itoa(stringLimit),
		"-e", "signal=none", "-e", "trace=" + tracedCalls,
		"-o", traceDir + "/trace"}
	args = append(args, user...)
	return append(args, "--", s.tools.shell, "-c", command)
}

// readBack returns the content of a file inside the sandbox after a run,
// up to limit bytes, or nil when it is not a regular file in the home or
// in /tmp.
func readBack(run, name string, limit int) []byte {
	if !strings.HasPrefix(name, Home+"/") && !strings.HasPrefix(name, "/tmp/") {
		return nil
	}
	fi, err := os.Lstat(host(run, name))
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(host(run, name))
	if err != nil {
		return nil
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, int64(limit)))
	return data
}

// orDefault returns v, or def when v is zero.
func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// limitedBuffer keeps the first limit bytes written to it.
type limitedBuffer struct {
	buf       bytes.Buffer
	limit     int
	truncated bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.buf.Len(); room < len(p) {
		b.truncated = true
		b.buf.Write(p[:max(room, 0)])
	} else {
		b.buf.Write(p)
	}
	return len(p), nil
}
