package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
)

// ErrQueue is wrapped by the error of a decision that needed a person and
// could not be filed in the approval queue.
var ErrQueue = errors.New("the approval queue could not be written")

// LayerApproval is the layer of a decision that the approval queue made.
const LayerApproval = "approval"

// shapeVersion marks the keys that cover the whole call. Items filed by
// earlier releases keyed a call by its paths and command alone (a Write
// approved for one content matched any other content to the same file):
// their keys lack the version, match no call, and the retry files a new
// item that a person answers afresh.
const shapeVersion = 2

// shape identifies a call for the approval queue: the same call, retried,
// has the same shape, and any change to what the call would do (a
// Write's content, an Edit's old or new text, a subagent's prompt, an MCP
// tool's arguments, the folder it runs in) gives another. The fields a
// person reads stay in clear (a learned entry is made of them); the whole
// input is in it as a sha256, which keeps items small. The files the call
// runs as code (bash deploy.sh runs deploy.sh, make test the makefile)
// are in it with their digests: the same words running another script
// are another call.
func shape(req *engine.Request, files []approvals.File) string {
	in := req.Tool.Input
	data, _ := json.Marshal(struct {
		V                                     int
		Kind                                  engine.Kind
		Command                               string
		Paths                                 []string
		URL, Query, Subagent, Server, MCPTool string
		Project, Agent, Cwd                   string
		Input                                 string
		Files                                 []approvals.File `json:",omitempty"`
	}{shapeVersion, req.Tool.Kind, in.Command, in.Paths, in.URL, in.Query, in.Subagent, in.Server, in.MCPTool,
		req.ProjectRoot, req.Agent, req.Cwd, inputDigest(req.Tool), files})
	return string(data)
}

// BindFiles returns the files of paths with their contents' digests (see
// engine.FileDigest): a file that is not there is bound as absent.
func BindFiles(paths []string) []approvals.File {
	out := make([]approvals.File, 0, len(paths))
	for _, p := range paths {
		out = append(out, approvals.File{Path: p, SHA256: engine.FileDigest(p)})
	}
	return out
}

