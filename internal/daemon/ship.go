package daemon

import (
	"context"
	"errors"
	"time"

	"github.com/agentgov/governance/internal/ship"
)

// shipIdle is how often the daemon looks for an audit_export when none is
// configured.
const shipIdle = time.Minute

// shipLoop ships the decision log every audit_export.interval until ctx
// is done. After a failure it waits twice as long each time (up to 5
// minutes, or longer when the collector asks), and it logs only when the
// outcome changes: a collector that is down fills no log.
func (s *Server) shipLoop(ctx context.Context) {
	wait, failures := time.Duration(0), 0
	var lastErr string
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		sh, interval, err := s.cfg.Shipper()
		if err != nil || sh == nil {
			if err != nil && err.Error() != lastErr {
				s.logf("audit_export: %v", err)
			}
			if err != nil {
				lastErr = err.Error()
			}
			wait = shipIdle
			continue
		}
		lastErr = ""
		r, err := sh.Ship(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			if failures == 0 {
				s.logf("shipping decisions to %s: %v (will retry)", sh.Where(), err)
			}
			failures++
			wait = min(interval<<min(failures, 8), 5*time.Minute)
			var he *ship.HTTPError
			if errors.As(err, &he) && he.RetryAfter > wait {
				wait = he.RetryAfter
			}
			continue
		}
		if failures > 0 {
			s.logf("shipping decisions to %s again", sh.Where())
		}
		failures, wait = 0, interval
		if r.Dropped > 0 {
			s.logf("dropped %d unshipped decisions past audit_export.buffer_max", r.Dropped)
		}
	}
}
