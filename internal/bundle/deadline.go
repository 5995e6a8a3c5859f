package bundle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"time"

	"github.com/agentgov/governance/internal/config"
)

// Every network step of a pull or a push has a deadline, so that a source
// that accepts a connection and never answers, or stalls in the middle of
// a bundle, fails the pull instead of hanging it (and the daemon's poller
// with it); the error says where it stopped.

// Deadlines bound a pull's network steps.
type Deadlines struct {
	// Connect bounds each connection and its TLS handshake.
	Connect time.Duration
	// FirstByte bounds the wait for a response's header once the request
	// is sent.
	FirstByte time.Duration
	// Total bounds the whole pull or push, bodies included.
	Total time.Duration
}

// DefaultDeadlines are the deadlines a bundle: block that sets none has.
var DefaultDeadlines = Deadlines{Connect: config.DefaultBundleConnectTimeout,
	FirstByte: config.DefaultBundleFirstByteTimeout, Total: config.DefaultBundleTimeout}

// DeadlinesOf returns the deadlines a bundle source sets.
func DeadlinesOf(src *config.BundleSource) Deadlines {
	d := DefaultDeadlines
	if src == nil {
		return d
	}
	for _, f := range []struct {
		to   *time.Duration
		from time.Duration
	}{{&d.Connect, src.ConnectTimeout}, {&d.FirstByte, src.FirstByteTimeout}, {&d.Total, src.Timeout}} {
		if f.from > 0 {
			*f.to = f.from
		}
	}
	return d
}

// NewClient returns an HTTP client whose connections and response headers
// keep to d, and whose errors say at which step a request stopped. base,
// when set, carries the requests (a test's TLS transport); otherwise a
// transport like http.DefaultTransport does, with d's deadlines.
func NewClient(d Deadlines, base http.RoundTripper) *http.Client {
	if base == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.DialContext = (&net.Dialer{Timeout: d.Connect, KeepAlive: 30 * time.Second}).DialContext
		t.TLSHandshakeTimeout = d.Connect
		t.ResponseHeaderTimeout = d.FirstByte
		base = t
	}
	return &http.Client{Transport: &stageTransport{base: base, d: d}}
}

// Stages of a request, as errors name them.
const (
	StageConnect   = "connecting to"
	StageFirstByte = "waiting for the first byte from"
	StageBody      = "reading the body from"
)

// StageError says at which step a request to Host stopped.
type StageError struct {
	Stage, Host string
	// Limit is the deadline that stopped it, when one did.
	Limit string
	Err   error
}

func (e *StageError) Error() string {
	s := e.Stage + " " + Clean(e.Host)
	if e.Limit != "" {
		s += " (" + e.Limit + ")"
	}
	return s + ": " + e.Err.Error()
}

func (e *StageError) Unwrap() error { return e.Err }

// stageTransport follows each request through httptrace and names the
// step at which it failed.
type stageTransport struct {
	base http.RoundTripper
	d    Deadlines
}

func (t *stageTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var connected atomic.Bool
	ctx := httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) { connected.Store(true) },
	})
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		e := &StageError{Stage: StageConnect, Host: req.URL.Host, Err: err}
		if connected.Load() {
			e.Stage = StageFirstByte
		}
		e.Limit = t.limit(ctx, e.Stage, err)
		return nil, e
	}
	resp.Body = &stageBody{ReadCloser: resp.Body, ctx: ctx, host: req.URL.Host, t: t}
	return resp, nil
}

// limit names the deadline that ended a step, if one did.
func (t *stageTransport) limit(ctx context.Context, stage string, err error) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("nothing more within the pull's timeout, %s", t.d.Total)
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		return ""
	}
	switch stage {
	case StageConnect:
		return fmt.Sprintf("no connection within connect_timeout, %s", t.d.Connect)
	case StageFirstByte:
		return fmt.Sprintf("no answer within first_byte_timeout, %s", t.d.FirstByte)
	}
	return ""
}

// stageBody names the body's reading in its errors.
type stageBody struct {
	io.ReadCloser
	ctx  context.Context
	host string
	t    *stageTransport
}

func (b *stageBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		err = &StageError{Stage: StageBody, Host: b.host, Limit: b.t.limit(b.ctx, StageBody, err), Err: err}
	}
	return n, err
}
