package gatekeeper_test

import (
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/gatekeeper"
)

// TestBudgetHoldsUnderConcurrency reserves from many goroutines at once:
// each takes the file lock on its own descriptor, as separate hook
// processes do, and exactly the budget gets through.
func TestBudgetHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "budget.json")
	now := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, spent := 0, 0
	for range 20 {
		wg.Go(func() {
			err := gatekeeper.Reserve(path, now, 7, 0)
			mu.Lock()
			defer mu.Unlock()
			var be *gatekeeper.BudgetError
			switch {
			case err == nil:
				ok++
			case errors.As(err, &be):
				spent++
			default:
				t.Errorf("Reserve: %v", err)
			}
		})
	}
	wg.Wait()
	if ok != 7 || spent != 13 {
		t.Fatalf("%d reserved and %d refused, want 7 and 13", ok, spent)
	}
}

func TestBudgetWindows(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "budget.json")
	start := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for i := range 3 {
		if err := gatekeeper.Reserve(path, start.Add(time.Duration(i)*time.Minute), 3, 4); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	var be *gatekeeper.BudgetError
	if err := gatekeeper.Reserve(path, start.Add(10*time.Minute), 3, 4); !errors.As(err, &be) || be.Window != "hour" ||
		be.Retry != 50*time.Minute {
		t.Fatalf("fourth call in the hour: %v; want the hourly budget, retry in 50m", err)
	}
	if err := gatekeeper.Reserve(path, start.Add(61*time.Minute), 3, 4); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
	if err := gatekeeper.Reserve(path, start.Add(3*time.Hour), 3, 4); !errors.As(err, &be) || be.Window != "day" {
		t.Fatalf("fifth call in the day: %v; want the daily budget", err)
	}
	if err := gatekeeper.Reserve(path, start.Add(25*time.Hour), 3, 4); err != nil {
		t.Fatalf("a day later: %v", err)
	}
}
