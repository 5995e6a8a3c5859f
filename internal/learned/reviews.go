package learned

import (
	"errors"
	"io/fs"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// RuleReview is the review schedule of a level-1 rule: rules come back
// for review on the same schedule as learned entries.
type RuleReview struct {
	Rule         string    `yaml:"rule"`
	FirstSeen    time.Time `yaml:"first_seen"`
	NextReview   time.Time `yaml:"next_review"`
	IntervalDays int       `yaml:"interval_days"`
	Reviews      []Review  `yaml:"reviews,omitempty"`
	Retired      bool      `yaml:"retired,omitempty"`
	// Context fingerprints what the rule was last reviewed against.
	Context string `yaml:"context,omitempty"`
}

// Reviews is reviews.yaml, beside learned.yaml.
type Reviews struct {
	Version int          `yaml:"version"`
	Rules   []RuleReview `yaml:"rules"`
}

// ReviewsName is the file's name in the configuration folders.
const ReviewsName = "reviews.yaml"

// ReadReviews reads a reviews.yaml; a missing file is empty, and so is
// one another user owns: its retired rules would switch this user's
// rules off.
func ReadReviews(path string) (*Reviews, error) {
	r := &Reviews{Version: 1}
	data, err := layout.ReadOwned(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, layout.ErrNotOwned) {
		return r, nil
	}
	if err != nil {
		return nil, err
	}
	if err := yaml.Unmarshal(data, r); err != nil {
		return nil, err
	}
	return r, nil
}

// UpdateReviews changes a reviews.yaml under its lock.
func UpdateReviews(path string, fn func(r *Reviews) error) error {
	unlock, err := filelock.Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	r, err := ReadReviews(path)
	if err != nil {
		return err
	}
	if err := fn(r); err != nil {
		return err
	}
	data, err := yaml.Marshal(r)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append([]byte("# Review schedule of the rules in rules/, kept by `governance review`.\n"), data...), 0o644)
}

// Track returns a rule's schedule, starting one (first review a week
// from now) for a rule seen for the first time.
func (r *Reviews) Track(rule string, now time.Time) *RuleReview {
	for i := range r.Rules {
		if r.Rules[i].Rule == rule {
			return &r.Rules[i]
		}
	}
	r.Rules = append(r.Rules, RuleReview{Rule: rule, FirstSeen: now.UTC(), IntervalDays: Intervals[0],
		NextReview: now.Add(time.Duration(Intervals[0]) * 24 * time.Hour).UTC()})
	return &r.Rules[len(r.Rules)-1]
}

// Due reports whether a rule needs a review now.
func (rr *RuleReview) Due(now time.Time, context string) (bool, string) {
	if rr.Retired {
		return false, ""
	}
	if reviewDue(now, rr.NextReview, rr.IntervalDays) {
		return true, "review due " + rr.NextReview.Format("2006-01-02")
	}
	if rr.Context != "" && context != "" && rr.Context != context {
		return true, "its context changed (rule files, or files that look like secrets)"
	}
	return false, ""
}

// Apply records a review of a rule.
func (rr *RuleReview) Apply(verdict, who, note string, now time.Time, context string) error {
	e := Entry{Status: Approved, IntervalDays: rr.IntervalDays}
	if err := e.Apply(verdict, who, note, now, context); err != nil {
		return err
	}
	rr.IntervalDays, rr.NextReview, rr.Context = e.IntervalDays, e.NextReview, context
	rr.Retired = e.Status == Retired
	rr.Reviews = append(rr.Reviews, e.Reviews...)
	return nil
}
