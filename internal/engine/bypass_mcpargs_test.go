package engine_test

import (
	"encoding/json"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// mcpArgCases name a secret file in an MCP call's argument under a key
// that holds no path: a git revision and path, which mcp-server-git's
// git_show prints as the blob, or a bare name under any key. The call is
// judged as reading the file; arguments that name no secret keep the
// call's outcome.
var mcpArgCases = []struct {
	family, server, tool, args string
	want                       []engine.Outcome
}{
	{"mcp-arg-revision", "git", "git_show", `{"repo_path":"` + root + `","revision":"HEAD:.env"}`, blocked},
	{"mcp-arg-revision", "git", "git_show", `{"repo_path":"` + root + `","revision":"HEAD~3:config/.env"}`, blocked},
	{"mcp-arg-revision", "git", "git_show", `{"repo_path":"` + root + `","revision":":0:.env"}`, blocked},
	{"mcp-arg-revision", "git", "git_show", `{"repo_path":"` + root + `","revision":"v1.2:.env.production"}`, blocked},
	{"mcp-arg-revision", "git", "git_diff", `{"repo_path":"` + root + `","target":"HEAD:.env"}`, blocked},
	{"mcp-arg-revision", "git", "git_show", `{"repo_path":"` + root + `/sub","revision":"HEAD:../.env"}`, blocked},
	{"mcp-arg-revision", "gitlab", "get_file", `{"project":"x","ref":"main","file":{"name":"HEAD:.env"}}`, blocked},
	{"mcp-arg-revision", "files", "read", `{"path":"HEAD:.env"}`, blocked},
	{"mcp-arg-name", "repo", "blob", `{"repo":"` + root + `","object":".env"}`, blocked},
	{"mcp-arg-name", "repo", "blob", `{"objects":["README.md","HEAD:.aws/credentials"]}`, blocked},
	{"mcp-arg-name", "keys", "show", `{"which":"` + home + `/.ssh/id_ed25519"}`, blocked},
	{"mcp-arg-harmless", "git", "git_show", `{"repo_path":"` + root + `","revision":"HEAD~1"}`, runs},
	{"mcp-arg-harmless", "git", "git_show", `{"repo_path":"` + root + `","revision":"HEAD:src/main.go"}`, runs},
	{"mcp-arg-harmless", "git", "git_commit", `{"repo_path":"` + root + `","message":"load .env in tests"}`, runs},
	{"mcp-arg-harmless", "git", "git_log", `{"repo_path":"` + root + `","max_count":10}`, runs},
}

func TestBypassMCPArguments(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tt := range mcpArgCases {
		t.Run(tt.family+"/"+tt.tool+"/"+tt.args, func(t *testing.T) {
			t.Parallel()
			var args map[string]any
			if err := json.Unmarshal([]byte(tt.args), &args); err != nil {
				t.Fatal(err)
			}
			req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
				Tool: engine.MCPTool("mcp__"+tt.server+"__"+tt.tool, tt.server, tt.tool, args)}
			d := decide(t, p, req)
			if !slicesContains(tt.want, d.Outcome) {
				t.Errorf("%s %s: got %s by %s/%s (%s), want one of %v", tt.tool, tt.args, d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
			}
			if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
				t.Errorf("%s %s: %s without a message or a suggestion", tt.tool, tt.args, d.Outcome)
			}
		})
	}
}
