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
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/agentgov/governance/internal/checkpoint"
	"github.com/agentgov/governance/internal/confine/locate"
)

// TestRefusals: when the launcher cannot confine, the command does not
// run at all, and the status says the launcher refused.
func TestRefusals(t *testing.T) {
	// Stand-ins for bubblewrap: the launcher must run it.
	t.Setenv(BackendEnv, "bubblewrap")
	toolsInTemp(t)
	w := newWorld(t)
	marker := filepath.Join(w.project, "ran")
	good, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	noBwrap := t.TempDir()
	failing := t.TempDir()
	// bubblewrap where the kernel refuses user namespaces.
	must(t, os.WriteFile(filepath.Join(failing, "bwrap"), []byte("#!/bin/sh\n"+
		"echo 'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n"), 0o755))
	for _, tc := range []struct {
		name, path, profile, want string
		// bwrapSays is bubblewrap's own message, shown too.
		bwrapSays string
	}{
		{"bubblewrap missing", noBwrap, string(good), "bubblewrap (bwrap) is not installed", ""},
		{"no user namespaces", failing, string(good), "could not set up the sandbox", "bwrap: No permissions to creating new namespace"},
		{"no profile", failing, "", "no profile", ""},
		{"not JSON", failing, "{kind", "profile cannot be applied", ""},
		{"no such file", failing, filepath.Join(w.dir, "missing.json"), "profile cannot be applied", ""},
		{"a relative folder", failing, `{"kind":"unknown-effects","cwd":"proj","writable":["proj"]}`, "not an absolute clean path", ""},
		{"the whole home writable", failing, `{"kind":"unknown-effects","cwd":"` + w.home + `","home":"` + w.home + `","writable":["` + w.home + `"]}`, "whole home folder", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path)
			t.Setenv(ProfileEnv, "")
			var out, errb bytes.Buffer
			code := Main(nil, &out, &errb, []string{"--profile", tc.profile, "--", "/usr/bin/touch", marker})
			if code != ExitRefused {
				t.Errorf("exit %d, want %d", code, ExitRefused)
			}
			if !strings.Contains(errb.String(), "governance: error: refusing to run /usr/bin/touch unconfined") || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("stderr = %q, want the refusal and %q", errb.String(), tc.want)
			}
			if !strings.Contains(errb.String(), tc.bwrapSays) {
				t.Errorf("stderr = %q, want bubblewrap's message %q", errb.String(), tc.bwrapSays)
			}
			if out.Len() != 0 {
				t.Errorf("stdout = %q", out.String())
			}
			wantMissing(t, marker)
		})
	}
}

// TestRefusesWithoutFreshProc: inside a sandbox whose /proc is the host's
// with a part covered, the kernel refuses a fresh /proc; a host /proc
// would let /proc/PID/root walk out of every mask, so the launcher
// refuses.
func TestRefusesWithoutFreshProc(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	marker := filepath.Join(w.project, "ran")
	good, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	cmd := exec.Command("bwrap", "--unshare-user", "--unshare-pid", "--dev-bind", "/", "/", "--tmpfs", "/proc/acpi",
		"--", w.helper, "--profile", string(good), "--", "/usr/bin/touch", marker)
	cmd.Env = append(os.Environ(), helperEnv+"=main")
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != ExitRefused {
		t.Errorf("exit %d (%v), want %d\n%s", code, err, ExitRefused, out)
	}
	if !strings.Contains(string(out), "refusing to run") {
		t.Errorf("output = %s", out)
	}
	wantMissing(t, marker)
}

// TestReportCwd: a harness that follows the shell's folder has the call
// write it to a file in /tmp; the profile lets that file through the
// private /tmp, and the paths written are the host's.
func TestReportCwd(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	report := filepath.Join(t.TempDir(), "claude-1a2b-cwd")
	p := w.profile(t, UnknownEffects, Options{Report: []string{report}})
	code, out, errs := w.run(t, p, "bash", "-c", "cd sub && echo hi > /tmp/other && pwd -P >| "+report)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	wantFile(t, report, filepath.Join(w.project, "sub")+"\n")
}

