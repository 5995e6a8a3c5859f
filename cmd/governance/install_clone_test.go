package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A team commits what `governance install` writes, and a teammate clones
// it: on the teammate's machine, with another home and governance on
// PATH, each harness's tool-call hook, run exactly as the settings name
// it, decides. No committed file names the installer's home.
func TestInstallIsPortableAcrossClones(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	bin := filepath.Join(root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// This test binary runs as the program its name says (TestMain).
	for _, name := range []string{"governance", "governance-hook"} {
		if err := os.Symlink(self, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	env := func(home string, extra ...string) []string {
		return append(baseEnv(home, bin), append([]string{managedDirVar + "=" + filepath.Join(home, "managed")}, extra...)...)
	}
	run := func(dir string, env []string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return string(out)
	}

	homeA, homeB := filepath.Join(root, "a"), filepath.Join(root, "b")
	repo, clone := filepath.Join(homeA, "proj"), filepath.Join(homeB, "proj")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	envA := env(homeA)
	run(repo, envA, "git", "init", "-q")
	for _, h := range []string{"claude", "codex", "gemini", "cursor", "copilot", "opencode"} {
		run(repo, envA, filepath.Join(bin, "governance"), "install", h, "--no-trust")
	}
	run(repo, envA, "git", "add", "-A")
	run(repo, envA, "git", "-c", "user.name=a", "-c", "user.email=a@example.com", "commit", "-q", "-m", "governance")
	run(root, envA, "git", "clone", "-q", repo, clone)

	// What was committed names no home and no folder of this machine.
	personal := regexp.MustCompile(`"/(home|Users|root)/|` + regexp.QuoteMeta(root))
	files := strings.Fields(run(clone, envA, "git", "ls-files"))
	if len(files) < 6 {
		t.Fatalf("committed %v, want the six harnesses' files", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(clone, f))
		if err != nil {
			t.Fatal(err)
		}
		if m := personal.Find(data); m != nil {
			t.Errorf("%s names %q, a folder of the installer's machine", f, m)
		}
	}

	// Each harness's tool-call handler, as the teammate's harness runs it.
	rm := `rm -rf ~`
	cases := []struct {
		harness, file, event, key, payload, deny string
		extra                                    []string
	}{
		{"claude", ".claude/settings.json", "PreToolUse", "command",
			`{"session_id":"s","cwd":"CLONE","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"RM"},"tool_use_id":"t"}`,
			`"permissionDecision":"deny"`, []string{"CLAUDE_PROJECT_DIR=" + clone}},
		{"codex", ".codex/hooks.json", "PreToolUse", "command",
			`{"session_id":"s","turn_id":"t","cwd":"CLONE","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"RM"},"tool_use_id":"t"}`,
			`"permissionDecision":"deny"`, nil},
		{"gemini", ".gemini/settings.json", "BeforeTool", "command",
			`{"session_id":"s","cwd":"CLONE","hook_event_name":"BeforeTool","timestamp":"2026-11-21T10:30:17.763Z","tool_name":"run_shell_command","tool_input":{"command":"RM"}}`,
			`"decision":"deny"`, []string{"GEMINI_PROJECT_DIR=" + clone}},
		{"cursor", ".cursor/hooks.json", "preToolUse", "command",
			`{"hook_event_name":"preToolUse","conversation_id":"c","generation_id":"g","workspace_roots":["CLONE"],"tool_name":"Shell","tool_input":{"command":"RM"},"cwd":"CLONE"}`,
			`"permission":"deny"`, nil},
		{"copilot", ".github/hooks/governance.json", "preToolUse", "bash",
			`{"sessionId":"s","timestamp":1795628575355,"cwd":"CLONE","toolName":"bash","toolArgs":{"command":"RM"}}`,
			`"permissionDecision":"deny"`, []string{"GOVERNANCE_HOOK_EVENT=preToolUse"}},
	}
	for _, c := range cases {
		t.Run(c.harness, func(t *testing.T) {
			argv := handlerArgv(t, filepath.Join(clone, c.file), c.event, c.key)
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Dir = clone
			cmd.Env = env(homeB, c.extra...)
			cmd.Stdin = strings.NewReader(strings.NewReplacer("CLONE", clone, "RM", rm).Replace(c.payload))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil && !strings.Contains(stdout.String(), c.deny) {
				t.Fatalf("%v: %v\nstdout: %s\nstderr: %s", argv, err, &stdout, &stderr)
			}
			if !strings.Contains(stdout.String(), c.deny) {
				t.Errorf("%v on %q: stdout %s, want %s (stderr %s)", argv, rm, &stdout, c.deny, &stderr)
			}
		})
	}

	// OpenCode spawns the plugin's HOOK by name: the teammate's PATH has it.
	data, err := os.ReadFile(filepath.Join(clone, ".opencode", "plugins", "governance.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^const HOOK = "([^"]+)";$`).FindSubmatch(data)
	if m == nil || strings.ContainsRune(string(m[1]), '/') {
		t.Errorf("the OpenCode plugin names the hook %q, want a name on PATH", m)
	} else if _, err := os.Stat(filepath.Join(bin, string(m[1]))); err != nil {
		t.Errorf("the OpenCode plugin's hook %q is not on the teammate's PATH: %v", m[1], err)
	}
}

// handlerArgv is the argv a harness runs for the governance handler of an
// event: Claude Code runs command with args without a shell (exec form),
// and a command alone through sh -c, as the other harnesses do.
func handlerArgv(t *testing.T, file, event, key string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]map[string]any `json:"hooks"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var handlers []map[string]any
	for _, e := range doc.Hooks[event] {
		if hs, ok := e["hooks"].([]any); ok {
			for _, h := range hs {
				handlers = append(handlers, h.(map[string]any))
			}
		} else {
			handlers = append(handlers, e)
		}
	}
	for _, h := range handlers {
		cmd, _ := h[key].(string)
		if !strings.Contains(cmd, "governance-hook") {
			continue
		}
		if args, ok := h["args"].([]any); ok {
			// env looks the command up on the teammate's PATH.
			argv := []string{"env", cmd}
			for _, a := range args {
				argv = append(argv, a.(string))
			}
			return argv
		}
		return []string{"sh", "-c", cmd}
	}
	t.Fatalf("%s has no governance handler on %s:\n%s", file, event, data)
	return nil
}
