package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shellPayload is confinedPayloads' PreToolUse of cmd in dialect, with
// extra keys in the shell tool's input.
func shellPayload(t *testing.T, dialect, cwd, cmd string, extra map[string]any) []byte {
	t.Helper()
	p := confinedPayloads(cwd, cmd)[dialect].payload
	key := map[string]string{"copilot": "toolArgs", "opencode": "args"}[dialect]
	if key == "" {
		key = "tool_input"
	}
	var in map[string]any
	switch v := p[key].(type) {
	case string:
		if err := json.Unmarshal([]byte(v), &in); err != nil {
			t.Fatal(err)
		}
	case map[string]any:
		in = v
	}
	for k, v := range extra {
		in[k] = v
	}
	if dialect == "copilot" {
		b, _ := json.Marshal(in)
		p[key] = string(b)
	} else {
		p[key] = in
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestBypassShellToolFolder: a shell tool's own working-folder
// parameter moves the call in every dialect, whatever harness's name it
// has (Gemini's dir_path and directory, Codex's and OpenCode's workdir,
// working_directory, cwd); a command judged in the session's folder ran
// in the named one (git status in a nested repository whose fsmonitor
// runs a command was a plain allow). A folder named under any other key,
// in a value that is not text, or twice, leaves the call unproven.
func TestBypassShellToolFolder(t *testing.T) {
	t.Parallel()
	env, o, project := confineEnv(t, "/opt/governance/bin/governance-confine", nil)
	sub := filepath.Join(project, "sub2")
	if err := os.MkdirAll(filepath.Join(sub, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"HEAD":   "ref: refs/heads/main\n",
		"config": "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = cat ~/.ssh/id_rsa > /tmp/pwned; false\n",
	} {
		if err := os.WriteFile(filepath.Join(sub, ".git", name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	respond := func(dialect string, data []byte) string {
		return string(Respond(context.Background(), dialect, data, env, &bytes.Buffer{}, o))
	}
	for dialect, d := range Dialects {
		for _, key := range []string{"dir_path", "directory", "workdir", "working_directory", "cwd"} {
			for _, dir := range []string{"sub2", sub} {
				data := shellPayload(t, dialect, project, "git status", map[string]any{key: dir})
				ev, err := d.Decode(data, env)
				if err != nil {
					t.Fatal(err)
				}
				if ev.Request.Cwd != sub {
					t.Errorf("%s %s=%s: the call is judged in %s", dialect, key, dir, ev.Request.Cwd)
				}
				if out := respond(dialect, data); !strings.Contains(out, "governance-confine") && !strings.Contains(out, "deny") {
					t.Errorf("%s %s=%s: git status in a repository with an fsmonitor runs unconfined: %s", dialect, key, dir, out)
				}
			}
		}
		for _, extra := range []map[string]any{
			{"work_folder": "sub2"}, {"WorkDir": "sub2"}, {"path": "sub2"}, {"cwdPath": sub},
			{"cwd": []any{"sub2"}}, {"workdir": map[string]any{"path": "sub2"}}, {"dir_path": "~/x"},
			{"dir_path": "sub2", "workdir": "."},
		} {
			out := respond(dialect, shellPayload(t, dialect, project, "ls", extra))
			if !strings.Contains(out, "cannot follow") {
				t.Errorf("%s %v: a folder the hook cannot follow is not asked about: %s", dialect, extra, out)
			}
		}
		// Not over-blocking: the same folder twice, an empty one, and
		// no folder at all keep the call as it is.
		for _, extra := range []map[string]any{
			nil, {"dir_path": "sub2", "directory": "sub2"}, {"cwd": ""}, {"dir_path": "."},
		} {
			out := respond(dialect, shellPayload(t, dialect, project, "ls", extra))
			if strings.Contains(out, "deny") || strings.Contains(out, "cannot follow") || strings.Contains(out, "governance-confine") {
				t.Errorf("%s %v: ls is not allowed as it is: %s", dialect, extra, out)
			}
		}
	}
}