// TestInheritedDescriptors: a folder the launcher's caller left open
// would reach past every mount; the command does not inherit it.
func TestInheritedDescriptors(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	fd, err := syscall.Open(w.dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	must(t, err)
	defer syscall.Close(fd)
	p := w.profile(t, UnknownEffects, Options{})
	code, out, _ := w.run(t, p, "env", helperEnv+"=openat-fd", w.helper, strconv.Itoa(fd), "sibling.txt")
	if code == 0 || strings.Contains(out, "beside the home folder") {
		t.Errorf("the command read the host through descriptor %d: exit %d, %s", fd, code, out)
	}
}

// TestUnprivileged runs the launcher as an ordinary user (nobody), as
// agents run, in mount and network namespaces of the test's own.
func TestUnprivileged(t *testing.T) {
	needBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root to become nobody")
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("unshare is not installed")
	}
	w := newWorld(t)
	// nobody needs a way in, and the project.
	for d := w.dir; d != "/tmp" && d != "/"; d = filepath.Dir(d) {
		must(t, os.Chmod(d, 0o755))
	}
	must(t, filepath.Walk(w.project, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}))
	prof, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	// unshare enters namespaces of the test's own as root, then becomes
	// nobody, who runs the launcher.
	cmd := exec.Command("unshare", "--mount", "--net", "--setuid", "65534", "--setgid", "65534", "--",
		w.helper, "--profile", string(prof), "--",
		"bash", "-c", "id -u; grep ^CapEff: /proc/self/status; cat .env; echo x > .claude/settings.json; "+
			// /etc/shadow, which nobody cannot read, is shown unmasked (one
			// mount less) and still cannot be read.
			"grep -c ' /etc/shadow ' /proc/self/mountinfo; head -c 1 /etc/shadow; echo made > mine.txt")
	cmd.Dir = w.project
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	t.Logf("stdout: %s\nstderr: %s", out.String(), errb.String())
	if err != nil {
		t.Fatalf("%v: the last step succeeds, so the status is 0", err)
	}
	if got, want := out.String(), "65534\nCapEff:\t0000000000000000\n0\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	if !strings.Contains(errb.String(), ".claude/settings.json: Read-only file system") {
		t.Errorf("stderr = %q, want the protected write refused", errb.String())
	}
	if !strings.Contains(errb.String(), "/etc/shadow' for reading: Permission denied") {
		t.Errorf("stderr = %q, want /etc/shadow unreadable", errb.String())
	}
	wantFile(t, filepath.Join(w.project, ".claude/settings.json"), "{}\n")
	wantFile(t, filepath.Join(w.project, "mine.txt"), "made\n")
}

// TestNoTIOCSTI: the command runs in a session of its own, so it cannot
// push keystrokes into the terminal of the session that launched it.
func TestNoTIOCSTI(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no pseudo-terminals:", err)
	}
	defer ptmx.Close()
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip("unlockpt:", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip("ptsname:", e)
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	must(t, err)
	defer tty.Close()
	prof, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	cmd := exec.Command(w.helper, "--profile", string(prof), "--", "env", helperEnv+"=tiocsti", w.helper)
	cmd.Env = append(os.Environ(), helperEnv+"=main")
	// The launcher's terminal is the pseudo-terminal: the call's session
	// would have it as its controlling terminal without a session of its
	// own.
	cmd.Stdin = tty
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	err = cmd.Run()
	t.Logf("%s", out.String())
	if err == nil || strings.Contains(out.String(), "ok\n") {
		t.Errorf("TIOCSTI worked from the sandbox: %v\n%s", err, out.String())
	}
	// Refused: the command's stdin is the launcher's relay, a pipe, where
	// the terminal was (inappropriate ioctl); a terminal reached another
	// way refuses it to a process of another session (not permitted).
	if o := out.String(); !strings.Contains(o, "operation not permitted") && !strings.Contains(o, "inappropriate ioctl for device") {
		t.Errorf("output = %q, want TIOCSTI refused", o)
	}
}

