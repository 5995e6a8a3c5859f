// Package daemon is the long-running governance process: it answers
// governance-hook over a unix socket with the same code the hook runs
// (so decisions are identical), keeps each project's configuration loaded
// and reloads it when its files change, and serves a local web page and
// an HTTP decision API on 127.0.0.1, guarded by a random token.
package daemon

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/gatekeeper/provider"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/pluginhost"
	"github.com/agentgov/governance/internal/ship"
)

// Version is reported by ping; the CLI sets it.
var Version = "dev"

// Config is how a daemon runs.
type Config struct {
	// StateDir holds the socket, the lock, the token and daemon.json.
	StateDir string
	// Socket overrides the socket path.
	Socket string
	// Addr is the page's address (default 127.0.0.1:0, a free port).
	Addr string
	// IdleTimeout ends the daemon after that long without a request
	// (0: never).
	IdleTimeout time.Duration
	// Getenv reads the daemon's own environment (for the user's folders).
	Getenv func(string) string
	// Log receives the daemon's messages.
	Log io.Writer
	// Shipper, when set, says where and how often to ship the decision
	// log (audit_export); it is asked before every run, and a nil shipper
	// means none is configured.
	Shipper func() (*ship.Shipper, time.Duration, error)
	// Bundle, when set, says how to pull the managed policy bundle and how
	// often; it is asked before every pull, and a nil Pull means none is
	// to be pulled (none configured, or this daemon may not write the
	// managed folder).
	Bundle func() (Pull, time.Duration, error)
}

// ErrRunning means another daemon holds the state folder.
var ErrRunning = errors.New("a governance daemon is already running for this state folder")

// Server is a running daemon.
type Server struct {
	cfg    Config
	socket string
	token  string
	url    string
	// host is the page's canonical host:port, the only Host it answers.
	host     string
	policies *policies
	plugins  *pluginhost.Pool
	logger   *log.Logger
	last     atomic.Int64 // unix nanoseconds of the last request
	busy     atomic.Int64 // requests in flight
	ready    chan struct{}
	once     sync.Once
	// models asks the gatekeeper's providers with one HTTP client, whose
	// connections stay open between calls (see gatekeeper.go).
	models provider.Models
}

// New prepares a daemon.
func New(cfg Config) *Server {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	s := &Server{cfg: cfg, socket: cfg.Socket, ready: make(chan struct{}), logger: log.New(cfg.Log, "governance daemon: ", log.LstdFlags)}
	if s.socket == "" {
		s.socket = daemonproto.SocketPath(cfg.StateDir)
	}
	return s
}

// Ready is closed once the daemon listens.
func (s *Server) Ready() <-chan struct{} { return s.ready }

// URL is the page's address with its token, once Ready.
func (s *Server) URL() string { return s.url + "/?token=" + s.token }

// Token is the page's and the API's token, once Ready.
func (s *Server) Token() string { return s.token }

// Socket is the unix socket the daemon listens on.
func (s *Server) Socket() string { return s.socket }

func (s *Server) logf(format string, args ...any) { s.logger.Printf(format, args...) }

// Run serves until ctx ends or the idle timeout passes.
func (s *Server) Run(ctx context.Context) error {
	if err := os.MkdirAll(s.cfg.StateDir, 0o700); err != nil {
		return err
	}
	unlock, err := filelock.TryLock(daemonproto.LockPath(s.cfg.StateDir))
	if errors.Is(err, filelock.ErrHeld) {
		err = ErrRunning
	}
	if err != nil {
		return err
	}
	defer unlock()
	pol, err := newPolicies(s.logf)
	if err != nil {
		return err
	}
	defer pol.close()
	s.policies = pol
	s.plugins = pluginhost.NewPool(pluginhost.Options{Log: s.logger.Writer()})
	defer s.plugins.Close()

	// The lock is ours: a socket left by a daemon that died is stale.
	os.Remove(s.socket)
	ln, err := net.Listen("unix", s.socket)
	if err != nil {
		return err
	}
	defer os.Remove(s.socket)
	if err := os.Chmod(s.socket, 0o600); err != nil {
		ln.Close()
		return err
	}
	web, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		ln.Close()
		return err
	}
	s.host = web.Addr().String()
	s.url = "http://" + s.host
	if s.token, err = newToken(); err != nil {
		return err
	}
	if err := atomicfile.Write(daemonproto.TokenPath(s.cfg.StateDir), []byte(s.token+"\n"), 0o600); err != nil {
		return err
	}
	info, _ := json.MarshalIndent(map[string]any{"pid": os.Getpid(), "socket": s.socket, "url": s.url,
		"started": time.Now().UTC().Format(time.RFC3339), "version": Version}, "", "  ")
	if err := atomicfile.Write(daemonproto.InfoPath(s.cfg.StateDir), append(info, '\n'), 0o600); err != nil {
		return err
	}
	defer os.Remove(daemonproto.InfoPath(s.cfg.StateDir))

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.touch()
	httpSrv := &http.Server{Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	go httpSrv.Serve(web)
	defer httpSrv.Close()
	go s.idle(ctx, cancel)
	if s.cfg.Bundle != nil {
		go s.pullLoop(ctx)
	}
	if s.cfg.Shipper != nil {
		go s.shipLoop(ctx)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	s.logf("listening on %s; page at %s (`governance daemon --url` prints its address with the token)", s.socket, s.url)
	s.once.Do(func() { close(s.ready) })
	var wg sync.WaitGroup
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			s.logf("accept: %v", err)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.serveConn(ctx, conn)
		}()
	}
	wg.Wait()
	s.logf("stopped")
	return nil
}

