package mcpproxy

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
)

// sessionTimeout closes an HTTP session its client left without closing.
const sessionTimeout = time.Hour

// Principals, as the HTTP tokens name them.
const (
	principalAgent = "agent"
	principalHuman = "human"
)

// ServeStdio serves one agent client over a reader and a writer (the
// proxy's stdin and stdout) until the client closes its end or ctx ends.
func (p *Proxy) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	if p.agentServer() == nil {
		return errors.New("the proxy was not started")
	}
	err := p.agent.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(r), Writer: nopWriteCloser{w}})
	if err == nil || errors.Is(err, io.EOF) || ctx.Err() != nil {
		return nil
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// Handler serves streamable HTTP at /mcp. Every request needs a bearer
// token: the agent token reaches the agents' server, the approver token
// (when there is one) the human principal's. A session stays with the
// principal that opened it.
func (p *Proxy) Handler(agentToken, approverToken string) http.Handler {
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		switch {
		case equal(token, agentToken):
			return &auth.TokenInfo{UserID: principalAgent}, nil
		case approverToken != "" && p.human != nil && equal(token, approverToken):
			return &auth.TokenInfo{UserID: principalHuman}, nil
		}
		return nil, fmt.Errorf("%w: wrong bearer token", auth.ErrInvalidToken)
	}
	streamable := mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		if ti := auth.TokenInfoFromContext(r.Context()); ti != nil && ti.UserID == principalHuman {
			return p.human
		}
		return p.agent
	}, &mcp.StreamableHTTPOptions{SessionTimeout: sessionTimeout})
	mux := http.NewServeMux()
	mux.Handle("/mcp", auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(streamable))
	return mux
}

func equal(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// ServeHTTP serves Handler on ln until ctx ends.
func (p *Proxy) ServeHTTP(ctx context.Context, ln net.Listener, agentToken, approverToken string) error {
	srv := &http.Server{Handler: p.Handler(agentToken, approverToken), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		return nil
	}
}

// AgentToken returns the agents' bearer token: the token file's content,
// or, with no file configured, a token kept under the state folder and
// made on first use.
func AgentToken(cfg *Config, stateDir string) (token, file string, err error) {
	if cfg.TokenFile != "" {
		t, err := readToken(cfg.TokenFile)
		return t, cfg.TokenFile, err
	}
	file = filepath.Join(stateDir, "mcp-proxy.token")
	unlock, err := filelock.Lock(file)
	if err != nil {
		return "", "", err
	}
	defer unlock()
	if t, err := readToken(file); err == nil {
		return t, file, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", "", err
	}
	t := randomHex(32)
	if err := atomicfile.Write(file, []byte(t+"\n"), 0o600); err != nil {
		return "", "", err
	}
	return t, file, nil
}

// ApproverToken reads the human principal's token, which a person puts in
// a file of their choosing (the built-in policy keeps agents from reading
// *.token files); the proxy never makes one, so that no agent finds it
// where the proxy keeps its state. Only its owner may read the file.
func ApproverToken(cfg *Config, agentToken string) (string, error) {
	if cfg.ApproverTokenFile == "" {
		return "", nil
	}
	if fi, err := os.Stat(cfg.ApproverTokenFile); err == nil && fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("%s: others may read the approver token (mode %v); chmod 600 it", cfg.ApproverTokenFile, fi.Mode().Perm())
	}
	t, err := readToken(cfg.ApproverTokenFile)
	if err != nil {
		return "", err
	}
	if len(t) < 16 {
		return "", fmt.Errorf("%s: the approver token must be at least 16 characters", cfg.ApproverTokenFile)
	}
	if t == agentToken {
		return "", fmt.Errorf("%s: the approver token must differ from the agents' token", cfg.ApproverTokenFile)
	}
	return t, nil
}

func readToken(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	t := strings.TrimSpace(string(data))
	if t == "" {
		return "", fmt.Errorf("%s is empty", file)
	}
	return t, nil
}
