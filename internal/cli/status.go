package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

func (a *App) statusCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the enforcement mode, the configuration, the hook and the brain",
		Example: `  governance status
  governance status --dir path/to/project`,
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
			mode := s.Mode()
			if s.LogOnly {
				mode += " (decisions are recorded, nothing is blocked)"
			}
			fmt.Fprintf(w, "mode:          %s\n", mode)
			fmt.Fprintf(w, "project:       %s\n", p.ProjectRoot)
			if lerr != nil {
				fmt.Fprintf(w, "configuration: BROKEN, every call is denied (run `governance lint`)\n")
			} else {
				fmt.Fprintf(w, "configuration: %d files\n", len(l.Files))
			}
			for _, f := range l.Files {
				fmt.Fprintf(w, "               %s\n", f)
			}
			fmt.Fprintf(w, "compiled:      %s\n", compiledStatus(p))
			counts := map[string]int{}
			for _, r := range l.Policy.Rules {
				counts[r.Scope]++
			}
			trustLine(w, "policy:        ", l.Trust)
			managedLines(w, "managed:       ", p, l)
			fmt.Fprintf(w, "rules:         %d built-in, %d managed, %d user, %d project, %d executable\n", counts[governance.ScopeBuiltin],
				counts[governance.ScopeManaged], counts[governance.ScopeGlobal], counts[governance.ScopeRepo], len(l.Policy.Checks))
			if u := l.Policy.Untrusted; u != nil && len(u.Rules)+len(u.Learned) > 0 {
				fmt.Fprintf(w, "               %d project allow rules and %d learned entries wait for `governance trust`\n", len(u.Rules), len(u.Learned))
			}
			fmt.Fprintf(w, "defaults:      undecided calls %s; subagents nest %d deep; secret prompts %s\n", s.Default,
				s.MaxDelegationDepth, onOff(s.BlockSecretPrompts, "blocked", "allowed"))
			fmt.Fprintf(w, "hook:          %s\n", a.hookStatus(p.ProjectRoot, p.Home))
			daemonMode := "off"
			if l.Policy.UsesDaemon() {
				daemonMode = "auto (the hook asks it)"
			}
			fmt.Fprintf(w, "daemon:        %s; %s\n", daemonMode, strings.Join(a.daemonStatus(p.StateDir), "\n               "))
			fmt.Fprintf(w, "shipping:      %s\n", shipStatus(p))
			fmt.Fprintf(w, "audit:         %s\n", auditLine(p.DecisionLog(), s.AuditRequired))
			fmt.Fprintf(w, "credentials:   %s\n", credentialStatus(p))
			b := a.brainOf(p)
			fmt.Fprintf(w, "brain:         %s\n", b.Dir)
			st, err := b.ReadState()
			if err != nil {
				fmt.Fprintf(w, "               state.json is broken: %v\n", err)
			} else {
				phase := st.Phase
				if phase == "" {
					phase = "none"
				}
				fmt.Fprintf(w, "               phase %s; %d anchors; %d history entries\n", governance.Sanitize(phase), len(st.Anchors), len(st.History))
			}
			ids, _ := b.Sessions()
			open := 0
			for _, id := range ids {
				if s, err := b.ReadSession(id); err == nil && s.Ended.IsZero() {
					open++
				}
			}
			fmt.Fprintf(w, "               %d sessions (%d not ended)\n", len(ids), open)
			if m, err := b.ReadMetrics(); err == nil && !m.Since.IsZero() {
				calls := 0
				for _, n := range m.Calls {
					calls += n
				}
				fmt.Fprintf(w, "               since %s: %d calls, %d denied, %d asked, %d failed\n",
					m.Since.Local().Format("2006-01-02 15:04"), calls, m.Denials, m.Asks, m.Failures)
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	return c
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
		return "current, holding the last good policy: " + governance.Sanitize(snap.Held)
	}
	return "current (" + snapshot.CachePath(p) + ")"
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
