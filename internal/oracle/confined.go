package oracle

// This file holds the confined mode: a run whose command runs its own
// sandbox (a call the hook rewrote to run through the confinement
// launcher, which runs bubblewrap). bubblewrap inside bubblewrap cannot
// mount a fresh /proc, and binding the host's /proc would be an escape,
// so this mode isolates otherwise: as root, it unshares the mount and
// network namespaces and nothing else, lays the decoy world out with bind
// mounts and tmpfs over the places that hold the real home, state and
// sockets (/home, /root, /run, /tmp, /var/tmp, /dev/shm), leaves /proc
// alone, and runs the command under strace -f as an unprivileged user who
// owns the decoy home. strace runs as root outside the launcher's
// namespaces and so follows the processes inside them.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// BinDir is where a confined run shows the folder [Sandbox.Bin], on the
// PATH after the system's: the confinement launcher a rewritten command
// names lies there, and governance's CLI. It lies in /opt, which the
// launcher shows to a confined call as a system folder, as it would show
// the CLI installed in /usr/local/bin; the confined mode mounts a tmpfs
// over the host's /opt to hold it.
const BinDir = "/opt/oracle-bin"

// confinedMode is what a confined run needs: the tools, the user the
// command runs as, and the etc files that name that user.
type confinedMode struct {
	unshare, setpriv string
	uid, gid         int
	etc              string // passwd and group with the agent's entry
	// root runs the command as root rather than as the agent, as a
	// harness that runs as root (in a container) does.
	root bool
}

// setupScript runs as root in the new mount and network namespaces: it
// lays the decoy world out over the host's and execs strace. Its
// arguments: the run's folder, the etc folders of the sandbox and of the
// confined mode, the folder of binaries (or ""), then strace's command
// line. Every source of a bind lies under /tmp or /dev/shm, so the binds
// come before the tmpfs that cover those.
const setupScript = `set -e
run=$1 etc=$2 cetc=$3 bin=$4
shift 4
mount -t tmpfs -o mode=0755 oracle /run
mkdir /run/oracle
mount --bind "$run/trace" /run/oracle
if [ -n "$bin" ]; then
	mount -t tmpfs -o mode=0755 oracle /opt
	mkdir ` + BinDir + `
	mount --bind -o ro "$bin" ` + BinDir + `
fi
mount -t tmpfs -o mode=0755 oracle /home
mkdir -p ` + Home + `
mount --bind "$run` + Home + `" ` + Home + `
for f in resolv.conf hosts nsswitch.conf; do
	# A link into /run (systemd-resolved's) leads nowhere once /run is
	# covered: the resolver's address is then the host's, unreachable here.
	[ -L "/etc/$f" ] || mount --bind -o ro "$etc/$f" "/etc/$f"
done
for f in passwd group; do mount --bind -o ro "$cetc/$f" "/etc/$f"; done
mount --bind "$run/tmp" /tmp
mount -t tmpfs -o mode=1777 oracle /var/tmp
mount -t tmpfs -o mode=1777 oracle /dev/shm
if [ -d /root ]; then mount -t tmpfs -o mode=0700 oracle /root; fi
ip link set lo up 2>/dev/null || :
cd ` + Project + `
exec "$@"
`

// RunConfined runs command as [Sandbox.Run] does, in the confined mode:
// for a command that runs bubblewrap itself, such as the confinement
// launcher a hook's rewrite names. The command runs as an unprivileged
// user, the owner of the decoy home, in a mount and a network namespace of
// its own, with the host's /proc (so that a fresh one can be mounted
// inside), [Sandbox.Bin] shown at [BinDir], and the real home folders,
// /run, /tmp, /var/tmp, /dev/shm (and /opt, with Bin) hidden. It needs root: see
// [Sandbox.ConfinedErr].
func (s *Sandbox) RunConfined(ctx context.Context, command string) (*Observation, error) {
	c, err := s.confinedMode()
	if err != nil {
		return nil, err
	}
	return s.run(ctx, command, c, false)
}

// Prime runs command in the confined mode and makes the files it created
// in the home part of the decoy world, owned by root as the rest is, so
// that every later run starts with them: the policy a confinement
// launcher compiles into governance's state on its first call, which
// would otherwise show as a change of every run. No other run may be
// under way; it fails when the command fails.
func (s *Sandbox) Prime(ctx context.Context, command string) error {
	c, err := s.confinedMode()
	if err != nil {
		return err
	}
	obs, err := s.run(ctx, command, c, true)
	if err != nil {
		return err
	}
	if obs.ExitCode != 0 {
		return fmt.Errorf("priming with %q: exit %d: %s", command, obs.ExitCode, obs.Stderr)
	}
	return nil
}

