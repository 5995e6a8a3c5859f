package engine

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/agentgov/governance/agents"
)

// Policy is a loaded configuration: settings, rules and agents.
type Policy struct {
	Settings Settings
	// Rules are evaluated in order; the strictest matching rule wins.
	Rules []*Rule
	// Checks are executable rules, run on every simple command.
	Checks []CommandCheck
	// ExternalChecks are executable rules files this process cannot run
	// (the hook links no Starlark interpreter): a call of the project
	// must be decided by a program that can.
	ExternalChecks []string
	// Learned are the approved learned entries (layer 2), for calls the
	// rules leave undecided.
	Learned []*Rule
	// Roles are the roles the configuration defines (user and project).
	Roles []Role
	// Projects are the roots of registered projects: an AI caller working
	// in one may not touch paths outside it unless a rule allows them.
	Projects []string
	// StateDir is the state folder ({STATE_DIR} in sandboxes).
	StateDir string
	// Agents finds agent definitions by name; nil means there are none.
	Agents AgentSource
	// ConfigDirs are governance configuration and state folders that no AI
	// caller may write.
	ConfigDirs []string
	// Err is a configuration error; while it is set every call is denied
	// with a message pointing at it.
	Err error
	// Plugins are the configured plugins; an engine runs them only through
	// the evaluators its caller sets (the daemon keeps them warm).
	Plugins []PluginSpec
	// Untrusted holds a project's allows while no person has trusted its
	// policy; nil when there are none, or the project is trusted.
	Untrusted *Untrusted
	// BundleRevision is the revision of the managed policy bundle the
	// policy holds, "" for none; BundleErr says why the machine's last
	// pull kept that bundle rather than a newer one. Every decision
	// records them.
	BundleRevision, BundleErr string
	// Filed are the rules kept encoded until a command names their
	// programs; Rules holds a stand-in at each one's place.
	Filed FiledRules
}

// AgentSource finds agent definitions.
type AgentSource interface {
	Lookup(name string) ([]*agents.Agent, error)
	All() ([]*agents.Agent, error)
}

// Settings are the policy's global switches.
type Settings struct {
	// Default is the outcome of calls that no layer decides: Ask or Defer.
	Default Outcome
	// MainAgent is the agent that governs the main thread ("" for none).
	MainAgent string
	// NoSafeSet turns the built-in read-only safe set off.
	NoSafeSet bool
	// LogOnly decides and records every call but never blocks one.
	LogOnly bool
	// AuditRequired denies a call whose decision cannot be written to the
	// decision log (a full disk, a read-only folder): no call runs
	// without a record (audit: required).
	AuditRequired bool
	// MaxDelegationDepth is the deepest level a subagent may run at (the
	// main thread is level 0).
	MaxDelegationDepth int
	// BlockSecretPrompts blocks user prompts that hold credentials.
	BlockSecretPrompts bool
	// DefaultRole is the role of agents whose file names none ("" for ai).
	DefaultRole string
	// NeverExposed adds tool-name globs to the built-in list of tools no
	// AI caller may use.
	NeverExposed []string
	// OutOfBand sends every ask to the approval queue instead of the
	// harness's own prompt; ApprovalWaitSeconds is how long the hook waits
	// for a human's answer (0: not at all).
	OutOfBand           bool
	ApprovalWaitSeconds int
	// Daemon is "auto" when the hook asks a running daemon (starting one
	// when none runs), "" otherwise.
	Daemon string
	// Gatekeeper configures the LLM gatekeeper (layer 4).
	Gatekeeper GatekeeperSettings
	// MissingAgent decides the calls of a subagent whose type has no
	// agent file: MissingAgentMain ("" too) holds them to the main
	// agent's policy, with a notice in the decision log; MissingAgentDeny
	// denies them.
	MissingAgent string
	// Confine says which calls the hook runs confined: ConfineOff none,
	// ConfineUnknown the shell calls whose effects the analysis cannot
	// prove (the default), ConfineAuto those and the proven read-only
	// allows too.
	Confine ConfineMode
	// ConfineGrants is what a person's configuration grants the confined
	// calls beyond their profile (confine_grants:).
	ConfineGrants ConfineGrants
}

// ConfineGrants is what the configuration grants a confined call: the
// managed and the user's configuration, and a project's while the user
// trusts it, as its allows.
type ConfineGrants struct {
	// Read are files or folders the call sees read-only though the
	// secret rules would mask them (a project's .env for its tests):
	// relative to the project's root, under ~/ or absolute.
	Read []string `json:"read,omitempty"`
	// Write are folders outside the project the call may write (~/.npm
	// for npm ci), under ~/ or absolute.
	Write []string `json:"write,omitempty"`
	// Network names what the call may reach: loopback, or host names.
	// Bubblewrap cannot filter by host: any entry gives the call the
	// host's network, all of it.
	Network []string `json:"network,omitempty"`
}

// Add adds g's grants to c's.
func (c *ConfineGrants) Add(g ConfineGrants) {
	for _, l := range []struct{ to, from *[]string }{{&c.Read, &g.Read}, {&c.Write, &g.Write}, {&c.Network, &g.Network}} {
		for _, s := range *l.from {
			if !slices.Contains(*l.to, s) {
				*l.to = append(*l.to, s)
			}
		}
	}
}

