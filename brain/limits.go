package brain

import (
	"fmt"
	"path/filepath"
	"sort"
	"time"
)

// Limits is the rate-limit state every hook process shares:
// ratelimits.json in the state folder. It is written under a lock and
// atomically, but not fsynced: losing a minute of counters to a power
// failure is harmless, and an fsync on every call is not. Windows hold the times of the
// calls admitted in the last minute, by key ("role:ai",
// "agent:SESSION/AGENT"); Slots the calls running now, by tool use id.
type Limits struct {
	Version int                `json:"version"`
	Windows map[string][]int64 `json:"windows,omitempty"`
	Slots   map[string]Slot    `json:"slots,omitempty"`
}

// Slot is a running call holding a concurrency slot of its role.
type Slot struct {
	Role    string `json:"role"`
	Since   int64  `json:"since"`
	Expires int64  `json:"expires"`
}

// Budget is what a call may use: calls per minute for its role and for
// its agent, running calls for its role, and how long a call that never
// reports its end keeps its slot.
type Budget struct {
	PerMinute, PerAgentPerMinute, MaxConcurrent int
	SlotExpiry                                  time.Duration
}

// LimitsPath is the rate-limit state file in a state folder.
func LimitsPath(stateDir string) string { return filepath.Join(stateDir, "ratelimits.json") }

const window = time.Minute

// Admit counts a call against its role's and agent's budget. It returns
// whether the call may run and, when not, why and when to retry. An
// admitted call with a tool use id holds a concurrency slot until
// Release or until its slot expires.
func Admit(path string, now time.Time, role, agent, toolUseID string, b Budget) (ok bool, why string, retry time.Duration, err error) {
	l := &Limits{}
	nowMS := now.UnixMilli()
	err = updateVolatile(path, l, func() error {
		l.Version = Version
		if l.Windows == nil {
			l.Windows = map[string][]int64{}
		}
		if l.Slots == nil {
			l.Slots = map[string]Slot{}
		}
		// Forget what is older than the window, and expired slots.
		for k, times := range l.Windows {
			kept := times[:0]
			for _, t := range times {
				if nowMS-t < window.Milliseconds() {
					kept = append(kept, t)
				}
			}
			if len(kept) == 0 {
				delete(l.Windows, k)
			} else {
				l.Windows[k] = kept
			}
		}
		for id, s := range l.Slots {
			if s.Expires <= nowMS {
				delete(l.Slots, id)
			}
		}
		roleKey, agentKey := "role:"+role, "agent:"+agent
		full := func(key string, max int) (bool, time.Duration) {
			times := l.Windows[key]
			if max <= 0 || len(times) < max {
				return false, 0
			}
			sorted := append([]int64(nil), times...)
			sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
			// The call can run once the oldest that counts leaves the window.
			return true, time.Duration(sorted[len(sorted)-max]+window.Milliseconds()-nowMS) * time.Millisecond
		}
		if f, r := full(roleKey, b.PerMinute); f {
			ok, why, retry = false, fmt.Sprintf("role %s is limited to %d calls per minute", role, b.PerMinute), r
			return nil
		}
		if f, r := full(agentKey, b.PerAgentPerMinute); f {
			ok, why, retry = false, fmt.Sprintf("each agent of role %s is limited to %d calls per minute", role, b.PerAgentPerMinute), r
			return nil
		}
		if b.MaxConcurrent > 0 {
			running, soonest := 0, int64(0)
			for _, s := range l.Slots {
				if s.Role == role {
					running++
					if soonest == 0 || s.Expires < soonest {
						soonest = s.Expires
					}
				}
			}
			if running >= b.MaxConcurrent {
				ok, why, retry = false, fmt.Sprintf("role %s may run at most %d calls at once", role, b.MaxConcurrent),
					time.Duration(soonest-nowMS)*time.Millisecond
				return nil
			}
		}
		ok = true
		if b.PerMinute > 0 {
			l.Windows[roleKey] = append(l.Windows[roleKey], nowMS)
		}
		if b.PerAgentPerMinute > 0 {
			l.Windows[agentKey] = append(l.Windows[agentKey], nowMS)
		}
		if b.MaxConcurrent > 0 && toolUseID != "" {
			expiry := b.SlotExpiry
			if expiry <= 0 {
				expiry = 10 * time.Minute
			}
			l.Slots[toolUseID] = Slot{Role: role, Since: nowMS, Expires: nowMS + expiry.Milliseconds()}
		}
		return nil
	})
	return ok, why, retry, err
}

// Release frees the concurrency slot of a finished call.
func Release(path, toolUseID string) error {
	if toolUseID == "" {
		return nil
	}
	l := &Limits{}
	return updateVolatile(path, l, func() error {
		if _, ok := l.Slots[toolUseID]; !ok {
			return errNoChange
		}
		delete(l.Slots, toolUseID)
		return nil
	})
}
