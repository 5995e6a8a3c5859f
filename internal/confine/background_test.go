//go:build linux

package confine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// call runs argv confined by p as a harness does: the launcher in a
// process of its own, its output read through pipes to their end. It
// returns when the output's last holder closed it, with how long that
// took.
func (w *world) call(t *testing.T, p *Profile, argv ...string) (code int, out string, took time.Duration) {
	t.Helper()
	prof, err := json.Marshal(p)
	must(t, err)
	cmd := exec.Command(w.helper, append([]string{"--profile", string(prof), "--"}, argv...)...)
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home, "XDG_STATE_HOME="+filepath.Dir(w.state))
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	start := time.Now()
	cmd.Run()
	return cmd.ProcessState.ExitCode(), b.String(), time.Since(start)
}

// waitFile waits up to ten seconds for p to exist.
func waitFile(p string) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if exists(p) {
			return true
		}
	}
	return false
}

// TestBackgroundJobSurvives: a job a confined call starts with & outlives
// the call, still confined (the secret masked, nothing outside the
// project written); the call ends when its command ends, with the
// command's status and output.
func TestBackgroundJobSurvives(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	outside := filepath.Join(w.home, "job-outside")
	script := `(sleep 2; cat .env > job-saw; touch ` + outside + ` 2>/dev/null; echo survived > job) >/dev/null 2>&1 &
echo started; exit 7`
	code, out, took := w.call(t, p, "bash", "-c", script)
	if code != 7 || out != "started\n" {
		t.Errorf("exit %d, output %q; want 7, %q", code, out, "started\n")
	}
	// The job sleeps two seconds: a call that waited for it took as long.
	if took > 1500*time.Millisecond {
		t.Errorf("the call took %v: it waited for its background job", took)
	}
	if !waitFile(filepath.Join(w.project, "job")) {
		t.Fatal("the background job did not survive the call")
	}
	wantFile(t, filepath.Join(w.project, "job"), "survived\n")
	// The job was still confined: .env masked, the home folder unwritable.
	wantFile(t, filepath.Join(w.project, "job-saw"), "")
	wantMissing(t, outside)
}

// TestBackgroundJobHoldsOutput: a job that keeps the call's output keeps
// the call open until it ends, and its output reaches the caller, as
// without confinement.
func TestBackgroundJobHoldsOutput(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	code, out, took := w.call(t, p, "bash", "-c", "(sleep 1; echo late) & echo early")
	if code != 0 || out != "early\nlate\n" {
		t.Errorf("exit %d, output %q; want 0, %q", code, out, "early\nlate\n")
	}
	if took < time.Second {
		t.Errorf("the call took %v, less than its job held the output", took)
	}
}

// TestOneOutputWriter: a command's stdout and stderr given as one writer
// that is not a file arrive whole, in the order written.
func TestOneOutputWriter(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	var b bytes.Buffer
	l := &Launcher{Env: append(os.Environ(), "HOME="+w.home), Stdout: &b, Stderr: &b}
	code, err := l.Run(t.Context(), p, []string{"bash", "-c", "for i in $(seq 200); do echo out$i; echo err$i >&2; done"})
	must(t, err)
	var want strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&want, "out%d\nerr%d\n", i, i)
	}
	if code != 0 || b.String() != want.String() {
		t.Errorf("exit %d, output %d bytes, want %d in order", code, b.Len(), want.Len())
	}
}