// idle ends the daemon after the idle timeout without requests.
func (s *Server) idle(ctx context.Context, stop func()) {
	if s.cfg.IdleTimeout <= 0 {
		return
	}
	t := time.NewTicker(min(s.cfg.IdleTimeout/4+time.Millisecond, time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			quiet := time.Since(time.Unix(0, s.last.Load()))
			if s.busy.Load() == 0 && quiet >= s.cfg.IdleTimeout {
				s.logf("idle for %s, stopping", quiet.Round(time.Second))
				stop()
				return
			}
		}
	}
}

func (s *Server) touch() { s.last.Store(time.Now().UnixNano()) }

// serveConn answers the requests of one connection, one line each.
func (s *Server) serveConn(ctx context.Context, conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReaderSize(conn, 64<<10)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			s.busy.Add(1)
			s.touch()
			resp := s.answer(ctx, line)
			s.touch()
			s.busy.Add(-1)
			out, _ := json.Marshal(resp)
			if _, werr := conn.Write(append(out, '\n')); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// answer handles one request line.
func (s *Server) answer(ctx context.Context, line []byte) daemonproto.Response {
	var req daemonproto.Request
	if err := json.Unmarshal(line, &req); err != nil {
		return daemonproto.Response{Error: "not a request: " + err.Error()}
	}
	switch req.Op {
	case daemonproto.OpPing:
		return daemonproto.Response{PID: os.Getpid(), Version: Version, URL: s.url}
	case daemonproto.OpStatus:
		return daemonproto.Response{PID: os.Getpid(), Version: Version, URL: s.url, Projects: s.policies.status()}
	case daemonproto.OpDecide:
		return s.decideEvent(ctx, req)
	}
	return daemonproto.Response{Error: fmt.Sprintf("unknown operation %q", req.Op)}
}

// decideEvent answers a session event a hook handed over, with the project's
// policy as the daemon holds it and the warm evaluators, in the hook's
// environment. An internal error is reported to the hook, which then
// decides the call itself.
func (s *Server) decideEvent(ctx context.Context, req daemonproto.Request) (resp daemonproto.Response) {
	ev, err := pipeline.DecodeEvent(req.Event)
	if err != nil {
		return daemonproto.Response{Error: "not an event: " + err.Error()}
	}
	var stderr bytes.Buffer
	defer func() {
		if r := recover(); r != nil {
			resp = daemonproto.Response{Error: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	env := envOf(req.Env)
	env.Warn = func(err error) { fmt.Fprintf(&stderr, "governance: error: %v\n", err) }
	p := pipeline.ForEvent(ev, pipeline.Options{Load: s.policies.load, Env: env,
		Evaluators: pipeline.Evaluators{Models: s.models.New, Plugins: s.plugins.Caller}})
	out, err := pipeline.EncodeReply(p.Handle(ctx, ev))
	if err != nil {
		return daemonproto.Response{Error: err.Error()}
	}
	return daemonproto.Response{Reply: out, Stderr: stderr.String()}
}

// envOf is the hook's environment as the decision reads it.
func envOf(vars []string) pipeline.Env {
	m := make(map[string]string, len(vars))
	for _, kv := range vars {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return pipeline.Env{
		Getenv:    func(k string) string { return m[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := m[k]; return v, ok },
		Now:       time.Now,
		Confiner:  confine.Locate,
	}
}

// paths resolves a project for the page and the API, from a folder.
func (s *Server) paths(cwd string) layout.Paths { return layout.Discover(cwd, "", s.cfg.Getenv) }

func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// Ask sends one request to the daemon of a state folder.
func Ask(stateDir string, req daemonproto.Request, timeout time.Duration) (*daemonproto.Response, error) {
	conn, err := net.DialTimeout("unix", daemonproto.SocketPath(stateDir), timeout)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	resp, err := daemonproto.RoundTrip(conn, req)
	if err != nil {
		return nil, err
	}
	if resp.Error != "" {
		return resp, errors.New(resp.Error)
	}
	return resp, nil
}
