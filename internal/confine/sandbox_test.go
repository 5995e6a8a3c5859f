//go:build linux

package confine

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// observe is what a confined command sees of its sandbox, printed by a
// bash script: the visible tree (each path's type, mode and whether it
// is writable, and the project's files' contents), its capabilities and
// no_new_privs, its uid and gid maps,
// the network's interfaces, the processes it sees, whether it can make
// a user namespace, and whether it can unmount a mask.
const observe = `
list() { find "$@" \( -path /proc -o -path /sys \) -prune -o -printf '%p\t%y\t%M\n' 2>/dev/null | LC_ALL=C sort |
	while IFS=$'\t' read -r p y m; do w=-; [ -w "$p" ] && w=w; echo "$p $y $m $w"; done; }
list / -maxdepth 2
list /dev /tmp /var/tmp "$HOME" "$PWD"
find "$PWD" -path "$PWD/.git/objects" -prune -o -type f -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0 md5sum 2>&1
for p in /proc/sys /proc/sysrq-trigger /proc/irq /proc/bus /proc/sys/user/max_user_namespaces; do
	w=-; [ -w "$p" ] && w=w; echo "$p $w"
done
grep -E '^(CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):' /proc/self/status
echo uid_map $(cat /proc/self/uid_map) gid_map $(cat /proc/self/gid_map) ids $(id -u) $(id -g)
echo ifaces $(awk 'NR > 2 { print $1 }' /proc/net/dev | sort) inet6 $(awk '{ print $6 }' /proc/net/if_inet6 2>/dev/null | sort)
echo pid1 $([ -e /proc/1 ] && echo present) command $([ $$ = 1 ] && echo is || echo is-not) pid1
unshare -U true 2>/dev/null && echo userns made || echo userns refused
umount .env 2>/dev/null && echo mask unmounted || echo mask kept
printf '\nsandbox-init: %s\n' "$(head -c 60 /proc/1/cmdline | tr '\0\n' '  ')"
`

// TestBackendsAgree runs the same profiles under bubblewrap and the
// launcher's own sandbox, as the test's user and (as root) as nobody,
// and compares what the command sees: the two must agree.
func TestBackendsAgree(t *testing.T) {
	needBwrap(t)
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	w := newWorld(t)
	// A repository whose tracked secrets are shown as committed
	// (--ro-bind-data), with its exclude file.
	wg := newWorld(t)
	gitRepo(t, wg)
	type tc struct {
		w *world
		p *Profile
	}
	profiles := map[string]tc{
		"unknown-effects": {w, w.profile(t, UnknownEffects, Options{})},
		"read-only":       {w, w.profile(t, ReadOnly, Options{})},
		"network":         {w, w.profile(t, UnknownEffects, Options{Network: true})},
		"committed":       {wg, wg.profile(t, UnknownEffects, Options{})},
	}
	users := []string{"self"}
	if os.Geteuid() == 0 {
		if _, err := exec.LookPath("unshare"); err == nil {
			users = append(users, "nobody")
		}
	}
	for name, c := range profiles {
		for _, user := range users {
			t.Run(name+"/"+user, func(t *testing.T) {
				w, p := c.w, c.p
				if user == "nobody" {
					nobodyWorld(t, w)
				}
				own, ownInit := observeIn(t, w, p, user, "")
				bwrap, bwrapInit := observeIn(t, w, p, user, "bubblewrap")
				// Each ran where it was asked to: no fallback.
				if !strings.Contains(ownInit, InitArg) || !strings.Contains(bwrapInit, "bwrap") {
					t.Fatalf("the sandboxes' inits are %q and %q, want the launcher's and bubblewrap", ownInit, bwrapInit)
				}
				if user != "self" {
					// bubblewrap, run by a user other than root, maps the
					// user to root in a first user namespace (to mount
					// devpts) and back in a second: the command's map names
					// that root, and the devpts it made is that root's. The
					// launcher maps the user to itself, as the host does.
					own, bwrap = unmapped(own), unmapped(bwrap)
				}
				if own != bwrap {
					t.Errorf("the sandboxes differ (- bubblewrap, + own):\n%s", lineDiff(bwrap, own))
				}
				for _, want := range []string{"  " + w.project + "/sub/README\n", "CapEff:\t0000000000000000", "CapBnd:\t0000000000000000", "NoNewPrivs:\t1", "userns refused", "mask kept"} {
					if !strings.Contains(own, want) {
						t.Errorf("the own sandbox shows no %q:\n%s", want, own)
					}
				}
			})
		}
	}
}

