package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// sandboxTree makes a real project with the symbolic links sandboxes
// must see through: a link inside the project to a folder outside it, and
// a project folder reached through a linked parent.
func sandboxTree(t *testing.T) (proj, outside, homeDir string) {
	t.Helper()
	// Not under the system's temporary folder: temporary files are open
	// to every caller, and these must not be.
	dir, err := os.MkdirTemp(".", ".sandbox-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	base, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if base, err = filepath.Abs(base); err != nil {
		t.Fatal(err)
	}
	proj, outside, homeDir = filepath.Join(base, "proj"), filepath.Join(base, "outside"), filepath.Join(base, "home")
	for _, d := range []string{filepath.Join(proj, "results"), filepath.Join(proj, "src"), outside, homeDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// results/escape points outside; linked-results is the results
	// folder under another name.
	must(t, os.Symlink(outside, filepath.Join(proj, "results", "escape")))
	must(t, os.Symlink(filepath.Join(proj, "results"), filepath.Join(proj, "linked-results")))
	must(t, os.Symlink(outside, filepath.Join(proj, "src", "vendor")))
	return proj, outside, homeDir
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// rolePolicy is the built-in policy with the roles of the example.
func rolePolicy() *engine.Policy {
	p := builtin(engine.DefaultSettings())
	p.Roles = []engine.Role{
		{Name: "orchestrator", Scope: engine.ScopeGlobal, Source: "config.yaml:3",
			AllowedTools: []string{"shell", "edit", "write", "read", "mcp:*"},
			DeniedTools:  []string{"mcp:github_delete_*"},
			Sandbox: engine.Sandbox{FSWrite: []string{"{PROJECT_ROOT}/results/**", "{PROJECT_ROOT}/proposals/**"}, FSWriteSet: true,
				ExecAllowlist: []string{"python3", "node", "rg", "git", "cat", "ls", "cp", "tee", "sed", "rm", "touch", "mkdir", "dd", "mv"}, ExecSet: true,
				NoNet: true}},
		{Name: "reader", Scope: engine.ScopeGlobal, AllowedTools: []string{"read", "shell", "write"},
			Sandbox: engine.Sandbox{FSWriteSet: true}},
	}
	return p
}

func roleShell(proj, home, role, cmd string) *engine.Request {
	return &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home, Role: role,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
}

func roleTool(proj, home, role string, tool engine.Tool) *engine.Request {
	return &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home, Role: role, Tool: tool}
}

func TestSandbox(t *testing.T) {
	t.Parallel()
	proj, outside, homeDir := sandboxTree(t)
	p := rolePolicy()
	write := func(path string) engine.Tool {
		return engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{path}}}
	}
	tests := []struct {
		name string
		req  *engine.Request
		want engine.Outcome
		rule string
	}{
		// fs_write through file tools.
		{"write inside the sandbox", roleTool(proj, homeDir, "orchestrator", write(proj+"/results/out.json")), engine.Defer, "default"},
		{"the sandbox folder itself", roleShell(proj, homeDir, "orchestrator", "mkdir -p results"), engine.Defer, "default"},
		{"write elsewhere in the project", roleTool(proj, homeDir, "orchestrator", write(proj+"/src/main.go")), engine.Deny, "sandbox:fs_write"},
		{"climbing out with ..", roleTool(proj, homeDir, "orchestrator", write(proj+"/results/../src/x.go")), engine.Deny, "sandbox:fs_write"},
		{"a link inside that points outside", roleTool(proj, homeDir, "orchestrator", write(proj+"/results/escape/x")), engine.Deny, "sandbox:fs_write"},
		{"a new file under a linked folder", roleTool(proj, homeDir, "orchestrator", write(proj+"/results/escape/new/deep.txt")), engine.Deny, "sandbox:fs_write"},
		{"a linked parent that leads into the sandbox", roleTool(proj, homeDir, "orchestrator", write(proj+"/linked-results/x.txt")), engine.Defer, "default"},
		// fs_write through the shell.
		{"redirect", roleShell(proj, homeDir, "orchestrator", "echo x > src/a.txt"), engine.Deny, "sandbox:fs_write"},
		{"redirect into the sandbox", roleShell(proj, homeDir, "orchestrator", "echo x > results/a.txt"), engine.Defer, "default"},
		{"cp", roleShell(proj, homeDir, "orchestrator", "cp results/a.txt src/"), engine.Deny, "sandbox:fs_write"},
		{"mv", roleShell(proj, homeDir, "orchestrator", "mv results/a.txt ../outside/"), engine.Deny, ""},
		{"tee", roleShell(proj, homeDir, "orchestrator", "ls | tee src/listing"), engine.Deny, "sandbox:fs_write"},
		{"sed -i", roleShell(proj, homeDir, "orchestrator", "sed -i s/a/b/ src/main.go"), engine.Deny, "sandbox:fs_write"},
		{"rm through a link", roleShell(proj, homeDir, "orchestrator", "rm results/escape/data.db"), engine.Deny, "sandbox:fs_write"},
		{"touch", roleShell(proj, homeDir, "orchestrator", "touch src/vendor/x"), engine.Deny, "sandbox:fs_write"},
		{"dd of=", roleShell(proj, homeDir, "orchestrator", "dd if=/dev/zero of=src/blob bs=1 count=1"), engine.Deny, "sandbox:fs_write"},
		{"cd then write", roleShell(proj, homeDir, "orchestrator", "cd src && echo x > y"), engine.Deny, "sandbox:fs_write"},
		{"a role with no writes", roleTool(proj, homeDir, "reader", write(proj+"/results/x")), engine.Deny, "sandbox:fs_write"},
		// exec_allowlist, after unwrapping.
		{"allowed program", roleShell(proj, homeDir, "orchestrator", "rg TODO src"), engine.Allow, ""},
		{"builtins need no listing", roleShell(proj, homeDir, "orchestrator", "cd src && pwd"), engine.Allow, ""},
		{"a program off the list", roleShell(proj, homeDir, "orchestrator", "make build"), engine.Deny, "sandbox:exec"},
		{"unwrapped", roleShell(proj, homeDir, "orchestrator", "timeout 5 env FOO=1 make"), engine.Deny, "sandbox:exec"},
		{"inside bash -c", roleShell(proj, homeDir, "orchestrator", "bash -c 'ls && perl -e 1'"), engine.Deny, "sandbox:exec"},
		{"in a pipeline", roleShell(proj, homeDir, "orchestrator", "cat src/a | awk '{print}'"), engine.Deny, "sandbox:exec"},
		// net: false.
		{"curl", roleShell(proj, homeDir, "orchestrator", "curl -s https://example.com"), engine.Deny, "sandbox:exec"},
		{"git push", roleShell(proj, homeDir, "orchestrator", "git push origin main"), engine.Deny, "sandbox:net"},
		{"git fetch", roleShell(proj, homeDir, "orchestrator", "git fetch"), engine.Deny, "sandbox:net"},
		{"git status is local", roleShell(proj, homeDir, "orchestrator", "git status"), engine.Allow, ""},
		{"web fetch", roleTool(proj, homeDir, "orchestrator", engine.Tool{Kind: engine.KindWeb, Name: "WebFetch",
			Input: engine.Input{URL: "https://example.com"}}), engine.Deny, "role:orchestrator"},
		// Tool lists.
		{"an allowed MCP tool", roleTool(proj, homeDir, "orchestrator", engine.Tool{Kind: engine.KindMCP, Name: "mcp__github__get_issue",
			Input: engine.Input{Server: "github", MCPTool: "get_issue"}}), engine.Defer, "default"},
		{"a denied MCP tool", roleTool(proj, homeDir, "orchestrator", engine.Tool{Kind: engine.KindMCP, Name: "mcp__github__delete_repo",
			Input: engine.Input{Server: "github", MCPTool: "delete_repo"}}), engine.Deny, "role:orchestrator"},
		{"a tool kind off the list", roleTool(proj, homeDir, "reader", engine.Tool{Kind: engine.KindAgent, Name: "Agent",
			Input: engine.Input{Subagent: "general-purpose"}}), engine.Deny, "role:reader"},
		{"an undefined role", roleShell(proj, homeDir, "ghost", "ls"), engine.Deny, "unknown-role"},
		{"humans are not sandboxed", roleShell(proj, homeDir, "human", "make build"), engine.Defer, "default"},
		{"ai without a definition is not sandboxed", roleShell(proj, homeDir, "ai", "make build"), engine.Defer, "default"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, p, tt.req)
			if d.Outcome != tt.want || tt.rule != "" && d.Rule != tt.rule {
				t.Errorf("got %s by %s/%s (%s), want %s by %s", d.Outcome, d.Layer, d.Rule, d.Message, tt.want, tt.rule)
			}
			if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
				t.Errorf("a deny without message or suggestion: %+v", d)
			}
		})
	}
	_ = outside
}