// TestBackgroundServer: a dev server started with & answers on loopback
// to the same call's later commands, with or without the network; it
// survives the call, and the host and the next call reach it only when
// both keep the host's network: a call without it has a network of its
// own.
func TestBackgroundServer(t *testing.T) {
	needBwrap(t)
	helper := func(w *world, what string, args ...string) string {
		return strings.Join(append([]string{"env", helperEnv + "=" + what, w.helper}, args...), " ")
	}
	start := func(w *world, life string) string {
		return helper(w, "serve", "127.0.0.1:0", "addr", life) + " >/dev/null 2>&1 &\n" +
			"for i in $(seq 100); do [ -e addr ] && break; sleep 0.05; done\n"
	}
	t.Run("same call", func(t *testing.T) {
		t.Parallel()
		w := newWorld(t)
		p := w.profile(t, UnknownEffects, Options{})
		code, out, took := w.call(t, p, "bash", "-c", start(w, "10s")+helper(w, "connect-tcp", "$(cat addr)"))
		if code != 0 || out != "hello\nok\n" {
			t.Errorf("exit %d, output %q", code, out)
		}
		if took > 10*time.Second {
			t.Errorf("the call took %v: it waited for its server", took)
		}
		addr, err := os.ReadFile(filepath.Join(w.project, "addr"))
		must(t, err)
		// Its own network: the host does not reach it, nor the next call.
		if c, err := net.Dial("tcp", string(addr)); err == nil {
			c.Close()
			t.Errorf("the host reached %s, a server in a call's own network", addr)
		}
		code, out, _ = w.call(t, p, "bash", "-c", helper(w, "connect-tcp", string(addr)))
		if code == 0 || strings.Contains(out, "hello") {
			t.Errorf("the next call reached the server: exit %d, %q", code, out)
		}
	})
	t.Run("next call", func(t *testing.T) {
		t.Parallel()
		w := newWorld(t)
		p := w.profile(t, UnknownEffects, Options{Network: true})
		code, out, took := w.call(t, p, "bash", "-c", start(w, "10s")+"echo started")
		if code != 0 || out != "started\n" || took > 10*time.Second {
			t.Fatalf("exit %d, output %q, took %v", code, out, took)
		}
		addr, err := os.ReadFile(filepath.Join(w.project, "addr"))
		must(t, err)
		c, err := net.Dial("tcp", string(addr))
		if err != nil {
			t.Errorf("the host did not reach the server: %v", err)
		} else {
			c.Close()
		}
		code, out, _ = w.call(t, p, "bash", "-c", helper(w, "connect-tcp", string(addr)))
		if code != 0 || out != "hello\nok\n" {
			t.Errorf("the next call did not reach the server: exit %d, %q", code, out)
		}
	})
}

// TestBackgroundJobPlaceholders: a job the command leaves running cannot
// create an absent protected path once the call has returned: the
// placeholders stay until the sandbox's last process has ended, and are
// removed after, by the reaper the launcher leaves.
func TestBackgroundJobPlaceholders(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	gemini, mcp := filepath.Join(w.project, ".gemini"), filepath.Join(w.project, ".mcp.json")
	if !slices.Contains(p.Absent, gemini) || !slices.Contains(p.Absent, mcp) {
		t.Fatalf("absent = %v, want %s and %s among them", p.Absent, gemini, mcp)
	}
	script := `(sleep 1
mkdir -p .gemini/x 2>/dev/null && echo made-folder > tried
echo '{"mcpServers":{}}' 2>/dev/null > .mcp.json && echo wrote-file >> tried
echo done >> tried) >/dev/null 2>&1 &
echo started`
	code, out, _ := w.call(t, p, "bash", "-c", script)
	if code != 0 || out != "started\n" {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if !waitFile(filepath.Join(w.project, "tried")) {
		t.Fatal("the background job did not run")
	}
	wantFile(t, filepath.Join(w.project, "tried"), "done\n")
	// The reaper removes the placeholders once the job has ended.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !exists(gemini) && !exists(mcp) {
			break
		}
	}
	wantMissing(t, gemini)
	wantMissing(t, mcp)
}

// TestOverlappingCallsPlaceholders: two calls in one project overlap; the
// first makes the placeholders and ends while the second runs, so cannot
// remove them; the second, ending last, removes them although it did not
// make them.
func TestOverlappingCallsPlaceholders(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	gemini := filepath.Join(w.project, ".gemini")
	if !slices.Contains(p.Absent, gemini) {
		t.Fatalf("absent = %v, want %s among it", p.Absent, gemini)
	}
	first := make(chan int)
	go func() {
		code, _, _ := w.call(t, p, "bash", "-c", "sleep 0.5")
		first <- code
	}()
	// The second starts once the first's placeholders are there.
	if !waitFile(gemini) {
		t.Fatal("the first call made no placeholder")
	}
	second := make(chan int)
	go func() {
		code, _, _ := w.call(t, p, "bash", "-c", "sleep 1.5")
		second <- code
	}()
	if code := <-first; code != 0 {
		t.Fatalf("first call: exit %d", code)
	}
	if _, err := os.Lstat(gemini); err != nil {
		t.Fatalf("the placeholder went while the second call ran: %v", err)
	}
	if code := <-second; code != 0 {
		t.Fatalf("second call: exit %d", code)
	}
	wantMissing(t, gemini)
	wantMissing(t, filepath.Join(w.project, ".mcp.json"))
}

