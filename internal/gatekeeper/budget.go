package gatekeeper

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// BudgetError is a call the budget does not allow.
type BudgetError struct {
	// Limit calls per Window ("hour" or "day") are spent; the next call
	// fits after Retry.
	Limit  int
	Window string
	Retry  time.Duration
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("its budget of %d calls per %s is spent (the next fits in %s)", e.Limit, e.Window,
		e.Retry.Round(time.Second))
}

// budgetState is the budget file: the times of the model calls of the
// last day, in unix milliseconds, oldest first.
type budgetState struct {
	Version int     `json:"version"`
	Calls   []int64 `json:"calls"`
}

// Reserve counts one model call against the budgets in the file at path,
// shared by every process, and returns a *BudgetError when a budget is
// spent. A call is counted before it is made, so that parallel hooks
// cannot overrun the budget together; a call that fails still counts (a
// provider may bill it).
//
// The file is written under a lock and atomically, without fsync: a power
// loss can forget the last calls, which errs on the side of the user's
// time, and an fsync would cost every call milliseconds.
func Reserve(path string, now time.Time, perHour, perDay int) error {
	if perHour <= 0 && perDay <= 0 {
		return nil
	}
	unlock, err := filelock.Lock(path)
	if err != nil {
		return fmt.Errorf("gatekeeper budget: %w", err)
	}
	defer unlock()
	var st budgetState
	// Only the user's own file (or root's) counts: in a state folder
	// another user owns, theirs would spend or refill this user's budget.
	// It counts as missing, and the write below replaces it.
	data, err := layout.ReadOwned(path)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, layout.ErrNotOwned):
	case err != nil:
		return fmt.Errorf("gatekeeper budget: %w", err)
	default:
		if err := json.Unmarshal(data, &st); err != nil {
			return fmt.Errorf("gatekeeper budget: %s is corrupt: %w", path, err)
		}
	}
	ms := now.UnixMilli()
	day, hour := (24 * time.Hour).Milliseconds(), time.Hour.Milliseconds()
	kept := st.Calls[:0]
	for _, t := range st.Calls {
		if ms-t < day && t <= ms {
			kept = append(kept, t)
		}
	}
	st.Calls = kept
	if perDay > 0 && len(st.Calls) >= perDay {
		return &BudgetError{Limit: perDay, Window: "day", Retry: time.Duration(st.Calls[len(st.Calls)-perDay]+day-ms) * time.Millisecond}
	}
	if perHour > 0 {
		var inHour []int64
		for _, t := range st.Calls {
			if ms-t < hour {
				inHour = append(inHour, t)
			}
		}
		if len(inHour) >= perHour {
			return &BudgetError{Limit: perHour, Window: "hour", Retry: time.Duration(inHour[len(inHour)-perHour]+hour-ms) * time.Millisecond}
		}
	}
	st.Version = 1
	st.Calls = append(st.Calls, ms)
	out, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteVolatile(path, out, 0o600); err != nil {
		return fmt.Errorf("gatekeeper budget: %w", err)
	}
	return nil
}
