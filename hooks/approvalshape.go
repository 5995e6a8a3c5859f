package hooks

import (
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/approvals"
)

// ApprovalShape identifies a call in the approval queue: retries of the
// same call have the same shape, wherever they come from (the hook, the
// MCP proxy), so that an answer a human gave, or gave for good, covers
// them all.
func ApprovalShape(req *governance.Request) string { return shape(req) }

// ApprovalSummary describes a call for the person who answers it.
func ApprovalSummary(req *governance.Request) string { return summary(req) }

// NotifyApproval tells the desktop user about a new pending approval,
// where notify-send is installed; it never blocks.
func NotifyApproval(it *approvals.Item) { notify(it) }