// TestMadeListOutsideWritable: the list of placeholders beside the
// project's lock steers nothing outside the call's writable folders: a
// path it names there (another project's placeholder, any empty file)
// stays.
func TestMadeListOutsideWritable(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	victim := filepath.Join(w.dir, "other", ".mcp.json")
	must(t, os.MkdirAll(filepath.Dir(victim), 0o755))
	must(t, os.WriteFile(victim, nil, 0o644))
	if insideAny(victim, p.Writable) {
		t.Fatalf("%s is inside the writable %v", victim, p.Writable)
	}
	list := w.lockList(t, p, ".made")
	t.Cleanup(func() { os.Remove(list) })
	must(t, os.WriteFile(list, []byte(victim+"\n"+filepath.Dir(victim)+"\n"), 0o600))
	if code, out, _ := w.call(t, p, "true"); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	if _, err := os.Lstat(victim); err != nil {
		t.Fatalf("the launcher removed %s, named by the list beside the lock: %v", victim, err)
	}
	if data, err := os.ReadFile(list); err != nil && !errors.Is(err, fs.ErrNotExist) || len(data) > 0 {
		t.Errorf("the list beside the lock holds %q (%v) after the call; want it empty or gone", data, err)
	}
}

// TestLockListsOutOfReach: the project's lock and the lists beside it
// are in the state folder, which a confined call cannot reach, under the
// launcher's own sandbox or bubblewrap; lists where they were kept
// before (the temporary folder, which a call confined by Landlock may
// write) steer nothing: a placeholder line naming the person's own empty
// .mcp.json, and a checked line naming their .env.local, leave both.
// Where the state folder cannot hold the lock, the one taken in the
// temporary folder has no lists: the call's own placeholders still go,
// and what is written beside it is not read.
func TestLockListsOutOfReach(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	mcp, envLocal := filepath.Join(w.project, ".mcp.json"), filepath.Join(w.project, ".env.local")
	must(t, os.WriteFile(mcp, nil, 0o644))
	must(t, os.WriteFile(envLocal, []byte("X=1\n"), 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	old := tempLockName(p)
	t.Cleanup(func() {
		for _, f := range []string{old, old + ".made", old + ".checked"} {
			os.Remove(f)
		}
	})
	forge := func() {
		must(t, os.WriteFile(old+".made", []byte(mcp+"\n"), 0o600))
		must(t, os.WriteFile(old+".checked", []byte(envLocal+"\n"), 0o600))
	}
	lock := lockName(w.state, p)
	reach := `for f in "$1" "$1.made" "$1.checked" "${1%/*}/new"; do (echo x >> "$f") 2>/dev/null && echo "wrote $f"; (cat "$f") >/dev/null 2>&1 && echo "read $f"; done; true`
	for _, backend := range []string{"own", "bubblewrap"} {
		t.Setenv(BackendEnv, backend)
		forge()
		code, out, errs := w.run(t, p, "/bin/sh", "-c", reach, "sh", lock)
		if code != 0 || out != "" {
			t.Errorf("%s: exit %d, the call reached the lock: %q %s", backend, code, out, errs)
		}
		if _, err := os.Stat(lock); err != nil {
			t.Errorf("%s: no lock in the state folder: %v", backend, err)
		}
		if _, err := os.Lstat(mcp); err != nil {
			t.Errorf("%s: a list in the temporary folder removed the person's %s: %v", backend, mcp, err)
		}
		wantFile(t, envLocal, "X=1\n")
		wantMissing(t, filepath.Join(w.project, ".gemini"))
	}

	// A state folder whose folder of locks is a link holds none: the
	// lock is taken in the temporary folder, without lists.
	locks := filepath.Join(w.state, LockDir)
	must(t, os.RemoveAll(locks))
	must(t, os.Symlink(t.TempDir(), locks))
	t.Setenv(BackendEnv, "")
	forge()
	if code, out, errs := w.run(t, p, "true"); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	if _, err := os.Lstat(mcp); err != nil {
		t.Errorf("a list beside the lock in the temporary folder removed the person's %s: %v", mcp, err)
	}
	wantFile(t, envLocal, "X=1\n")
	wantMissing(t, filepath.Join(w.project, ".gemini"))
}

// TestLockRemovedWhileCallRuns: the lock in the temporary folder is
// removed by a command outside the sandbox while a call runs; a second
// call, ending first with a new lock of its own, leaves the running
// call's placeholders, which the project's folder, locked too, keeps.
func TestLockRemovedWhileCallRuns(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	gemini := filepath.Join(w.project, ".gemini")
	first := make(chan int)
	go func() {
		code, _, _ := w.call(t, p, "bash", "-c", "sleep 1.5; mkdir -p .gemini/x 2>/dev/null && echo made > made; exit 0")
		first <- code
	}()
	if !waitFile(gemini) {
		t.Fatal("the first call made no placeholder")
	}
	must(t, os.Remove(lockName(w.state, p)))
	if code, out, _ := w.call(t, p, "true"); code != 0 {
		t.Fatalf("second call: exit %d: %s", code, out)
	}
	if _, err := os.Lstat(gemini); err != nil {
		t.Errorf("the placeholder went while the first call ran: %v", err)
	}
	if code := <-first; code != 0 {
		t.Fatalf("first call: exit %d", code)
	}
	wantMissing(t, filepath.Join(w.project, "made"))
	wantMissing(t, filepath.Join(w.project, ".gemini", "x"))
}

// TestCommondirPlaceholder: .git/commondir cannot be planted, neither by
// the command nor by a job it leaves running after the call returned:
// it is a read-only file that holds "." (the repository itself) from
// before the command runs until the sandbox has ended, and git works
// with it inside the confinement and out meanwhile.
func TestCommondirPlaceholder(t *testing.T) {
	needBwrap(t)
	w := newCommittedWorld(t)
	commondir := filepath.Join(w.project, ".git", "commondir")
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Unmade, commondir) {
		t.Fatalf("unmade = %v, want %s", p.Unmade, commondir)
	}
	script := `(sleep 1; echo x 2>/dev/null > .git/commondir && echo planted > tried; echo done >> tried; sleep 1) >/dev/null 2>&1 &
cat .git/commondir; echo x 2>/dev/null > .git/commondir || echo refused
git status --short main.go && git worktree list --porcelain | head -1 && git gc -q && echo git-ok`
	code, out, _ := w.call(t, p, "bash", "-c", script)
	if want := ".\nrefused\nworktree " + w.project + "\ngit-ok\n"; code != 0 || out != want {
		t.Errorf("exit %d, output %q; want 0, %q", code, out, want)
	}
	// While the job lives, the host's git works with the placeholder.
	wantFile(t, commondir, ".\n")
	if out, err := exec.Command("git", "-C", w.project, "status", "--short", "main.go").CombinedOutput(); err != nil || len(out) != 0 {
		t.Errorf("git status on the host while the job runs: %v: %s", err, out)
	}
	if !waitFile(filepath.Join(w.project, "tried")) {
		t.Fatal("the background job did not run")
	}
	wantFile(t, filepath.Join(w.project, "tried"), "done\n")
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && exists(commondir); time.Sleep(20 * time.Millisecond) {
	}
	wantMissing(t, commondir)
}

// startCall starts the launcher on argv confined by p, in a process of
// its own, as call does, without waiting for it.
func (w *world) startCall(t *testing.T, p *Profile, argv ...string) *exec.Cmd {
	t.Helper()
	prof, err := json.Marshal(p)
	must(t, err)
	cmd := exec.Command(w.helper, append([]string{"--profile", string(prof), "--"}, argv...)...)
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home, "XDG_STATE_HOME="+filepath.Dir(w.state))
	must(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// lockList is the list beside the project's lock whose name ends with
// ext (.made, .checked), its folder in the state folder made.
func (w *world) lockList(t testing.TB, p *Profile, ext string) string {
	t.Helper()
	must(t, os.MkdirAll(filepath.Join(w.state, LockDir), 0o700))
	return lockName(w.state, p) + ext
}

// placeholders are the paths the launcher makes in the world's project
// for a call.
func (w *world) placeholders() []string {
	return []string{filepath.Join(w.project, ".gemini"), filepath.Join(w.project, ".mcp.json"), filepath.Join(w.project, ".git", "commondir")}
}

// TestInterruptedLauncher: a launcher sent SIGTERM, SIGINT or SIGHUP
// while its command runs kills the sandbox, removes what it made and
// exits with 128 and the signal's number; none of it stays on the host.
func TestInterruptedLauncher(t *testing.T) {
	needBwrap(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			w := newWorld(t)
			p := w.profile(t, UnknownEffects, Options{})
			cmd := w.startCall(t, p, "bash", "-c", "touch started; sleep 30; touch finished")
			if !waitFile(filepath.Join(w.project, "started")) {
				t.Fatal("the command did not start")
			}
			for _, x := range w.placeholders() {
				if !exists(x) {
					t.Fatalf("no placeholder %s while the call runs", x)
				}
			}
			start := time.Now()
			must(t, cmd.Process.Signal(sig))
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
				t.Errorf("exit %d (%v), want %d", code, cmd.ProcessState, 128+int(sig))
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("the launcher took %v to end", took)
			}
			for _, x := range w.placeholders() {
				wantMissing(t, x)
			}
			wantMissing(t, filepath.Join(w.project, "finished"))
		})
	}
}

