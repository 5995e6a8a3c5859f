package mcpproxy

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/approvals"
)

// progress reports, to a client that sent a progress token, that a call
// waits for a person's approval, so that it does not give up on the
// request: one notification every progressEvery, with the seconds waited
// as the progress and the time left in the message.
func (p *Proxy) progress(ctx context.Context, ss *mcp.ServerSession, token any) func(*approvals.Item, time.Duration) {
	wait := p.cfg.ApprovalWait
	var last time.Time
	return func(it *approvals.Item, waited time.Duration) {
		if token == nil || ss == nil || !last.IsZero() && time.Since(last) < p.progressEvery {
			return
		}
		last = time.Now()
		left := max((wait - waited).Round(time.Second), 0)
		// Progress must grow with every notification: seconds waited.
		err := ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token,
			Progress: waited.Seconds(), Total: wait.Seconds(),
			Message: fmt.Sprintf("waiting for a person to approve this call (approval %s, %s left)", it.ID, left)})
		if err != nil {
			p.warnf("progress: %v", err)
		}
	}
}
