package mcpproxy

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	t.Parallel()
	env := map[string]string{"HOME": "/home/ada", "TOKEN": "s3cret", "BOX": "/srv/box"}
	getenv := func(k string) string { return env[k] }
	c, err := ParseConfig("/etc/gov/mcp-proxy.yaml", []byte(`
servers:
  files:
    command: mcp-server-filesystem
    args: ["${BOX}", "$literal"]
    env: {LOG: debug, KEY: "${TOKEN}"}
    cwd: work
  remote:
    url: https://mcp.example.com/mcp
    headers: {Authorization: "Bearer ${TOKEN}"}
listen: 127.0.0.1:0
token_file: ~/agent.token
approver_token_file: approver.token
agent: reviewer
expose_decide: true
approval_wait: 20s
`), getenv)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{File: "/etc/gov/mcp-proxy.yaml", Listen: "127.0.0.1:0", TokenFile: "/home/ada/agent.token",
		ApproverTokenFile: "/etc/gov/approver.token", Agent: "reviewer", ExposeDecide: true,
		ApprovalWait: 20 * time.Second, DecideTimeout: DefaultDecideTimeout,
		Servers: []ServerConfig{
			{Name: "files", Command: "mcp-server-filesystem", Args: []string{"/srv/box", "$literal"},
				Env: []string{"LOG=debug", "KEY=s3cret"}, Dir: "/etc/gov/work"},
			{Name: "remote", URL: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer s3cret"}},
		}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v\nwant %+v", c, want)
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, yaml, err string }{
		{"an underscore in a name", "servers:\n  my_server: {command: x}\n", `x.yaml:2:3: server "my_server": "_" is not allowed`},
		{"the reserved name", "servers:\n  governance: {command: x}\n", "reserved"},
		{"neither command nor url", "servers:\n  a: {args: [x]}\n", "needs either a command or a url"},
		{"both", "servers:\n  a: {command: x, url: http://h/}\n", "needs either a command or a url"},
		{"headers on a command", "servers:\n  a: {command: x, headers: {A: b}}\n", "headers are for servers reached by url"},
		{"a url that is not http", "servers:\n  a: {url: file:///x}\n", "not an http or https address"},
		{"an unknown key", "servers:\n  a: {command: x, cmd: y}\n", "cmd"},
		{"an unset variable", "servers:\n  a: {command: x, env: {K: \"${NOPE}\"}}\n", "${NOPE} is not set"},
		{"listening beyond this machine", "listen: 0.0.0.0:80\n", "127.0.0.1 only"},
		{"no port", "listen: 127.0.0.1\n", "not host:port"},
		{"a bad wait", "approval_wait: soon\n", "not a duration"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseConfig("x.yaml", []byte(tc.yaml), func(string) string { return "" })
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("got %v, want an error with %q", err, tc.err)
			}
		})
	}
}

func TestValidToolName(t *testing.T) {
	t.Parallel()
	for name, ok := range map[string]bool{
		"fs_read_file": true, "a-b_C9": true, strings.Repeat("x", 64): true,
		"": false, strings.Repeat("x", 65): false, "fs.read": false, "fs read": false, "fs/read": false,
	} {
		if ValidToolName(name) != ok {
			t.Errorf("ValidToolName(%q) = %v", name, !ok)
		}
	}
}

func TestCheckArguments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ args, err string }{
		{``, ""},
		{`null`, ""},
		{`{}`, ""},
		{`{"a":{"b":[1,{"c":2}]},"d":"e"}`, ""},
		{`{"a":1,"a":2}`, `key "a" appears twice`},
		{`{"a":{"b":1,"b":1}}`, `key "b" appears twice in the arguments (at /a)`},
		{`{"a":[{"b":1,"b":2}]}`, `(at /a/0)`},
		{`{"n":1e1000}`, "out of range"},
		{`[1,2]`, "must be a JSON object"},
		{`"x"`, "must be a JSON object"},
		{`{"a":1} {"a":2}`, "more than one JSON value"},
		{`{"a":1`, "not JSON"},
		{"{\"a\":\"\xff\"}", "not valid UTF-8"},
		{strings.Repeat(`{"a":`, 1001) + "1" + strings.Repeat("}", 1001), "nested too deeply"},
	} {
		err := checkArguments([]byte(tc.args))
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%.40s: got %v, want %q", tc.args, err, tc.err)
		}
	}
}

