package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The proxy, as its command, runs the real filesystem server confined as
// its configuration says: the tools are served, a write in the declared
// folder lands, and a write the policy allows elsewhere in the folder
// the server serves is refused by the kernel.
func TestMCPProxyConfinedServer(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bwrap"); err != nil {
		notInstalled(t, "bwrap is not installed")
	}
	_, filesystem := mcpServers(t)
	modules, err := filepath.EvalSymlinks(filepath.Dir(filepath.Dir(filesystem)))
	if err != nil {
		t.Fatal(err)
	}
	pp := newProxyProject(t, `    confine: {writable: ["${BOX}/out"], read_only: ["${BOX}", "${MODULES}"]}`+"\n")
	if err := os.MkdirAll(filepath.Join(pp.sandbox, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	pp.env = append(pp.env, "BOX="+pp.sandbox, "MODULES="+modules)
	cs, _ := pp.start(t)
	ctx := t.Context()

	var listed bool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = listed || tool.Name == "files_write_file"
	}
	if !listed {
		t.Fatal("the confined server's tools are not listed")
	}
	write := func(path string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "files_write_file", Arguments: map[string]any{"path": path, "content": "x"}})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return res
	}
	declared := filepath.Join(pp.sandbox, "out", "kept.txt")
	if res := write(declared); res.IsError {
		t.Errorf("the write in the declared folder failed: %s", callText(res))
	}
	if data, err := os.ReadFile(declared); err != nil || string(data) != "x" {
		t.Errorf("the write in the declared folder: %q %v", data, err)
	}
	undeclared := filepath.Join(pp.sandbox, "undeclared.txt")
	if res := write(undeclared); !res.IsError {
		t.Errorf("the write outside the declared folder succeeded: %s", callText(res))
	}
	if _, err := os.Stat(undeclared); !os.IsNotExist(err) {
		t.Errorf("%s exists (%v)", undeclared, err)
	}
}
