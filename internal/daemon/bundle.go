package daemon

import (
	"context"
	"time"
)

// Pull pulls the policy bundle once: what changed, for the log ("" when
// nothing did), or why the bundle in force stays.
type Pull func(ctx context.Context) (string, error)

// pullIdle is how often the daemon looks again when no bundle is to be
// pulled.
const pullIdle = time.Minute

// pullLoop pulls the managed policy bundle every poll interval until ctx
// is done. It logs an activation, and a failure only when it differs
// from the last one: a registry that is down fills no log.
func (s *Server) pullLoop(ctx context.Context) {
	wait := time.Duration(0)
	var lastErr string
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		pull, every, err := s.cfg.Bundle()
		switch {
		case err != nil:
			if err.Error() != lastErr {
				s.logf("bundle: %v", err)
				lastErr = err.Error()
			}
			wait = pullIdle
			continue
		case pull == nil || every <= 0:
			wait = pullIdle
			continue
		}
		changed, err := pull(ctx)
		if ctx.Err() != nil {
			return
		}
		switch {
		case err != nil && err.Error() != lastErr:
			s.logf("bundle: %v", err)
			lastErr = err.Error()
		case err == nil:
			if changed != "" {
				s.logf("bundle: %s", changed)
			}
			lastErr = ""
		}
		wait = every
	}
}
