package engine_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// channelPort is the port of the daemon's page in channelCases; PORT in a
// case's command stands for it.
const channelPort = "41234"

// channelCases are calls to the human's approval channel (the daemon's
// page and API, its socket) in every spelling of this machine and by
// every program that can open a connection, and harmless uses of loopback
// that must keep their outcome.
var channelCases = []bypassCase{
	{"channel-curl", `curl -s http://127.0.0.1:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://127.1:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://0x7f000001:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://2130706433:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://017700000001:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://127.0.0.2:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s 'http://[::1]:PORT/'`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s 'http://[::ffff:127.0.0.1]:PORT/'`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://localhost.:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://LOCALHOST:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://0.0.0.0:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://0:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s --resolve x.example:PORT:127.0.0.1 http://x.example:PORT/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s --connect-to ::127.0.0.1:PORT https://example.com/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s -x http://127.1:PORT http://example.com/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s -d token=x http://127.1:PORT/approvals/a1/approve`, blocked, "self-protection", ""},
	{"channel-curl", `P=PORT; curl -s http://127.1:$P/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://127.1:` + channelPort[:2] + `''` + channelPort[2:] + `/`, blocked, "self-protection", ""},
	{"channel-curl", `curl -s http://127.1:"$(echo ` + channelPort + `)"/`, blocked, "self-protection", ""},
	{"channel-wget", `wget -qO- http://2130706433:PORT/`, blocked, "self-protection", ""},
	{"channel-wget", `wget -qO- --post-data=token=x http://[::1]:PORT/approvals/a1/approve`, blocked, "self-protection", ""},
	{"channel-python", `python3 -c 'import urllib.request; urllib.request.urlopen("http://127.1:PORT/")'`, blocked, "self-protection", ""},
	{"channel-python", `python3 -c 'import http.client; http.client.HTTPConnection("127.1", PORT).request("GET", "/")'`, blocked, "self-protection", ""},
	{"channel-python", `python3 -c 'import socket; socket.create_connection(("127.0.0.1", PORT))'`, blocked, "self-protection", ""},
	{"channel-python", "python3 <<'EOF'\nimport socket\nsocket.create_connection(('localhost', PORT))\nEOF", blocked, "self-protection", ""},
	{"channel-node", `node -e 'require("http").get("http://127.1:PORT/")'`, blocked, "self-protection", ""},
	{"channel-node", `node -e 'fetch("http://[::1]:PORT/")'`, blocked, "self-protection", ""},
	{"channel-node", `node -e 'require("net").connect(PORT, "127.0.0.1")'`, blocked, "self-protection", ""},
	{"channel-perl", `perl -MIO::Socket::INET -e 'IO::Socket::INET->new("127.0.0.1:PORT")'`, blocked, "self-protection", ""},
	{"channel-socat", `socat - TCP:127.1:PORT`, blocked, "self-protection", ""},
	{"channel-socat", `echo x | socat - TCP4:localhost:PORT`, blocked, "self-protection", ""},
	{"channel-nc", `nc 127.1 PORT`, blocked, "self-protection", ""},
	{"channel-nc", `printf 'GET / HTTP/1.0\r\n\r\n' | nc 2130706433 PORT`, blocked, "self-protection", ""},
	{"channel-bash-tcp", `exec 3<>/dev/tcp/127.1/PORT; echo hi >&3`, blocked, "", ""},
	{"channel-bash-tcp", `cat </dev/tcp/localhost/PORT`, blocked, "self-protection", ""},
	{"channel-bash-tcp", `bash -c 'echo > /dev/tcp/0x7f000001/PORT'`, blocked, "self-protection", ""},
	{"channel-hex-port", `python3 -c 'import socket; socket.create_connection(("127.1", 0xA112))'`, blocked, "self-protection", ""},
	{"channel-socket", `curl --unix-socket ~/.local/state/governance/daemon.sock http://x/`, blocked, "self-protection", ""},
	{"channel-socket", `socat - UNIX-CONNECT:/home/user/.local/state/governance/daemon.sock`, blocked, "self-protection", ""},
	{"channel-socket", `nc -U ~/.local/state/governance/daemon.sock`, blocked, "self-protection", ""},
	{"channel-hex-port", `perl -MIO::Socket::INET -e 'IO::Socket::INET->new(PeerAddr => "127.1", PeerPort => 0o120422)'`, blocked, "self-protection", ""},
	{"channel-port-spelling", `curl -s http://127.1:0PORT/`, blocked, "self-protection", ""},
	{"channel-port-spelling", `nc 127.1 000PORT`, blocked, "self-protection", ""},
	{"channel-port-spelling", `python3 -c 'import socket; socket.create_connection(("127.1", 41_234))'`, blocked, "self-protection", ""},
	{"channel-port-spelling", `node -e 'require("net").connect(0b1010000100010010, "127.1")'`, blocked, "self-protection", ""},
	{"channel-port-spelling", `perl -e 'use IO::Socket; IO::Socket::INET->new(PeerAddr => "127.1", PeerPort => 0120422)'`, blocked, "self-protection", ""},
	{"channel-port-spelling", `ruby -rsocket -e 'TCPSocket.new("127.1", 0XA112)'`, blocked, "self-protection", ""},
	// A file planted for a later call: a script or configuration naming
	// the port and this machine.
	{"channel-planted", `echo 'import urllib.request; urllib.request.urlopen("http://127.1:PORT/")' > run.py`, blocked, "self-protection", "run.py"},
	{"channel-planted", "cat > run.sh <<'EOF'\ncurl -d token=x http://localhost:PORT/approvals/a1/approve\nEOF", blocked, "self-protection", "run.sh"},
	{"channel-planted", `printf 'proxy = http://[::1]:PORT\n' >> .curlrc`, blocked, "self-protection", ".curlrc"},
	{"channel-planted", `echo 'exec 3<>/dev/tcp/2130706433/PORT' | tee x.sh`, blocked, "self-protection", ""},
	{"channel-harmless", `echo 'listening on 127.0.0.1:3000' > notes.txt`, runs, "", ""},
	{"channel-harmless", `echo '{"size": PORT}' > sizes.json`, runs, "", ""},
	// The key of the approval records' MACs is a secret.
	{"channel-key", `cat ~/.local/state/governance/approvals.key`, blocked, "", ""},
	{"channel-key", `base64 /home/user/.local/state/governance/approvals.key`, blocked, "", ""},
	{"channel-key", `cp ~/.local/state/governance/approvals.key /tmp/k`, blocked, "", ""},
	{"channel-key", `echo 00 > ~/.local/state/governance/approvals.key`, blocked, "", ""},
	{"channel-socket", `cd STATE/.. && curl --unix-socket state/d* http://x/`, blocked, "self-protection", ""},
	{"channel-socket", `cd STATE && curl --unix-socket ./daemon.so?k http://x/`, blocked, "self-protection", ""},
	{"channel-socket", `curl --unix-socket STATE/../sta*/*.sock http://x/`, blocked, "self-protection", ""},
	{"channel-socket", `cd STATE && socat - UNIX-CONNECT:daemon.sock`, blocked, "self-protection", ""},
	{"channel-socket", `cd STATE && socat - UNIX-CONNECT:d[a]emon.s[o]ck`, blocked, "self-protection", ""},
	{"channel-socket", `curl --unix-socket /tmp/app.sock http://x/`, notAllowed, "", ""},
	// The port or the host known only at run time: not allowed.
	{"channel-dynamic", `curl -s http://127.1:$(cat /tmp/p)/`, notAllowed, "", ""},
	{"channel-dynamic", `curl -s http://$H:PORT/`, blocked, "self-protection", ""},
	{"channel-dynamic", `nc 127.1 $P`, notAllowed, "", ""},
	// Harmless loopback use keeps its outcome: a dev server on its own port.
	{"channel-harmless", `curl -s http://localhost:3000/`, runs, "", ""},
	{"channel-harmless", `curl -s http://127.0.0.1:8080/health`, runs, "", ""},
	{"channel-harmless", `grep -rn 3000 src`, allowed, "", ""},
	{"channel-harmless", `grep -rn PORT src`, allowed, "", ""},
	{"channel-harmless", `curl -s http://localhost:` + channelPort + `1/`, runs, "", ""},
	{"channel-harmless", `python3 -c 'print(1)'`, runs, "", ""},
	{"channel-harmless", `az disk list --query '[].{Name:name, Size:diskSizeGb}'`, runs, "", ""},
	{"channel-harmless", `aws ec2 describe-instances --query 'Reservations[].Instances[].{Id:InstanceId}'`, runs, "", ""},
	{"channel-harmless", `curl -s http://localhost:1` + channelPort + `/`, runs, "", ""},
	{"channel-harmless", `curl -s http://localhost:3000/v` + channelPort, runs, "", ""},
}

