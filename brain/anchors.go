package brain

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// ErrNoAnchor is returned for an anchor id that does not exist.
var ErrNoAnchor = errors.New("no such anchor")

// AddAnchor pins a piece of context and returns it.
func (b *Brain) AddAnchor(text, priority string) (Anchor, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Anchor{}, errors.New("an anchor needs text")
	}
	if !slices.Contains(Priorities, priority) {
		return Anchor{}, fmt.Errorf("priority must be %s, not %q", strings.Join(Priorities, ", "), priority)
	}
	var a Anchor
	_, err := b.updateState(func(st *State) error {
		now := b.now()
		st.NextAnchor++
		a = Anchor{ID: fmt.Sprintf("a%d", st.NextAnchor), Text: text, Priority: priority, Created: now, Since: now}
		st.Anchors = append(st.Anchors, a)
		st.addHistory(now, Entry{Kind: KindAnchorAdd, Detail: a.ID + " (" + priority + ")"})
		return nil
	})
	return a, err
}

// RemoveAnchor unpins an anchor; it is kept in archive/anchors.jsonl.
func (b *Brain) RemoveAnchor(id string) error {
	_, err := b.updateState(func(st *State) error {
		i := slices.IndexFunc(st.Anchors, func(a Anchor) bool { return a.ID == id })
		if i < 0 {
			return fmt.Errorf("%w %q (run `governance anchor list`)", ErrNoAnchor, id)
		}
		a := st.Anchors[i]
		if err := b.archiveAnchors([]Anchor{a}, "removed"); err != nil {
			return err
		}
		st.Anchors = slices.Delete(st.Anchors, i, i+1)
		st.addHistory(b.now(), Entry{Kind: KindAnchorRemove, Detail: a.ID})
		return nil
	})
	return err
}

// archivedAnchor is a line of archive/anchors.jsonl.
type archivedAnchor struct {
	Anchor
	Archived string `json:"archived"`
	Why      string `json:"why"`
}

// archiveAnchors appends anchors to archive/anchors.jsonl, skipping those
// already there (a purge run again after a crash archives nothing twice).
func (b *Brain) archiveAnchors(anchors []Anchor, why string) error {
	path := filepath.Join(b.archiveDir(), "anchors.jsonl")
	have, err := archivedIDs(path)
	if err != nil {
		return err
	}
	var lines []any
	for _, a := range anchors {
		if !have[a.ID] {
			lines = append(lines, archivedAnchor{Anchor: a, Archived: b.now().Format("2006-01-02T15:04:05.000Z07:00"), Why: why})
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return appendLines(path, lines...)
}

// SetPhase records the project's current phase.
func (b *Brain) SetPhase(phase string) error {
	phase = strings.TrimSpace(phase)
	_, err := b.updateState(func(st *State) error {
		now := b.now()
		st.Phase, st.PhaseSince = phase, now
		st.addHistory(now, Entry{Kind: KindPhase, Detail: phase})
		return nil
	})
	return err
}

// Pinned returns the anchors in the order they are shown: critical, then
// high, then normal, oldest first within a priority.
func (st *State) Pinned() []Anchor {
	out := slices.Clone(st.Anchors)
	slices.SortStableFunc(out, func(a, b Anchor) int {
		return slices.Index(Priorities, a.Priority) - slices.Index(Priorities, b.Priority)
	})
	return out
}
