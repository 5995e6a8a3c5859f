package cli

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDoctorConfinement: doctor probes bubblewrap for real and says,
// per harness, whether its calls run confined: all six dialects rewrite
// a call, so each is confined exactly when the machine can confine.
func TestDoctorConfinement(t *testing.T) {
	t.Parallel()
	bwrap := true
	if _, err := exec.LookPath("bwrap"); err != nil || runtime.GOOS != "linux" {
		if os.Getenv("CI") == "true" && runtime.GOOS == "linux" {
			t.Fatal("bwrap is missing in CI: scripts/install-test-tools installs it")
		}
		bwrap = false
	}
	for _, tc := range []struct {
		name     string
		confiner func() (string, error)
		want     bool
	}{
		{"a launcher", func() (string, error) { return "/opt/governance/bin/governance-confine", nil }, bwrap},
		{"no launcher", func() (string, error) { return "", errors.New("governance-confine is not installed") }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := project(t, nil)
			a.Confiner = tc.confiner
			var got doctorOut
			runJSON(t, a, &got, "doctor")
			c := got.Confinement
			if c.CanConfine != tc.want || c.CanConfine == (c.Why != "") {
				t.Errorf("can_confine %v (why %q), want %v", c.CanConfine, c.Why, tc.want)
			}
			if bwrap && (c.Bubblewrap == "" || !c.UserNamespaces || !c.FreshProc || !c.Works) {
				t.Errorf("the probe of a working bubblewrap: %+v", c)
			}
			if len(c.Harnesses) != len(harnesses()) {
				t.Fatalf("harnesses %+v, want %d", c.Harnesses, len(harnesses()))
			}
			for _, h := range c.Harnesses {
				if h.Rewrites == "" || h.Confined != tc.want {
					t.Errorf("%s: %+v", h.Name, h)
				}
			}
			if text := strings.Join(c.Report, "\n"); !strings.Contains(text, "confinement: ") || !strings.Contains(text, "claude: rewrites the call") {
				t.Errorf("report:\n%s", text)
			}
		})
	}
}

// doctor checks the launcher it names before it says calls are confined:
// a script put in its place, a Go program of another package, or a file
// anyone may write is not governance's launcher.
func TestCheckLauncher(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := dir + "/governance-confine"
	if err := os.WriteFile(script, []byte("#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done; shift; exec \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := checkLauncher(script); err == nil || !strings.Contains(err.Error(), "not governance's") {
		t.Errorf("a script: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkLauncher(self); err == nil {
		t.Error("the test binary passed for the launcher")
	}
	open := dir + "/open"
	if err := os.WriteFile(open, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := checkLauncher(open); err == nil || !strings.Contains(err.Error(), "writable by others") {
		t.Errorf("a file anyone may write: %v", err)
	}
	if err := checkLauncher(dir + "/missing"); err == nil {
		t.Error("a missing launcher passed")
	}
}

// TestProbeLauncher runs the real launcher as doctor does: it runs a
// confined call where the machine can confine, and where a launcher
// refuses, the probe fails and says why, rather than doctor reporting
// calls confined.
func TestProbeLauncher(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher confines on Linux")
	}
	if _, err := exec.LookPath("bwrap"); err != nil && os.Getenv("CI") != "true" {
		t.Skip("bwrap is not installed")
	}
	t.Parallel()
	dir := t.TempDir()
	launcher := filepath.Join(dir, "governance-confine")
	build := exec.Command("go", "build", "-o", launcher, "github.com/agentgov/governance/cmd/governance-confine")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx := context.Background()
	if err := probeLauncher(ctx, launcher, os.Environ()); err != nil {
		t.Fatalf("the launcher's probe: %v", err)
	}
	// A launcher that refuses, as one does on a machine that cannot
	// confine: the probe fails with what it said.
	refuses := filepath.Join(dir, "refuses")
	if err := os.WriteFile(refuses, []byte("#!/bin/sh\necho 'governance-confine: this machine cannot confine the command: user namespaces are off' >&2\nexit 125\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := probeLauncher(ctx, refuses, os.Environ())
	if err == nil || !strings.Contains(err.Error(), "user namespaces are off") {
		t.Errorf("the probe of a launcher that refuses: %v; want its message", err)
	}
}
