// Package decisionlog records every decision governance makes as one JSON
// line in the decision log ($XDG_STATE_HOME/governance/decisions.jsonl),
// in the shape of Open Policy Agent decision logs, and reads the log back
// for `governance audit`.
//
// Every place that decides a tool call records it the same way:
//
//	err := decisionlog.Record(paths.DecisionLog(), decisionlog.Labels{Harness: "claude"}, req, d, eval)
//
// or, to adjust the entry first (log-only mode marks it not enforced):
//
//	e := decisionlog.New(labels, req, d, eval)
//	e.Result.Enforced = &notEnforced
//	err := e.Append(path)
//
// Secrets in the request and the decision are masked before anything is
// written (see [Mask]); the JSON pointers of masked fields are listed in
// the entry's "masked". A log that cannot be written returns an error for
// the caller to report: it must never change a decision.
//
// The package is linked into governance-hook, which runs on every tool
// call: it has no package-level maps, no init work and no regexps of its
// own, and uses only the standard library, the engine's types and
// gitleaks' rules as data (internal/leakrules), whose expressions are
// compiled only when one of their keywords appears.
package decisionlog

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// Version is the program version written in each entry's labels. Release
// builds set it with -ldflags "-X github.com/agentgov/governance/internal/decisionlog.Version=v1.2.3".
var Version = "dev"

// Entry is one line of the decision log.
type Entry struct {
	// DecisionID identifies the decision (a random UUID).
	DecisionID string `json:"decision_id"`
	// Timestamp is when the decision was made, in UTC.
	Timestamp time.Time `json:"timestamp"`
	Labels    Labels    `json:"labels"`
	// Path names what decided: "governance/LAYER/RULE".
	Path string `json:"path"`
	// Bundles names the policy bundle the decision was made under, as
	// OPA's decision log does: {"governance": {"revision": ...}}.
	Bundles map[string]BundleInfo `json:"bundles,omitempty"`
	Input   Input                 `json:"input"`
	Result  Result                `json:"result"`
	Metrics Metrics               `json:"metrics"`
	// Erased and Masked list the JSON pointers of fields that were removed
	// or had secrets replaced, as OPA does.
	Erased []string `json:"erased,omitempty"`
	Masked []string `json:"masked,omitempty"`
	// Cut lists the fields kept only in part because they were too long
	// for one entry, with the length and sha256 of each whole value.
	Cut []Cut `json:"cut,omitempty"`

	// Line is the entry's line as read from the log; the reader sets it.
	Line []byte `json:"-"`
}

// Labels say which program, on which host, made a decision.
type Labels struct {
	// Harness is the agent CLI the call came from ("claude"), or "cli"
	// for `governance check`.
	Harness string `json:"harness"`
	// Version and Host default to [Version] and the host name.
	Version string `json:"version"`
	Host    string `json:"host"`
}

// BundleName is the name the policy bundle has in [Entry.Bundles].
const BundleName = "governance"

// BundleInfo is the bundle a decision was made under: its revision, and
// while the machine's last pull failed, why it kept this one.
type BundleInfo struct {
	Revision string `json:"revision"`
	Error    string `json:"error,omitempty"`
}

// Input is the request that was decided.
type Input struct {
	Harness     string `json:"harness,omitempty"`
	Event       string `json:"event,omitempty"`
	Session     string `json:"session,omitempty"`
	Agent       string `json:"agent,omitempty"`
	AgentID     string `json:"agent_id,omitempty"`
	Role        string `json:"role,omitempty"`
	Depth       int    `json:"depth"`
	Cwd         string `json:"cwd,omitempty"`
	ProjectRoot string `json:"project_root,omitempty"`
	// Justification and Safety are the caller's reasons: why the call is
	// needed and why it is safe (governance run --why, --safety).
	Justification string `json:"justification,omitempty"`
	Safety        string `json:"safety,omitempty"`
	Tool          Tool   `json:"tool"`
}

// Tool is the tool a request called.
type Tool struct {
	Kind  string    `json:"kind"`
	Name  string    `json:"name,omitempty"`
	Input ToolInput `json:"input"`
}