// inputDigest is the sha256 of everything a tool call was given: the
// harness's tool name, the canonical input and the input as sent.
func inputDigest(t engine.Tool) string {
	data, _ := json.Marshal(struct {
		Name  string
		Input engine.Input
		Raw   map[string]any
	}{t.Name, t.Input, t.Raw})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// shownInput is the input a person approves, kept whole in the item
// (shortened only when shown): the input as the harness sent it, or the
// canonical one when that is all there is.
func shownInput(t engine.Tool) json.RawMessage {
	if t.Raw != nil {
		data, err := json.Marshal(t.Raw)
		if err != nil {
			return nil
		}
		return data
	}
	// The canonical input without the fields the call leaves empty
	// (governance run fills in the command alone).
	data, err := json.Marshal(t.Input)
	if err != nil {
		return nil
	}
	var fields map[string]any
	if json.Unmarshal(data, &fields) != nil {
		return data
	}
	for k, v := range fields {
		switch v := v.(type) {
		case nil:
			delete(fields, k)
		case string:
			if v == "" {
				delete(fields, k)
			}
		case bool:
			if !v {
				delete(fields, k)
			}
		case []any:
			if len(v) == 0 {
				delete(fields, k)
			}
		case map[string]any:
			if len(v) == 0 {
				delete(fields, k)
			}
		}
	}
	if data, err = json.Marshal(fields); err != nil {
		return nil
	}
	return data
}

// summary describes a call for a person in one line; the item's input
// holds the rest (`governance approvals show`).
func summary(req *engine.Request) string {
	in := req.Tool.Input
	what := ""
	switch req.Tool.Kind {
	case engine.KindShell:
		what = in.Command
	case engine.KindRead:
		what = strings.Join(in.Paths, " ")
	case engine.KindWrite, engine.KindEdit:
		what = strings.Join(in.Paths, " ") + approvals.Size(in.Content)
	case engine.KindWeb:
		what = in.URL + in.Query
	case engine.KindAgent:
		what = in.Subagent
		if in.Prompt != "" {
			what += ": " + approvals.FirstLine(in.Prompt, 100)
		}
	case engine.KindMCP:
		what = in.Server + " " + in.MCPTool + " " + approvals.FirstLine(string(in.Arguments), 200)
	default:
		what = req.Tool.Name
	}
	return string(req.Tool.Kind) + ": " + engine.Sanitize(what)
}

// runsFiles names, for an item's summary, the files a call runs and their
// short digests: " (runs /p/deploy.sh 1a2b3c4d5e6f)". Files that are not
// there (make's other makefile names) are left to the item's details.
func runsFiles(files []approvals.File) string {
	var b strings.Builder
	for _, f := range files {
		if f.SHA256 == approvals.Absent {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(engine.Sanitize(f.Path) + " " + f.Short())
	}
	if b.Len() == 0 {
		return ""
	}
	return " (runs " + b.String() + ")"
}

// awaitApproval turns an ask that nobody can answer in place into an
// item of the approval queue and waits for a human's answer.
func (p *Pipeline) awaitApproval(ctx context.Context, c Call, d *engine.Decision) *engine.Decision {
	store := approvals.Open(p.Paths.StateDir)
	if p.Env.Now != nil {
		store.Now = p.Env.Now
	}
	wait := c.Wait
	if wait <= 0 {
		wait = time.Duration(p.Policy.Settings.ApprovalWaitSeconds) * time.Second
	}
	a := Approval{Store: store, Wait: wait, Poll: c.Poll, Notify: c.Notify, Tick: c.Tick, Follow: c.Follow, Warn: p.warn}
	if req := c.Request; req.Tool.Kind == engine.KindShell {
		// Only a call that waits for a person has its files read.
		p.engineOnce.Do(func() { p.engine = p.Engine() })
		files, unbound := p.engine.SourceFiles(req)
		a.Files = BindFiles(files)
		a.Unbound = unbound
		for _, f := range a.Files {
			if why := engine.Unbinding(f); why != "" && a.Unbound == "" {
				a.Unbound = why
			}
		}
	}
	d, err := a.Await(ctx, c.Request, d)
	p.warn(err)
	return d
}

// Approval is how a call waits for a person's answer in the approvals
// queue; the hook and the MCP proxy file the same items, so that an answer
// given anywhere counts.
type Approval struct {
	Store *approvals.Store
	// Wait bounds the wait for an answer; Poll is how often the queue is
	// read (250ms when zero).
	Wait, Poll time.Duration
	// Notify, when set, announces a newly filed item.
	Notify func(*approvals.Item)
	// Warn reports a queue that cannot be read; the wait goes on.
	Warn func(error)
	// Tick, when set, is called once the item is filed and after every
	// poll, with the time waited so far, so that a caller can report
	// progress.
	Tick func(it *approvals.Item, waited time.Duration)
	// Follow, when set, is told of the item and the time left, and makes
	// a cancelled wait withdraw the item.
	Follow *Follow
	// Files are the files the call runs as code, with their digests now
	// (see BindFiles): the approval binds them.
	Files []approvals.File
	// Unbound, when set, says why Files are not all the code the call
	// runs (see engine.SourceFiles): only an answer given while this call
	// waits counts, not one given to an earlier try, and it cannot be
	// given for good.
	Unbound string
}

// Await files a call that asked (d) in the approvals queue and waits for
// a human's answer: approve allows the call, deny blocks it with the
// human's message, and no answer in time blocks it naming the item, so
// that the agent can retry once a human approved it. An answer given to
// an earlier try of the same call counts, once (a call approved for good
// is a learned entry: the policy allows it before it ever asks). A queue
// that cannot be written blocks the call and is returned as the error.
func (a Approval) Await(ctx context.Context, req *engine.Request, d *engine.Decision) (*engine.Decision, error) {
	store := a.Store
	sh := shape(req, a.Files)
	if a.Unbound != "" {
		// Between an answer and a retry, code the approval does not bind
		// could change: only an answer given while the call waits counts.
	} else if it, err := store.Answered(sh, store.Now().Add(-time.Hour)); err != nil {
		a.Warn(err)
	} else if it != nil {
		return answerDecision(it, d.Subject), nil
	}
	it, created, err := store.File(approvals.Item{Shape: sh, Summary: summary(req) + runsFiles(a.Files), Input: shownInput(req.Tool), Files: a.Files,
		Unbound: a.Unbound, Reason: d.Message, Rule: d.Rule,
		Justification: req.Justification, Safety: req.Safety, Agent: req.Agent, Session: req.SessionID, Harness: req.Harness,
		Project: req.ProjectRoot, Cwd: req.Cwd})
	if err != nil {
		return &engine.Decision{Outcome: engine.Deny, Layer: LayerApproval, Rule: d.Rule, Subject: d.Subject,
			Err:        fmt.Errorf("%w: %w", ErrQueue, err),
			Message:    d.Message + " It needs a person's approval, and the approval queue could not be written: " + err.Error(),
			Suggestion: "Ask the user to approve the call by hand or to fix the governance state folder."}, err
	}
	if created && a.Notify != nil {
		a.Notify(it)
	}
	started := time.Now()
	deadline := started.Add(a.Wait)
	if a.Follow != nil && a.Follow.Filed != nil {
		a.Follow.Filed(it, a.Wait)
	}
	tick := func() {
		if a.Tick != nil {
			a.Tick(it, time.Since(started))
		}
		if a.Follow != nil && a.Follow.Left != nil {
			a.Follow.Left(it, time.Until(deadline))
		}
	}
	tick()
	every := a.Poll
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	poll := time.NewTicker(every)
	defer poll.Stop()
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			if a.Follow != nil {
				// The person who started the call gave up: the question
				// goes away with it.
				if w, err := store.Withdraw(it.ID); err == nil {
					if a.Follow.Withdrawn != nil {
						a.Follow.Withdrawn(w)
					}
					return withdrawnDecision(d, w), nil
				}
			}
			// The caller gave up; the item waits for a human, and a
			// retry finds the answer.
			deadline = time.Now()
			continue
		case <-poll.C:
		}
		tick()
		cur, err := store.Status(it.ID)
		if err != nil {
			a.Warn(err)
			break
		}
		if cur.Status == approvals.Pending {
			continue
		}
		if ans, err := store.Answered(sh, it.Created); err == nil && ans != nil {
			return answerDecision(ans, d.Subject), nil
		}
	}
	return unansweredDecision(d, it, a.Wait), nil
}

