package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The hook links no Starlark interpreter: in a project with executable
// rules and no daemon it hands the call to governance, whose reply it
// prints.
func TestHookHandsExecutableRulesToGovernance(t *testing.T) {
	bin := binaries(t)
	dir, home := project(t)
	rules := filepath.Join(dir, ".governance", "rules")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	star := `def frob(cmd):
    if cmd.program == "frobnicate":
        return deny("frobnicate is for people.", "Ask the user to run it.")
    return None

rule(id = "no-frobnicate", check = frob, match = ["frobnicate x"], not_match = ["ls"])
`
	if err := os.WriteFile(filepath.Join(rules, "team.star"), []byte(star), 0o644); err != nil {
		t.Fatal(err)
	}
	env := homeEnv(home, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "CLAUDE_PROJECT_DIR=", "GOVERNANCE_TEST_RUN=")
	for cmd, want := range map[string]string{"frobnicate x": "no-frobnicate", "ls": `"permissionDecision":"allow"`} {
		h := exec.Command(filepath.Join(bin, "governance-hook"), "claude")
		h.Dir, h.Env = dir, env
		h.Stdin = bytes.NewReader(preToolUse(dir, "s-"+cmd, cmd))
		var stderr bytes.Buffer
		h.Stderr = &stderr
		out, err := h.Output()
		if err != nil {
			t.Fatalf("%s: %v: %s", cmd, err, stderr.Bytes())
		}
		if !strings.Contains(string(out), want) {
			t.Errorf("%s: %s (stderr %s), want %s", cmd, out, stderr.Bytes(), want)
		}
	}
}
