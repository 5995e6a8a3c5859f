package cli

import (
	"context"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/confine/landlock"
	"github.com/agentgov/governance/internal/confine/locate"
)

// doctorConfine is the confinement part of doctor's JSON form
// (docs/json.md): whether the hook's calls can run confined here, what
// the machine offers, and per harness whether its dialect can carry a
// rewritten call.
type doctorConfine struct {
	// CanConfine: the hook finds the launcher and a call's sandbox
	// stands here (the launcher's own, or bubblewrap's). Why says why not.
	CanConfine bool   `json:"can_confine"`
	Why        string `json:"why,omitempty"`
	Launcher   string `json:"launcher,omitempty"`
	Bubblewrap string `json:"bubblewrap,omitempty"`
	// LauncherWorks: the launcher the hook runs confined `true` here.
	LauncherWorks bool `json:"launcher_works"`
	// UserNamespaces, FreshProc and Works are the steps of the probe.
	UserNamespaces bool `json:"user_namespaces"`
	FreshProc      bool `json:"fresh_proc"`
	Works          bool `json:"bubblewrap_works"`
	// LandlockABI is the kernel's Landlock ABI (0: none): the launcher's
	// fallback inside a sandbox that forbids namespaces.
	LandlockABI int                    `json:"landlock_abi"`
	Harnesses   []doctorConfineHarness `json:"harnesses"`
	Report      []string               `json:"report"`
}

// doctorConfineHarness says whether one harness's calls run confined.
type doctorConfineHarness struct {
	Name string `json:"name"`
	// Rewrites is the field of the hook's reply the harness takes a
	// rewritten input in; "" when it takes none.
	Rewrites string `json:"rewrites,omitempty"`
	Confined bool   `json:"confined"`
}

// probeTimeout bounds doctor's probe of bubblewrap, which takes about
// 25 ms here.
const probeTimeout = 10 * time.Second

// confineReport probes this machine and writes doctor's confinement
// lines. A machine that cannot confine is reported, not counted as a
// problem: the hook then asks a person in a session nobody watches.
func (a *App) confineReport(w io.Writer) doctorConfine {
	env := os.Environ()
	if path := a.Getenv("PATH"); path != "" {
		env = append(env, "PATH="+path)
	}
	// A bubblewrap that hangs (a stuck mount) is a finding, not a hang.
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	pr := confine.ProbeMachine(ctx, env)
	out := doctorConfine{Bubblewrap: pr.Bubblewrap, UserNamespaces: pr.UserNamespaces, FreshProc: pr.FreshProc, Works: pr.Works,
		LandlockABI: landlock.ABI(), Harnesses: []doctorConfineHarness{}}
	launcher, err := a.confiner()()
	var bad error
	if err == nil && a.Confiner == nil {
		// The launcher the hook would run, found as it finds it: doctor
		// says "confined" only about one it checked.
		bad = checkLauncher(launcher)
	}
	switch {
	case err != nil:
		out.Why = err.Error()
	case bad != nil:
		out.Why = bad.Error()
	case a.Confiner != nil:
		// A launcher named for tests: bubblewrap's probe stands for it.
		if out.CanConfine = pr.Works; !pr.Works {
			out.Why = fmt.Sprintf("bubblewrap's sandbox does not stand here: %v", pr.Err)
		}
	default:
		// The launcher the hook runs, run as the hook runs it: its own
		// sandbox needs no bubblewrap where the kernel has what it needs.
		if lerr := probeLauncher(ctx, launcher, env); lerr != nil {
			out.Why = lerr.Error()
		} else {
			out.CanConfine, out.LauncherWorks = true, true
		}
	}
	out.Launcher = launcher
	status := "calls can be confined here"
	switch {
	case bad != nil:
		status = "calls are NOT known to be confined here (" + out.Why + "): the hook runs this launcher for the calls it confines"
	case !out.CanConfine:
		status = "calls CANNOT be confined here (" + out.Why + "); in a session nobody watches, a call the analysis cannot prove goes to a person"
	}
	fmt.Fprintf(w, "\nconfinement: %s\n", status)
	if launcher != "" {
		fmt.Fprintf(w, "  launcher: %s\n", launcher)
	}
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	if runtime.GOOS == "linux" {
		bw := "not installed (Debian and Ubuntu: apt-get install bubblewrap)"
		own := (locate.Machine{Proc: "/proc"}).OwnSandbox()
		if own == "" {
			bw = "not installed (not needed: the launcher sets the sandbox up itself on this kernel)"
		} else if pr.Bubblewrap == "" {
			bw += ": needed, since " + own
		}
		if pr.Bubblewrap != "" {
			bw = pr.Bubblewrap + ", sandbox works: " + yes(pr.Works)
		}
		fmt.Fprintf(w, "  bubblewrap: %s\n", bw)
		if own == "" {
			own = "yes"
		} else {
			own = "no: " + own + "; bubblewrap's instead"
		}
		fmt.Fprintf(w, "  the launcher's own sandbox: %s\n", own)
		fmt.Fprintf(w, "  user namespaces: %s; fresh /proc: %s\n", yes(pr.UserNamespaces), yes(pr.FreshProc))
		if pr.Err != nil && pr.Bubblewrap != "" {
			fmt.Fprintf(w, "  bubblewrap says: %s\n", strings.Join(strings.Fields(pr.Err.Error()), " "))
		}
		ll := "not offered by the kernel"
		if out.LandlockABI > 0 {
			ll = fmt.Sprintf("ABI %d", out.LandlockABI)
		}
		fmt.Fprintf(w, "  landlock: %s (the launcher's fallback where bubblewrap cannot make namespaces; ABI 4 or later)\n", ll)
	} else {
		fmt.Fprintf(w, "  %s: the hook confines on Linux only (a Seatbelt profile is generated on macOS, not relied on)\n", runtime.GOOS)
	}
	for _, n := range harnesses() {
		h := doctorConfineHarness{Name: n, Rewrites: hooks.RewriteFields[n]}
		h.Confined = out.CanConfine && h.Rewrites != ""
		line := "its dialect cannot rewrite a call: none is confined"
		if h.Rewrites != "" {
			line = "rewrites the call (" + h.Rewrites + "): "
			if h.Confined {
				line += "confined"
			} else {
				line += "not confined on this machine"
			}
		}
		fmt.Fprintf(w, "  %s: %s\n", n, line)
		out.Harnesses = append(out.Harnesses, h)
	}
	return out
}

