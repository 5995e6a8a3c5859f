// Package proposals keeps the policy rules that agents propose for a
// human to review. A proposal changes nothing by itself: only a human's
// accept writes its rule into the configuration.
//
// Proposals are files under the state folder (proposals/<id>.json),
// replaced atomically under a lock, so that any process can read and
// answer them and nothing is lost when one is killed.
package proposals

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"

	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/jsondir"
)

// Statuses of a proposal.
const (
	Pending  = "pending"
	Accepted = "accepted"
	Rejected = "rejected"
)

// Proposal is one rule an agent proposed.
type Proposal struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Status  string    `json:"status"`
	// RuleID is the proposed rule's id; Rule the rule as YAML, one
	// element of a rules file's list.
	RuleID string `json:"rule_id"`
	Rule   string `json:"rule"`
	// Reason is why the agent proposes it.
	Reason  string `json:"reason,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Session string `json:"session,omitempty"`
	// Decided, By and Message record the human's answer; File is where
	// an accepted rule was written.
	Decided time.Time `json:"decided,omitzero"`
	By      string    `json:"by,omitempty"`
	Message string    `json:"message,omitempty"`
	File    string    `json:"file,omitempty"`
}

// Store is the proposals folder of a state folder.
type Store struct {
	Dir string
	Now func() time.Time
}

// Open returns the store under a state folder.
func Open(stateDir string) *Store {
	return &Store{Dir: filepath.Join(stateDir, "proposals"), Now: time.Now}
}

// ErrNotFound is returned for an id that has no proposal.
var ErrNotFound = errors.New("no such proposal")

func (s *Store) lock() (func(), error) { return filelock.Lock(filepath.Join(s.Dir, "queue")) }

// Get reads a proposal.
func (s *Store) Get(id string) (*Proposal, error) {
	p, err := jsondir.Get[Proposal](s.Dir, id, "proposal")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w %q", ErrNotFound, id)
	}
	return p, err
}

func (s *Store) put(p *Proposal) error { return jsondir.Put(s.Dir, p.ID, p) }

// List returns the proposals, oldest first; status "" lists all.
func (s *Store) List(status string) ([]*Proposal, error) {
	out, err := jsondir.List(s.Dir, "proposal", func(p *Proposal) bool { return status == "" || p.Status == status })
	sort.Slice(out, func(i, j int) bool { return out[i].Created.Before(out[j].Created) })
	return out, err
}

// Propose records a pending proposal and returns it with its id.
func (s *Store) Propose(p Proposal) (*Proposal, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	p.ID, p.Created, p.Status = jsondir.FreshID(s.Dir, "p-"), s.Now().UTC(), Pending
	return &p, s.put(&p)
}

// Accept marks a pending proposal accepted after write has put its rule
// into the configuration and returned the file it wrote. A write that
// fails leaves the proposal pending.
func (s *Store) Accept(id, by string, write func(*Proposal) (string, error)) (*Proposal, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	p, err := s.pending(id)
	if err != nil {
		return nil, err
	}
	file, err := write(p)
	if err != nil {
		return nil, err
	}
	p.Status, p.Decided, p.By, p.File = Accepted, s.Now().UTC(), by, file
	return p, s.put(p)
}

// Reject marks a pending proposal rejected.
func (s *Store) Reject(id, by, message string) (*Proposal, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	p, err := s.pending(id)
	if err != nil {
		return nil, err
	}
	p.Status, p.Decided, p.By, p.Message = Rejected, s.Now().UTC(), by, message
	return p, s.put(p)
}

func (s *Store) pending(id string) (*Proposal, error) {
	p, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	if p.Status != Pending {
		return nil, fmt.Errorf("proposal %s is already %s", id, p.Status)
	}
	return p, nil
}
