// Package notify tells a person that a call waits for approval: a desktop
// notification where a display is there, and the webhooks the user's
// configuration names (a generic JSON body, Slack, ntfy).
//
// The hook never sends anything itself: it starts `governance notify ID`
// as a detached process (see pipeline's notify.go), so that a slow
// receiver never delays a decision. What is sent names the approval item,
// the call masked with the decision log's masker, and the command that
// answers it.
package notify

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
)

// Message is what a notification says about one approval item.
type Message struct {
	// ID is the approval item's.
	ID string `json:"id"`
	// Command is the call as a person reads it ("shell: git push"), its
	// credentials masked.
	Command string `json:"command"`
	// Input is the start of the call's input (a Write's content, an
	// Edit's text), masked: what an approval lets through. The rest is in
	// `governance approvals show`.
	Input string `json:"input,omitempty"`
	// Reason is why the policy asks, masked; Rule the rule that asked.
	Reason  string `json:"reason,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Harness string `json:"harness,omitempty"`
	Project string `json:"project,omitempty"`
	// Approve and Deny are the commands that answer the item.
	Approve string    `json:"approve"`
	Deny    string    `json:"deny"`
	Created time.Time `json:"created,omitzero"`
}

// NewMessage describes an approval item for a person, masking the
// credentials the call and the reason may hold.
func NewMessage(it *approvals.Item) Message {
	cmd, _ := decisionlog.Mask(it.Summary)
	reason, _ := decisionlog.Mask(it.Reason)
	input, _ := decisionlog.Mask(strings.Join(it.Details(notifyLines), "\n"))
	return Message{ID: it.ID, Command: cmd, Input: input, Reason: reason, Rule: it.Rule, Agent: it.Agent, Harness: it.Harness,
		Project: it.Project, Created: it.Created,
		Approve: "governance approvals approve " + it.ID, Deny: "governance approvals deny " + it.ID}
}

// notifyLines is how many lines of the input a notification carries.
const notifyLines = 12

// Title is the notification's one-line title.
func (m Message) Title() string { return "governance: approval " + m.ID + " waiting" }

// Text is the notification's body as plain text.
func (m Message) Text() string {
	s := m.Command
	if m.Input != "" {
		s += "\n" + m.Input
	}
	if m.Reason != "" {
		s += "\n" + m.Reason
	}
	return s + "\nApprove: " + m.Approve + "\nDeny: " + m.Deny
}

// Notifier sends the notifications of the notify block.
type Notifier struct {
	Config *config.Notify
	// Resolver reads the references that name the webhooks' URLs.
	Resolver config.Resolver
	// Client sends the webhooks' requests; http.DefaultClient when nil.
	Client *http.Client
	// Desktop shows desktop notifications; nil shows none.
	Desktop *Desktop
}

// Channels names where Send announces a message: the desktop
// notifier that applies here, if any, and each configured webhook.
func (n Notifier) Channels() []string {
	cfg := n.Config
	if cfg == nil {
		cfg = &config.Notify{Desktop: true}
	}
	var out []string
	if cfg.Desktop && n.Desktop != nil {
		if name, _, ok := n.Desktop.command(Message{}); ok {
			if _, err := n.Desktop.LookPath(name); err == nil {
				out = append(out, "desktop ("+name+")")
			}
		}
	}
	for _, w := range cfg.Webhooks {
		out = append(out, fmt.Sprintf("webhook (line %d)", w.Line))
	}
	return out
}

// Send announces m everywhere the configuration says, each delivery
// bounded by the configured timeout; it returns what failed, the
// deliveries that worked being sent all the same.
func (n Notifier) Send(ctx context.Context, m Message) error {
	cfg := n.Config
	if cfg == nil {
		cfg = &config.Notify{Desktop: true, Timeout: config.DefaultNotifyTimeout}
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = config.DefaultNotifyTimeout
	}
	var errs []error
	if cfg.Desktop && n.Desktop != nil {
		dctx, cancel := context.WithTimeout(ctx, timeout)
		errs = append(errs, n.Desktop.Show(dctx, m))
		cancel()
	}
	errs = append(errs, cfg.Problems...)
	client := n.Client
	if client == nil {
		client = http.DefaultClient
	}
	for _, w := range cfg.Webhooks {
		u, err := cfg.ResolveURL(n.Resolver, w)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		wctx, cancel := context.WithTimeout(ctx, timeout)
		if err := Post(wctx, client, w.Format, u, m); err != nil {
			errs = append(errs, fmt.Errorf("notify webhook (line %d): %w", w.Line, err))
		}
		cancel()
	}
	return errors.Join(errs...)
}