// TestKilledLauncherLeftovers: what a launcher killed with SIGKILL made
// goes with the next call in the project, which holds the lock alone;
// not while the killed launcher's sandbox still runs a background job,
// whose placeholders keep it from creating the protected paths.
func TestKilledLauncherLeftovers(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	bg := *p
	bg.Background = true
	cmd := w.startCall(t, &bg, "bash", "-c", "touch started; sleep 2; mkdir -p .gemini/x 2>/dev/null && touch planted; touch finished")
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatal("the command did not start")
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	// The killed launcher's sandbox still runs: the next call leaves its
	// placeholders.
	if code, out, _ := w.call(t, p, "true"); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, x := range w.placeholders() {
		if !exists(x) {
			t.Errorf("%s went while the killed launcher's sandbox ran", x)
		}
	}
	if !waitFile(filepath.Join(w.project, "finished")) {
		t.Fatal("the background command did not end")
	}
	wantMissing(t, filepath.Join(w.project, "planted"))
	// Once it has ended, the next call removes them.
	time.Sleep(200 * time.Millisecond)
	if code, out, _ := w.call(t, p, "bash", "-c", "test -d .git && cat .git/commondir"); code != 0 || out != ".\n" {
		t.Fatalf("exit %d: %q", code, out)
	}
	for _, x := range w.placeholders() {
		wantMissing(t, x)
	}
}

