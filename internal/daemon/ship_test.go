package daemon_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/daemon"
	"github.com/agentgov/governance/internal/ship"
)

// The daemon ships the decisions it makes to the collector, every
// interval, and keeps trying while the collector refuses.
func TestDaemonShipsDecisions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var requests, refused atomic.Int32
	col := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if refused.Add(1) <= 2 {
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return
		}
		requests.Add(1)
	}))
	defer col.Close()
	log := filepath.Join(e.state, "decisions.jsonl")
	srv := daemon.New(daemon.Config{StateDir: e.state, Getenv: e.getenv, Shipper: func() (*ship.Shipper, time.Duration, error) {
		return &ship.Shipper{Log: log, Endpoint: col.URL + "/v1/logs"}, 20 * time.Millisecond, nil
	}})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() { cancel(); <-done }()
	<-srv.Ready()
	e.viaDaemon(t, e.event("ls"))
	deadline := time.Now().Add(20 * time.Second)
	for {
		st, err := ship.ReadState(ship.StatePath(log))
		if err == nil && st.Shipped >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the daemon shipped nothing (%d requests refused, state %+v, %v)", refused.Load(), st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if requests.Load() == 0 {
		t.Fatal("no request reached the collector")
	}
}
