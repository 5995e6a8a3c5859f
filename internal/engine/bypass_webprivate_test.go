package engine_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassWebToolPrivate: a web tool's URL goes through the judgement
// a shell client's does: a cloud metadata service refused in every
// spelling, a private network's address refused as private-network
// refuses curl's, a control plane on this machine asked about. Every
// one was a defer (run unasked in bypass mode) while curl to the same
// was denied. Gemini's web_fetch fetches each URL of its prompt.
func TestBypassWebToolPrivate(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		tool  string
		input map[string]any
		want  []engine.Outcome
	}{
		{"WebFetch", map[string]any{"url": "http://169.254.169.254/latest/meta-data/iam/security-credentials/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://0xa9fea9fe/latest/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://2852039166/latest/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://metadata.google.internal/computeMetadata/v1/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://[fd00:ec2::254]/latest/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "169.254.169.254/latest/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://10.0.0.1/admin", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://192.168.1.1/", "prompt": "x"}, blocked},
		{"WebFetch", map[string]any{"url": "http://127.0.0.1:2375/containers/json", "prompt": "x"}, stopped},
		{"WebFetch", map[string]any{"url": "http://localhost:8001/api/v1/secrets", "prompt": "x"}, stopped},
		{"web_fetch", map[string]any{"prompt": "summarize https://example.com and http://169.254.169.254/latest/meta-data/"}, blocked},
		{"web_fetch", map[string]any{"prompt": "read http://localhost:8500/v1/kv/?recurse please"}, stopped},
		{"webfetch", map[string]any{"url": "http://[::1]:15000/config_dump"}, stopped},
		{"WebFetch", map[string]any{"url": "http://127.0.0.1:9999/api/v1/namespaces%2Fdefault%2F%73ecrets", "prompt": "x"}, stopped},
		{"web", map[string]any{"url": "http://0x7f000001:8001/api/v1/secrets"}, stopped},
		// Public pages and a developer's server stay as they were.
		{"WebFetch", map[string]any{"url": "https://example.com/docs", "prompt": "x"}, runs},
		{"WebFetch", map[string]any{"url": "http://localhost:3000/", "prompt": "x"}, runs},
		{"WebSearch", map[string]any{"query": "what is http://169.254.169.254"}, runs},
	} {
		req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home, Tool: engine.ToolCall(tc.tool, tc.input)}
		d := decide(t, p, req)
		if !slices.Contains(tc.want, d.Outcome) {
			t.Errorf("%s %v: got %s by %s/%s (%s), want one of %v", tc.tool, tc.input, d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
		}
	}
}
