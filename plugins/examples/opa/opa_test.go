package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins/plugintest"
)

func shell(cmd string) *governance.Request {
	return &governance.Request{Harness: "claude", Event: "PreToolUse",
		Tool: governance.Tool{Kind: governance.KindShell, Name: "Bash", Input: governance.Input{Command: cmd}}}
}

// Calls go through a real gRPC connection, as from governance.
func TestRegoDecides(t *testing.T) {
	t.Parallel()
	ev := plugintest.Connect(t, New([]string{"testdata/policy"}, "testdata/data.json"))
	tests := []struct {
		name       string
		req        *governance.Request
		want       governance.Outcome
		rule, says string
		suggestion string
	}{
		{"deny reason", shell("cd infra && terraform destroy -auto-approve"), governance.Deny, denyQuery,
			"terraform destroy changes shared infrastructure, which only the platform pipeline does", "Rego policy"},
		{"deny object", shell("kubectl --context prod-eu delete pod x"), governance.Deny, denyQuery,
			"kubectl against the production cluster is not for agents", "Use the staging context"},
		{"ask reason", shell("npm install left-pad"), governance.Ask, askQuery,
			"adding a dependency needs a maintainer's approval", ""},
		{"data", &governance.Request{Tool: governance.Tool{Kind: governance.KindAgent, Input: governance.Input{Subagent: "deployer"}}},
			governance.Ask, askQuery, `subagent type "deployer" is not on the team's list`, ""},
		{"listed subagent", &governance.Request{Tool: governance.Tool{Kind: governance.KindAgent, Input: governance.Input{Subagent: "reviewer"}}},
			governance.NoOpinion, "", "", ""},
		{"no reason", shell("terraform plan"), governance.NoOpinion, "", "", ""},
		{"quoted words", shell(`'terraform' "apply"`), governance.Deny, denyQuery, "terraform apply", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v, err := ev.Evaluate(t.Context(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if v.Outcome != tt.want || v.Rule != tt.rule || !strings.Contains(v.Message, tt.says) ||
				!strings.Contains(v.Suggestion, tt.suggestion) {
				t.Errorf("verdict %+v; want %s by %q saying %q", v, tt.want, tt.rule, tt.says)
			}
		})
	}
}

func TestInput(t *testing.T) {
	t.Parallel()
	got := NewInput(&governance.Request{Harness: "claude", Tool: governance.Tool{Kind: governance.KindMCP, Name: "mcp__gh__issue",
		Input: governance.Input{Server: "gh", MCPTool: "issue", Arguments: []byte(`{"title":"x","n":2}`)}}})
	if got.Tool.Input.Arguments.(map[string]any)["title"] != "x" || got.Tool.Kind != "mcp" {
		t.Errorf("input %+v", got)
	}
	cmds := commands(`FOO=1 git -C "$DIR" push --force && echo 'done' | tee log`)
	want := [][]string{{"git", "-C", `"$DIR"`, "push", "--force"}, {"echo", "done"}, {"tee", "log"}}
	if !reflect.DeepEqual(cmds, want) {
		t.Errorf("commands = %q, want %q", cmds, want)
	}
}

// A policy that does not compile is an error that names the file, and
// a changed policy is compiled again.
func TestPolicyChanges(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "p.rego")
	write := func(src string, mtime time.Time) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	base := time.Now().Add(-time.Hour)
	write("package governance\ndeny contains \"no\" if {\n", base)
	ev := plugintest.Connect(t, New([]string{dir}, ""))
	if _, err := ev.Describe(t.Context()); err == nil || !strings.Contains(err.Error(), "p.rego:") {
		t.Fatalf("Describe error = %v, want one naming the file", err)
	}
	write("package governance\ndeny contains \"no shells today\" if input.tool.kind == \"shell\"\n", base.Add(time.Minute))
	v, err := ev.Evaluate(t.Context(), shell("ls"))
	if err != nil || v.Outcome != governance.Deny || v.Message != "no shells today" {
		t.Fatalf("after the fix: %+v, %v", v, err)
	}
}