// keep copies the files a run created in the home into the template.
func (s *Sandbox) keep(run string, changed []Change) error {
	for _, ch := range changed {
		if ch.Kind != Created || !inside(ch.Path, Home) {
			continue
		}
		src, dst := host(run, ch.Path), host(s.template, ch.Path)
		fi, err := os.Lstat(src)
		if err != nil {
			return err
		}
		switch {
		case fi.IsDir():
			err = os.MkdirAll(dst, fi.Mode().Perm())
		case fi.Mode().IsRegular():
			err = copyFile(src, dst, fi.Mode().Perm())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// RunConfinedAsRoot runs command as [Sandbox.RunConfined] does, but as
// root, with every capability root has outside the launcher: as a harness
// running as root in a container runs it.
func (s *Sandbox) RunConfinedAsRoot(ctx context.Context, command string) (*Observation, error) {
	c, err := s.confinedMode()
	if err != nil {
		return nil, err
	}
	asRoot := *c
	asRoot.root = true
	return s.run(ctx, command, &asRoot, false)
}

// RunAllConfined runs commands as [Sandbox.RunAll] does, in the confined
// mode.
func (s *Sandbox) RunAllConfined(ctx context.Context, commands []string, workers int) []Result {
	return s.runAll(ctx, commands, workers, s.RunConfined)
}

// ConfinedErr reports why the confined mode cannot run here, wrapping
// [ErrToolMissing] or [ErrUnusable]; nil when it can. The first call
// sets the mode up and tries it.
func (s *Sandbox) ConfinedErr() error {
	_, err := s.confinedMode()
	return err
}

func (s *Sandbox) confinedMode() (*confinedMode, error) {
	s.confinedOnce.Do(func() { s.confined, s.confinedErr = s.setUpConfined() })
	return s.confined, s.confinedErr
}

// setUpConfined finds the tools, picks the user, writes its etc files and
// tries the mode: a traced command, and bubblewrap mounting a fresh /proc
// as that user.
func (s *Sandbox) setUpConfined() (*confinedMode, error) {
	if os.Geteuid() != 0 {
		return nil, fmt.Errorf("%w: the confined mode unshares mount namespaces and needs root", ErrUnusable)
	}
	c := &confinedMode{etc: filepath.Join(s.dir, "etc-confined")}
	for name, p := range map[string]*string{"unshare": &c.unshare, "setpriv": &c.setpriv} {
		found, err := exec.LookPath(name)
		if err != nil {
			return nil, fmt.Errorf("%w: %s", ErrToolMissing, name)
		}
		*p = found
	}
	if err := c.writeEtc(); err != nil {
		return nil, err
	}
	obs, err := s.run(context.Background(), "/bin/true", c, false)
	if err != nil {
		if errors.Is(err, ErrUnusable) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: a confined trial run: %w", ErrUnusable, err)
	}
	if len(obs.Execs) == 0 || obs.ExitCode != 0 {
		return nil, fmt.Errorf("%w: a confined trial run exited with %d: %s", ErrUnusable, obs.ExitCode, obs.Stderr)
	}
	obs, err = s.run(context.Background(), s.tools.bwrap+" --unshare-all --unshare-user --disable-userns --cap-drop ALL --ro-bind / / --proc /proc --dev /dev true", c, false)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnusable, err)
	}
	if obs.ExitCode != 0 {
		return nil, fmt.Errorf("%w: bubblewrap cannot mount a fresh /proc in the confined mode: %s", ErrUnusable, strings.TrimSpace(string(obs.Stderr)))
	}
	return c, nil
}

// writeEtc picks the user and writes passwd and group: the host's,
// without any entry named agent, and the agent's, with the decoy home.
// The user is the first id from 4242 up that the host does not use.
func (c *confinedMode) writeEtc() error {
	if err := os.MkdirAll(c.etc, 0o755); err != nil {
		return err
	}
	read := func(name string) []string {
		data, _ := os.ReadFile(name)
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	passwd, group := read("/etc/passwd"), read("/etc/group")
	used := map[string]bool{}
	for _, lines := range [][]string{passwd, group} {
		for _, l := range lines {
			if f := strings.Split(l, ":"); len(f) > 2 {
				used[f[2]] = true
			}
		}
	}
	c.uid = 4242
	for used[strconv.Itoa(c.uid)] {
		c.uid++
	}
	c.gid = c.uid
	keep := func(lines []string, entry string) string {
		var out []string
		for _, l := range lines {
			if l != "" && !strings.HasPrefix(l, "agent:") {
				out = append(out, l)
			}
		}
		return strings.Join(append(out, entry), "\n") + "\n"
	}
	files := map[string]string{
		"passwd": keep(passwd, fmt.Sprintf("agent:x:%d:%d:agent:%s:/bin/bash", c.uid, c.gid, Home)),
		"group":  keep(group, fmt.Sprintf("agent:x:%d:", c.gid)),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(c.etc, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// args returns the arguments of unshare for one confined run.
func (c *confinedMode) args(s *Sandbox, run, command string) []string {
	args := []string{"--mount", "--net", "--propagation", "private", "--", "/bin/sh", "-c", setupScript, "sh",
		run, s.etc, c.etc, s.Bin, c.setpriv, "--no-new-privs", "--"}
	if c.root {
		return append(args, s.straceArgs(nil, command)...)
	}
	return append(args, s.straceArgs([]string{"-u", "agent"}, command)...)
}

// chownTree gives the files of a folder to a user, links included.
func chownTree(root string, uid, gid int) error {
	return filepath.WalkDir(root, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}
