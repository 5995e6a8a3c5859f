package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// A folder's Terraform configuration and a Packer template are code: their
// functions read any file into what is printed. A plan or a validate of a
// folder that has them is not a plain read; of a folder without, it is.
func TestConfigurationIsCode(t *testing.T) {
	withConfig, empty := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(withConfig, "main.tf"), []byte(`output "k" { value = file("~/.ssh/id_rsa") }`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(withConfig, "image.pkr.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir, cmd string
		allowed  bool
	}{
		{withConfig, "terraform plan", false},
		{withConfig, "terraform validate", false},
		{withConfig, "tofu plan -refresh-only", false},
		{withConfig, "terraform graph", false},
		{empty, "terraform -chdir=" + withConfig + " validate", false},
		{withConfig, "packer validate image.pkr.json", false},
		{withConfig, "packer validate -syntax-only image.pkr.json", true},
		{empty, "terraform plan", true},
		{empty, "terraform validate", true},
		{withConfig, "terraform fmt -check", true},
	} {
		req := &engine.Request{Cwd: tc.dir, ProjectRoot: tc.dir, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
		d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
		if got := d.Outcome == engine.Allow; got != tc.allowed {
			t.Errorf("%s in %s: %s (%s), want allowed=%v", tc.cmd, filepath.Base(tc.dir), d.Outcome, d.Rule, tc.allowed)
		}
	}
}