// TestReportFileTaken: a report file is never a link (in the shared /tmp
// it could lead to any file of the user's), nor another user's file.
func TestReportFileTaken(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	tmp := t.TempDir()
	link := filepath.Join(tmp, "claude-link-cwd")
	must(t, os.Symlink(filepath.Join(w.project, "main.go"), link))
	foreign := filepath.Join(tmp, "claude-foreign-cwd")
	must(t, os.WriteFile(foreign, nil, 0o666))
	must(t, os.Chown(foreign, 65534, 65534))
	for _, report := range []string{link, foreign} {
		t.Run(filepath.Base(report), func(t *testing.T) {
			p := w.profile(t, UnknownEffects, Options{Report: []string{report}})
			l := &Launcher{Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}
			_, err := l.Run(t.Context(), p, []string{"bash", "-c", "pwd >| " + report})
			if !errors.Is(err, ErrProfile) {
				t.Errorf("err = %v, want ErrProfile", err)
			}
		})
	}
	wantFile(t, filepath.Join(w.project, "main.go"), "package main\n")
}

// TestEmptyFile: the file that masks secrets is made once per user and
// kept; one of that name that is not the user's own empty read-only
// regular file (written to, writable, a pipe, a link) is not used.
func TestEmptyFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	first, err := emptyFile()
	must(t, err)
	again, err := emptyFile()
	must(t, err)
	if first != again || filepath.Dir(first) != tmp {
		t.Fatalf("emptyFile = %s then %s, want one file in %s", first, again, tmp)
	}
	for _, tc := range []struct {
		name  string
		spoil func(p string)
	}{
		{"written to", func(p string) {
			must(t, os.Chmod(p, 0o644))
			must(t, os.WriteFile(p, []byte(secretValue), 0o644))
			must(t, os.Chmod(p, 0o444))
		}},
		{"writable", func(p string) { must(t, os.Chmod(p, 0o644)) }},
		{"a pipe", func(p string) { must(t, os.Remove(p)); must(t, syscall.Mkfifo(p, 0o444)) }},
		{"a link", func(p string) {
			must(t, os.Remove(p))
			must(t, os.Symlink(filepath.Join(tmp, "elsewhere"), p))
			must(t, os.WriteFile(filepath.Join(tmp, "elsewhere"), nil, 0o444))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(first)
			_, err := emptyFile()
			must(t, err)
			tc.spoil(first)
			got, err := emptyFile()
			must(t, err)
			fi, err := os.Lstat(got)
			must(t, err)
			if got == first || !fi.Mode().IsRegular() || fi.Size() != 0 || fi.Mode().Perm()&0o222 != 0 {
				t.Errorf("emptyFile = %s (%v, %d bytes), want a new empty read-only file", got, fi.Mode(), fi.Size())
			}
			os.Remove(got)
		})
	}
}

// TestKindRefusals: with --kind the launcher builds the profile from the
// project's policy; a kind it does not know, or a policy that does not
// load, is a refusal, and the command does not run.
func TestKindRefusals(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	project := filepath.Join(home, "proj")
	broken := filepath.Join(home, "broken")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(broken, ".governance")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	must(t, os.WriteFile(filepath.Join(broken, ".governance", "config.yaml"), []byte("version: [\n"), 0o644))
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	// No governance program to compile the broken configuration with.
	t.Setenv("PATH", "/usr/bin:/bin")
	for _, tc := range []struct {
		name, cwd, kind, want string
	}{
		{"an unknown kind", project, "everything", "unknown kind"},
		{"a policy that does not load", broken, "unknown-effects", "policy does not load"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(tc.cwd)
			marker := filepath.Join(tc.cwd, "ran")
			var out, errb bytes.Buffer
			code := Main(nil, &out, &errb, []string{"--kind", tc.kind, "--", "/usr/bin/touch", marker})
			if code != ExitRefused || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errb.String(), ExitRefused, tc.want)
			}
			wantMissing(t, marker)
		})
	}
}

