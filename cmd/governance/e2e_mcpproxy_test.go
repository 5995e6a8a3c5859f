package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/mcpproxy"
)

// mcpServers finds the real MCP servers that scripts/install-test-tools
// installs from npm at pinned versions. In CI a missing one is a failure.
func mcpServers(t *testing.T) (everything, filesystem string) {
	t.Helper()
	bin, err := filepath.Abs("../../.tools/mcp/node_modules/.bin")
	if err == nil {
		everything, filesystem = filepath.Join(bin, "mcp-server-everything"), filepath.Join(bin, "mcp-server-filesystem")
		_, err = os.Stat(everything)
		if err == nil {
			_, err = os.Stat(filesystem)
		}
	}
	if err == nil {
		if _, err = exec.LookPath("node"); err == nil {
			return everything, filesystem
		}
	}
	notInstalled(t, fmt.Sprintf("the MCP test servers are not installed (%v)", err))
	return "", ""
}

// proxyProject is a project with the proxy's configuration in front of
// both real servers, and rules for them.
type proxyProject struct {
	dir, home, sandbox string
	env                []string
}

func newProxyProject(t *testing.T, extra string) *proxyProject {
	t.Helper()
	everything, filesystem := mcpServers(t)
	dir, home := project(t)
	sandbox, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pp := &proxyProject{dir: dir, home: home, sandbox: sandbox,
		env: homeEnv(home, "GOVERNANCE_TEST_RUN=governance", "GOVERNANCE_NO_NOTIFY=1")}
	writeFile(t, filepath.Join(dir, ".governance", "mcp-proxy.yaml"), "servers:\n"+
		"  everything:\n    command: "+everything+"\n    args: [stdio]\n"+
		"  files:\n    command: "+filesystem+"\n    args: ["+sandbox+"]\n"+extra)
	writeFile(t, filepath.Join(dir, ".governance", "rules", "mcp.yaml"), `rules:
  - id: no-env
    match: {server: everything, mcp_tool: get-env}
    decision: deny
    message: The environment holds secrets.
    suggestion: Ask the user for the value you need.
  - id: files-stay-in-sandbox
    match:
      server: files
      mcp_tool: [write_file, edit_file, create_directory, move_file]
      not_arguments: {path: "`+sandbox+`/**"}
    decision: deny
    message: Files are written only in the sandbox.
    suggestion: Write under `+sandbox+`.
`)
	// The servers the project's proxy configuration starts run once the
	// person trusts the project's policy.
	if _, err := run(t, dir, home, "governance", nil, nil, "trust"); err != nil {
		t.Fatal(err)
	}
	return pp
}

// start runs the proxy as its own process, with a real MCP client on its
// stdin and stdout.
func (pp *proxyProject) start(t *testing.T) (*mcp.ClientSession, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "mcp-proxy")
	cmd.Dir, cmd.Env, cmd.Stderr = pp.dir, pp.env, &testWriter{t: t}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e"}, nil).Connect(t.Context(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, cmd
}

// testWriter logs a process's stderr with the test.
type testWriter struct{ t *testing.T }

func (w *testWriter) Write(b []byte) (int, error) {
	w.t.Logf("proxy: %s", strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

func callText(res *mcp.CallToolResult) string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return strings.Join(out, "\n")
}

// The proxy in front of the real reference servers, driven by a real
// client over stdio.
func TestMCPProxyEndToEnd(t *testing.T) {
	t.Parallel()
	pp := newProxyProject(t, "")
	cs, cmd := pp.start(t)
	ctx := t.Context()

	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	for _, want := range []string{"everything_echo", "everything_get-sum", "files_write_file", "files_read_text_file", "governance_propose_rule"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s is not listed (%v)", want, names)
		}
	}
	if slices.Contains(names, "everything_get-env") {
		t.Error("everything_get-env is listed though the policy denies it")
	}

	t.Run("an allowed call returns the server's content", func(t *testing.T) {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything_echo", Arguments: map[string]any{"message": "hello"}})
		if err != nil || callText(res) != "Echo: hello" {
			t.Fatalf("got %v %v", res, err)
		}
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything_get-sum", Arguments: map[string]any{"a": 2, "b": 3}})
		if err != nil || !strings.Contains(callText(res), "5") {
			t.Fatalf("get-sum: %v %v", res, err)
		}
	})

	t.Run("a denied call returns the exact code", func(t *testing.T) {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything_get-env", Arguments: map[string]any{}})
		var we *jsonrpc.Error
		if !errors.As(err, &we) {
			t.Fatalf("got %v", err)
		}
		var data mcpproxy.DenialData
		if we.Code != -32951 || we.Message != "policy_denied_continue: The environment holds secrets. (rule no-env) Suggestion: Ask the user for the value you need." || json.Unmarshal(we.Data, &data) != nil ||
			data != (mcpproxy.DenialData{Decision: "deny", Server: "everything", Tool: "get-env",
				Reason: "The environment holds secrets. (rule no-env)", Suggestion: "Ask the user for the value you need."}) {
			t.Errorf("got %d %q %s", we.Code, we.Message, we.Data)
		}
	})

	t.Run("a write outside the allowed folder is denied and leaves no file", func(t *testing.T) {
		outside := filepath.Join(filepath.Dir(pp.sandbox), "outside-"+filepath.Base(pp.sandbox)+".txt")
		climbing := pp.sandbox + "/../climbed-" + filepath.Base(pp.sandbox) + ".txt"
		for _, path := range []string{outside, climbing} {
			_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "files_write_file", Arguments: map[string]any{"path": path, "content": "x"}})
			var we *jsonrpc.Error
			if !errors.As(err, &we) || we.Code != -32951 || !strings.Contains(string(we.Data), "files-stay-in-sandbox") {
				t.Errorf("%s: got %v", path, err)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("%s exists after the denied write (%v)", path, err)
			}
		}
		inside := filepath.Join(pp.sandbox, "inside.txt")
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "files_write_file",
			Arguments: map[string]any{"path": inside, "content": "kept"}}); err != nil {
			t.Fatal(err)
		}
		if data, err := os.ReadFile(inside); err != nil || string(data) != "kept" {
			t.Errorf("the write inside: %q %v", data, err)
		}
	})

	t.Run("a server that dies gives clear errors and is started again", func(t *testing.T) {
		var server int
		for _, pid := range children(cmd.Process.Pid) {
			if line, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); strings.Contains(string(line), "mcp-server-everything") {
				server = pid
			}
		}
		if server == 0 {
			// Only Linux has /proc; there the server must be found.
			if runtime.GOOS != "linux" {
				t.Skip("no server-everything process found under /proc")
			}
			t.Fatal("no server-everything process found under /proc")
		}
		if err := syscall.Kill(server, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything_echo", Arguments: map[string]any{"message": "down"}})
		var we *jsonrpc.Error
		if !errors.As(err, &we) || we.Code != -32000 || !strings.HasPrefix(we.Message, "upstream_unavailable: everything: ") {
			t.Errorf("a call while the server is down: %v", err)
		}
		// The files server never noticed.
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "files_list_allowed_directories", Arguments: map[string]any{}}); err != nil {
			t.Errorf("the other server: %v", err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything_echo", Arguments: map[string]any{"message": "back"}})
			if err == nil && callText(res) == "Echo: back" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server did not come back: %v", err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})

	t.Run("every call is in the decision log", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(pp.home, ".local", "state", "governance", "decisions.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), `"harness":"mcp-proxy"`); n < 6 {
			t.Errorf("%d entries of the proxy in the decision log, want 6:\n%s", n, data)
		}
	})
}

