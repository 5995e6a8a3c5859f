package oracle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Errors New returns when the oracle cannot run.
var (
	// ErrUnsupported is returned on systems other than Linux.
	ErrUnsupported = errors.New("the oracle needs linux")
	// ErrToolMissing is returned when bwrap, strace, bash or git is not
	// installed.
	ErrToolMissing = errors.New("tool not installed")
	// ErrUnusable is returned when the tools are installed but a trial run
	// fails, for example because user namespaces or ptrace are not allowed.
	ErrUnusable = errors.New("sandbox unusable")
)

// Defaults for a Sandbox's limits.
const (
	DefaultTimeout     = 5 * time.Second
	DefaultOutputLimit = 64 << 10
)

// Sandbox is a decoy world and the means to run commands in copies of it.
// Its methods may be called from several goroutines at once; its fields
// must be set before the first Run.
type Sandbox struct {
	// Timeout bounds each run: when it passes, every process of the run
	// is killed. Zero means DefaultTimeout.
	Timeout time.Duration
	// OutputLimit bounds the bytes of stdout and of stderr kept, and of
	// data kept per file written. Zero means DefaultOutputLimit.
	OutputLimit int
	// Scratch is the folder each run copies the decoy world into, and
	// where the run's /tmp lies. A tmpfs makes runs several times faster
	// than a disk: New sets it to /dev/shm when that is a folder it can
	// write to, else to the sandbox's folder.
	Scratch string
	// Bin is a folder of the host that confined runs show read-only at
	// BinDir, such as the one holding the confinement launcher; empty
	// shows none.
	Bin string

	dir      string // holds the template and etc
	template string // the decoy world: template/home/agent/...
	etc      string // the files bound over the host's /etc
	secrets  []Secret
	detect   *detector
	tools    tools

	confinedOnce sync.Once
	confined     *confinedMode
	confinedErr  error
}

// tools are the programs a run needs, as found on PATH.
type tools struct{ bwrap, strace, shell string }

// New lays out a decoy world in dir, which must exist and is used only by
// this sandbox, and checks with a trial run that commands can be traced.
func New(dir string) (*Sandbox, error) {
	if runtime.GOOS != "linux" {
		return nil, ErrUnsupported
	}
	found := map[string]string{}
	for _, name := range []string{"bwrap", "strace", "bash", "git"} {
		p, err := exec.LookPath(name)
		if err != nil {
			return nil, fmt.Errorf("%w: %s", ErrToolMissing, name)
		}
		found[name] = p
	}
	s := &Sandbox{
		dir:      dir,
		template: filepath.Join(dir, "template"),
		etc:      filepath.Join(dir, "etc"),
		secrets:  newSecrets(),
		tools:    tools{bwrap: found["bwrap"], strace: found["strace"], shell: found["bash"]},
	}
	s.detect = newDetector(s.secrets)
	s.Scratch = dir
	if d, err := os.MkdirTemp("/dev/shm", "oracle-"); err == nil {
		os.Remove(d)
		s.Scratch = "/dev/shm"
	}
	if err := s.layOut(); err != nil {
		return nil, err
	}
	if err := s.initGit(found["git"]); err != nil {
		return nil, err
	}
	if err := s.writeEtc(); err != nil {
		return nil, err
	}
	if err := s.trial(); err != nil {
		return nil, err
	}
	return s, nil
}

// Secrets returns the planted secrets, files and environment variables.
func (s *Sandbox) Secrets() []Secret { return slices.Clone(s.secrets) }

// Protected returns the protected files: the governance and agent
// settings, in a fixed order.
func (s *Sandbox) Protected() []string {
	return slices.Sorted(func(yield func(string) bool) {
		for p := range protectedFiles {
			if !yield(p) {
				return
			}
		}
	})
}

// Env returns the environment every command starts with.
func (s *Sandbox) Env() []string {
	env := []string{
		"HOME=" + Home,
		"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"LANG=C",
		"USER=agent",
		"LOGNAME=agent",
		"SHELL=/bin/bash",
		"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
	}
	for _, sec := range s.secrets {
		if sec.Env != "" {
			env = append(env, sec.Env+"="+sec.Canary)
		}
	}
	return env
}