// TestCheckpointFlags: --decision checkpoints the project before a call
// of unknown effects; where no checkpoint can be taken (here: no git),
// the call runs and says so, or with --require-checkpoint does not run.
func TestCheckpointFlags(t *testing.T) {
	toolsInTemp(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	project := filepath.Join(home, "proj")
	must(t, os.MkdirAll(filepath.Join(project, ".git"), 0o755))
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Chdir(project)
	const id = "0b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"a decision without a kind", []string{"--decision", id}},
		{"a decision of a read-only call", []string{"--kind", "read-only", "--decision", id}},
		{"a decision that is no ID", []string{"--kind", "unknown-effects", "--decision", "../x"}},
		{"a checkpoint required without a decision", []string{"--kind", "unknown-effects", "--require-checkpoint"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := filepath.Join(project, "ran")
			var out, errb bytes.Buffer
			if code := Main(nil, &out, &errb, append(tc.args, "--", "/usr/bin/touch", marker)); code != 2 {
				t.Errorf("exit %d, stderr %q; want 2", code, errb.String())
			}
			wantMissing(t, marker)
		})
	}
	needBwrap(t)
	bwrap, err := exec.LookPath("bwrap")
	must(t, err)
	// A PATH with bubblewrap and no git: no checkpoint can be taken.
	noGit := t.TempDir()
	must(t, os.Symlink(bwrap, filepath.Join(noGit, "bwrap")))
	t.Setenv("PATH", noGit)
	t.Run("required", func(t *testing.T) {
		marker := filepath.Join(project, "ran")
		var out, errb bytes.Buffer
		code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--decision", id, "--require-checkpoint", "--", "/usr/bin/touch", marker})
		if code != ExitRefused || !strings.Contains(errb.String(), "no checkpoint of the project could be taken") {
			t.Errorf("exit %d, stderr %q; want %d and why", code, errb.String(), ExitRefused)
		}
		wantMissing(t, marker)
	})
	t.Run("best effort", func(t *testing.T) {
		marker := filepath.Join(project, "ran")
		var out, errb bytes.Buffer
		code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--decision", id, "--", "/usr/bin/touch", marker})
		if code != 0 || !strings.Contains(errb.String(), "governance: warning: no checkpoint of the project was taken") {
			t.Errorf("exit %d, stderr %q; want 0 and the warning", code, errb.String())
		}
		if _, err := os.Stat(marker); err != nil {
			t.Errorf("the command did not run: %v", err)
		}
	})
	t.Setenv("PATH", filepath.Dir(bwrap)+":/usr/bin:/bin")
	t.Run("taken", func(t *testing.T) {
		must(t, os.WriteFile(filepath.Join(project, "main.go"), []byte("package main\n"), 0o644))
		var out, errb bytes.Buffer
		code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--decision", id, "--require-checkpoint", "--",
			"/bin/sh", "-c", "echo broken > main.go"})
		if code != 0 || errb.Len() != 0 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		s := &checkpoint.Store{Dir: checkpoint.Dir(filepath.Join(dir, "state", "governance")), Env: os.Environ()}
		c, err := s.Find(id)
		if err != nil {
			t.Fatal(err)
		}
		changes, _, err := s.Restore(c, true, nil)
		if err != nil || len(changes) != 1 || changes[0].Path != "main.go" {
			t.Errorf("changes since the checkpoint: %v, %v; want main.go", changes, err)
		}
	})
}

// TestReapVariableAlone: the reaper's variable in a caller's environment
// does not turn the launcher into a reaper (which would skip the command
// and remove files its arguments name): without a lock file and a pidfd
// at descriptors 3 and 4, the command runs confined as ever, and the
// variable does not reach it.
func TestReapVariableAlone(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	prof, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	empty := filepath.Join(w.project, "empty-file")
	must(t, os.WriteFile(empty, nil, 0o644))
	cmd := exec.Command(w.helper, "--profile", string(prof), "--", "bash", "-c", `echo "ran ${`+ReapEnv+`:-unset}"; cat .env`, empty)
	cmd.Dir = w.project
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home, ReapEnv+"=1")
	out, err := cmd.Output()
	if err != nil || string(out) != "ran unset\n" {
		t.Errorf("output %q, %v; want the command run, without the variable and .env empty", out, err)
	}
	if _, err := os.Stat(empty); err != nil {
		t.Errorf("an empty file the arguments name was removed: %v", err)
	}
}

// toolsInTemp lets the launcher take the test's programs from its
// temporary folders, and none from the system's folders, for test t.
func toolsInTemp(t *testing.T) {
	temp, system := locate.TempFolders, locate.SystemFolders
	locate.TempFolders, locate.SystemFolders = nil, nil
	t.Cleanup(func() { locate.TempFolders, locate.SystemFolders = temp, system })
}