// ToolInput is the part of a tool's input that the log keeps: what a
// call runs, reads or fetches. File contents and subagent prompts are
// never logged.
type ToolInput struct {
	Command   string          `json:"command,omitempty"`
	Paths     []string        `json:"paths,omitempty"`
	URL       string          `json:"url,omitempty"`
	Query     string          `json:"query,omitempty"`
	Subagent  string          `json:"subagent,omitempty"`
	Server    string          `json:"server,omitempty"`
	MCPTool   string          `json:"mcp_tool,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// Result is the decision.
type Result struct {
	// Decision is the outcome's name: allow, warn, defer, ask, deny or
	// abort.
	Decision string `json:"decision"`
	Layer    string `json:"layer"`
	Rule     string `json:"rule"`
	Source   string `json:"source,omitempty"`
	Subject  string `json:"subject,omitempty"`
	Message  string `json:"message,omitempty"`
	// Enforced is false when the decision was recorded but not applied
	// (log-only mode); absent when it was applied.
	Enforced *bool `json:"enforced,omitempty"`
	// Approval is the call's approval item and its state, when the call
	// went to the approval queue.
	Approval *Approval `json:"approval,omitempty"`
	// Error says why no decision could be reached, when none was.
	Error string `json:"error,omitempty"`
	// Confine is the profile kind a confined call ran under.
	Confine string `json:"confine,omitempty"`
	// Notices are what the decision rests on that a person should know
	// (a subagent with no agent file).
	Notices []string `json:"notices,omitempty"`
}

// Approval is a call's approval item and its state (waiting, approved,
// denied).
type Approval struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

// Metrics are timings of the decision.
type Metrics struct {
	// EvalNS is how long deciding took, in nanoseconds.
	EvalNS int64 `json:"timer_governance_eval_ns"`
}

// Outcome parses the entry's decision; an unknown name is NoOpinion.
func (e *Entry) Outcome() engine.Outcome {
	o, _ := engine.ParseOutcome(e.Result.Decision)
	return o
}

// New builds the entry for decision d of request req, which took eval to
// reach, with secrets masked. Empty labels get their defaults.
func New(labels Labels, req *engine.Request, d *engine.Decision, eval time.Duration) *Entry {
	if labels.Version == "" {
		labels.Version = Version
	}
	if labels.Host == "" {
		labels.Host, _ = os.Hostname()
	}
	in := req.Tool.Input
	e := &Entry{
		DecisionID: newUUID(),
		Timestamp:  time.Now().UTC(),
		Labels:     labels,
		Path:       "governance/" + d.Layer + "/" + d.Rule,
		Input: Input{Harness: req.Harness, Event: req.Event, Session: req.SessionID, Agent: req.Agent,
			AgentID: req.AgentID, Role: req.Role, Depth: req.Depth, Cwd: req.Cwd, ProjectRoot: req.ProjectRoot,
			Justification: req.Justification, Safety: req.Safety,
			Tool: Tool{Kind: string(req.Tool.Kind), Name: req.Tool.Name, Input: ToolInput{
				Command: in.Command, Paths: in.Paths, URL: in.URL, Query: in.Query, Subagent: in.Subagent,
				Server: in.Server, MCPTool: in.MCPTool, Arguments: in.Arguments}}},
		Result: Result{Decision: d.Outcome.String(), Layer: d.Layer, Rule: d.Rule, Source: d.Source,
			Subject: d.Subject, Message: d.Message, Notices: d.Notices},
		Metrics: Metrics{EvalNS: eval.Nanoseconds()},
	}
	if a := d.Approval; a != nil {
		e.Result.Approval = &Approval{ID: a.ID, State: string(a.State)}
	}
	if d.Err != nil {
		e.Result.Error = d.Err.Error()
	}
	if c := d.Confinement; c != nil {
		e.Result.Confine = c.Kind
		if c.Decision != "" {
			// The rewritten command names this ID: the checkpoint's.
			e.DecisionID = c.Decision
		}
	}
	e.mask()
	return e
}

// Record appends the entry for decision d of request req to the log at
// path: the one call every decision point makes. labels.Harness names the
// caller ("claude", "cli"); eval is how long deciding took. The error,
// if any, is for the caller to report; it must not change the decision.
func Record(path string, labels Labels, req *engine.Request, d *engine.Decision, eval time.Duration) error {
	return New(labels, req, d, eval).Append(path)
}

// Remask masks the entry's fields again, for an entry read back from the
// log before it leaves the machine: entries are masked when written, and
// this is the defence against a line written by an older release or by
// hand. It reports whether it changed a field; a field already masked is
// listed once.
func (e *Entry) Remask() bool {
	before := e.Masked
	e.Masked = nil
	ti := e.Input.Tool.Input
	paths := len(ti.Paths)
	want := [...]string{ti.Command, e.Input.Justification, e.Input.Safety, ti.URL, ti.Query, e.Result.Subject, e.Result.Message, string(ti.Arguments)}
	pathsBefore := slices.Clone(ti.Paths)
	e.mask()
	ti = e.Input.Tool.Input
	got := [...]string{ti.Command, e.Input.Justification, e.Input.Safety, ti.URL, ti.Query, e.Result.Subject, e.Result.Message, string(ti.Arguments)}
	changed := want != got || paths != len(ti.Paths) || !slices.Equal(pathsBefore, ti.Paths)
	// The error and the notices are text the program wrote, not the
	// caller; they are masked here too, before they leave the machine.
	if m, ok := Mask(e.Result.Error); ok {
		e.Result.Error, changed = m, true
		e.Masked = append(e.Masked, "/result/error")
	}
	copied := false
	for i, n := range e.Result.Notices {
		if m, ok := Mask(n); ok {
			if !copied {
				// The slice may be the decision's: never write to it.
				e.Result.Notices, copied = slices.Clone(e.Result.Notices), true
			}
			e.Result.Notices[i], changed = m, true
			e.Masked = append(e.Masked, "/result/notices/"+strconv.Itoa(i))
		}
	}
	for _, p := range e.Masked {
		if !slices.Contains(before, p) {
			before = append(before, p)
		}
	}
	e.Masked = before
	return changed
}

// mask replaces the secrets of every logged field, in place, and lists
// what it changed.
func (e *Entry) mask() {
	ti := &e.Input.Tool.Input
	field := func(ptr string, s *string) {
		if m, ok := Mask(*s); ok {
			*s = m
			e.Masked = append(e.Masked, ptr)
		}
	}
	command := ti.Command
	field("/input/tool/input/command", &ti.Command)
	if ti.Command != command && command != "" && strings.Contains(e.Result.Message, command) {
		// A message that quotes the command (a confined call's note names
		// it for governance run) quotes it masked: the text around it may
		// keep the masker from seeing the command's secrets there.
		e.Result.Message = strings.ReplaceAll(e.Result.Message, command, ti.Command)
		e.Masked = append(e.Masked, "/result/message")
	}
	field("/input/justification", &e.Input.Justification)
	field("/input/safety", &e.Input.Safety)
	if len(ti.Paths) > 0 {
		paths := ti.Paths
		copied := false
		for i, p := range paths {
			if m, ok := Mask(p); ok {
				if !copied {
					// The request's slice is the caller's: never write to it.
					paths, copied = append([]string(nil), paths...), true
				}
				paths[i] = m
				e.Masked = append(e.Masked, "/input/tool/input/paths/"+strconv.Itoa(i))
			}
		}
		ti.Paths = paths
	}
	field("/input/tool/input/url", &ti.URL)
	field("/input/tool/input/query", &ti.Query)
	if len(ti.Arguments) > 0 {
		args, masked, ok := maskJSON(ti.Arguments, "/input/tool/input/arguments")
		switch {
		case !ok:
			// Arguments that are not JSON cannot be searched for secrets
			// safely, nor embedded in the line: drop them.
			ti.Arguments = nil
			e.Erased = append(e.Erased, "/input/tool/input/arguments")
		case len(masked) > 0:
			ti.Arguments = args
			e.Masked = append(e.Masked, masked...)
		}
	}
	field("/result/subject", &e.Result.Subject)
	field("/result/message", &e.Result.Message)
}

// newUUID returns a random (version 4) UUID. It draws from the runtime's
// generator, which the OS seeds at start-up: crypto/rand would add about
// thirty packages and their init to every hook process, and a decision id
// needs uniqueness, not secrecy.
// NewID returns a new decision ID, for a decision that must name itself
// before it is logged (see [governance.Confinement.Decision]).
func NewID() string { return newUUID() }

func newUUID() string {
	var b [16]byte
	hi, lo := rand.Uint64(), rand.Uint64()
	for i := range 8 {
		b[i], b[8+i] = byte(hi>>(56-8*i)), byte(lo>>(56-8*i))
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	// Hex by hand, in one allocation: fmt costs several, and encoding/hex
	// is not otherwise linked into the hook.
	const digits = "0123456789abcdef"
	var out [36]byte
	j := 0
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out[j] = '-'
			j++
		}
		out[j], out[j+1] = digits[c>>4], digits[c&0x0f]
		j += 2
	}
	return string(out[:])
}