// Empty reports whether c grants nothing.
func (c ConfineGrants) Empty() bool { return len(c.Read)+len(c.Write)+len(c.Network) == 0 }

// ConfineMode is the confine: setting. A larger value confines more.
type ConfineMode uint8

// Values of Settings.Confine.
const (
	ConfineOff ConfineMode = iota
	ConfineUnknown
	ConfineAuto
)

var confineNames = [...]string{"off", "unknown", "auto"}

func (m ConfineMode) String() string {
	if int(m) < len(confineNames) {
		return confineNames[m]
	}
	return "confine(" + strconv.Itoa(int(m)) + ")"
}

// ParseConfineMode parses a confine: value.
func ParseConfineMode(s string) (ConfineMode, bool) {
	i := slices.Index(confineNames[:], s)
	return ConfineMode(max(i, 0)), i >= 0
}

// Values of Settings.MissingAgent.
const (
	MissingAgentMain = "main"
	MissingAgentDeny = "deny"
)

// DefaultApprovalWaitSeconds is how long the hook waits for an
// out-of-band approval when the configuration does not say.
const DefaultApprovalWaitSeconds = 120

// defaultMaxDelegationDepth is the delegation depth allowed when the
// configuration sets none.
const defaultMaxDelegationDepth = 3

// DefaultSettings returns the settings used when a configuration sets none.
func DefaultSettings() Settings {
	return Settings{Default: Defer, Confine: ConfineUnknown, MaxDelegationDepth: defaultMaxDelegationDepth, ApprovalWaitSeconds: DefaultApprovalWaitSeconds}
}

// Mode names the enforcement mode: enforce or log-only.
func (s Settings) Mode() string {
	if s.LogOnly {
		return "log-only"
	}
	return "enforce"
}

// Evaluator decides calls that layer 1 leaves undecided (learned policy,
// plugins, a gatekeeper). It returns NoOpinion to pass.
type Evaluator interface {
	Name() string
	Evaluate(ctx context.Context, req *Request) (Verdict, error)
}

// Engine evaluates requests against a policy.
type Engine struct {
	Policy *Policy
	// Evaluators run, in order, on calls that layer 1 leaves undecided;
	// the first opinion decides.
	Evaluators []Evaluator
	// BeforeRules run on every call: their verdicts join layer 1's, the
	// strictest winning, and any opinion decides what layer 1 leaves open.
	BeforeRules []Evaluator
	// LookupEnv reads the environment calls run in, for the variables a
	// shell command expands ($TMPDIR, $HOME). Nil means unknown: every
	// variable is then computed at run time.
	LookupEnv func(string) (string, bool)
	// TempDirs are the temporary folders, open to every caller; nil means
	// the system's: /tmp, /var/tmp, /private/tmp, /dev/shm and $TMPDIR.
	TempDirs []string
	// FS is the file system paths are resolved against (symbolic links,
	// globs, recursive reads); nil means the machine's.
	FS FileSystem

	// Binaries are the installed governance programs, which no AI
	// caller may change; nil means the running program and those beside
	// it.
	Binaries []string

	idx atomic.Pointer[ruleIndex]
	// calls counts the calls the engine has decided: from the second,
	// every call uses the rule index (see indexFrom).
	calls   atomic.Int64
	repOnce sync.Once
	reps    []representative
	binOnce sync.Once
	bins    []string
	paths   pathCache
}

// tempDirs returns the temporary folders.
func (e *Engine) tempDirs() []string {
	if e.TempDirs != nil {
		return e.TempDirs
	}
	out := tempDirs
	if tmp := os.Getenv("TMPDIR"); tmp != "" {
		out = append(slices.Clip(tempDirs), tmp)
	}
	return out
}

// NewEngine returns an engine for a policy, in the environment of the
// current process.
func NewEngine(p *Policy) *Engine { return &Engine{Policy: p, LookupEnv: os.LookupEnv} }

// Decide evaluates a request. It never fails: problems become decisions
// that do not allow the call.
func (e *Engine) Decide(ctx context.Context, req *Request) (d *Decision) {
	defer func() {
		if r := recover(); r != nil {
			d = &Decision{Outcome: Deny, Layer: LayerAnalysis, Rule: "internal-error",
				Message:    fmt.Sprintf("governance failed while deciding this call: %v", r),
				Suggestion: "Report this to the people who maintain your governance setup; meanwhile the call stays blocked.",
				Err:        fmt.Errorf("%w: %v", ErrInternal, r)}
		}
	}()
	if e.Policy == nil {
		e.Policy = &Policy{Settings: DefaultSettings()}
	}
	if err := e.Policy.Err; err != nil {
		return &Decision{Outcome: Deny, Layer: "config", Rule: "config-error", Subject: "configuration",
			Message:    "The governance configuration is broken, so no call can be checked: " + err.Error(),
			Suggestion: "Fix the file named above (run `governance lint` to see every problem); calls stay blocked until it loads.",
			Err:        fmt.Errorf("%w: %w", ErrConfig, err)}
	}
	ev := newEvaluation(e, req)
	return ev.run(ctx)
}