// channelPolicy is the built-in policy with a state folder whose daemon
// serves its page on channelPort.
func channelPolicy(t *testing.T) *engine.Policy {
	t.Helper()
	state := filepath.Join(t.TempDir(), "state")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	info := `{"pid": 1, "socket": "` + state + `/daemon.sock", "url": "http://127.0.0.1:` + channelPort + `"}`
	if err := os.WriteFile(filepath.Join(state, "daemon.json"), []byte(info), 0o600); err != nil {
		t.Fatal(err)
	}
	p := builtin(engine.DefaultSettings())
	p.StateDir = state
	return p
}

// TestBypassChannel decides each channel case as TestBypassFamilies
// decides its cases.
func TestBypassChannel(t *testing.T) {
	t.Parallel()
	p := channelPolicy(t)
	for _, tt := range channelCases {
		cmd := strings.NewReplacer("PORT", channelPort, "STATE", p.StateDir).Replace(tt.cmd)
		t.Run(tt.family+"/"+shorten(cmd), func(t *testing.T) {
			t.Parallel()
			d := decide(t, p, shellReq(cmd))
			if !slices.Contains(tt.want, d.Outcome) || tt.rule != "" && d.Rule != tt.rule {
				t.Errorf("%q: got %s by %s/%s (%s), want one of %v by %q", shorten(cmd), d.Outcome, d.Layer, d.Rule, d.Message, tt.want, tt.rule)
			}
			if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
				t.Errorf("%q: %s without a message or a suggestion", shorten(cmd), d.Outcome)
			}
		})
	}
}