// TestGovernancePlaceholder: an absent .governance is kept absent by an
// empty read-only folder, not a file: a .governance file breaks the
// project's policy, and every decision made while the call runs (or
// after a killed launcher left it) would deny.
func TestGovernancePlaceholder(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	must(t, os.RemoveAll(filepath.Join(w.project, ".governance")))
	p := w.profile(t, UnknownEffects, Options{})
	gov := filepath.Join(w.project, ".governance")
	if !slices.Contains(p.Absent, gov) {
		t.Fatalf("absent = %v, want %s", p.Absent, gov)
	}
	cmd := w.startCall(t, p, "bash", "-c", "touch .governance/config.yaml 2>/dev/null || touch refused; touch started; sleep 1")
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatal("the command did not start")
	}
	if fi, err := os.Lstat(gov); err != nil || !fi.IsDir() {
		t.Errorf("the placeholder of .governance while the call runs: %v, %v; want a folder", fi, err)
	}
	cmd.Wait()
	wantFile(t, filepath.Join(w.project, "refused"), "")
	wantMissing(t, gov)
}

// TestIgnoredInterruptStaysIgnored: a launcher started with SIGINT
// ignored (a job a shell starts with &) is not ended by one: an
// interrupt at the terminal reaches the shell's jobs too.
func TestIgnoredInterruptStaysIgnored(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	prof, err := json.Marshal(p)
	must(t, err)
	cmd := exec.Command("sh", "-c", `trap "" INT; exec "$0" --profile "$1" -- sh -c "touch started; sleep 1; touch finished"`, w.helper, string(prof))
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home, "XDG_STATE_HOME="+filepath.Dir(w.state))
	must(t, cmd.Start())
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatal("the command did not start")
	}
	must(t, cmd.Process.Signal(syscall.SIGINT))
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit %d (%v), want 0", code, cmd.ProcessState)
	}
	wantFile(t, filepath.Join(w.project, "finished"), "")
}

