package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildOPAPlugin builds the OPA example plugin. It is a module of its own
// (OPA stays out of this one), built offline from the module cache:
// scripts/install-test-tools (make test runs it) downloads its modules
// once.
func buildOPAPlugin(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "governance-opa")
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = filepath.Join("..", "..", "plugins", "examples", "opa")
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the OPA plugin offline: %v\n%s\nrun scripts/install-test-tools (or `go mod download` in plugins/examples/opa) to fill the module cache once", err, msg)
	}
	return out
}

// binaries puts governance and governance-hook (this test binary, which
// TestMain runs as either by its name) in a folder for PATH.
func binaries(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	for _, name := range []string{"governance", "governance-hook"} {
		if err := os.Symlink(os.Args[0], filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// copyFile copies a file, with mode, and returns its content.
func copyFile(t *testing.T, from, to string, mode os.FileMode) []byte {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
	if err := os.Chmod(to, mode); err != nil {
		t.Fatal(err)
	}
	return data
}

// The real OPA example plugin, built and launched as a subprocess, gives
// a Rego deny reason back through the hook: warm in the daemon, and
// started for the call when no daemon runs and the configuration allows
// a cold start.
func TestOPAPluginThroughTheHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the OPA plugin")
	}
	plugin := buildOPAPlugin(t)
	bin := binaries(t)
	dir, home := project(t)
	exe := copyFile(t, plugin, filepath.Join(dir, ".governance", "plugins", "governance-opa"), 0o755)
	copyFile(t, filepath.Join("..", "..", "plugins", "examples", "opa", "testdata", "policy", "agents.rego"),
		filepath.Join(dir, ".governance", "policy", "agents.rego"), 0o644)
	sum := sha256.Sum256(exe)
	plugins := `plugins:
  - name: opa
    path: plugins/governance-opa
    args: [--policy, policy]
    sha256: ` + hex.EncodeToString(sum[:]) + "\n"
	env := homeEnv(home, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"CLAUDE_PROJECT_DIR=", "GOVERNANCE_TEST_RUN=", "GOVERNANCE_NO_NOTIFY=1")
	// The plugin comes from the project's configuration: the user trusts
	// it once, with the command a person would use.
	setConfig := func(config string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, ".governance", "config.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
		trust := exec.Command(filepath.Join(bin, "governance"), "plugins", "trust", "opa")
		trust.Dir, trust.Env = dir, env
		if out, err := trust.CombinedOutput(); err != nil || !strings.Contains(string(out), "trusted opa") {
			t.Fatalf("plugins trust: %v: %s", err, out)
		}
	}
	hook := func(cmd string) string {
		t.Helper()
		h := exec.Command(filepath.Join(bin, "governance-hook"), "claude")
		h.Dir, h.Env = dir, env
		h.Stdin = bytes.NewReader(preToolUse(dir, "opa-1", cmd))
		var out, errb bytes.Buffer
		h.Stdout, h.Stderr = &out, &errb
		if err := h.Run(); err != nil {
			t.Fatalf("hook: %v: %s", err, errb.String())
		}
		return out.String()
	}
	expect := func(out string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("the hook printed %s\nwant %q", out, w)
			}
		}
	}
	const destroy = "cd infra && terraform destroy -auto-approve"
	reason := "terraform destroy changes shared infrastructure, which only the platform pipeline does"

	t.Run("daemon", func(t *testing.T) {
		setConfig(plugins)
		d := exec.Command(filepath.Join(bin, "governance"), "daemon", "--idle-timeout", "0")
		d.Dir, d.Env = dir, env
		out, err := d.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { d.Process.Signal(os.Interrupt); d.Wait() }()
		sc := bufio.NewScanner(out)
		for sc.Scan() && !strings.HasPrefix(sc.Text(), "page: ") {
		}
		go func() {
			for sc.Scan() {
			}
		}()
		expect(hook(destroy), `"permissionDecision":"deny"`, reason, "opa:data.governance.deny")
		expect(hook("npm install left-pad"), `"permissionDecision":"ask"`, "adding a dependency needs a maintainer's approval")
		expect(hook("terraform plan"), `"permissionDecision"`)
		if strings.Contains(hook("terraform plan"), "opa") {
			t.Error("a call the policy has no reason for was decided by the plugin")
		}
	})

	t.Run("cold start", func(t *testing.T) {
		setConfig("daemon: off\n" + plugins + "    allow_cold_start: true\n")
		expect(hook(destroy), `"permissionDecision":"deny"`, reason, "opa:data.governance.deny")
		list := exec.Command(filepath.Join(bin, "governance"), "plugins", "list")
		list.Dir, list.Env = dir, env
		got, err := list.Output()
		if err != nil {
			t.Fatalf("plugins list: %v: %s", err, got)
		}
		expect(string(got), "plugin:    opa 1.0.0, wants every tool kind", "sha256:    "+hex.EncodeToString(sum[:]))
	})
}
