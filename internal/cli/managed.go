package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/agentgov/governance/internal/bundle"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// managedLines says how the managed layer stands: its folder, whether it
// exists, what it locks, and the policy bundle in force with the last
// pull's result.
func managedLines(w io.Writer, label string, p layout.Paths, l *config.Loaded) {
	pad := fmt.Sprintf("%*s", len(label), "")
	fi, err := os.Stat(p.ManagedDir)
	switch {
	case err != nil:
		fmt.Fprintf(w, "%s%s (none: nothing is managed)\n", label, p.ManagedDir)
		return
	case !fi.IsDir():
		fmt.Fprintf(w, "%s%s is not a folder\n", label, p.ManagedDir)
		return
	}
	rules := 0
	var locks []string
	if l != nil {
		for _, r := range l.Policy.Rules {
			if r.Scope == engine.ScopeManaged {
				rules++
			}
		}
		for _, f := range l.Managed {
			locks = append(locks, f.Lock...)
		}
	}
	fmt.Fprintf(w, "%s%s (%d rules; the user and the project may tighten it, never loosen it)\n", label, p.ManagedDir, rules)
	if writableByMe(p.ManagedDir) {
		fmt.Fprintf(w, "%sWARNING: you can write this folder, so the programs you run can too: give it to root (chown -R root: %s)\n", pad, p.ManagedDir)
	}
	if len(locks) > 0 {
		fmt.Fprintf(w, "%slocked: %v\n", pad, locks)
	}
	src, err := config.BundleSourceOf(p)
	if err != nil {
		fmt.Fprintf(w, "%sconfig.yaml: %v\n", pad, err)
		return
	}
	st := config.ReadBundleState(p)
	switch {
	case st.Unreadable != "":
		fmt.Fprintf(w, "%sbundle: active, but you cannot read it (%s): every call is denied until its folders are 0755 and its files 0644; ask the administrator to run `governance bundle pull` again\n",
			pad, bundle.Clean(st.Unreadable))
	case src == nil && st.Revision == "":
		return
	case st.Revision == "":
		fmt.Fprintf(w, "%sbundle: none active yet (source %s; run `governance bundle pull`)\n", pad, src.URL)
	default:
		fmt.Fprintf(w, "%sbundle: revision %s", pad, bundle.Clean(st.Revision))
		if st.Status.Activated != "" {
			fmt.Fprintf(w, ", activated %s", st.Status.Activated)
		}
		if src != nil {
			fmt.Fprintf(w, " from %s", src.URL)
		}
		fmt.Fprintln(w)
	}
	if st.Status.Checked != "" {
		fmt.Fprintf(w, "%s        last checked %s\n", pad, st.Status.Checked)
	}
	if st.Status.Rollback != "" {
		fmt.Fprintf(w, "%s        rolled back on purpose: %s\n", pad, bundle.Clean(st.Status.Rollback))
	}
	if st.Err != "" {
		fmt.Fprintf(w, "%s        the last pull failed, the bundle above stays in force: %s\n", pad, bundle.Clean(st.Err))
	}
}
