package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

func (a *App) statusCmd() *cobra.Command {
	var dir string
	var asJSON bool
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the enforcement mode, the configuration, the hook and the brain",
		Example: `  governance status
  governance status --dir path/to/project
  governance status --json`,
		Long: `status shows how governance runs in this project: the enforcement mode
(enforce, or log-only, which blocks nothing), the configuration files and
rules, whether the compiled snapshot the hook enforces is current (or holds
the last good policy while a file is rewritten), whether the hook is
installed, and the runtime state: sessions, phase, anchors and metrics.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, l, lerr := a.loadAt(dir)
			p := l.Paths
			s := l.Policy.Settings
			w := a.Stdout
			if asJSON {
				// The JSON form holds the same facts as the text, which
				// goes nowhere.
				w = io.Discard
			}
			out := statusOut{Mode: s.Mode(), LogOnly: s.LogOnly, Project: p.ProjectRoot,
				Configuration: statusConfig{OK: lerr == nil, Files: append([]string{}, l.Files...)}}
			if lerr != nil {
				out.Configuration.Error = lerr.Error()
			}
			mode := s.Mode()
			if s.LogOnly {
				mode += " (decisions are recorded, nothing is blocked)"
			}
			fmt.Fprintf(w, "mode:          %s\n", mode)
			out.Planted = a.plantedOnPath(p.ProjectRoot)
			for _, f := range out.Planted {
				fmt.Fprintf(w, "               but %s comes first on PATH and runs in place of governance's own: calls are not judged (see `governance doctor`)\n", f)
			}
			fmt.Fprintf(w, "project:       %s\n", p.ProjectRoot)
			out.Enclosing, out.ConfiguredBy = p.EnclosingRoots(), l.Outer
			for _, line := range enclosingLines(p, l.Outer, l.Repo != nil) {
				fmt.Fprintf(w, "               %s\n", line)
			}
			if lerr != nil {
				fmt.Fprintf(w, "configuration: BROKEN, every call is denied (run `governance lint`)\n")
			} else {
				fmt.Fprintf(w, "configuration: %d files\n", len(l.Files))
			}
			for _, f := range l.Files {
				fmt.Fprintf(w, "               %s\n", f)
			}
			out.Compiled = compiledStatus(p)
			fmt.Fprintf(w, "compiled:      %s\n", out.Compiled)
			counts := map[string]int{}
			for _, r := range l.Policy.Rules {
				counts[r.Scope]++
			}
			trustLine(w, "policy:        ", l.Trust)
			managedLines(w, "managed:       ", p, l)
			out.Rules = statusRules{Builtin: counts[engine.ScopeBuiltin], Managed: counts[engine.ScopeManaged],
				User: counts[engine.ScopeGlobal], Project: counts[engine.ScopeRepo], Executable: len(l.Policy.Checks)}
			if u := l.Policy.Untrusted; u != nil {
				out.Rules.UntrustedAllows, out.Rules.UntrustedLearned = len(u.Rules), len(u.Learned)
			}
			fmt.Fprintf(w, "rules:         %d built-in, %d managed, %d user, %d project, %d executable\n", counts[engine.ScopeBuiltin],
				counts[engine.ScopeManaged], counts[engine.ScopeGlobal], counts[engine.ScopeRepo], len(l.Policy.Checks))
			if u := l.Policy.Untrusted; u != nil && len(u.Rules)+len(u.Learned) > 0 {
				fmt.Fprintf(w, "               %s and %s wait for `governance trust`\n", count(len(u.Rules), "project allow rule"), count(len(u.Learned), "learned entry", "learned entries"))
			}
			fmt.Fprintf(w, "defaults:      undecided calls %s; subagents nest %d deep; secret prompts %s\n", s.Default,
				s.MaxDelegationDepth, onOff(s.BlockSecretPrompts, "blocked", "allowed"))
			out.Defaults = statusDefaults{Undecided: s.Default.String(), MaxDelegationDepth: s.MaxDelegationDepth,
				BlockSecretPrompts: s.BlockSecretPrompts}
			out.Hook = a.hookStatus(p.ProjectRoot, p.Home)
			fmt.Fprintf(w, "hook:          %s\n", out.Hook)
			daemonMode := "off"
			if l.Policy.UsesDaemon() {
				daemonMode = "auto (the hook asks it)"
			}
			out.Daemon = statusDaemon{Mode: daemonMode, Status: a.daemonStatus(p.StateDir)}
			out.Shipping, out.Audit, out.Credentials = shipStatus(p), auditLine(p.DecisionLog(), s.AuditRequired), credentialStatus(p)
			fmt.Fprintf(w, "daemon:        %s; %s\n", daemonMode, strings.Join(out.Daemon.Status, "\n               "))
			fmt.Fprintf(w, "shipping:      %s\n", out.Shipping)
			fmt.Fprintf(w, "audit:         %s\n", out.Audit)
			fmt.Fprintf(w, "credentials:   %s\n", out.Credentials)
			b := a.brainOf(p)
			out.Brain.Dir = b.Dir
			fmt.Fprintf(w, "brain:         %s\n", b.Dir)
			st, err := b.ReadState()
			if err != nil {
				out.Brain.StateError = err.Error()
				fmt.Fprintf(w, "               state.json is broken: %v\n", err)
			} else {
				out.Brain.Phase, out.Brain.Anchors, out.Brain.History = st.Phase, len(st.Anchors), len(st.History)
				phase := st.Phase
				if phase == "" {
					phase = "none"
				}
				fmt.Fprintf(w, "               phase %s; %d anchors; %d history entries\n", engine.Sanitize(phase), len(st.Anchors), len(st.History))
			}
			ids, _ := b.Sessions()
			open := 0
			for _, id := range ids {
				if s, err := b.ReadSession(id); err == nil && s.Ended.IsZero() {
					open++
				}
			}
			out.Brain.Sessions, out.Brain.OpenSessions = len(ids), open
			fmt.Fprintf(w, "               %d sessions (%d not ended)\n", len(ids), open)
			if m, err := b.ReadMetrics(); err == nil && !m.Since.IsZero() {
				calls := 0
				for _, n := range m.Calls {
					calls += n
				}
				out.Metrics = &statusMetrics{Since: m.Since, Calls: calls, Denied: m.Denials, Asked: m.Asks, Failed: m.Failures}
				fmt.Fprintf(w, "               since %s: %d calls, %d denied, %d asked, %d failed\n",
					m.Since.Local().Format("2006-01-02 15:04"), calls, m.Denials, m.Asks, m.Failures)
			}
			if asJSON {
				return writeJSON(a.Stdout, out)
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the status as JSON")
	return c
}

// enclosingLines say which configuration applies in a project inside
// governed projects: the nearest one's whole (outer) where the project
// has no config.yaml of its own (own false), else its own; the
// enclosing projects' denies and asks apply either way.
func enclosingLines(p layout.Paths, outer string, own bool) []string {
	roots := p.EnclosingRoots()
	if len(roots) == 0 {
		return nil
	}
	var out []string
	switch {
	case outer != "":
		out = append(out, "the configuration of the enclosing project "+outer+" applies (no .governance/config.yaml here)")
	case own:
		out = append(out, "its own .governance/config.yaml applies, not the enclosing project's")
	}
	return append(out, "the deny and ask rules of "+strings.Join(roots, ", ")+" apply here too")
}

// compiledStatus says how the snapshot the hook reads for the folders p
// names stands: the hook enforces it while it is current.
func compiledStatus(p layout.Paths) string {
	current, configured := snapshot.Current(p)
	if !configured {
		return "nothing to compile (the built-in policy applies)"
	}
	snap, err := snapshot.Read(snapshot.CachePath(p))
	switch {
	case err != nil:
		return "not yet (the hook compiles the configuration on its next call)"
	case !snap.Fresh(p, current):
		return "stale (the hook compiles the configuration again on its next call)"
	case snap.Held != "":
		return "current, holding the last good policy: " + engine.Sanitize(snap.Held)
	}
	return "current (" + snapshot.CachePath(p) + ")"
}

// statusOut is the JSON form of status (docs/json.md).
type statusOut struct {
	Mode    string `json:"mode"`
	LogOnly bool   `json:"log_only"`
	Project string `json:"project"`
	// Enclosing are the governed projects around the project, nearest
	// first; ConfiguredBy the one whose configuration applies in it.
	Enclosing     []string       `json:"enclosing,omitempty"`
	ConfiguredBy  string         `json:"configured_by,omitempty"`
	Configuration statusConfig   `json:"configuration"`
	Compiled      string         `json:"compiled"`
	Rules         statusRules    `json:"rules"`
	Defaults      statusDefaults `json:"defaults"`
	Hook          string         `json:"hook"`
	// Planted are programs of governance's names on PATH before its own,
	// in folders an agent may write: they run in its place.
	Planted     []string       `json:"planted,omitempty"`
	Daemon      statusDaemon   `json:"daemon"`
	Shipping    string         `json:"shipping"`
	Audit       string         `json:"audit"`
	Credentials string         `json:"credentials"`
	Brain       statusBrain    `json:"brain"`
	Metrics     *statusMetrics `json:"metrics,omitempty"`
}

type statusConfig struct {
	OK    bool     `json:"ok"`
	Error string   `json:"error,omitempty"`
	Files []string `json:"files"`
}

type statusRules struct {
	Builtin          int `json:"builtin"`
	Managed          int `json:"managed"`
	User             int `json:"user"`
	Project          int `json:"project"`
	Executable       int `json:"executable"`
	UntrustedAllows  int `json:"untrusted_allows"`
	UntrustedLearned int `json:"untrusted_learned"`
}

type statusDefaults struct {
	Undecided          string `json:"undecided"`
	MaxDelegationDepth int    `json:"max_delegation_depth"`
	BlockSecretPrompts bool   `json:"block_secret_prompts"`
}

type statusDaemon struct {
	Mode   string   `json:"mode"`
	Status []string `json:"status"`
}

type statusBrain struct {
	Dir          string `json:"dir"`
	StateError   string `json:"state_error,omitempty"`
	Phase        string `json:"phase,omitempty"`
	Anchors      int    `json:"anchors"`
	History      int    `json:"history"`
	Sessions     int    `json:"sessions"`
	OpenSessions int    `json:"open_sessions"`
}

type statusMetrics struct {
	Since  time.Time `json:"since"`
	Calls  int       `json:"calls"`
	Denied int       `json:"denied"`
	Asked  int       `json:"asked"`
	Failed int       `json:"failed"`
}

func onOff(b bool, on, off string) string {
	if b {
		return on
	}
	return off
}

// hookStatus says which harnesses run governance-hook, in the project's
// settings or the user's; governance doctor says more.
func (a *App) hookStatus(root, home string) string {
	var where []string
	for _, n := range harnesses() {
		ins := installers[n]
		project, user, err := ins.files(a, root)
		if err != nil {
			continue
		}
		for _, f := range []string{project, user} {
			if a.inspectFile(ins, f).hooked {
				where = append(where, n)
				break
			}
		}
	}
	if len(where) == 0 {
		return "not installed (run `governance install HARNESS`; `governance doctor` checks it)"
	}
	return "installed for " + strings.Join(where, ", ") + " (`governance doctor` checks it)"
}