// nobodyWorld lets nobody into the world's project, as TestUnprivileged
// does.
func nobodyWorld(t *testing.T, w *world) {
	for d := w.dir; d != "/tmp" && d != "/"; d = filepath.Dir(d) {
		must(t, os.Chmod(d, 0o755))
	}
	must(t, filepath.Walk(w.home, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}))
}

// observeIn runs the observation under p with the given backend ("" the
// launcher's own), as the test's user or as nobody (through the
// launcher's main, started by unshare --setuid): what the command saw,
// and apart the sandbox's init.
func observeIn(t *testing.T, w *world, p *Profile, user, backend string) (seen, init string) {
	t.Helper()
	split := func(out string) (string, string) {
		i := strings.LastIndex(out, "\nsandbox-init: ")
		if i < 0 {
			return out, ""
		}
		return out[:i], out[i:]
	}
	env := append(os.Environ(), "HOME="+w.home, BackendEnv+"="+backend)
	if user == "self" {
		var out, errb bytes.Buffer
		l := &Launcher{Env: env, Stdout: &out, Stderr: &errb, early: startEarly(env)}
		defer l.early.discard()
		code, err := l.Run(t.Context(), p, []string{"bash", "-c", observe})
		if err != nil || code != 0 {
			t.Fatalf("backend %q: exit %d, %v\nstderr: %s", backend, code, err, errb.String())
		}
		return split(out.String())
	}
	prof, err := json.Marshal(p)
	must(t, err)
	cmd := exec.Command("unshare", "--mount", "--net", "--setuid", "65534", "--setgid", "65534", "--",
		w.helper, "--profile", string(prof), "--", "bash", "-c", observe)
	cmd.Dir = w.project
	cmd.Env = append(env, helperEnv+"=main")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 0 {
			t.Fatalf("backend %q as nobody: %v\nstderr: %s", backend, err, errb.String())
		}
	}
	return split(out.String())
}

