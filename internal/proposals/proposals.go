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
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/queue"
)

// Statuses of a proposal.
const (
	Pending  = queue.Pending
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

// Head shows the queue the proposal's id, status and times.
func (p *Proposal) Head() queue.Head {
	return queue.Head{ID: &p.ID, Created: &p.Created, Status: &p.Status, Decided: &p.Decided}
}

// Store is the proposals folder of a state folder.
type Store struct {
	queue.Store[Proposal, *Proposal]
}

// Open returns the store under a state folder.
func Open(stateDir string) *Store {
	return &Store{queue.Store[Proposal, *Proposal]{Dir: filepath.Join(stateDir, "proposals"), Now: time.Now,
		Noun: "proposal", Prefix: "p-", NotFound: ErrNotFound}}
}

// ErrNotFound is returned for an id that has no proposal.
var ErrNotFound = errors.New("no such proposal")

// Propose records a pending proposal and returns it with its id.
func (s *Store) Propose(p Proposal) (*Proposal, error) {
	pr, _, err := s.Add(p, nil)
	return pr, err
}

// Accept marks a pending proposal accepted after write has put its rule
// into the configuration and returned the file it wrote. A write that
// fails leaves the proposal pending.
func (s *Store) Accept(id, by string, write func(*Proposal) (string, error)) (*Proposal, error) {
	return s.Decide(id, func(p *Proposal) error {
		file, err := write(p)
		if err != nil {
			return err
		}
		p.Status, p.By, p.File = Accepted, by, file
		return nil
	})
}

// Reject marks a pending proposal rejected.
func (s *Store) Reject(id, by, message string) (*Proposal, error) {
	return s.Decide(id, func(p *Proposal) error {
		p.Status, p.By, p.Message = Rejected, by, message
		return nil
	})
}
