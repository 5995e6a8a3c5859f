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

// awaitApproval files a call that needs a person's approval in the
// approvals queue, as the hook does (see [hooks.Approval]), and blocks
// until a human answers or the wait ends, reporting progress to the
// client meanwhile so that it does not give up on the request. It returns
// the decision that stands: allow when approved, deny otherwise; the error
// is a queue that cannot be written.
func (p *Proxy) awaitApproval(ctx context.Context, r *mcp.CallToolRequest, req *governance.Request, d *governance.Decision) (*governance.Decision, error) {
	wait := p.cfg.ApprovalWait
	token := r.Params.GetProgressToken()
	var lastProgress time.Time
	progress := func(it *approvals.Item, waited time.Duration) {
		if token == nil || !lastProgress.IsZero() && time.Since(lastProgress) < p.progressEvery {
			return
		}
		lastProgress = time.Now()
		left := max((wait - waited).Round(time.Second), 0)
		// Progress must grow with every notification: seconds waited.
		err := r.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token,
			Progress: waited.Seconds(), Total: wait.Seconds(),
			Message: fmt.Sprintf("waiting for a person to approve this call (approval %s, %s left)", it.ID, left)})
		if err != nil {
			p.warnf("progress: %v", err)
		}
	}
	a := hooks.Approval{Store: p.approvals, Wait: wait, Poll: p.pollEvery, Notify: p.notify,
		Warn: func(err error) { p.warnf("%v", err) }, Tick: progress}
	return a.Await(ctx, req, d)
}
