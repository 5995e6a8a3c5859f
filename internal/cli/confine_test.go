package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestCheckConfined: check, check --jsonl and explain report the
// decision the hook would give: a shell call the analysis cannot prove
// is confined, with the rewritten command; where the machine cannot
// confine, the defer as before, and with --unattended an ask.
func TestCheckConfined(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": filepath.Join(dir, "home"), "XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_STATE_HOME": filepath.Join(dir, "state")}
	const launcher = "/opt/governance/bin/governance-confine"
	runEnv := func(t *testing.T, unattended string, confiner func() (string, error), stdin string, args ...string) (string, int) {
		t.Helper()
		var out, errb bytes.Buffer
		getenv := func(k string) string {
			if k == "GOVERNANCE_UNATTENDED" {
				return unattended
			}
			return env[k]
		}
		a := &App{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: getenv,
			Now: time.Now, Cwd: project, Confiner: confiner}
		code := a.Run(context.Background(), args)
		return out.String(), code
	}
	run := func(t *testing.T, confiner func() (string, error), stdin string, args ...string) (string, int) {
		t.Helper()
		return runEnv(t, "", confiner, stdin, args...)
	}
	can := func() (string, error) { return launcher, nil }
	cannot := func() (string, error) { return "", errors.New("bubblewrap (bwrap) is not on PATH") }
	// The rewritten command names the decision's ID, new for each call.
	wantCmd := launcher + " --kind unknown-effects --project " + project + " --decision ID -- bash -c 'frobnicate --all'"
	decisionID := regexp.MustCompile(`--decision [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} `)
	anyID := func(s string) string { return decisionID.ReplaceAllString(s, "--decision ID ") }

	t.Run("json", func(t *testing.T) {
		t.Parallel()
		out, code := run(t, can, "", "check", "--json", "--unattended", "--", "frobnicate", "--all")
		var d decisionOut
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if d.Decision != "confined" || !d.Confined || d.Profile != "unknown-effects" || anyID(d.Command) != wantCmd || code != checkConfined {
			t.Errorf("check --json = %+v, exit %d; want confined running %s, exit %d", d, code, wantCmd, checkConfined)
		}
		// Nothing ran and nothing was checkpointed: the note says what
		// would happen, and names no checkpoint to restore.
		if !strings.HasPrefix(d.Message, "governance would run this command confined") || strings.Contains(d.Message, "governance restore") {
			t.Errorf("check --json message = %q; want what would happen, without a checkpoint", d.Message)
		}
	})
	t.Run("jsonl", func(t *testing.T) {
		t.Parallel()
		out, _ := run(t, can, `{"cmd":"frobnicate --all"}`+"\n"+`{"cmd":"ls"}`+"\n", "check", "--jsonl", "--unattended")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 {
			t.Fatalf("check --jsonl printed %q", out)
		}
		var first, second decisionOut
		json.Unmarshal([]byte(lines[0]), &first)
		json.Unmarshal([]byte(lines[1]), &second)
		if first.Decision != "confined" || !first.Confined || anyID(first.Command) != wantCmd {
			t.Errorf("an unknown command: %s", lines[0])
		}
		if second.Decision != "allow" || second.Confined || strings.Contains(lines[1], "confined") {
			t.Errorf("ls under the default confine: unknown: %s", lines[1])
		}
	})
	t.Run("mode per line and from the environment", func(t *testing.T) {
		t.Parallel()
		// A line's unattended overrides the flag; GOVERNANCE_UNATTENDED=1,
		// which the hook reads, is the default --unattended overrides.
		in := `{"cmd":"frobnicate --all","unattended":true}` + "\n" + `{"cmd":"frobnicate --all"}` + "\n"
		out, _ := run(t, can, in, "check", "--jsonl")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		// In a git work tree a person watching gets the call confined too,
		// with the checkpoint required.
		if len(lines) != 2 || !strings.Contains(lines[0], `"decision":"confined"`) || strings.Contains(lines[0], "--require-checkpoint") ||
			!strings.Contains(lines[1], `"decision":"confined"`) || !strings.Contains(lines[1], "--require-checkpoint") {
			t.Errorf("check --jsonl with a line unattended:\n%s", out)
		}
		out, _ = runEnv(t, "1", can, "", "check", "--json", "--", "frobnicate", "--all")
		if !strings.Contains(out, `"decision":"confined"`) {
			t.Errorf("check with GOVERNANCE_UNATTENDED=1: %s; want confined", out)
		}
		out, _ = runEnv(t, "1", can, "", "explain", "--unattended=false", "--", "frobnicate", "--all")
		if !strings.Contains(out, "--require-checkpoint") {
			t.Errorf("explain --unattended=false with GOVERNANCE_UNATTENDED=1 is not confined as attended:\n%s", out)
		}
	})
	t.Run("attended", func(t *testing.T) {
		t.Parallel()
		// A person watches, in a git work tree: confined, and the launcher
		// runs the call only once the project is checkpointed.
		out, code := run(t, can, "", "check", "--json", "--", "frobnicate", "--all")
		var d decisionOut
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		want := strings.Replace(wantCmd, " --decision ID ", " --decision ID --require-checkpoint ", 1)
		if d.Decision != "confined" || anyID(d.Command) != want || code != checkConfined {
			t.Errorf("attended check --json = %+v, exit %d; want confined running %s", d, code, want)
		}
	})
	t.Run("text", func(t *testing.T) {
		t.Parallel()
		out, _ := run(t, can, "", "explain", "--unattended", "--", "frobnicate", "--all")
		if !strings.Contains(out, "confined:   unknown-effects") || !strings.Contains(anyID(out), "runs as:    "+wantCmd) {
			t.Errorf("explain does not show the confinement:\n%s", out)
		}
	})
	t.Run("cannot confine", func(t *testing.T) {
		t.Parallel()
		out, code := run(t, cannot, "", "check", "--json", "--", "frobnicate", "--all")
		if !strings.Contains(out, `"decision":"defer"`) || strings.Contains(out, "confined") || code != checkAsks {
			t.Errorf("attended, cannot confine: %s exit %d; want the defer", out, code)
		}
		out, _ = run(t, cannot, "", "check", "--json", "--unattended", "--", "frobnicate", "--all")
		if !strings.Contains(out, `"decision":"ask"`) || !strings.Contains(out, "cannot-confine") {
			t.Errorf("unattended, cannot confine: %s; want an ask", out)
		}
	})
}
