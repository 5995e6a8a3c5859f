package bundle

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

// stallingSource listens on a loopback port, accepts every connection,
// writes answer (nothing, or a response header and part of a body), and
// then never says anything more. It returns the host:port.
func stallingSource(t *testing.T, answer string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done); l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				buf := make([]byte, 4096)
				c.Read(buf) // the request
				c.Write([]byte(answer))
				<-done
			}()
		}
	}()
	return l.Addr().String()
}

// closedPort returns a loopback host:port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// A source that accepts and never answers, or answers a header and stalls
// in the body, fails the pull at its deadline, and the error (and
// status.json) says where it stopped; the bundle in force stays.
func TestPullDeadlines(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	silent := stallingSource(t, "")
	header := stallingSource(t, "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\nContent-Type: application/gzip\r\n\r\n\x1f\x8b")
	refused := closedPort(t)
	blackhole := unreachable(t)
	for _, tc := range []struct {
		name, url, timeouts, want string
	}{
		{"accepts and never answers", "http://" + silent + "/bundle.tar.gz", "  first_byte_timeout: 200ms\n",
			"waiting for the first byte from " + silent + " (no answer within first_byte_timeout, 200ms)"},
		{"the pull's timeout while waiting", "http://" + silent + "/bundle.tar.gz", "  first_byte_timeout: 1h\n  timeout: 300ms\n",
			"waiting for the first byte from " + silent + " (nothing more within the pull's timeout, 300ms)"},
		{"header, then a stalled body", "http://" + header + "/bundle.tar.gz", "  timeout: 300ms\n",
			"reading the body from " + header + " (nothing more within the pull's timeout, 300ms)"},
		{"a registry that never answers", "oci://" + silent + "/team/policy:latest", "  connect_timeout: 300ms\n  first_byte_timeout: 200ms\n  timeout: 5s\n",
			"waiting for the first byte from " + silent},
		{"a connection that never completes", "http://" + blackhole + "/bundle.tar.gz", "  connect_timeout: 200ms\n",
			"connecting to " + blackhole + " (no connection within connect_timeout, 200ms)"},
		{"nothing listens", "http://" + refused + "/bundle.tar.gz", "",
			"connecting to " + refused + ": "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			managed := t.TempDir()
			writeFiles(t, managed, map[string]string{
				"team.pub":    pubPEM(t, key),
				"config.yaml": "bundle:\n  source: " + tc.url + "\n  public_key: team.pub\n" + tc.timeouts,
			})
			p := layout.Paths{ManagedDir: managed}
			// Only a guard against a hang: the deadlines above end the pull.
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			_, err := (&Puller{Paths: p}).Pull(ctx)
			if ctx.Err() != nil {
				t.Fatalf("the pull hung until the test gave up: %v", err)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("pull: %v\nwant %q", err, tc.want)
			}
			if st := config.ReadBundleState(p); !strings.Contains(st.Err, tc.want) {
				t.Errorf("status: %+v", st)
			}
		})
	}
}

// The bundle: block's deadlines, and the defaults.
func TestDeadlinesOf(t *testing.T) {
	t.Parallel()
	f, err := config.ParseFile("config.yaml", []byte("bundle:\n  source: https://example.com/b.tar.gz\n  public_key: k.pub\n  connect_timeout: 2s\n  timeout: 1m\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Deadlines{Connect: 2 * time.Second, FirstByte: config.DefaultBundleFirstByteTimeout, Total: time.Minute}
	if got := DeadlinesOf(f.Bundle); got != want {
		t.Errorf("DeadlinesOf: %+v, want %+v", got, want)
	}
	if _, err := config.ParseFile("config.yaml", []byte("bundle:\n  source: https://example.com/b.tar.gz\n  public_key: k.pub\n  timeout: 0s\n")); err == nil {
		t.Error("a zero timeout was taken")
	}
}
