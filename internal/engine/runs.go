package engine

import (
	"fmt"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// Command lines a program runs that the analysis did not find as
// commands of their own: sed's e command, awk's system() handled by its
// model, git -c core.pager=..., fzf --preview, a tool's --exec option.
// Each is analysed as shell and judged; what would be asked or denied on
// its own is asked or denied in the program that runs it.

// runs is a command line a program runs, and the subjects it holds.
type runs struct {
	prog, why string
	s         *subject
}

// recordRuns analyses the command lines a command's model says it runs.
func (ev *evaluation) recordRuns(cl *cmdline) {
	if cl.call == nil {
		return
	}
	for _, e := range cl.call.Effects().List {
		if e.Op != programs.Exec || e.Found || e.Helper || e.Lang != "sh" || e.Code == "" {
			continue
		}
		// The command line as it runs, with the words and data the
		// program adds; as written when it cannot be put so.
		text := e.RunText(cl.cmd.Stdin.Kind != shell.StdinInherited)
		if text == "" {
			text = e.Code
		}
		a := shell.Analyze(text, shell.Options{Cwd: cl.cmd.Cwd, Home: ev.req.Home, LookupEnv: ev.e.LookupEnv, MaxDepth: 4, Launcher: programs.Launcher})
		for _, s := range ev.commandSubjects(a) {
			ev.runs = append(ev.runs, runs{prog: cl.name, why: e.Why, s: s})
		}
	}
}

// runsVerdicts judges the command lines programs run and returns those
// that would be asked or denied.
func (ev *evaluation) runsVerdicts() []Verdict {
	var out []Verdict
	for _, r := range ev.runs {
		n := len(ev.trace)
		v, _ := ev.layer1(r.s)
		ev.trace = ev.trace[:n]
		if v.Outcome < Ask {
			continue
		}
		v.Message = fmt.Sprintf("%s runs `%s` (%s). %s", r.prog, r.s.display, r.why, v.Message)
		ev.step(v, "what "+r.prog+" runs")
		out = append(out, v)
	}
	return out
}

// codeAllowed reports whether the policy allows every command of a
// command line a program runs, each judged on its own. The code is the
// command line as it really runs (see programs.Effect.RunText): words
// the program appends stand as "$@", and data it feeds the code comes
// from a pipe of unknown text, so that tee is no longer harmless when
// git appends paths to it, nor xargs cat as a pager. fzf's placeholders
// ({}, {1}, {q}) stand for what the list holds, which is not known.
func (ev *evaluation) codeAllowed(prog, code string) bool {
	if (prog == "fzf" || prog == "sk") && strings.Contains(code, "{") {
		return false
	}
	a := shell.Analyze(code, shell.Options{Cwd: ev.req.Cwd, Home: ev.req.Home, LookupEnv: ev.e.LookupEnv, MaxDepth: 4, Launcher: programs.Launcher})
	if len(a.Problems) > 0 || len(a.Commands) == 0 {
		return false
	}
	n := len(ev.trace)
	defer func() { ev.trace = ev.trace[:n] }()
	for _, s := range ev.commandSubjects(a) {
		// Code a warn rule speaks about is not allowed unseen.
		if v, warns := ev.layer1(s); v.Outcome != Allow || len(warns) > 0 {
			return false
		}
	}
	return true
}