// TestChannelByTools: a web fetch or a tool server's call that names the
// daemon's port is denied, and so is a file written with text that names
// it and this machine; one to another port keeps its outcome.
func TestChannelByTools(t *testing.T) {
	t.Parallel()
	p := channelPolicy(t)
	web := func(u string) *engine.Request {
		return &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.Tool{Kind: engine.KindWeb, Name: "WebFetch", Input: engine.Input{URL: u}}}
	}
	mcp := func(args string) *engine.Request {
		return &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.Tool{Kind: engine.KindMCP, Name: "mcp__fetch__fetch",
				Input: engine.Input{Server: "fetch", MCPTool: "fetch", Arguments: []byte(args)}}}
	}
	write := func(path, content string) *engine.Request {
		return &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{path}, Content: content}}}
	}
	tests := []struct {
		req  *engine.Request
		deny bool
	}{
		{web("http://127.1:" + channelPort + "/"), true},
		{web("http://[::ffff:127.0.0.1]:" + channelPort + "/approvals/a1/approve"), true},
		{mcp(`{"url": "http://2130706433:` + channelPort + `/"}`), true},
		{mcp(`{"host": "localhost", "port": ` + channelPort + `}`), true},
		{mcp(`{"requests": [{"url": "http://0x7f000001:` + channelPort + `/v1/decide"}]}`), true},
		{web("http://localhost:3000/"), false},
		{web("https://example.com/"), false},
		{mcp(`{"url": "http://localhost:8080/"}`), false},
		{write("client.py", `requests.post("http://127.1:`+channelPort+`/approvals/a1/approve")`), true},
		{write("client.py", `requests.post("http://127.1:8000/items")`), false},
		{write("sizes.json", `{"size": `+channelPort+`}`), false},
	}
	for _, tt := range tests {
		d := decide(t, p, tt.req)
		denied := d.Outcome.Blocks() && d.Rule == "self-protection"
		if denied != tt.deny {
			t.Errorf("%v: %s by %s (%s), want denied as self-protection: %v", tt.req.Tool.Input, d.Outcome, d.Rule, d.Message, tt.deny)
		}
	}
}

