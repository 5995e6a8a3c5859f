package mcpproxy

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// filesystemServer finds the real filesystem server that
// scripts/install-test-tools installs, and the folder that holds it and
// its modules, which a confined server must be shown; it skips where
// they or bubblewrap are missing, and fails in CI.
func filesystemServer(t *testing.T) (server, modules string) {
	t.Helper()
	missing := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s in CI: scripts/install-test-tools installs it", why)
		}
		t.Skip(why)
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		missing("bwrap is not installed")
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed")
	}
	bin, err := filepath.Abs("../../.tools/mcp/node_modules/.bin")
	if err == nil {
		// Shown where they are: the program and its modules, links
		// resolved.
		server = filepath.Join(bin, "mcp-server-filesystem")
		modules, err = filepath.EvalSymlinks(filepath.Dir(bin))
	}
	if err != nil {
		missing("the MCP filesystem server is not installed")
	}
	return server, modules
}

// TestConfinedServer runs the real filesystem server confined, serving
// the whole project but declared to write only its data folder: it
// still serves its tools, through the proxy too, and the kernel keeps
// it from reading the project's secret and from writing anywhere else,
// whatever the policy would have judged.
func TestConfinedServer(t *testing.T) {
	t.Parallel()
	server, modules := filesystemServer(t)
	h := newHarness(t, setup{})
	project := h.paths.ProjectRoot
	data := filepath.Join(project, "data")
	for name, body := range map[string]string{".env": "API_TOKEN=hunter2\n", "notes.txt": "notes\n", "data/keep": ""} {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc := ServerConfig{Name: "files", Command: server, Args: []string{project},
		Confine: &Confine{Writable: []string{data}, ReadOnly: []string{modules}}}

	cmd, err := h.proxy.serverCommand(sc)
	if err != nil {
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	proc, tr, err := startProcess(cmd, stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(proc.stop)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), tr, nil)
	if err != nil {
		t.Fatalf("the confined server does not answer: %v; its stderr: %s", err, stderr)
	}
	t.Cleanup(func() { cs.Close() })
	call := func(tool string, args map[string]any) (string, bool) {
		t.Helper()
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		return text(res), res.IsError
	}

	if got, isErr := call("read_text_file", map[string]any{"path": filepath.Join(project, "notes.txt")}); isErr || got != "notes\n" {
		t.Errorf("reading notes.txt: %q (error %v)", got, isErr)
	}
	if got, isErr := call("read_text_file", map[string]any{"path": filepath.Join(project, ".env")}); strings.Contains(got, "hunter2") {
		t.Errorf("the confined server read the secret: %q (error %v)", got, isErr)
	}
	if got, isErr := call("write_file", map[string]any{"path": filepath.Join(data, "out.txt"), "content": "written"}); isErr {
		t.Errorf("writing in the declared folder failed: %s", got)
	}
	if b, err := os.ReadFile(filepath.Join(data, "out.txt")); err != nil || string(b) != "written" {
		t.Errorf("the write in the declared folder did not land: %q, %v", b, err)
	}
	if got, isErr := call("write_file", map[string]any{"path": filepath.Join(project, "planted.txt"), "content": "x"}); !isErr {
		t.Errorf("writing outside the declared folder succeeded: %s", got)
	}
	if _, err := os.Stat(filepath.Join(project, "planted.txt")); err == nil {
		t.Error("a file outside the declared folder was written")
	}
	if got, isErr := call("write_file", map[string]any{"path": filepath.Join(project, ".env"), "content": "x"}); !isErr {
		t.Errorf("overwriting the secret succeeded: %s", got)
	}

	// Through the proxy: its tools are listed under the server's name.
	p := New(Options{Config: &Config{ApprovalWait: DefaultApprovalWait, DecideTimeout: DefaultDecideTimeout, Servers: []ServerConfig{sc}},
		Paths: h.paths, Policy: NewStaticPolicy(testPolicy(t)), Stderr: stderr})
	p.Start(t.Context(), 10*time.Second)
	t.Cleanup(p.Close)
	var names []string
	for tool, err := range h.connect(p.agent, true).Tools(t.Context(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	if !slices.Contains(names, "files_read_text_file") {
		t.Errorf("the proxy does not list the confined server's tools: %v; its stderr: %s", names, stderr)
	}
}
