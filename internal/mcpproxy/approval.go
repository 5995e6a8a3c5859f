package mcpproxy

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/approvals"
)

// awaitingRule prefixes the rule of a call that no human answered in
// time.
const awaitingRule = "awaiting:"

// awaitApproval files a call that needs a person's approval in the
// approvals queue (as the hook does, with the same shape, so that an
// answer given anywhere counts) and blocks until a human answers or the
// wait ends, reporting progress to the client meanwhile so that it does
// not give up on the request. It returns the decision that stands: allow
// when approved, deny otherwise; the error is a queue that cannot be
// written.
func (p *Proxy) awaitApproval(ctx context.Context, r *mcp.CallToolRequest, req *governance.Request, d *governance.Decision) (*governance.Decision, error) {
	store := p.approvals
	sh := hooks.ApprovalShape(req)
	// An answer to an earlier try of the same call counts, once. (A call
	// approved for good is a learned entry: the policy allows it before
	// it ever asks.)
	if it, err := store.Answered(sh, store.Now().Add(-time.Hour)); err != nil {
		p.warnf("%v", err)
	} else if it != nil {
		return hooks.AnswerDecision(it, d.Subject), nil
	}
	it, created, err := store.File(approvals.Item{Shape: sh, Summary: hooks.ApprovalSummary(req), Reason: d.Message, Rule: d.Rule,
		Agent: req.Agent, Session: req.SessionID, Harness: req.Harness, Project: req.ProjectRoot, Cwd: req.Cwd})
	if err != nil {
		return &governance.Decision{Outcome: governance.Deny, Layer: "approval", Rule: d.Rule, Subject: d.Subject,
			Message: d.Message + " It needs a person's approval, and the approval queue could not be written: " + err.Error()}, err
	}
	if created {
		p.notify(it)
	}

	wait := p.cfg.ApprovalWait
	started := time.Now()
	deadline := started.Add(wait)
	token := r.Params.GetProgressToken()
	progress := func() {
		if token == nil {
			return
		}
		waited := time.Since(started)
		left := max(deadline.Sub(time.Now()).Round(time.Second), 0)
		// Progress must grow with every notification: seconds waited.
		err := r.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token,
			Progress: waited.Seconds(), Total: wait.Seconds(),
			Message: fmt.Sprintf("waiting for a person to approve this call (approval %s, %s left)", it.ID, left)})
		if err != nil {
			p.warnf("progress: %v", err)
		}
	}
	progress()
	lastProgress := time.Now()
	poll := time.NewTicker(p.pollEvery)
	defer poll.Stop()
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			// The client gave up on the request; the item waits for a
			// human, and a retry finds the answer.
			deadline = time.Now()
			continue
		case <-poll.C:
		}
		if time.Since(lastProgress) >= p.progressEvery {
			progress()
			lastProgress = time.Now()
		}
		cur, err := store.Status(it.ID)
		if err != nil {
			p.warnf("%v", err)
			break
		}
		if cur.Status == approvals.Pending {
			continue
		}
		if ans, err := store.Answered(sh, it.Created); err == nil && ans != nil {
			return hooks.AnswerDecision(ans, d.Subject), nil
		}
	}
	return hooks.UnansweredDecision(d, it, wait), nil
}