// TestKilledLauncherLockRemoved: a launcher killed (SIGKILL) while its
// sandbox runs a job, and then the lock in the temporary folder removed
// by a command outside: the next call still leaves the sandbox's
// placeholders, since its init holds a lock on the project's folder too.
func TestKilledLauncherLockRemoved(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	bg := *p
	bg.Background = true
	cmd := w.startCall(t, &bg, "bash", "-c", "touch started; sleep 2; mkdir -p .gemini/x 2>/dev/null && touch planted; touch finished")
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatal("the command did not start")
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	must(t, os.Remove(lockName(w.state, p)))
	if code, out, _ := w.call(t, p, "true"); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, x := range w.placeholders() {
		if !exists(x) {
			t.Errorf("%s went while the killed launcher's sandbox ran", x)
		}
	}
	if !waitFile(filepath.Join(w.project, "finished")) {
		t.Fatal("the background command did not end")
	}
	wantMissing(t, filepath.Join(w.project, "planted"))
	time.Sleep(200 * time.Millisecond)
	if code, out, _ := w.call(t, p, "true"); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, x := range w.placeholders() {
		wantMissing(t, x)
	}
}

// TestNoRepositoryPlaceholder: in a project that is no repository, a call
// cannot make one (git init, then a core.fsmonitor the person's next git
// status would run): .git is an empty read-only folder while it runs,
// which git passes over, and is gone after.
func TestNoRepositoryPlaceholder(t *testing.T) {
	needBwrap(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	w := newWorld(t)
	must(t, os.RemoveAll(filepath.Join(w.project, ".git")))
	p := w.profile(t, UnknownEffects, Options{})
	dotgit := filepath.Join(w.project, ".git")
	if !slices.Contains(p.Absent, dotgit) {
		t.Fatalf("absent = %v, want %s", p.Absent, dotgit)
	}
	code, out, _ := w.call(t, p, "bash", "-c", `git init -q 2>/dev/null || echo refused; mkdir .git/x 2>/dev/null || echo refused; ls -A .git`)
	if code != 0 || out != "refused\nrefused\n" {
		t.Errorf("exit %d, output %q; want 0, %q", code, out, "refused\nrefused\n")
	}
	wantMissing(t, dotgit)
}

// newCommittedWorld is a world whose project is a repository of its own
// with main.go committed.
func newCommittedWorld(t *testing.T) *world {
	t.Helper()
	needGit(t)
	w := newWorld(t)
	must(t, os.RemoveAll(filepath.Join(w.project, ".git")))
	hostGit(t, w, "init", "-q")
	hostGit(t, w, "add", "main.go")
	hostGit(t, w, "commit", "-qm", "one")
	return w
}

// TestKilledLauncherLooksBelow: a launcher killed with SIGKILL during
// its call (a harness's timeout) never looks below the call's folder;
// the next launcher in the project does, from the folders' stamps the
// killed one left beside the lock before its call: a .governance and a
// .git the killed call made deeper than its folder are moved aside, not
// listed by the next walk as the person's.
func TestKilledLauncherLooksBelow(t *testing.T) {
	needBwrap(t)
	// A project whose policy is the default one, which needs no compiler.
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	w := &world{home: home, project: filepath.Join(home, "proj"), state: filepath.Join(dir, "state", "governance")}
	must(t, os.MkdirAll(filepath.Join(w.project, ".governance"), 0o755))
	exe, err := os.Executable()
	must(t, err)
	env := append(os.Environ(), helperEnv+"=main", "HOME="+home, "XDG_STATE_HOME="+filepath.Dir(w.state), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	launcher := func(script string) *exec.Cmd {
		cmd := exec.Command(exe, "--kind", "unknown-effects", "--project", w.project, "--", "/bin/sh", "-c", script)
		cmd.Env, cmd.Dir = env, w.project
		return cmd
	}
	cmd := launcher("mkdir -p api/.governance src/.git && echo 'version: 1' > api/.governance/config.yaml && touch started; sleep 30")
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	must(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatalf("the command did not start: %s", b.String())
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	notes, _ := filepath.Glob(filepath.Join(w.state, LockDir, "*.below.*"))
	if len(notes) != 1 {
		t.Fatalf("notes of the look below: %v, want one", notes)
	}
	// The killed launcher's sandbox ends with it; the next call that
	// holds the project alone looks.
	var out []byte
	for i := 0; i < 50 && (exists(filepath.Join(w.project, "api", ".governance")) || exists(filepath.Join(w.project, "src", ".git"))); i++ {
		time.Sleep(100 * time.Millisecond)
		var err error
		if out, err = launcher("true").CombinedOutput(); err != nil {
			t.Fatalf("the next call: %v: %s", err, out)
		}
	}
	for _, rel := range []string{"api/.governance", "src/.git"} {
		wantMissing(t, filepath.Join(w.project, rel))
		if found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel)); len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, out)
		}
	}
	if notes, _ := filepath.Glob(filepath.Join(w.state, LockDir, "*.below.*")); len(notes) != 0 {
		t.Errorf("notes left: %v", notes)
	}
}