// Killing the proxy, however it is killed, leaves no server running.
func TestMCPProxyKilledLeavesNoServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			pp := newProxyProject(t, "")
			cs, cmd := pp.start(t)
			if _, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "everything_echo", Arguments: map[string]any{"message": "up"}}); err != nil {
				t.Fatal(err)
			}
			servers := children(cmd.Process.Pid)
			if len(servers) != 2 {
				t.Fatalf("the proxy runs %d processes, want the 2 servers", len(servers))
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			for _, pid := range servers {
				deadline := time.Now().Add(15 * time.Second)
				for alive(pid) && time.Now().Before(deadline) {
					time.Sleep(50 * time.Millisecond)
				}
				if alive(pid) {
					t.Errorf("server process %d outlived the proxy (%s)", pid, sig)
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		})
	}
}

// children lists the processes whose parent is pid.
func children(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if _, ppid, ok := procStat(p); ok && ppid == pid {
			out = append(out, p)
		}
	}
	return out
}

// alive reports a process that exists and is not a zombie.
func alive(pid int) bool {
	state, _, ok := procStat(pid)
	return ok && state != "Z" && state != "X"
}

// procStat reads a process's state and parent from /proc.
func procStat(pid int) (state string, ppid int, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", 0, false
	}
	// The name is in parentheses and may hold spaces: fields follow the
	// last ')'.
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 2 {
		return "", 0, false
	}
	ppid, _ = strconv.Atoi(fields[1])
	return fields[0], ppid, true
}

// Over streamable HTTP the proxy needs its bearer token.
func TestMCPProxyHTTP(t *testing.T) {
	t.Parallel()
	pp := newProxyProject(t, "listen: 127.0.0.1:0\n")
	cmd := exec.Command(os.Args[0], "mcp-proxy")
	cmd.Dir, cmd.Env, cmd.Stderr = pp.dir, pp.env, &testWriter{t: t}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	var url, tokenFile string
	sc := bufio.NewScanner(out)
	for (url == "" || tokenFile == "") && sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "url: "); ok {
			url = v
		}
		if v, ok := strings.CutPrefix(sc.Text(), "token file: "); ok {
			tokenFile = v
		}
	}
	token, err := os.ReadFile(tokenFile)
	if err != nil || url == "" {
		t.Fatalf("url %q, token file %q: %v", url, tokenFile, err)
	}
	if fi, err := os.Stat(tokenFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the token file's mode: %v %v", fi.Mode(), err)
	}
	connect := func(token string) (*mcp.ClientSession, error) {
		tr := &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, HTTPClient: &http.Client{Transport: bearer(token)}}
		return mcp.NewClient(&mcp.Implementation{Name: "e2e"}, nil).Connect(t.Context(), tr, nil)
	}
	if _, err := connect("wrong"); err == nil {
		t.Error("connected with a wrong token")
	}
	cs, err := connect(strings.TrimSpace(string(token)))
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "everything_echo", Arguments: map[string]any{"message": "over http"}})
	if err != nil || callText(res) != "Echo: over http" {
		t.Fatalf("got %v %v", res, err)
	}
}

// bearer adds a bearer token to every request.
type bearer string

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}
