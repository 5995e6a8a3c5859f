package validate_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/validate"
	"github.com/agentgov/governance/template"
)

// The configuration that `governance init` writes is valid.
func TestTemplateFilesAreValid(t *testing.T) {
	t.Parallel()
	v, err := validate.New()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = fs.WalkDir(template.Files, "files", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		kind, ok := validate.KindOf(p)
		if !ok {
			return nil
		}
		data, err := fs.ReadFile(template.Files, p)
		if err != nil {
			return err
		}
		n++
		for _, pr := range v.Data(kind, p, data) {
			t.Errorf("%s", pr)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Errorf("only %d template files checked", n)
	}
}

func TestProblemsNameThePointer(t *testing.T) {
	t.Parallel()
	v, err := validate.New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind, name, data string
		want             []string
	}{
		{validate.State, "state.json", `{"version":1,"seq":2,"next_anchor":0,"anchors":null,"history":[{"seq":1,"time":"2026-01-01T00:00:00Z","kind":"phase"},{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"party"}]}`,
			[]string{"/history/1/kind: value must be one of"}},
		{validate.Session, "s.json", `{"version":1,"id":"s","started":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","starts":1,"compactions":0,"context_given":true,"metrics":{"failures":0,"denials":-1,"asks":0,"duration_ms":0},"agents":{"a/1":{"type":"x","depth":0,"started":"2026-01-01T00:00:00Z"}}}`,
			[]string{"/agents/a~11/depth: minimum", "/metrics/denials: minimum"}},
		{validate.Metrics, "metrics.json", `{"version":1,"failures":0,"denials":0,"asks":0,"duration_ms":0,"calls":{"shel":1}}`,
			[]string{"/calls: additional properties 'shel' not allowed"}},
		{validate.Config, "config.yaml", "default: sometimes\npurge:\n  session_max_age: forever\n", []string{"/default: value must be one of", "/purge/session_max_age: "}},
		{validate.Rules, "rules/a.yaml", "rules:\n  - id: x\n    match: {program: rm}\n    decision: deny\n", []string{`/rules/0: missing properties 'message', 'suggestion'`}},
		{validate.Agent, "agents/a.md", "---\nscope: everywhere\npermission:\n  shell: sometimes\n---\nbody\n", []string{"/permission", "/scope: value must be one of"}},
		// A byte-order mark does not hide the frontmatter: lint reads
		// past it too.
		{validate.Agent, "agents/bom.md", "\ufeff---\r\nscope: everywhere\r\n---\r\nbody\r\n", []string{"/scope: value must be one of"}},
		{validate.Cases, "tests/a.yaml", "cases:\n  - command: ls\n    expect: maybe\n", []string{"/cases/0/expect: value must be one of"}},
		{validate.State, "state.json", `{not json`, []string{"not valid JSON"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, p := range v.Data(tt.kind, tt.name, []byte(tt.data)) {
				got = append(got, p.String())
			}
			all := strings.Join(got, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("want %q in:\n%s", w, all)
				}
			}
		})
	}
}