// lineDiff lists the lines of a missing from b (-) and of b missing from
// a (+).
func lineDiff(a, b string) string {
	count := map[string]int{}
	for l := range strings.SplitSeq(a, "\n") {
		count[l]++
	}
	for l := range strings.SplitSeq(b, "\n") {
		count[l]--
	}
	var out []string
	for l, n := range count {
		switch {
		case n > 0:
			out = append(out, "- "+l)
		case n < 0:
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

// unmapped drops the outside half of the uid and gid maps (the ids
// inside stay, with id's) and whether /dev/pts is writable.
func unmapped(seen string) string {
	var out []string
	for l := range strings.SplitSeq(seen, "\n") {
		switch {
		case strings.HasPrefix(l, "uid_map "):
			f := strings.Fields(l)
			l = strings.Join([]string{f[0], f[1], f[3], f[4], f[5], f[7], f[8], f[9], f[10]}, " ")
		case strings.HasPrefix(l, "/dev/pts d "):
			l = strings.TrimSuffix(strings.TrimSuffix(l, " w"), " -")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestOwnSandboxProfileFailure: a call whose own sandbox fails on what
// its project holds (here a working folder that is gone), where the
// smallest own sandbox stands, is refused with the init's message; the
// command does not run and bubblewrap is not tried.
func TestOwnSandboxProfileFailure(t *testing.T) {
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	p.Cwd = filepath.Join(w.project, "gone")
	marker := filepath.Join(w.project, "ran")
	var out, errb bytes.Buffer
	// No bubblewrap on the PATH: a fallback to it would say so.
	l := &Launcher{Env: []string{"PATH=/nonexistent", "HOME=" + w.home}, Stdout: &out, Stderr: &errb}
	code, err := l.Run(t.Context(), p, []string{"/usr/bin/touch", marker})
	if !errors.Is(err, ErrProfile) || !strings.Contains(err.Error(), "cannot chdir to "+p.Cwd) {
		t.Errorf("exit %d, err %v, want the profile refused with the init's message", code, err)
	}
	wantMissing(t, marker)
}

// TestUnknownArgument: an argument the launcher's own sandbox does not
// know is an error, and so is a sandbox weaker than it makes.
func TestUnknownArgument(t *testing.T) {
	for _, args := range [][]string{
		{"--unshare-all", "--unshare-user", "--cap-drop", "ALL", "--new-session", "--bind-data", "3", "/x", "--", "true"},
		{"--unshare-all", "--unshare-user", "--cap-drop", "ALL", "--new-session", "--perms", "0444", "--bind", "/a", "/b", "--", "true"},
		{"--unshare-user", "--cap-drop", "ALL", "--new-session", "--", "true"},
		{"--unshare-all", "--unshare-user", "--cap-drop", "ALL", "--new-session", "--ro-bind", "/a", "--", "true"},
		{"--unshare-all", "--unshare-user", "--cap-drop", "ALL", "--new-session", "--"},
	} {
		if _, err := parsePlan(args); !errors.Is(err, errPlan) {
			t.Errorf("parsePlan(%q) = %v, want an error", args, err)
		}
	}
	pl, err := parsePlan((&Launcher{}).Args(&Profile{Kind: ReadOnly, Cwd: "/tmp"}, "/dev/null"))
	if err == nil {
		t.Errorf("Args without a command parsed: %+v", pl)
	}
	pl, err = parsePlan(append((&Launcher{}).Args(&Profile{Kind: ReadOnly, Cwd: "/tmp"}, "/dev/null"), "--", "true"))
	if err != nil || pl.chdir != "/tmp" || len(pl.argv) != 1 {
		t.Errorf("Args's own list: %+v, %v", pl, err)
	}
}

// TestInitOutlivesSignals: a signal a command sends its sandbox's init
// ends neither the init nor the call, under either backend; nor, under
// the launcher's own, one sent to the command's process group, which the
// init leads (under bubblewrap the shim, in that group too, ends with
// it).
func TestInitOutlivesSignals(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	for _, backend := range []string{"", "bubblewrap"} {
		t.Run("backend="+backend, func(t *testing.T) {
			t.Setenv(BackendEnv, backend)
			// Every signal number, the realtime ones too (32 and 33,
			// which the C library keeps for itself, a command can send
			// all the same); the faults' (SEGV, BUS, FPE, ILL) are what
			// Go's runtime takes for its own crash.
			script := "trap '' TERM HUP SEGV BUS FPE ILL; for s in $(seq 1 64); do kill -$s 1; done; "
			if backend == "" {
				script += "for s in TERM SEGV BUS FPE ILL; do kill -$s 0; done; "
			}
			code, out, errs := w.run(t, p, "bash", "-c", script+"sleep 0.2; echo survived")
			if code != 0 || out != "survived\n" {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
			}
		})
	}
}

// runOwnPlan runs the launcher's own sandbox for args (a plan, "--" and
// the command): whether it stood, the command's status, its output and
// the init's messages.
func runOwnPlan(t *testing.T, args []string) (stood bool, code int, out, msg string) {
	t.Helper()
	cmd, err := ownCommand(args, false)
	if err != nil {
		t.Fatal(err)
	}
	ready, readyW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer ready.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	var errb strings.Builder
	cmd.Stderr = &errb
	cmd.ExtraFiles = []*os.File{readyW, outW, outW, outW}
	err = cmd.Start()
	readyW.Close()
	outW.Close()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(outR)
	stood, code, _, _ = readOwnStatus(ready)
	cmd.Wait()
	return stood, code, string(data), errb.String()
}

// TestOwnRefusesPlantedLinks: a folder or file beneath the project that
// a job of an earlier call swapped for a link after the launcher checked
// it (a link to a folder of the home) is neither a bind's source nor on
// the way to a mount point: the sandbox does not stand and the command
// does not run. Under bubblewrap the link is followed.
func TestOwnRefusesPlantedLinks(t *testing.T) {
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	empty, err := emptyFile()
	if err != nil {
		t.Fatal(err)
	}
	// The home folder: the tree shows an empty one at its path, where
	// a followed link would mount the host's.
	secret := filepath.Join(w.home, ".ssh")
	must(t, os.MkdirAll(secret, 0o700))
	must(t, os.WriteFile(filepath.Join(secret, "id_rsa"), []byte("DECOYKEY\n"), 0o600))
	hooks := filepath.Join(w.project, "linked-hooks")
	must(t, os.Symlink(w.home, hooks))
	// The folder that holds a secret, renamed away, a link in its place.
	real := filepath.Join(w.project, "moved-sub")
	must(t, os.MkdirAll(real, 0o755))
	must(t, os.WriteFile(filepath.Join(real, ".env"), []byte("DECOYENV\n"), 0o600))
	sub := filepath.Join(w.project, "linked-sub")
	must(t, os.Symlink(w.home, sub))
	for name, tail := range map[string][]string{
		// The launcher saw a folder there (.git/hooks).
		"source": {"--ro-bind", hooks, hooks, "--", "cat", filepath.Join(secret, "id_rsa")},
		// The launcher saw the folder that holds a secret it masks.
		"mask": {"--ro-bind", empty, filepath.Join(sub, ".env"), "--", "cat", filepath.Join(real, ".env")},
	} {
		t.Run(name, func(t *testing.T) {
			args := append((&Launcher{}).Args(p, empty), tail...)
			stood, code, out, msg := runOwnPlan(t, args)
			if stood || strings.Contains(out, "DECOY") || !strings.Contains(msg, "a link is in the way") {
				t.Errorf("stood %v (exit %d), stdout %q, init's message %q: want the sandbox refused", stood, code, out, msg)
			}
		})
	}
}

// TestOwnMasksSwappedFolder: a job of an earlier call exchanges the
// folder that holds a masked secret with a link (to the home folder,
// which the tree shows empty), over and over, while calls planned when
// it was a folder run: each either sees the mask or is refused, never
// the secret. (A scan made while the folder is the link finds no
// secret there: see docs/confinement.md.)
func TestOwnMasksSwappedFolder(t *testing.T) {
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	t.Setenv(BackendEnv, "")
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	config, linked := filepath.Join(w.project, "config"), filepath.Join(w.project, "config-linked")
	must(t, os.Symlink(w.home, linked))
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			unix.Renameat2(unix.AT_FDCWD, config, unix.AT_FDCWD, linked, unix.RENAME_EXCHANGE)
		}
	}()
	defer func() { close(stop); <-done }()
	refused := 0
	for range 30 {
		var out, errb bytes.Buffer
		env := append(os.Environ(), "HOME="+w.home)
		l := &Launcher{Env: env, Stdout: &out, Stderr: &errb, early: startEarly(env)}
		_, err := l.Run(t.Context(), p, []string{"sh", "-c", "cat config/.env.production config-linked/.env.production 2>/dev/null"})
		l.early.discard()
		if err != nil && !errors.Is(err, ErrProfile) {
			t.Fatal(err)
		}
		if err != nil {
			refused++
		}
		if strings.Contains(out.String(), secretValue) {
			t.Fatalf("the secret was shown: %q", out.String())
		}
	}
	t.Logf("%d calls of 30 refused", refused)
}

// TestOwnKeepsProtectedLink: under the launcher's own sandbox a
// protected path that is a link (.claude leading to a folder of the
// project) is a mount point itself: a call can neither remove it nor
// put a folder of its own with settings in its place.
func TestOwnKeepsProtectedLink(t *testing.T) {
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	t.Setenv(BackendEnv, "")
	w := newWorld(t)
	claude := filepath.Join(w.project, ".claude")
	real := filepath.Join(w.project, "claude-config")
	must(t, os.Rename(claude, real))
	must(t, os.Symlink("claude-config", claude))
	p := w.profile(t, UnknownEffects, Options{})
	code, out, errs := w.run(t, p, "sh", "-c", `rm .claude || mv .claude .old || echo kept; mkdir -p .claude && echo '{"hooks":1}' > .claude/settings.json; readlink .claude`)
	if code != 0 || out != "kept\nclaude-config\n" {
		t.Errorf("exit %d, output %q %s", code, out, errs)
	}
	if target, err := os.Readlink(claude); err != nil || target != "claude-config" {
		t.Errorf(".claude = %q, %v; want the link kept", target, err)
	}
	wantFile(t, filepath.Join(real, "settings.json"), "{}\n")
}

// TestArgsNameLinkedPaths: a path beneath a writable folder is planned
// by the folders it is in as they are now (the own sandbox resolves no
// link there), a folder shown read-only by what it leads to, and a
// project reached through a link keeps its name.
func TestArgsNameLinkedPaths(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	must(t, os.MkdirAll(filepath.Join(real, "repo", "hooks"), 0o755))
	must(t, os.MkdirAll(filepath.Join(real, "shared"), 0o755))
	project := filepath.Join(dir, "project")
	must(t, os.Symlink(real, project))
	must(t, os.Symlink("repo", filepath.Join(real, ".git")))
	must(t, os.Symlink("shared", filepath.Join(real, "vendor")))
	p := &Profile{Kind: UnknownEffects, Cwd: project, Writable: []string{project},
		ReadOnly:  []string{filepath.Join(project, "vendor")},
		Protected: []string{filepath.Join(project, ".git", "hooks")}}
	args := strings.Join((&Launcher{}).Args(p, "/dev/null"), " ")
	for _, want := range []string{
		"--ro-bind " + filepath.Join(project, "shared") + " " + filepath.Join(project, "shared"),
		"--ro-bind " + filepath.Join(project, "repo", "hooks") + " " + filepath.Join(project, "repo", "hooks"),
		"--bind " + project + " " + project,
	} {
		if !strings.Contains(args, want) {
			t.Errorf("no %q in %s", want, args)
		}
	}
}

// TestPlaceholdersOneFile: the empty files a call makes as placeholders
// are names of one file, made once (ext4 without a journal searches long
// for a new inode where many were freed lately); its first name renamed
// away meanwhile changes nothing of the others; each name goes when
// removed.
func TestPlaceholdersOneFile(t *testing.T) {
	dir := t.TempDir()
	paths := []string{filepath.Join(dir, ".mcp.json"), filepath.Join(dir, ".envrc"), filepath.Join(dir, "sub", ".vscode")}
	ph := newPlaceholders()
	made, err := ph.makeParents(paths[:1], []string{dir})
	must(t, err)
	must(t, os.Rename(paths[0], filepath.Join(dir, "moved")))
	must(t, os.WriteFile(paths[0], []byte("not the placeholder"), 0o644))
	more, err := ph.makeParents(paths[1:], []string{dir})
	must(t, err)
	ph.close()
	made = append(made, more...)
	var first unix.Stat_t
	must(t, unix.Stat(filepath.Join(dir, "moved"), &first))
	for _, p := range paths[1:] {
		var st unix.Stat_t
		must(t, unix.Lstat(p, &st))
		if st.Ino != first.Ino || st.Size != 0 || st.Mode&unix.S_IFMT != unix.S_IFREG {
			t.Errorf("%s: inode %d, size %d, mode %o; want an empty file, inode %d", p, st.Ino, st.Size, st.Mode, first.Ino)
		}
	}
	dirs := folders{}
	for _, m := range slices.Backward(made) {
		removeBeneath(dirs, dir, m)
	}
	dirs.close()
	for _, p := range paths[1:] {
		wantMissing(t, p)
	}
	if data, err := os.ReadFile(paths[0]); err != nil || string(data) != "not the placeholder" {
		t.Errorf("%s: %q, %v; want the file written there kept", paths[0], data, err)
	}
}

// TestEarlyInit: the init governance-confine starts before it builds the
// profile takes the system's steps first, is handed the rest of the
// sandbox and runs the command as an init started then would (no
// descriptor but its own, the secret masked); a
// profile with the network gets an init of its own, in the host's
// network namespace; an init never handed a sandbox ends.
func TestEarlyInit(t *testing.T) {
	needBwrap(t)
	if !selfInit.Load() {
		t.Skip("the test binary is no sandbox init")
	}
	if err := ownWorks(); err != nil {
		t.Skipf("the launcher's own sandbox does not stand here: %v", err)
	}
	w := newWorld(t)
	env := append(os.Environ(), "HOME="+w.home)
	host, err := os.Readlink("/proc/self/ns/net")
	must(t, err)
	for _, network := range []bool{false, true} {
		p := w.profile(t, UnknownEffects, Options{Network: network})
		var out, errb bytes.Buffer
		l := &Launcher{Env: env, Stdout: &out, Stderr: &errb, early: startEarly(env)}
		code, err := l.Run(t.Context(), p, []string{"sh", "-c", "cat .env; ls /proc/self/fd | tr '\\n' ' '; echo; readlink /proc/self/ns/net"})
		l.early.discard()
		if err != nil || code != 0 {
			t.Fatalf("network %v: exit %d, %v\nstderr: %s", network, code, err, errb.String())
		}
		if l.early.taken == network || len(l.early.system) == 0 {
			t.Errorf("network %v: the early init taken: %v, after %d steps", network, l.early.taken, len(l.early.system))
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if strings.Contains(out.String(), secretValue) || len(lines) != 2 || lines[0] != "0 1 2 3 " || (lines[1] == host) != network {
			t.Errorf("network %v: the command saw\n%s\nstderr: %s", network, out.String(), errb.String())
		}
	}
	e := startEarly(env)
	<-e.started
	if !e.ok {
		t.Fatal("the early init did not start")
	}
	e.discard()
	if err := syscall.Kill(e.cmd.Process.Pid, 0); err != syscall.ESRCH {
		t.Errorf("the early init never handed a sandbox is still there: %v", err)
	}
}
