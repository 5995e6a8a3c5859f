package engine_test

import (
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassToolFolder: a shell tool's input that names the folder its
// command runs in moves the call there under any harness's name for it,
// and leaves the call unproven (an ask) under a name none uses, whatever
// the tool (check --jsonl and the daemon's page take tool inputs too).
func TestBypassToolFolder(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tt := range []struct {
		tool  string
		input map[string]any
		cwd   string
		want  []engine.Outcome
	}{
		{"run_shell_command", map[string]any{"command": "ls", "directory": "sub"}, filepath.Join(root, "sub"), runs},
		{"exec_command", map[string]any{"cmd": "ls", "workdir": root + "/sub"}, filepath.Join(root, "sub"), runs},
		{"shell", map[string]any{"command": []any{"bash", "-lc", "ls"}, "workdir": "sub"}, filepath.Join(root, "sub"), runs},
		{"local_shell", map[string]any{"command": []any{"ls"}, "working_directory": "sub"}, filepath.Join(root, "sub"), runs},
		{"run_in_terminal", map[string]any{"command": "ls", "cwd": "sub"}, filepath.Join(root, "sub"), runs},
		{"bash", map[string]any{"command": "ls", "description": "list"}, root, runs},
		{"run_shell_command", map[string]any{"command": "ls", "folder": "sub"}, root, []engine.Outcome{engine.Ask}},
		{"exec_command", map[string]any{"cmd": "ls", "work_dir": "sub"}, root, []engine.Outcome{engine.Ask}},
		{"Bash", map[string]any{"command": "ls", "workingDir": "sub"}, root, []engine.Outcome{engine.Ask}},
		{"shell", map[string]any{"command": "ls", "workdir": "a", "cwd": "b"}, root, []engine.Outcome{engine.Ask}},
		{"shell", map[string]any{"command": "ls", "cwd": 7}, root, []engine.Outcome{engine.Ask}},
	} {
		req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home, Tool: engine.ToolCall(tt.tool, tt.input)}
		req.FollowShellFolder(tt.input)
		if req.Cwd != tt.cwd {
			t.Errorf("%s %v: judged in %s, want %s", tt.tool, tt.input, req.Cwd, tt.cwd)
		}
		d := decide(t, p, req)
		if !slicesContains(tt.want, d.Outcome) {
			t.Errorf("%s %v: got %s by %s/%s (%s), want one of %v", tt.tool, tt.input, d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
		}
	}
}