// venvProject makes a repository in a home folder of its own, with an
// activated .venv/bin first on PATH, and runs the test in it; it returns
// the test's folder, the project and its .venv/bin.
func venvProject(t *testing.T) (dir, project, venv string) {
	dir = t.TempDir()
	home := filepath.Join(dir, "home")
	project = filepath.Join(home, "proj")
	venv = filepath.Join(project, ".venv", "bin")
	must(t, os.MkdirAll(venv, 0o755))
	if out, err := exec.Command("git", "init", "-q", project).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("PATH", venv+":/usr/bin:/bin")
	t.Chdir(project)
	return dir, project, venv
}

// TestPlantedOnPathNotRun: with the project's .venv/bin first on PATH (as
// after `source .venv/bin/activate`), a bwrap and a git a confined call
// planted there are not what the launcher runs on the host, for the
// sandbox or the checkpoint: the system's are, and the call runs.
func TestPlantedOnPathNotRun(t *testing.T) {
	needBwrap(t)
	dir, project, venv := venvProject(t)
	must(t, os.WriteFile(filepath.Join(project, "main.go"), []byte("package main\n"), 0o644))
	ran := filepath.Join(dir, "unconfined")
	for _, name := range []string{"bwrap", "git"} {
		real, err := exec.LookPath(name)
		must(t, err)
		must(t, os.WriteFile(filepath.Join(venv, name), []byte("#!/bin/sh\necho "+name+" >> "+ran+"\nexec "+real+" \"$@\"\n"), 0o755))
	}
	const id = "1c5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b"
	marker := filepath.Join(project, "ran")
	var out, errb bytes.Buffer
	code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--decision", id, "--require-checkpoint", "--", "/usr/bin/touch", marker})
	if code != 0 || errb.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the command did not run: %v", err)
	}
	if data, err := os.ReadFile(ran); err == nil {
		t.Errorf("the planted programs ran on the host: %q", data)
	}
	s := &checkpoint.Store{Dir: checkpoint.Dir(filepath.Join(dir, "state", "governance")), Env: os.Environ()}
	if _, err := s.Find(id); err != nil {
		t.Errorf("no checkpoint: %v", err)
	}
}

// --help prints the usage and succeeds; a bad flag is a usage error.
func TestHelpExitsZero(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(nil, &out, &errb, []string{"--help"}); code != 0 || !strings.Contains(errb.String(), "usage: governance-confine") {
		t.Errorf("--help: exit %d, %q; want 0 and the usage", code, errb.String())
	}
	if code := Main(nil, &out, &errb, []string{"--bogus", "--", "true"}); code != 2 {
		t.Errorf("--bogus: exit %d, want 2", code)
	}
}

// A confined call cannot put a program named as one of governance's in a
// folder of the PATH that it may otherwise write (an activated
// .venv/bin): the harness runs governance-hook by its name, and a file
// planted there would answer for the hook. Nor one the harness or the
// person's shell runs by name (git, ssh, a shell), which would run
// unconfined. The folder stays writable for everything else (pip
// installs into it).
func TestProgramNamesOnPathProtected(t *testing.T) {
	needBwrap(t)
	_, _, venv := venvProject(t)
	for _, name := range []string{"governance-hook", "governance", "governance-confine", "git", "ssh", "bash"} {
		var out, errb bytes.Buffer
		script := "printf '#!/bin/sh\\necho {}\\n' > .venv/bin/" + name + " && chmod +x .venv/bin/" + name
		if code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--", "/bin/sh", "-c", script}); code == 0 {
			t.Errorf("%s: the call planted it (exit 0)", name)
		}
		if fi, err := os.Lstat(filepath.Join(venv, name)); err == nil && fi.Size() > 0 {
			t.Errorf("%s planted in the PATH folder on the host", name)
		}
	}
	var out, errb bytes.Buffer
	if code := Main(nil, &out, &errb, []string{"--kind", "unknown-effects", "--", "/bin/sh", "-c", "echo x > .venv/bin/pytest"}); code != 0 {
		t.Errorf("another program in the PATH folder: exit %d, stderr %q", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(venv, "pytest")); err != nil {
		t.Errorf("the PATH folder is no longer writable: %v", err)
	}
	for _, name := range []string{"governance-hook", "governance", "governance-confine", "git", "ssh", "bash"} {
		if _, err := os.Lstat(filepath.Join(venv, name)); err == nil {
			t.Errorf("the placeholder of %s was left behind", name)
		}
	}
}