func TestTemplateMatches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tmpl, uri string
		ok        bool
	}{
		{"demo://items/{id}", "demo://items/7", true},
		{"demo://items/{id}", "demo://other/7", false},
		{"file:///{path}.txt", "file:///a/b.txt", true},
		{"file:///{path}.txt", "file:///a/b.md", false},
		{"x://{a}/mid/{b}", "x://1/mid/2", true},
	} {
		if got := templateMatches(tc.tmpl, tc.uri); got != tc.ok {
			t.Errorf("templateMatches(%q, %q) = %v", tc.tmpl, tc.uri, got)
		}
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// The agents' token is made once and kept, for the owner alone.
	first, file, err := AgentToken(&Config{}, dir)
	if err != nil || len(first) != 64 {
		t.Fatalf("%q %v", first, err)
	}
	again, _, err := AgentToken(&Config{}, dir)
	if err != nil || again != first {
		t.Errorf("a second start got %q %v", again, err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v %v", fi.Mode(), err)
	}
	write := func(name, content string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		name, content string
		mode          os.FileMode
		err           string
	}{
		{"ok.token", "a-human-approver-token\n", 0o600, ""},
		{"open.token", "a-human-approver-token\n", 0o644, "chmod 600"},
		{"short.token", "short\n", 0o600, "at least 16"},
		{"same.token", first + "\n", 0o600, "must differ"},
		{"empty.token", "\n", 0o600, "is empty"},
	} {
		got, err := ApproverToken(&Config{ApproverTokenFile: write(tc.name, tc.content, tc.mode)}, first)
		if tc.err == "" && (err != nil || got != "a-human-approver-token") || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: got %q %v, want %q", tc.name, got, err, tc.err)
		}
	}
}

func TestParseConfine(t *testing.T) {
	t.Parallel()
	getenv := func(k string) string { return map[string]string{"HOME": "/home/ada", "BOX": "/srv/box"}[k] }
	c, err := ParseConfig("/src/app/.governance/mcp-proxy.yaml", []byte(`
servers:
  files:
    command: mcp-server-filesystem
    confine: {writable: ["${BOX}", ../data], read_only: ~/tools, network: true}
  plain:
    command: x
    confine: true
  free:
    command: x
    confine: false
`), getenv)
	if err != nil {
		t.Fatal(err)
	}
	want := []*Confine{{Writable: []string{"/srv/box", "/src/app/data"}, ReadOnly: []string{"/home/ada/tools"}, Network: true}, {}, nil}
	for i, s := range c.Servers {
		if !reflect.DeepEqual(s.Confine, want[i]) {
			t.Errorf("%s: confine = %+v, want %+v", s.Name, s.Confine, want[i])
		}
	}
	for _, tc := range []struct{ yaml, err string }{
		{"servers:\n  a: {url: http://h/, confine: true}\n", "confine is for servers run by command"},
		{"servers:\n  a: {command: x, confine: {write: [x]}}\n", "write"},
		{"servers:\n  a: {command: x, confine: [x]}\n", "confine is true, false or a map"},
		{"servers:\n  a: {command: x, confine: {network: maybe}}\n", "x.yaml:2"},
	} {
		if _, err := ParseConfig("x.yaml", []byte(tc.yaml), getenv); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: got %v, want an error with %q", tc.yaml, err, tc.err)
		}
	}
}

// The confined server of docs/mcp-proxy.md parses as the docs say.
func TestDocsConfineExample(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../docs/mcp-proxy.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "even when a call the policy allowed does more than it said:\n\n```yaml\n")
	block, _, _ := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("docs/mcp-proxy.md has no confined server example")
	}
	c, err := ParseConfig("/src/app/.governance/mcp-proxy.yaml", []byte(block), func(k string) string { return map[string]string{"HOME": "/home/ada"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := &Confine{Writable: []string{"/src/app/docs"}, ReadOnly: []string{"/home/ada/.local/lib/mcp"}}
	if len(c.Servers) != 1 || !reflect.DeepEqual(c.Servers[0].Confine, want) {
		t.Errorf("got %+v", c.Servers)
	}
}
