// Command mcp measures what the MCP policy proxy adds to a tool call: the
// same tools/call (server-everything's echo) made straight to the server
// and through `governance mcp-proxy` in front of it, both over stdio,
// interleaved call by call so that load on the machine affects them
// alike. It prints the latency percentiles of both and what the proxy
// adds at the median.
//
//	go run ./internal/bench/mcp -governance bin/governance -server .tools/mcp/node_modules/.bin/mcp-server-everything
//
// The proxy runs in a project of its own with the default policy, so
// every call is decided, recorded in a decision log (in a state folder of
// the bench's) and forwarded.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/bench/benchstat"
)

func main() {
	n := flag.Int("n", 400, "calls per path")
	warm := flag.Int("warmup", 50, "calls per path before measuring")
	governance := flag.String("governance", "bin/governance", "the governance program")
	server := flag.String("server", ".tools/mcp/node_modules/.bin/mcp-server-everything", "the MCP server")
	flag.Parse()
	if err := run(*governance, *server, *n, *warm); err != nil {
		fmt.Fprintln(os.Stderr, "mcp bench:", err)
		os.Exit(1)
	}
}

func run(governance, server string, n, warm int) error {
	governance, err := filepath.Abs(governance)
	if err != nil {
		return err
	}
	server, err = filepath.Abs(server)
	if err != nil {
		return err
	}
	if _, err := os.Stat(server); err != nil {
		return fmt.Errorf("%w (scripts/install-test-tools installs it)", err)
	}
	root, err := os.MkdirTemp("", "governance-mcp-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(project, ".governance"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	config := "servers:\n  everything:\n    command: " + server + "\n    args: [stdio]\n"
	if err := os.WriteFile(filepath.Join(project, ".governance", "mcp-proxy.yaml"), []byte(config), 0o644); err != nil {
		return err
	}

	ctx := context.Background()
	connect := func(cmd *exec.Cmd) (*mcp.ClientSession, error) {
		return mcp.NewClient(&mcp.Implementation{Name: "bench"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	}
	direct, err := connect(exec.Command(server, "stdio"))
	if err != nil {
		return fmt.Errorf("the server: %w", err)
	}
	defer direct.Close()
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_STATE_HOME="+filepath.Join(home, ".local", "state"))
	// The servers a project's proxy configuration starts run once the
	// person trusts the project.
	trust := exec.Command(governance, "trust")
	trust.Dir, trust.Env = project, env
	if out, err := trust.CombinedOutput(); err != nil {
		return fmt.Errorf("governance trust: %w: %s", err, out)
	}
	cmd := exec.Command(governance, "mcp-proxy")
	cmd.Dir = project
	cmd.Env = env
	proxied, err := connect(cmd)
	if err != nil {
		return fmt.Errorf("the proxy: %w", err)
	}
	defer proxied.Close()

	type path struct {
		name string
		cs   *mcp.ClientSession
		tool string
		d    []time.Duration
	}
	paths := []*path{{name: "direct", cs: direct, tool: "echo"}, {name: "through the proxy", cs: proxied, tool: "everything_echo"}}
	for i := range warm + n {
		for _, p := range paths {
			start := time.Now()
			res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: p.tool, Arguments: map[string]any{"message": "bench"}})
			if err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
			if res.IsError {
				return fmt.Errorf("%s: the call failed: %v", p.name, res.Content)
			}
			if i >= warm {
				p.d = append(p.d, time.Since(start))
			}
		}
	}
	fmt.Println(benchstat.Header(28, "tools/call (echo)"))
	for _, p := range paths {
		fmt.Println(benchstat.Row(28, p.name, p.d))
	}
	fmt.Printf("the proxy adds %s at p50 (%d calls each)\n",
		benchstat.Millis(benchstat.Percentile(paths[1].d, 50)-benchstat.Percentile(paths[0].d, 50)), n)
	return nil
}
