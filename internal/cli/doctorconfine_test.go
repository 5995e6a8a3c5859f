package cli

import (
	"errors"
	"os"
	"os/exec"
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
