package main

import (
	"os/exec"
	"slices"
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
		"google.golang.org/protobuf",            // plugins
		"github.com/agentgov/governance/plugins", "github.com/agentgov/governance/internal/pluginhost",
		"github.com/agentgov/governance/internal/pluginwire", // plugins: a cold start goes through governance
		"github.com/modelcontextprotocol",                    // the MCP SDK
		"github.com/fsnotify",                                // config reload
		"github.com/google/cel-go", "cel.dev/",               // CEL
		"github.com/open-policy-agent",     // OPA
		"go.yaml.in/yaml", "gopkg.in/yaml", // YAML: the hook reads compiled snapshots
		"github.com/spf13/cobra", // the CLI
		"go.starlark.net",        // executable rules: the daemon or governance runs them
		// HTTP: linking net/http costs every hook process about 1.5 ms of
		// initialisation; the daemon serves HTTP and the gatekeeper's HTTP
		// providers run as `governance gatekeeper complete`.
		"net/http", "crypto/tls", "github.com/agentgov/governance/internal/gatekeeper/provider",
		"net/url", // with net/netip, init work on every call; hooks parse the little they need
		"github.com/agentgov/governance/internal/mcpproxy",  // the MCP proxy
		"github.com/agentgov/governance/internal/proposals", // proposed rules
		// Policy bundles: governance bundle pull fetches and verifies them;
		// the hook reads the active one through the compiled snapshot.
		"github.com/agentgov/governance/internal/bundle", "github.com/google/go-containerregistry",
		"crypto/x509", "crypto/rsa", "crypto/ecdsa", "encoding/pem",
		// Secret masking uses gitleaks' rules as generated data
		// (internal/leakrules): never the gitleaks library, nor a TOML
		// parser to read its rules.
		"github.com/zricethezav/gitleaks", "github.com/BurntSushi/toml",
		// Approval notifications: the hook starts `governance notify`,
		// which shows the desktop notification and calls the webhooks.
		"github.com/agentgov/governance/internal/notify",
		// Landlock: only the launcher confines with it, never the hook.
		"github.com/agentgov/governance/internal/confine/landlock", "github.com/landlock-lsm/go-landlock",
		"kernel.org/pub/linux/libs/security/libcap/psx",
		// Man pages: governance man generates them with cobra/doc.
		"github.com/spf13/cobra/doc", "github.com/cpuguy83/go-md2man", "github.com/russross/blackfriday",
		// Executable formats and their compression (debug/buildinfo links
		// debug/elf, debug/dwarf, compress/flate and internal/zstd, whose
		// inits ran on every call): the go command's version is read from
		// the section headers by internal/programs.
		"debug/", "compress/", "internal/zstd",
	}
	// Packages forbidden themselves, whose subpackages the hook may link.
	forbiddenExact := []string{
		// The confinement launcher (its flags, profile and bubblewrap
		// arguments): the hook finds it through internal/confine/locate.
		"github.com/agentgov/governance/internal/confine",
		// The public root is for plugins and embedding programs; inside
		// the module the engine is internal/engine.
		"github.com/agentgov/governance/governance",
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if strings.HasPrefix(dep, f) {
				t.Errorf("governance-hook links %s", dep)
			}
		}
		if slices.Contains(forbiddenExact, dep) {
			t.Errorf("governance-hook links %s", dep)
		}
	}
}

// TestHooksProtocolOnly keeps the hooks package to the harness protocol:
// decoding a dialect's event and encoding the reply. Loading the
// configuration, reaching the evaluators and forwarding to another
// process are the pipeline's (internal/pipeline), which every entry point
// shares.
func TestHooksProtocolOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "github.com/agentgov/governance/hooks").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := strings.Fields(string(out))
	if !slices.Contains(imports, "github.com/agentgov/governance/internal/pipeline") {
		t.Errorf("hooks does not import internal/pipeline: %v", imports)
	}
	forbidden := []string{
		// configuration loading
		"github.com/agentgov/governance/internal/snapshot", "github.com/agentgov/governance/internal/config",
		// evaluators
		"github.com/agentgov/governance/internal/gatekeeper", "github.com/agentgov/governance/internal/plugineval",
		"github.com/agentgov/governance/internal/pluginhost", "github.com/agentgov/governance/plugins",
		// forwarding to the daemon
		"github.com/agentgov/governance/internal/daemonproto",
	}
	for _, imp := range imports {
		for _, f := range forbidden {
			if imp == f || strings.HasPrefix(imp, f+"/") {
				t.Errorf("hooks imports %s", imp)
			}
		}
	}
}
