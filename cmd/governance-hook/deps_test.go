package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHookDependencies keeps the hook binary lean: Go runs the init of
// every linked package on every hook call, so these must never be linked.
func TestHookDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := []string{
		"github.com/santhosh-tekuri/jsonschema", // JSON Schema validation
		"github.com/hashicorp/go-plugin",        // plugins
		"google.golang.org/grpc",                // plugins
		"github.com/modelcontextprotocol",       // the MCP SDK
		"github.com/fsnotify",                   // config reload
		"github.com/google/cel-go", "cel.dev/",  // CEL
		"github.com/open-policy-agent",     // OPA
		"go.yaml.in/yaml", "gopkg.in/yaml", // YAML: the hook reads compiled snapshots
		"github.com/spf13/cobra",                            // the CLI
		"github.com/agentgov/governance/internal/mcpproxy",  // the MCP proxy
		"github.com/agentgov/governance/internal/proposals", // proposed rules
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if strings.HasPrefix(dep, f) {
				t.Errorf("governance-hook links %s", dep)
			}
		}
	}
}