// probeLauncher runs `true` through the launcher at path, read-only in
// the system's temporary folder, with the environment env the hook's
// calls have: nil when it ran, else what the launcher said.
func probeLauncher(ctx context.Context, path string, env []string) error {
	profile, err := json.Marshal(&confine.Profile{Kind: confine.ReadOnly, Cwd: os.TempDir()})
	if err != nil {
		return err
	}
	var stderr strings.Builder
	cmd := exec.CommandContext(ctx, path, "--profile", string(profile), "--", "true")
	cmd.Env, cmd.Dir, cmd.Stderr = env, os.TempDir(), &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.Join(strings.Fields(stderr.String()), " ")
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("the launcher %s did not run a confined call here: %s", path, msg)
	}
	return nil
}

// launcherPackage is the main package of the confinement launcher.
const launcherPackage = "github.com/agentgov/governance/cmd/governance-confine"

// checkLauncher says why the program at path is not the launcher this
// governance was built with: one anyone else may replace, a program
// built from something else (a script put in its place), or one built
// from another revision than the running program.
func checkLauncher(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("the launcher %s cannot be checked: %w", path, err)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("the launcher %s is writable by others (mode %v): anyone may replace it; reinstall governance", path, fi.Mode().Perm())
	}
	bi, err := buildinfo.ReadFile(path)
	if err != nil || bi.Path != launcherPackage {
		return fmt.Errorf("the launcher %s is not governance's governance-confine (not built from %s); reinstall governance", path, launcherPackage)
	}
	if own, ok := debug.ReadBuildInfo(); ok {
		if mine, theirs := vcsRevision(own), vcsRevision(bi); mine != "" && theirs != "" && mine != theirs {
			return fmt.Errorf("the launcher %s was built from revision %s, this governance from %s; install both from the same release", path, theirs, mine)
		}
	}
	return nil
}

// vcsRevision returns the revision a program was built from, or "".
func vcsRevision(bi *debug.BuildInfo) string {
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			return s.Value
		}
	}
	return ""
}
