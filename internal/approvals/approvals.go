// Package approvals is the queue of calls waiting for a human: when a
// call needs a person's approval and nobody can answer in the harness (a
// headless run, a harness without ask, or approvals: out-of-band), the
// hook files an item and waits for a human to approve or deny it from the
// command line or the daemon's web page.
//
// Items are files under the state folder (approvals/<id>.json), replaced
// atomically, so that any process can read and answer them and nothing is
// lost when one is killed. A call is matched to items by its shape (tool,
// input, project and agent), so that an agent that retries after a
// timeout finds the answer a human gave in the meantime.
package approvals

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/jsondir"
)

// Statuses of an item.
const (
	Pending  = "pending"
	Approved = "approved"
	Denied   = "denied"
	Used     = "used"
	// Withdrawn: the caller gave up before anyone answered.
	Withdrawn = "withdrawn"
)

// Item is one call waiting for, or answered by, a human.
type Item struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Status  string    `json:"status"`
	// Shape identifies the call: retries of the same call have the same.
	Shape string `json:"shape"`
	// Summary is the call as a person reads it ("shell: git push").
	Summary string `json:"summary"`
	// Reason is why the policy asks; Rule the rule that asked.
	Reason string `json:"reason,omitempty"`
	Rule   string `json:"rule,omitempty"`
	// Justification is the agent's reason for the call, when given.
	Justification string `json:"justification,omitempty"`
	// Safety is the caller's argument that the call is safe.
	Safety  string `json:"safety,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Session string `json:"session,omitempty"`
	Harness string `json:"harness,omitempty"`
	Project string `json:"project,omitempty"`
	Cwd     string `json:"cwd,omitempty"`
	// Decided, By, Message and Always record the human's answer; Always
	// asks for a learned entry that allows calls of this shape (the CLI and
	// the daemon write it).
	Decided time.Time `json:"decided,omitzero"`
	By      string    `json:"by,omitempty"`
	Message string    `json:"message,omitempty"`
	Always  bool      `json:"always,omitempty"`
	// Finish journals the steps of an approval for good that follow the
	// answer (the learned entry, the project's trust), so that a run
	// killed between them is finished by the next.
	Finish *Finish `json:"finish,omitempty"`
	// MAC authenticates the record (see mac.go).
	MAC string `json:"mac,omitempty"`
	// Unverified, when set, says why the record's MAC did not verify:
	// the record counts as pending, whatever status its file claims.
	Unverified string `json:"unverified,omitempty"`
	// claimed is the status the file of an unverified record claims.
	claimed string
}

// Finish is the journal of an approval for good: written with the answer,
// before anything else changes, and updated as each step is done.
type Finish struct {
	// File is the learned.yaml the entry goes to.
	File string `json:"file"`
	// Trusted: the person trusted the project's policy files when they
	// answered, so the trust is renewed over the entry's learned.yaml.
	Trusted bool `json:"trusted,omitempty"`
	// LearnedSHA256 is the sha256 of File as the entry's write leaves it,
	// recorded before the write.
	LearnedSHA256 string `json:"learned_sha256,omitempty"`
	// Entry is the learned entry's id, once written.
	Entry string `json:"entry,omitempty"`
	// Done: every step is done.
	Done bool `json:"done,omitempty"`
}

// Store is the approvals folder of a state folder.
type Store struct {
	Dir string
	// KeyFile is the key of the records' MACs (default: approvals.key
	// beside Dir).
	KeyFile string
	Now     func() time.Time
	// mu guards key, read once (the MCP proxy shares a store between
	// calls).
	mu  sync.Mutex
	key []byte
}

// Open returns the store under a state folder.
func Open(stateDir string) *Store {
	return &Store{Dir: filepath.Join(stateDir, "approvals"), KeyFile: filepath.Join(stateDir, KeyFile), Now: time.Now}
}

// ErrNotFound is returned for an id that has no item.
var ErrNotFound = errors.New("no such approval")

// Get reads an item.
func (s *Store) Get(id string) (*Item, error) {
	it, err := jsondir.Get[Item](s.Dir, id, "approval")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w %q (run `governance approvals list`)", ErrNotFound, id)
	}
	if err == nil {
		s.verify(it)
	}
	return it, err
}

// put signs and writes a record.
func (s *Store) put(it *Item) error {
	if err := s.sign(it); err != nil {
		return err
	}
	return jsondir.Put(s.Dir, it.ID, it)
}

// List returns the items, oldest first; status "" lists all. A record
// whose MAC does not verify is listed as pending.
func (s *Store) List(status string) ([]*Item, error) {
	out, err := jsondir.List(s.Dir, "approval", func(it *Item) bool {
		s.verify(it)
		return status == "" || it.Status == status
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Created.Before(out[j].Created) })
	return out, err
}

// File returns the pending item for a call's shape, filing a new one when
// there is none. created reports a new item.
func (s *Store) File(it Item) (*Item, bool, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	pending, err := s.List(Pending)
	if err != nil {
		return nil, false, err
	}
	for _, p := range pending {
		if p.Shape == it.Shape {
			return p, false, nil
		}
	}
	it.ID, it.Created, it.Status = jsondir.FreshID(s.Dir, ""), s.Now().UTC(), Pending
	return &it, true, s.put(&it)
}

// Answer records a human's answer to a pending item.
func (s *Store) Answer(id string, approve bool, by, message string, always bool) (*Item, error) {
	return s.AnswerFinishing(id, approve, by, message, always, nil)
}

// AnswerFinishing is Answer with the journal of the steps an approval for
// good takes after it, recorded in the same write as the answer.
func (s *Store) AnswerFinishing(id string, approve bool, by, message string, always bool, finish *Finish) (*Item, error) {
	return s.settle(id, func(it *Item) {
		it.Status = Denied
		if approve {
			it.Status = Approved
		}
		it.By, it.Message, it.Always = by, message, always && approve
		if it.Always {
			it.Finish = finish
		}
	})
}

// Journal changes an answered item's journal, under the queue's lock.
func (s *Store) Journal(id string, set func(*Finish)) (*Item, error) {
	return s.change(id, func(it *Item) error {
		// Only a person's approval, as signed, has steps to finish: signing
		// the journal of any other record would sign what it claims. The
		// call it answered may have taken it already (used).
		if it.Status != Approved && it.Status != Used {
			return fmt.Errorf("approval %s is %s, not approved: nothing to finish", id, it.Status)
		}
		if it.Finish == nil {
			it.Finish = &Finish{}
		}
		it.Always = true
		set(it.Finish)
		return nil
	})
}

// settle ends a pending item, under the queue's lock: set changes it,
// and the time it was decided is recorded.
func (s *Store) settle(id string, set func(*Item)) (*Item, error) {
	return s.change(id, func(it *Item) error {
		if it.Status != Pending {
			return fmt.Errorf("approval %s is already %s", id, it.Status)
		}
		set(it)
		it.Decided = s.Now().UTC()
		return nil
	})
}

// change changes an item under the queue's lock and stores it; when set
// refuses, the item is returned as it is with set's error.
func (s *Store) change(id string, set func(*Item) error) (*Item, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	it, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	if err := set(it); err != nil {
		return it, err
	}
	if err := s.put(it); err != nil {
		return nil, err
	}
	return it, nil
}

// lock takes the queue's lock.
func (s *Store) lock() (func(), error) { return filelock.Lock(filepath.Join(s.Dir, "queue")) }

// Answered returns the answer a human gave to a call of this shape since
// a time: an approval not yet used, or a denial. It marks an approval
// used, so that one approval lets one call through.
func (s *Store) Answered(shape string, since time.Time) (*Item, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	items, err := s.List("")
	if err != nil {
		return nil, err
	}
	var refused error
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		if it.Shape != shape || it.Decided.Before(since) {
			continue
		}
		switch it.Status {
		case Approved:
			it.Status = Used
			return it, s.put(it)
		case Denied:
			return it, nil
		}
		if it.Unverified != "" && it.claimed != Pending && refused == nil {
			refused = fmt.Errorf("%w: %s", ErrUnverified, it.Unverified)
		}
	}
	return nil, refused
}

// Withdraw marks a pending item withdrawn: its caller no longer waits.
func (s *Store) Withdraw(id string) (*Item, error) {
	return s.settle(id, func(it *Item) { it.Status, it.By = Withdrawn, "the caller" })
}

// Status reads an item's current status.
func (s *Store) Status(id string) (*Item, error) { return s.Get(id) }
