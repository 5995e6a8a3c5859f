// Package approvals is the queue of calls waiting for a human: when a
// call needs a person's approval and nobody can answer in the harness (a
// headless run, a harness without ask, or approvals: out-of-band), the
// hook files an item and waits for a human to approve or deny it from the
// command line or the daemon's web page.
//
// Items are files under the state folder (approvals/<id>.json), replaced
// atomically, so that any process can read and answer them and nothing is
// lost when one is killed. A call is matched to items by its shape (tool,
// whole input, folder, project and agent), so that an agent that retries
// after a timeout finds the answer a human gave in the meantime, and a
// retry that changes anything is asked again.
package approvals

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/queue"
)

// Statuses of an item.
const (
	Pending  = queue.Pending
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
	// Input is the call's whole input (a Write's content, an Edit's old
	// and new text, a patch, a prompt, an MCP tool's arguments): what a
	// person approves, shown by Details. Items filed before it was kept
	// have none, and their shape matches no call (see the pipeline's
	// shape): they are answered again when the call is retried.
	Input json.RawMessage `json:"input,omitempty"`
	// Files are the files the call runs as code or applies as
	// configuration (a script, a makefile, package.json), with their
	// content's digest when the item was filed: the approval is of the
	// call with those contents, and a call that runs other contents is
	// another item.
	Files []File `json:"files,omitempty"`
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
	// Unbound, when set, says why Files are not all the code the call
	// runs: the item can be approved once, while its call waits, and
	// never for good.
	Unbound string `json:"unbound,omitempty"`
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

// File is a file an approved call runs, and its content's sha256 (hex),
// or Absent.
type File = engine.FileContent

// Absent is the digest of a file that was not there.
const Absent = engine.DigestAbsent

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

// Head shows the queue the item's id, status and times.
func (it *Item) Head() queue.Head {
	return queue.Head{ID: &it.ID, Created: &it.Created, Status: &it.Status, Decided: &it.Decided}
}

// Store is the approvals folder of a state folder: a queue whose records
// are signed as they are written and checked as they are read (mac.go).
type Store struct {
	queue.Store[Item, *Item]
	// KeyFile is the key of the records' MACs (default: approvals.key
	// beside Dir).
	KeyFile string
	// mu guards key, read once (the MCP proxy shares a store between
	// calls).
	mu  sync.Mutex
	key []byte
}

// Open returns the store under a state folder.
func Open(stateDir string) *Store {
	s := &Store{KeyFile: filepath.Join(stateDir, KeyFile)}
	s.Store = queue.Store[Item, *Item]{Dir: filepath.Join(stateDir, "approvals"), Now: time.Now,
		Noun: "approval", NotFound: ErrNotFound, Hint: "run `governance approvals list`", Read: s.verify, Write: s.sign}
	return s
}

// ErrNotFound is returned for an id that has no item.
var ErrNotFound = errors.New("no such approval")

// File returns the pending item for a call's shape, filing a new one when
// there is none. created reports a new item.
func (s *Store) File(it Item) (*Item, bool, error) {
	return s.Add(it, func(p *Item) bool { return p.Shape == it.Shape })
}

// Answer records a human's answer to a pending item.
func (s *Store) Answer(id string, approve bool, by, message string, always bool) (*Item, error) {
	return s.AnswerFinishing(id, approve, by, message, always, nil)
}

// AnswerFinishing is Answer with the journal of the steps an approval for
// good takes after it, recorded in the same write as the answer.
func (s *Store) AnswerFinishing(id string, approve bool, by, message string, always bool, finish *Finish) (*Item, error) {
	return s.Decide(id, func(it *Item) error {
		if always && approve && it.Unbound != "" {
			return fmt.Errorf("approval %s cannot be given for good: %s, so a learned entry could allow code nobody approved; "+
				"approve it once (governance approvals approve %s), while its call waits", id, it.Unbound, id)
		}
		it.Status = Denied
		if approve {
			it.Status = Approved
		}
		it.By, it.Message, it.Always = by, message, always && approve
		if it.Always {
			it.Finish = finish
		}
		return nil
	})
}

// Journal changes an answered item's journal, under the queue's lock.
func (s *Store) Journal(id string, set func(*Finish)) (*Item, error) {
	return s.Change(id, func(it *Item) error {
		// Only a person's approval, as signed, has steps to finish: signing
		// the journal of any other record would sign what it claims. The
		// call it answered may have taken it already (used).
		if it.Status != Approved && it.Status != Used {
			return fmt.Errorf("approval %s is %s, not approved: nothing to finish", id, it.Status)
		}
		if it.Unbound != "" {
			return fmt.Errorf("approval %s cannot be given for good: %s", id, it.Unbound)
		}
		if it.Finish == nil {
			it.Finish = &Finish{}
		}
		it.Always = true
		set(it.Finish)
		return nil
	})
}

// Answered returns the answer a human gave to a call of this shape since
// a time, and not after now: an approval not yet used, or a denial. It
// marks an approval used, so that one approval lets one call through.
//
// The window is measured on both ends: an answer stamped after now was
// given while the clock was ahead, or the clock has been set back since,
// and how long ago it was given cannot be told; it counts as expired (a
// retry is asked again). Otherwise an approval given while the clock ran
// a year ahead would stay good for a year, and one given before the clock
// was set back by a day, for a day.
func (s *Store) Answered(shape string, since time.Time) (*Item, error) {
	unlock, err := s.Lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	items, err := s.List("")
	if err != nil {
		return nil, err
	}
	now := s.Now()
	var refused error
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		if it.Shape != shape || it.Decided.Before(since) || it.Decided.After(now) {
			continue
		}
		switch it.Status {
		case Approved:
			it.Status = Used
			return it, s.Put(it)
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
	return s.Decide(id, func(it *Item) error {
		it.Status, it.By = Withdrawn, "the caller"
		return nil
	})
}

// Status reads an item's current status.
func (s *Store) Status(id string) (*Item, error) { return s.Get(id) }
