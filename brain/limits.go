package brain

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// Limits is the rate-limit state every hook process shares:
// ratelimits.json in the state folder. It is rewritten in place under a
// lock, and not fsynced: losing a minute of counters to a power failure
// is harmless, and an fsync on every call is not. Counts hold,
// by key ("role:ai", "agent:SESSION/AGENT"), the calls admitted in each
// second of the last minute, so that the state stays small however many
// calls run; Slots the calls running now, by tool use id.
type Limits struct {
	Version int                 `json:"version"`
	Counts  map[string][]Bucket `json:"counts,omitempty"`
	Slots   map[string]Slot     `json:"slots,omitempty"`
}

// Bucket counts the calls admitted in one second: its start in Unix
// milliseconds, and how many.
type Bucket [2]int64

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
	second := nowMS - nowMS%1000
	// A second's calls count until the whole second has left the window:
	// a call is never forgotten early.
	expires := func(start int64) int64 { return start + 1000 + window.Milliseconds() }
	err = updateVolatile(path, l, func() error {
		l.Version = Version
		if l.Counts == nil {
			l.Counts = map[string][]Bucket{}
		}
		if l.Slots == nil {
			l.Slots = map[string]Slot{}
		}
		// Forget the seconds that left the window, and expired slots.
		for k, buckets := range l.Counts {
			kept := buckets[:0]
			for _, bk := range buckets {
				if expires(bk[0]) > nowMS && bk[1] > 0 {
					kept = append(kept, bk)
				}
			}
			if len(kept) == 0 {
				delete(l.Counts, k)
			} else {
				l.Counts[k] = kept
			}
		}
		for id, s := range l.Slots {
			if s.Expires <= nowMS {
				delete(l.Slots, id)
			}
		}
		roleKey, agentKey := "role:"+role, "agent:"+agent
		full := func(key string, max int) (bool, time.Duration) {
			if max <= 0 {
				return false, 0
			}
			buckets := slices.Clone(l.Counts[key])
			var n int64
			for _, bk := range buckets {
				n += bk[1]
			}
			if n < int64(max) {
				return false, 0
			}
			// The call can run once enough of the oldest seconds leave
			// the window that fewer than max calls count.
			slices.SortFunc(buckets, func(a, b Bucket) int { return cmp.Compare(a[0], b[0]) })
			for _, bk := range buckets {
				n -= bk[1]
				if n < int64(max) {
					return true, time.Duration(expires(bk[0])-nowMS) * time.Millisecond
				}
			}
			return true, window
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
		count := func(key string) {
			buckets := l.Counts[key]
			for i := range buckets {
				if buckets[i][0] == second {
					buckets[i][1]++
					return
				}
			}
			l.Counts[key] = append(buckets, Bucket{second, 1})
		}
		if b.PerMinute > 0 {
			count(roleKey)
		}
		if b.PerAgentPerMinute > 0 {
			count(agentKey)
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
