package hooks

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/approvals"
)

// outOfBand reports whether an ask must go to the approval queue: nobody
// can answer in the harness (a headless run, a harness without ask), or
// the configuration sends every ask there.
func (h *handler) outOfBand(unattended bool) bool {
	return unattended || !h.ev.CanAsk || h.policy.Settings.OutOfBand
}

// shape identifies a call for the approval queue: the same call, retried,
// has the same shape.
func shape(req *governance.Request) string {
	in := req.Tool.Input
	data, _ := json.Marshal(struct {
		Kind                                  governance.Kind
		Command                               string
		Paths                                 []string
		URL, Query, Subagent, Server, MCPTool string
		Arguments                             json.RawMessage
		Project, Agent                        string
	}{req.Tool.Kind, in.Command, in.Paths, in.URL, in.Query, in.Subagent, in.Server, in.MCPTool, in.Arguments,
		req.ProjectRoot, req.Agent})
	return string(data)
}

// summary describes a call for a person.
func summary(req *governance.Request) string {
	in := req.Tool.Input
	what := ""
	switch req.Tool.Kind {
	case governance.KindShell:
		what = in.Command
	case governance.KindRead, governance.KindWrite, governance.KindEdit:
		what = strings.Join(in.Paths, " ")
	case governance.KindWeb:
		what = in.URL + in.Query
	case governance.KindAgent:
		what = in.Subagent
	case governance.KindMCP:
		what = in.Server + " " + in.MCPTool + " " + string(in.Arguments)
	default:
		what = req.Tool.Name
	}
	return string(req.Tool.Kind) + ": " + governance.Sanitize(what)
}

// awaitApproval turns an ask that nobody can answer in the harness into
// an item of the approval queue and waits for a human's answer: approve
// allows the call, deny blocks it with the human's message, and no answer
// in time blocks it naming the item, so that the agent can retry once a
// human approved it. An answer given to an earlier try of the same call
// counts, once.
func (h *handler) awaitApproval(ctx context.Context, d *governance.Decision) *governance.Decision {
	req := &h.ev.Request
	store := approvals.Open(h.paths.StateDir)
	if h.env.Now != nil {
		store.Now = h.env.Now
	}
	sh := shape(req)
	if it, err := store.Answered(sh, store.Now().Add(-time.Hour)); err != nil {
		h.warn(err)
	} else if it != nil {
		return AnswerDecision(it, d.Subject)
	}
	it, created, err := store.File(approvals.Item{Shape: sh, Summary: summary(req), Reason: d.Message, Rule: d.Rule,
		Justification: req.Justification, Agent: req.Agent, Session: req.SessionID, Harness: req.Harness,
		Project: req.ProjectRoot, Cwd: req.Cwd})
	if err != nil {
		h.warn(err)
		return &governance.Decision{Outcome: governance.Deny, Layer: "approval", Rule: d.Rule, Subject: d.Subject,
			Message:    d.Message + " It needs a person's approval, and the approval queue could not be written: " + err.Error(),
			Suggestion: "Ask the user to approve the call by hand or to fix the governance state folder."}
	}
	if created {
		notify(it)
	}
	wait := time.Duration(h.policy.Settings.ApprovalWaitSeconds) * time.Second
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			deadline = time.Now()
			continue
		case <-time.After(250 * time.Millisecond):
		}
		cur, err := store.Status(it.ID)
		if err != nil {
			h.warn(err)
			break
		}
		if cur.Status == approvals.Pending {
			continue
		}
		if ans, err := store.Answered(sh, it.Created); err == nil && ans != nil {
			return AnswerDecision(ans, d.Subject)
		}
	}
	return UnansweredDecision(d, it, wait)
}

// AnswerDecision is the decision a human's answer to an approval item
// gives a call: an approval allows it, a denial blocks it with the
// human's message.
func AnswerDecision(it *approvals.Item, subject string) *governance.Decision {
	if it.Status == approvals.Used {
		return &governance.Decision{Outcome: governance.Allow, Layer: "approval", Rule: "approved:" + it.ID, Subject: subject,
			Message: "A human approved this call (approval " + it.ID + ")."}
	}
	msg := "A human denied this call (approval " + it.ID + ")"
	if it.Message != "" {
		msg += ": " + it.Message
	}
	return &governance.Decision{Outcome: governance.Deny, Layer: "approval", Rule: "denied:" + it.ID, Subject: subject,
		Message: msg + ".", Suggestion: "Do not retry this call; do the task another way or ask the user."}
}

// UnansweredDecision blocks a call that asked (d) and whose approval item
// got no answer within wait, naming the item so that the call can be
// retried once a human approved it.
func UnansweredDecision(d *governance.Decision, it *approvals.Item, wait time.Duration) *governance.Decision {
	waited := ""
	if wait > 0 {
		waited = fmt.Sprintf(" and none came within %s", wait)
	}
	return &governance.Decision{Outcome: governance.Deny, Layer: "approval", Rule: "awaiting:" + it.ID, Subject: d.Subject,
		Message:    fmt.Sprintf("%s It needs a person's approval%s: it waits as approval %s.", strings.TrimSpace(d.Message), waited, it.ID),
		Suggestion: fmt.Sprintf("Tell the user: a human approves it with `governance approvals approve %s` (or on the daemon's page); then retry the same call.", it.ID)}
}

// notify tells the desktop user about a new pending approval, where
// notify-send is installed. It never blocks the hook.
func notify(it *approvals.Item) {
	path, err := exec.LookPath("notify-send")
	if err != nil || os.Getenv("GOVERNANCE_NO_NOTIFY") != "" {
		return
	}
	cmd := exec.Command(path, "--app-name=governance", "governance: approval "+it.ID+" waiting",
		it.Summary+"\nApprove: governance approvals approve "+it.ID)
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}
