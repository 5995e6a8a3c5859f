package learned

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Intervals is the review schedule, in days: a week after approval, then
// two weeks, a month, two months, four months, eight months, and a year
// from then on. It doubles, but never past a year.
var Intervals = []int{7, 14, 30, 60, 120, 240, 365}

// nextInterval is the interval after a confirmed review.
func nextInterval(days int) int {
	for _, d := range Intervals {
		if d > days {
			return d
		}
	}
	return Intervals[len(Intervals)-1]
}

// Schedule starts an entry's schedule: its first review a week from now.
func (e *Entry) Schedule(now time.Time) {
	e.IntervalDays = Intervals[0]
	e.NextReview = now.Add(time.Duration(e.IntervalDays) * 24 * time.Hour).UTC()
}

// Due reports whether an entry needs a review now: its date came, or the
// context it was reviewed against changed.
func (e *Entry) Due(now time.Time, context string) (bool, string) {
	if e.Status != Approved {
		return false, ""
	}
	if !e.NextReview.IsZero() && reviewDue(now, e.NextReview, e.IntervalDays) {
		return true, "review due " + e.NextReview.Format("2006-01-02")
	}
	if e.Context != "" && context != "" && e.Context != context {
		return true, "its context changed (rule files, or files that look like secrets)"
	}
	return false, ""
}

// reviewDue reports whether a review dated next, an interval of days
// after the last, is due now. The schedule is measured on both ends: a
// date further ahead than its interval was set while the clock ran ahead
// (or the clock has been set back since), and is due now, rather than a
// year late or never.
func reviewDue(now, next time.Time, intervalDays int) bool {
	days := max(intervalDays, Intervals[0])
	return !now.Before(next) || next.Sub(now) > time.Duration(days)*24*time.Hour
}

// Apply records a review: confirm moves the next review to the next
// interval, modify starts the schedule again, retire ends the entry.
func (e *Entry) Apply(verdict, who, note string, now time.Time, context string) error {
	switch verdict {
	case Confirm:
		e.IntervalDays = nextInterval(e.IntervalDays)
	case Modify:
		e.IntervalDays = Intervals[0]
	case Retire:
		e.Status = Retired
	default:
		return fmt.Errorf("a review is confirm, modify or retire, not %q", verdict)
	}
	e.Reviews = append(e.Reviews, Review{Time: now.UTC(), Who: who, Verdict: verdict, Note: note})
	if e.Status == Approved {
		e.NextReview = now.Add(time.Duration(e.IntervalDays) * 24 * time.Hour).UTC()
	}
	e.Context = context
	return nil
}

// Confirmations counts an entry's confirming reviews.
func (e *Entry) Confirmations() int {
	n := 0
	for _, r := range e.Reviews {
		if r.Verdict == Confirm {
			n++
		}
	}
	return n
}

// secretNames are names of files that hold secrets; a new one in the
// project changes the context every entry was reviewed against.
var secretNames = []string{".env", ".env.*", "*.pem", "*.key", "id_rsa*", "id_ed25519*", "*.p12", "*.pfx", "credentials",
	"credentials.json", ".npmrc", ".pypirc", "*.kdbx", "secrets.*"}

// Context fingerprints what reviews are made against: the project's and
// the user's rule files, and the names of files in the project that look
// like secrets.
func Context(projectRoot string, ruleDirs ...string) string {
	h := sha256.New()
	for _, d := range ruleDirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if data, err := os.ReadFile(filepath.Join(d, e.Name())); err == nil {
				fmt.Fprintf(h, "rule %s %x\n", e.Name(), sha256.Sum256(data))
			}
		}
	}
	var secrets []string
	if projectRoot != "" {
		filepath.WalkDir(projectRoot, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				switch d.Name() {
				case ".git", "node_modules", ".governance", "vendor", "target", "dist", "build":
					if path != projectRoot {
						return filepath.SkipDir
					}
				}
				return nil
			}
			for _, pat := range secretNames {
				if ok, _ := filepath.Match(pat, d.Name()); ok {
					rel, _ := filepath.Rel(projectRoot, path)
					secrets = append(secrets, rel)
					break
				}
			}
			return nil
		})
	}
	sort.Strings(secrets)
	fmt.Fprintf(h, "secrets %s\n", strings.Join(secrets, "\n"))
	return hex.EncodeToString(h.Sum(nil))[:16]
}
