package learned

import (
	"context"
	"iter"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
)

// Radius is what an entry would newly allow: the logged calls it covers
// that were not allowed and that no person approved. A proposal shows it
// before anyone approves, so that a pattern wider than its approvals is
// seen for what it is.
type Radius struct {
	// Calls are the commands, each once, in log order; Count the logged
	// calls, repeats included.
	Calls []string
	Count int
}

// BlastRadius reads a decision log for the calls an allow entry would
// newly allow. It is empty for an entry that does not allow.
func BlastRadius(e Entry, entries iter.Seq2[*decisionlog.Entry, error]) (Radius, error) {
	var out Radius
	if e.Decision != "allow" {
		return out, nil
	}
	e.Status = Approved
	spec, err := e.Spec("")
	if err != nil {
		return out, err
	}
	r, err := engine.CompileRule(spec, engine.ScopeRepo)
	if err != nil {
		return out, err
	}
	eng := engine.NewEngine(&engine.Policy{Settings: engine.DefaultSettings(), Learned: []*engine.Rule{r}})
	eng.LookupEnv = func(string) (string, bool) { return "", false }
	// A call asked about and then approved is logged twice: once waiting
	// and once approved. The approval covers it.
	approved := map[string]bool{}
	type call struct{ key, text string }
	var calls []call
	for le, err := range entries {
		if err != nil {
			return out, err
		}
		key := le.Input.Cwd + "\x00" + le.Input.Tool.Kind + "\x00" + le.Input.Tool.Input.Command + "\x00" +
			strings.Join(le.Input.Tool.Input.Paths, "\x00") + "\x00" + le.Input.Tool.Input.URL
		if who, allowed, ok := decidedBy(le); ok && who == Human && allowed {
			approved[key] = true
			continue
		}
		if d := le.Result.Decision; d == "allow" || d == "warn" || le.Input.Tool.Kind == "" {
			continue
		}
		in := le.Input
		req := &engine.Request{Cwd: in.Cwd, ProjectRoot: in.ProjectRoot, Tool: engine.Tool{Kind: engine.Kind(in.Tool.Kind),
			Input: engine.Input{Command: in.Tool.Input.Command, Paths: in.Tool.Input.Paths, URL: in.Tool.Input.URL,
				Server: in.Tool.Input.Server, MCPTool: in.Tool.Input.MCPTool}}}
		if !newlyAllowed(eng.Decide(context.Background(), req)) {
			continue
		}
		text := in.Tool.Input.Command
		if text == "" {
			text = string(req.Tool.Kind) + " " + in.Tool.Input.URL + in.Tool.Input.MCPTool
			for _, p := range in.Tool.Input.Paths {
				text += " " + p
			}
		}
		calls = append(calls, call{key, text})
	}
	for _, c := range calls {
		if approved[c.key] {
			continue
		}
		out.Count++
		if !slices.Contains(out.Calls, c.text) {
			out.Calls = append(out.Calls, c.text)
		}
	}
	return out, nil
}

// newlyAllowed reports an allow the learned entry gave.
func newlyAllowed(d *engine.Decision) bool {
	if d.Outcome != engine.Allow && d.Outcome != engine.Warn {
		return false
	}
	for _, st := range d.Trace {
		if st.Layer == engine.LayerLearned && st.Outcome == engine.Allow {
			return true
		}
	}
	return false
}