// answerDecision is the decision a human's answer to an approval item
// gives a call: an approval allows it, a denial blocks it with the
// human's message.
func answerDecision(it *approvals.Item, subject string) *engine.Decision {
	if it.Status == approvals.Used {
		return &engine.Decision{Outcome: engine.Allow, Layer: LayerApproval, Rule: "human-approval", Subject: subject,
			Message:  "A human approved this call (approval " + it.ID + ").",
			Approval: &engine.Approval{ID: it.ID, State: engine.ApprovalApproved}}
	}
	msg := "A human denied this call (approval " + it.ID + ")"
	if it.Message != "" {
		msg += ": " + it.Message
	}
	return &engine.Decision{Outcome: engine.Deny, Layer: LayerApproval, Rule: "human-approval", Subject: subject,
		Message: msg + ".", Suggestion: "Do not retry this call; do the task another way or ask the user.",
		Approval: &engine.Approval{ID: it.ID, State: engine.ApprovalDenied}}
}

// unansweredDecision blocks a call that asked (d) and whose approval item
// got no answer within wait, naming the item so that the call can be
// retried once a human approved it.
func unansweredDecision(d *engine.Decision, it *approvals.Item, wait time.Duration) *engine.Decision {
	waited := ""
	if wait > 0 {
		waited = fmt.Sprintf(" and none came within %s", wait)
	}
	if it.Unbound != "" {
		// No answer outlives the wait: what the call runs is not all bound.
		return &engine.Decision{Outcome: engine.Deny, Layer: LayerApproval, Rule: d.Rule, Source: d.Source, Subject: d.Subject,
			Approval: &engine.Approval{ID: it.ID, State: engine.ApprovalWaiting},
			Message: fmt.Sprintf("%s It needs a person's approval%s (approval %s). An approval of it holds only while the call waits: "+
				"%s, so an answer given later could approve code that changed since.", strings.TrimSpace(d.Message), waited, it.ID, it.Unbound),
			Suggestion: fmt.Sprintf("Ask the user to run it themselves, or to answer `governance approvals approve %s` while the call "+
				"waits (retry it when they are ready).", it.ID)}
	}
	return &engine.Decision{Outcome: engine.Deny, Layer: LayerApproval, Rule: d.Rule, Source: d.Source, Subject: d.Subject,
		Approval:   &engine.Approval{ID: it.ID, State: engine.ApprovalWaiting},
		Message:    fmt.Sprintf("%s It needs a person's approval%s: it waits as approval %s.", strings.TrimSpace(d.Message), waited, it.ID),
		Suggestion: fmt.Sprintf("Tell the user: a human approves it with `governance approvals approve %s` (or on the daemon's page); then retry the same call.", it.ID)}
}

// withdrawnDecision blocks a call whose caller gave up waiting and
// withdrew its approval item.
func withdrawnDecision(d *engine.Decision, it *approvals.Item) *engine.Decision {
	return &engine.Decision{Outcome: engine.Deny, Layer: LayerApproval, Rule: d.Rule, Source: d.Source, Subject: d.Subject,
		Approval:   &engine.Approval{ID: it.ID, State: engine.ApprovalWithdrawn},
		Message:    fmt.Sprintf("%s It waited for a person's approval (%s), and was withdrawn before an answer came.", strings.TrimSpace(d.Message), it.ID),
		Suggestion: "Run it again when a person can answer."}
}
