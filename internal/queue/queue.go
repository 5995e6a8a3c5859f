// Package queue keeps entries that wait for a person's decision, one
// JSON file each in a folder: the approvals queue (calls waiting for a
// human) and the rule proposals. An entry is replaced atomically (see
// atomicfile) under the queue's lock, so that any process can read and
// decide entries and nothing is lost when one is killed.
//
// The queue knows an entry's head only (its id, status and times); what
// else an entry holds, and what checks it, is its package's own.
package queue

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"

	"github.com/agentgov/governance/internal/filelock"
)

// Pending is the status of an entry nobody has decided yet.
const Pending = "pending"

// Head points at the fields of an entry that the queue reads and sets.
type Head struct {
	ID      *string
	Created *time.Time
	Status  *string
	Decided *time.Time
}

// Entry is a pointer to an entry that shows the queue its head.
type Entry[T any] interface {
	*T
	Head() Head
}

// Store is a queue's folder.
type Store[T any, P Entry[T]] struct {
	Dir string
	Now func() time.Time
	// Noun names an entry in errors ("approval"); Prefix starts new ids.
	Noun, Prefix string
	// NotFound is wrapped by the error of an id that has no entry ("no
	// such approval"); Hint, when set, follows it (what to run).
	NotFound error
	Hint     string
	// Read, when set, is applied to every entry read, before List
	// filters it; Write to every entry before it is written. The
	// approvals check and set their MAC with them.
	Read  func(P)
	Write func(P) error
}

// Get reads an entry.
func (s *Store[T, P]) Get(id string) (P, error) {
	e, err := read[T](s.Dir, id, s.Noun)
	if errors.Is(err, fs.ErrNotExist) {
		if s.Hint != "" {
			return nil, fmt.Errorf("%w %q (%s)", s.NotFound, id, s.Hint)
		}
		return nil, fmt.Errorf("%w %q", s.NotFound, id)
	}
	if err != nil {
		return nil, err
	}
	if s.Read != nil {
		s.Read(e)
	}
	return e, nil
}

// List returns the entries, oldest first; status "" lists all. An entry
// that cannot be read is passed over.
func (s *Store[T, P]) List(status string) ([]P, error) {
	names, err := ids(s.Dir)
	var out []P
	for _, id := range names {
		e, err := s.Get(id)
		if err == nil && (status == "" || *e.Head().Status == status) {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Head().Created.Before(*out[j].Head().Created) })
	return out, err
}

// Add files an entry as pending under a fresh id, unless same finds a
// pending entry it stands for (nil: none does); added reports a new
// entry.
func (s *Store[T, P]) Add(e T, same func(P) bool) (_ P, added bool, _ error) {
	unlock, err := s.Lock()
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	if same != nil {
		pending, err := s.List(Pending)
		if err != nil {
			return nil, false, err
		}
		for _, p := range pending {
			if same(p) {
				return p, false, nil
			}
		}
	}
	p := P(&e)
	h := p.Head()
	*h.ID, *h.Created, *h.Status = freshID(s.Dir, s.Prefix), s.Now().UTC(), Pending
	if err := s.Put(p); err != nil {
		return nil, false, err
	}
	return p, true, nil
}

// Decide ends a pending entry under the queue's lock: decide sets its
// status and what goes with it, and the time is recorded. When decide
// refuses, the entry stays as it was.
func (s *Store[T, P]) Decide(id string, decide func(P) error) (P, error) {
	return s.Change(id, func(e P) error {
		h := e.Head()
		if *h.Status != Pending {
			return fmt.Errorf("%s %s is already %s", s.Noun, id, *h.Status)
		}
		if err := decide(e); err != nil {
			return err
		}
		*h.Decided = s.Now().UTC()
		return nil
	})
}

// Change changes an entry under the queue's lock and writes it; when set
// refuses, the entry is returned as it is with set's error.
func (s *Store[T, P]) Change(id string, set func(P) error) (P, error) {
	unlock, err := s.Lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	e, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	if err := set(e); err != nil {
		return e, err
	}
	if err := s.Put(e); err != nil {
		return nil, err
	}
	return e, nil
}

// Lock takes the queue's lock, for a change that Add, Decide and Change
// do not make; the caller writes with Put before it unlocks.
func (s *Store[T, P]) Lock() (unlock func(), err error) {
	return filelock.Lock(filepath.Join(s.Dir, "queue"))
}

// Put writes an entry; the caller holds the queue's lock.
func (s *Store[T, P]) Put(e P) error {
	if s.Write != nil {
		if err := s.Write(e); err != nil {
			return err
		}
	}
	return write(s.Dir, *e.Head().ID, e)
}