// The never-exposed list holds for every role but human, whatever the
// configuration says: a role that allows the governance CLI, or an agent
// file that claims the human role, does not open it; configuration can
// add entries.
func TestNeverExposed(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	p.Roles = []engine.Role{{Name: "admin-bot", AllowedTools: []string{"*", "governance:*"}}}
	p.Settings.NeverExposed = []string{"mcp:vault_*", "governance:status"}
	mcp := engine.Tool{Kind: engine.KindMCP, Name: "mcp__vault__read", Input: engine.Input{Server: "vault", MCPTool: "read"}}
	tests := []struct {
		name string
		req  *engine.Request
		want engine.Outcome
	}{
		{"approving, for a role that allows everything", roleShell(root, home, "admin-bot", "governance approvals approve 12"), engine.Deny},
		{"switching enforcement", roleShell(root, home, "ai", "governance enforce off"), engine.Deny},
		{"promoting learned policy", roleShell(root, home, "ai", "governance learn promote 3"), engine.Deny},
		{"through a wrapper", roleShell(root, home, "ai", "sudo -u me /usr/local/bin/governance approvals deny 4"), engine.Deny},
		{"inside bash -c", roleShell(root, home, "ai", "bash -c 'governance review --confirm L1'"), engine.Deny},
		{"writing the configuration", fileReq(engine.KindWrite, root+"/.governance/config.yaml"), engine.Deny},
		{"writing hook settings", fileReq(engine.KindEdit, root+"/.claude/settings.json"), engine.Deny},
		{"an entry the configuration added", roleTool(root, home, "ai", mcp), engine.Deny},
		{"another entry the configuration added", roleShell(root, home, "ai", "governance status"), engine.Deny},
		{"a human may", roleShell(root, home, "human", "governance approvals approve 12"), engine.Defer},
		{"read-only forms stay open", roleShell(root, home, "ai", "governance approvals list"), engine.Defer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, p, tt.req)
			if d.Outcome != tt.want {
				t.Errorf("got %s by %s/%s, want %s", d.Outcome, d.Layer, d.Rule, tt.want)
			}
		})
	}
}