// TestChannelOnTheDefaultPort: a page on port 80 is reached by a URL that
// names no port, so a request to any spelling of this machine (a name the
// hosts file maps to loopback included) is denied, and one to another
// machine is not.
func TestChannelOnTheDefaultPort(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "state")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "daemon.json"), []byte(`{"url": "http://127.0.0.1:80"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	p := builtin(engine.DefaultSettings())
	p.StateDir = state
	files := fstest.MapFS{"etc/hosts": {Data: []byte("127.0.0.1 localhost\n127.0.1.1 devbox devbox.lan # this machine\n" +
		"::1 ip6-loopback\n10.0.0.5 db\n")}}
	for name, f := range testFS.m {
		files[name] = f
	}
	e := engine.NewEngine(p)
	e.FS = mapFS{files}
	web := func(u string) *engine.Request {
		return &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.Tool{Kind: engine.KindWeb, Name: "WebFetch", Input: engine.Input{URL: u}}}
	}
	tests := []struct {
		req  *engine.Request
		deny bool
	}{
		{shellReq("curl -s http://127.1/"), true},
		{shellReq("curl -s http://0x7f000001/"), true},
		{shellReq("curl -s 'http://[::ffff:127.0.0.1]/'"), true},
		{shellReq("curl -s http://localhost./"), true},
		{shellReq("curl -s http://devbox/"), true},
		{shellReq("curl -s http://DEVBOX.LAN./"), true},
		{shellReq("wget -qO- http://ip6-loopback/"), true},
		{shellReq("curl -s $URL"), true},
		{web("http://2130706433/"), true},
		{web("http://devbox/approvals"), true},
		{shellReq("curl -s http://db/"), false},
		{shellReq("curl -s https://example.com/"), false},
		{web("https://example.com/"), false},
	}
	for _, tt := range tests {
		d := e.Decide(t.Context(), tt.req)
		denied := d.Outcome.Blocks() && d.Rule == "self-protection"
		if denied != tt.deny {
			t.Errorf("%v: %s by %s (%s), want denied as self-protection: %v", tt.req.Tool.Input, d.Outcome, d.Rule, d.Message, tt.deny)
		}
	}
}

// BenchmarkDecideNetworkWithDaemon is the in-process decision for a
// command that may connect while a daemon runs: the channel check reads
// daemon.json once per call and scans the command's words.
func BenchmarkDecideNetworkWithDaemon(b *testing.B) {
	for _, daemon := range []bool{false, true} {
		b.Run(map[bool]string{false: "no-state", true: "daemon"}[daemon], func(b *testing.B) {
			p := builtin(engine.DefaultSettings())
			if daemon {
				state := b.TempDir()
				if err := os.WriteFile(filepath.Join(state, "daemon.json"), []byte(`{"pid": 1, "url": "http://127.0.0.1:41234"}`), 0o600); err != nil {
					b.Fatal(err)
				}
				p.StateDir = state
			}
			e := engine.NewEngine(p)
			req := shellReq("curl -s https://example.com/api/v1/items?page=2")
			for b.Loop() {
				r := *req
				e.Decide(b.Context(), &r)
			}
		})
	}
}