// host returns where a path of the decoy world lies under root.
func host(root, path string) string { return filepath.Join(root, filepath.FromSlash(path)) }

// layOut writes the decoy world into the template.
func (s *Sandbox) layOut() error {
	files := map[string]string{}
	for p, c := range ordinaryFiles {
		files[p] = c
	}
	for p, c := range protectedFiles {
		files[p] = c
	}
	private := map[string]bool{}
	for _, sec := range s.secrets {
		if sec.Path != "" {
			files[sec.Path] = secretContent(sec)
			private[sec.Path] = true
		}
	}
	for p, content := range files {
		perm := os.FileMode(0o644)
		switch {
		case private[p]:
			perm = 0o600
		case strings.HasSuffix(p, ".sh"):
			perm = 0o755
		}
		hp := host(s.template, p)
		if err := os.MkdirAll(filepath.Dir(hp), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(hp, []byte(content), perm); err != nil {
			return err
		}
	}
	for link, target := range symlinks {
		if err := os.Symlink(target, host(s.template, link)); err != nil {
			return err
		}
	}
	return os.Chmod(host(s.template, Home+"/.ssh"), 0o700)
}

// initGit makes the project a repository with one commit of everything
// but the ignored secrets, at a fixed date, so that git reads work
// offline.
func (s *Sandbox) initGit(git string) error {
	env := []string{
		"HOME=" + host(s.template, Home),
		"PATH=" + os.Getenv("PATH"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z",
		"GIT_COMMITTER_DATE=2026-01-02T03:04:05Z",
	}
	// No hook samples, and the objects in one pack: every run copies
	// the repository, and each file copied costs time.
	for _, args := range [][]string{
		{"init", "-q", "-b", "main", "--template="},
		{"add", "-A"},
		{"commit", "-q", "-m", "Initial commit"},
		{"repack", "-a", "-d", "-q"},
		{"prune-packed"},
	} {
		cmd := exec.Command(git, args...)
		cmd.Dir = host(s.template, Project)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", args[0], err, bytes.TrimSpace(out))
		}
	}
	return nil
}

// writeEtc writes the files bound over the host's: a resolv.conf that
// sends DNS queries to loopback, where they show in the trace; hosts and
// nsswitch.conf without anything of the host's; a passwd whose entry for
// the user running the commands has the decoy home.
func (s *Sandbox) writeEtc() error {
	if err := os.MkdirAll(s.etc, 0o755); err != nil {
		return err
	}
	uid := strconv.Itoa(os.Getuid())
	var passwd []string
	if data, err := os.ReadFile("/etc/passwd"); err == nil {
		passwd = strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	found := false
	for i, line := range passwd {
		if f := strings.Split(line, ":"); len(f) == 7 && f[2] == uid {
			f[5] = Home
			passwd[i], found = strings.Join(f, ":"), true
		}
	}
	if !found {
		passwd = append(passwd, fmt.Sprintf("agent:x:%s:%d:agent:%s:/bin/bash", uid, os.Getgid(), Home))
	}
	files := map[string]string{
		"resolv.conf":   "nameserver 127.0.0.1\noptions attempts:1 timeout:1\n",
		"hosts":         "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n",
		"nsswitch.conf": "passwd: files\ngroup: files\nshadow: files\nhosts: files dns\nnetworks: files\n",
		"passwd":        strings.Join(passwd, "\n") + "\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(s.etc, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// trial runs one command and checks that it was traced.
func (s *Sandbox) trial() error {
	obs, err := s.Run(context.Background(), "/bin/true")
	if err != nil {
		if errors.Is(err, ErrUnusable) {
			return err
		}
		return fmt.Errorf("%w: %w", ErrUnusable, err)
	}
	if len(obs.Execs) == 0 || obs.ExitCode != 0 {
		return fmt.Errorf("%w: a trial run exited with %d and traced no exec: %s",
			ErrUnusable, obs.ExitCode, bytes.TrimSpace(obs.Stderr))
	}
	return nil
}

// HostPath returns where a path of the decoy world lies on the host, in
// the template every run copies: the same path for one outside the home.
func (s *Sandbox) HostPath(p string) string {
	if p == Home || strings.HasPrefix(p, Home+"/") {
		return host(s.template, p)
	}
	return p
}