// A registered project confines AI callers: paths outside its root are
// denied unless a rule allows them; links are followed.
func TestProjectConfinement(t *testing.T) {
	t.Parallel()
	proj, outside, homeDir := sandboxTree(t)
	// The temporary folder is the sandbox's own, so that the test holds
	// wherever the checkout is, /tmp included.
	tmp := filepath.Join(filepath.Dir(proj), "tmp")
	p := builtin(engine.DefaultSettings())
	p.Projects = []string{proj}
	allowShared, err := engine.CompileRule(engine.RuleSpec{ID: "shared-docs", Decision: engine.Allow,
		Match: []engine.MatchSpec{{Paths: []string{outside + "/docs/**"}}}}, engine.ScopeGlobal)
	must(t, err)
	p.Rules = append(p.Rules, allowShared)
	read := func(path string) engine.Tool {
		return engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{path}}}
	}
	tests := []struct {
		name string
		req  *engine.Request
		want engine.Outcome
	}{
		{"inside", roleTool(proj, homeDir, "", read(proj+"/src/main.go")), engine.Allow},
		{"outside", roleTool(proj, homeDir, "", read(outside+"/notes.txt")), engine.Deny},
		{"through a link inside", roleTool(proj, homeDir, "", read(proj+"/src/vendor/lib.go")), engine.Deny},
		{"climbing out", roleShell(proj, homeDir, "", "cat ../outside/notes.txt"), engine.Deny},
		{"allowed by a rule", roleTool(proj, homeDir, "", read(outside+"/docs/guide.md")), engine.Allow},
		{"temporary files stay open", roleShell(proj, homeDir, "", "echo x > "+tmp+"/scratch.txt"), engine.Defer},
		{"humans are not confined", roleTool(proj, homeDir, "human", read(outside+"/notes.txt")), engine.Allow},
		{"outside any registered project", roleTool(outside, homeDir, "", read(outside+"/notes.txt")), engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine.NewEngine(p)
			e.TempDirs = []string{tmp}
			d := e.Decide(t.Context(), tt.req)
			if d.Outcome != tt.want {
				t.Errorf("got %s by %s/%s (%s), want %s", d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
			}
		})
	}
}