// TestOverlappingCallsInTwoFolders: two calls in one project overlap,
// the first started in a folder below the root, the second in the root;
// the second, ending last, removes the placeholders the first made in
// its folder, which its own profile does not hold there.
func TestOverlappingCallsInTwoFolders(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	root := w.profile(t, UnknownEffects, Options{})
	sub := filepath.Join(w.project, "sub")
	w.req.Cwd = sub
	p := w.profile(t, UnknownEffects, Options{})
	gemini := filepath.Join(sub, ".gemini")
	if !slices.Contains(p.Absent, gemini) {
		t.Fatalf("absent = %v, want %s among it", p.Absent, gemini)
	}
	out := overlap(t, w, p, root, gemini)
	var left []string
	for _, x := range p.Absent {
		if inside(x, sub) && x != sub {
			if _, err := os.Lstat(x); err == nil {
				left = append(left, x)
			}
		}
	}
	if len(left) > 0 {
		t.Errorf("placeholders left in %s: %v\n%s", sub, left, out)
	}
	if strings.Contains(out, "no placeholder of this project's") {
		t.Errorf("the last launcher did not judge them: %s", out)
	}
}

// TestOverlappingCallsLinkedProject: a call in a project reached through
// a link and one by its real path take one lock: the first's
// placeholders stay while the second runs, and the second, ending last,
// removes them, listed by the link's name.
func TestOverlappingCallsLinkedProject(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	real := w.profile(t, UnknownEffects, Options{})
	link := filepath.Join(w.dir, "plink")
	must(t, os.Symlink(w.project, link))
	w.req.Cwd, w.req.ProjectRoot = link, link
	p := w.profile(t, UnknownEffects, Options{})
	gemini := filepath.Join(w.project, ".gemini")
	out := overlap(t, w, p, real, gemini)
	wantMissing(t, gemini)
	if strings.Contains(out, "no placeholder of this project's") {
		t.Errorf("the last launcher did not judge them: %s", out)
	}
}

// overlap runs a call by first, then, once its placeholder is there, one
// by second that ends after it, and returns the second's output: the
// placeholder must stay while the second runs.
func overlap(t *testing.T, w *world, first, second *Profile, placeholder string) string {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.call(t, first, "bash", "-c", "sleep 0.5")
	}()
	if !waitFile(placeholder) {
		t.Fatal("the first call made no placeholder")
	}
	out := make(chan string)
	go func() {
		_, o, _ := w.call(t, second, "bash", "-c", "sleep 1.5")
		out <- o
	}()
	<-done
	if _, err := os.Lstat(placeholder); err != nil {
		t.Fatalf("the placeholder went while the second call ran: %v", err)
	}
	return <-out
}
