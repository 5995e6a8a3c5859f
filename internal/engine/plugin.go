package engine

import "time"

// LayerPlugin names the layer of verdicts that plugins give.
const LayerPlugin = "plugin"

// PluginPosition is where a plugin runs in the evaluation order.
type PluginPosition string

// Plugin positions.
const (
	// BeforeRules runs the plugin on every call, beside layer 1: its
	// verdict joins the rules' and the strictest wins.
	BeforeRules PluginPosition = "before_rules"
	// AfterRules runs the plugin on calls that layer 1 leaves undecided,
	// before learned policy.
	AfterRules PluginPosition = "after_rules"
	// BeforeGatekeeper runs the plugin on calls that neither layer 1 nor
	// learned policy decides, just before the LLM gatekeeper.
	BeforeGatekeeper PluginPosition = "before_gatekeeper"
)

// PluginPositions lists the positions in evaluation order.
var PluginPositions = [...]PluginPosition{BeforeRules, AfterRules, BeforeGatekeeper}

// DefaultPluginTimeout bounds a plugin call when the configuration sets
// no timeout.
const DefaultPluginTimeout = 2 * time.Second

// PluginSpec is a configured plugin: a custom evaluator that runs as a
// subprocess and speaks the protocol of the plugins package.
type PluginSpec struct {
	// Name is what the configuration calls the plugin; messages name it.
	Name string
	// Path is the plugin's executable, Args its arguments, Dir the folder
	// it runs in: the folder of the configuration file that names it.
	Path string
	Args []string
	Dir  string
	// SHA256 is the executable's expected checksum in hex; empty means
	// it is not checked.
	SHA256 string
	// Position is where the plugin runs in the evaluation order.
	Position PluginPosition
	// Timeout bounds one call.
	Timeout time.Duration
	// OnError is the outcome of a call the plugin fails to answer (a
	// timeout, a crash): Deny or Ask.
	OnError Outcome
	// AllowColdStart lets the hook launch the plugin for a single call
	// when no daemon runs; otherwise such a call fails as OnError says.
	AllowColdStart bool
	// Untrusted marks a project's plugin whose executable the user has
	// not trusted (governance plugins trust): it is never started, and
	// calls it would decide need a person's approval.
	Untrusted bool
	// Scope is ScopeGlobal or ScopeRepo. A project's plugin may tighten
	// the policy but never loosen it: only its asks, denies and aborts
	// count.
	Scope string
	// Source is the file:line that configures the plugin.
	Source string
}

// UsesDaemon reports whether the hook asks the daemon, and starts one
// when none runs: with daemon: auto, and with plugins configured unless
// daemon: off, since plugins run warm in the daemon.
func (p *Policy) UsesDaemon() bool {
	return p.Settings.Daemon == "auto" || len(p.Plugins) > 0 && p.Settings.Daemon != "off"
}
