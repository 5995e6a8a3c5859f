package learned

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
)

// An observation is one logged decision a person or the gatekeeper made
// about a single-command call: its shape and whether it was allowed.
type observation struct {
	id      string
	command string
	program string
	sub     string
	flags   []string
	classes []string
	// words are the positional arguments after the subcommand; paths
	// tells which of them are paths the command reads or writes.
	words   []string
	paths   []bool
	allowed bool
	human   bool
}

// decidedBy tells who decided a logged call: a human (an answered
// approval) or the gatekeeper. Policy decisions teach nothing new.
func decidedBy(e *decisionlog.Entry) (who string, allowed bool, ok bool) {
	a := e.Result.Approval
	switch {
	case a != nil && a.State == string(engine.ApprovalApproved):
		return Human, true, true
	case a != nil && a.State == string(engine.ApprovalDenied):
		return Human, false, true
	case e.Result.Layer == "gatekeeper" && (e.Result.Decision == "allow" || e.Result.Decision == "deny"):
		return Gatekeeper, e.Result.Decision == "allow", true
	}
	return "", false, false
}

// shapeEngine analyses commands for learning: default settings and no
// environment, so that a command's shape does not depend on who reads it.
func shapeEngine() *engine.Engine {
	e := engine.NewEngine(&engine.Policy{Settings: engine.DefaultSettings()})
	e.LookupEnv = func(string) (string, bool) { return "", false }
	return e
}

// oneCommand analyses a shell command run in cwd of the project at root
// and returns its command with the path classes of its files, each once.
// ok is false for a call of several commands, which approves their
// combination and not each, and for a command with a run-time word,
// which hides the shape.
func oneCommand(e *engine.Engine, cwd, root, command string) (c *engine.Command, classes []string, ok bool) {
	cmds := e.Commands(&engine.Request{Cwd: cwd, ProjectRoot: root,
		Tool: engine.Tool{Kind: engine.KindShell, Input: engine.Input{Command: command}}})
	if len(cmds) != 1 || cmds[0].Dynamic {
		return nil, nil, false
	}
	for _, f := range cmds[0].Files {
		for _, cl := range f.Classes {
			if !slices.Contains(classes, cl) {
				classes = append(classes, cl)
			}
		}
	}
	return cmds[0], classes, true
}

// Proposal is a pending entry the miner suggests, with its evidence.
type Proposal struct {
	Entry Entry
	// Pair is the other entry of a conditional pair, when there is one.
	Pair *Entry
}

// MineOptions tune the miner.
type MineOptions struct {
	// Min is the number of approvals a shape needs (default 5).
	Min int
	Now time.Time
	// ProjectRoot, when set, mines only the decisions made in that
	// project: what a person approved in one project says nothing about
	// another.
	ProjectRoot string
}

// Mine groups logged decisions by command shape and proposes entries:
// an allow for a shape with at least Min approvals and no denials, and,
// where approvals and denials mix, a conditional pair split by the one
// option or path class that every denial had and no approval did. A
// proposal never covers an option or a path class that no approval had.
func Mine(entries iter.Seq2[*decisionlog.Entry, error], opts MineOptions) ([]Proposal, error) {
	if opts.Min <= 0 {
		opts.Min = 5
	}
	eng := shapeEngine()
	groups := map[string][]observation{}
	var keys []string
	for e, err := range entries {
		if err != nil {
			return nil, err
		}
		if opts.ProjectRoot != "" && e.Input.ProjectRoot != opts.ProjectRoot {
			continue
		}
		who, allowed, ok := decidedBy(e)
		if !ok || e.Input.Tool.Kind != string(engine.KindShell) || strings.Contains(e.Input.Tool.Input.Command, "***") {
			continue
		}
		c, classes, ok := oneCommand(eng, e.Input.Cwd, e.Input.ProjectRoot, e.Input.Tool.Input.Command)
		if !ok {
			continue
		}
		sort.Strings(classes)
		o := observation{id: e.DecisionID, command: e.Input.Tool.Input.Command, program: c.Program, sub: c.Subcommand,
			flags: c.Flags(), classes: classes, allowed: allowed, human: who == Human}
		if !o.setWords(c) {
			continue
		}
		key := o.key()
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], o)
	}
	sort.Strings(keys)
	var out []Proposal
	for _, k := range keys {
		if p, ok := propose(groups[k], opts); ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// propose looks at one program and subcommand.
func propose(obs []observation, opts MineOptions) (Proposal, bool) {
	var ok, bad []observation
	for _, o := range obs {
		if o.allowed {
			ok = append(ok, o)
		} else {
			bad = append(bad, o)
		}
	}
	if len(ok) < opts.Min {
		return Proposal{}, false
	}
	allow := entryFor(ok, "allow", opts.Now)
	places, fits := placesOf(ok)
	if !fits {
		// The words that varied fit no pattern narrower than "any
		// word": a person keeps deciding.
		return Proposal{}, false
	}
	allow.Pattern.Positionals = &places
	allow.Description = strings.TrimSpace(shapeName(ok[0]) + " " + strings.Join(places, " "))
	allow.ID = idOf(allow.Pattern, allow.Decision)
	if len(bad) == 0 {
		allow.Reasoning = fmt.Sprintf("%d approvals and no denials of this shape", len(ok))
		return Proposal{Entry: allow}, true
	}
	// Mixed: a feature every denial has and no approval has splits them.
	if f := separating(ok, bad, func(o observation) []string { return o.flags }); f != "" {
		allow.Pattern.NotFlags = []string{f}
		allow.Reasoning = fmt.Sprintf("%d approvals, none with %s; %d denials, all with %s", len(ok), f, len(bad), f)
		allow.Evidence.Denied = len(bad)
		deny := entryFor(bad, "deny", opts.Now)
		deny.Pattern.FlagsWithin, deny.Pattern.TargetsWithin = nil, nil
		deny.Pattern.Flags = []string{f}
		deny.Description = fmt.Sprintf("%s with %s", shapeName(bad[0]), f)
		deny.Reasoning = fmt.Sprintf("every one of %d denials had %s, no approval did", len(bad), f)
		deny.ID = idOf(deny.Pattern, deny.Decision)
		return Proposal{Entry: allow, Pair: &deny}, true
	}
	if c := separating(ok, bad, func(o observation) []string { return o.classes }); c != "" {
		allow.Reasoning = fmt.Sprintf("%d approvals, none on %s paths; %d denials, all on %s paths", len(ok), c, len(bad), c)
		allow.Evidence.Denied = len(bad)
		deny := entryFor(bad, "deny", opts.Now)
		deny.Pattern.FlagsWithin, deny.Pattern.TargetsWithin = nil, nil
		deny.Pattern.Targets = []string{c}
		deny.Description = fmt.Sprintf("%s on %s paths", shapeName(bad[0]), c)
		deny.Reasoning = fmt.Sprintf("every one of %d denials was on %s paths, no approval was", len(bad), c)
		deny.ID = idOf(deny.Pattern, deny.Decision)
		return Proposal{Entry: allow, Pair: &deny}, true
	}
	// Approvals and denials of the same shape with nothing to tell them
	// apart: a person keeps deciding.
	return Proposal{}, false
}

// separating returns the one feature that every denial has and no
// approval has, or "".
func separating(ok, bad []observation, features func(observation) []string) string {
	var candidates []string
	for i, o := range bad {
		fs := features(o)
		if i == 0 {
			candidates = slices.Clone(fs)
			continue
		}
		candidates = slices.DeleteFunc(candidates, func(f string) bool { return !slices.Contains(fs, f) })
	}
	for _, f := range candidates {
		seen := false
		for _, o := range ok {
			if slices.Contains(features(o), f) {
				seen = true
				break
			}
		}
		if !seen {
			return f
		}
	}
	return ""
}

// entryFor builds the entry for observations of one decision: the options
// and path classes they had are the only ones it covers.
func entryFor(obs []observation, decision string, now time.Time) Entry {
	var flags, classes []string
	humans := 0
	for _, o := range obs {
		for _, f := range o.flags {
			if !slices.Contains(flags, f) {
				flags = append(flags, f)
			}
		}
		for _, c := range o.classes {
			if !slices.Contains(classes, c) {
				classes = append(classes, c)
			}
		}
		if o.human {
			humans++
		}
	}
	sort.Strings(flags)
	sort.Strings(classes)
	if len(classes) == 0 {
		classes = []string{engine.ClassNone}
	}
	p := Pattern{Program: obs[0].program, Subcommand: obs[0].sub, FlagsWithin: flags, TargetsWithin: classes}
	if len(flags) == 0 {
		// No approval gave an option: none may be given ("-" alone is
		// no option, so nothing else is within it).
		p.FlagsWithin = []string{"-"}
	}
	e := Entry{ID: idOf(p, decision), Description: shapeName(obs[0]), Pattern: p, Decision: decision,
		Confidence: confidence(len(obs)), Provenance: Mined, Status: Pending, Created: now.UTC(),
		Evidence: &Evidence{Allowed: 0}}
	if decision == "allow" {
		e.Evidence.Allowed = len(obs)
	} else {
		e.Evidence.Denied = len(obs)
	}
	switch humans {
	case len(obs):
	case 0:
		// Only the gatekeeper decided: say so; a person still has to
		// approve the entry before it decides anything.
		e.Provenance = Gatekeeper
		e.Reasoning = "decided by the gatekeeper only"
	default:
		e.Reasoning = "includes gatekeeper decisions"
	}
	for _, o := range obs {
		if len(e.Evidence.DecisionIDs) < 5 {
			e.Evidence.DecisionIDs = append(e.Evidence.DecisionIDs, o.id)
		}
		if len(e.Examples) < 3 && !slices.Contains(e.Examples, o.command) {
			e.Examples = append(e.Examples, o.command)
		}
	}
	return e
}

func shapeName(o observation) string {
	return strings.TrimSpace(o.program + " " + o.sub)
}

// confidence grows with the evidence: 5 agreeing decisions give 0.83,
// 20 give 0.95.
func confidence(n int) float64 {
	c := 1 - 1/float64(n+1)
	return float64(int(c*100)) / 100
}

// idOf names a mined entry after its pattern, so that mining again does
// not propose it twice.
func idOf(p Pattern, decision string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%s|%s|%v|%v|%v|%v|%v", decision, p.Program, p.Subcommand, p.Flags, p.NotFlags, p.FlagsWithin,
		p.Targets, p.TargetsWithin)
	if p.Positionals != nil {
		fmt.Fprintf(h, "|%q", *p.Positionals)
	}
	return "m-" + hex.EncodeToString(h.Sum(nil))[:8]
}

// setWords records a command's positional arguments and which of them
// are paths. It is false for a word a place cannot hold literally.
func (o *observation) setWords(c *engine.Command) bool {
	for _, w := range c.Positionals {
		if strings.ContainsAny(w, "*?[") || engine.KindOf([]string{w}) == "" && strings.HasSuffix(w, ">") {
			return false
		}
		path := slices.ContainsFunc(c.Files, func(f engine.CommandFile) bool { return f.Path == w })
		o.words = append(o.words, w)
		o.paths = append(o.paths, path)
	}
	return true
}

// key is an observation's shape: its program, subcommand and number of
// positional arguments, and for a program without subcommands the words
// that say what it does (make's targets): those that are neither paths
// nor NAME=value assignments. Approvals of make release never teach
// anything about make destroy-production.
func (o *observation) key() string {
	k := fmt.Sprintf("%s %s %d", o.program, o.sub, len(o.words))
	if o.sub != "" {
		return k
	}
	for i, w := range o.words {
		if !o.paths[i] && assignment(w) == "" {
			k += " " + w
		}
	}
	return k
}

// assignment returns NAME= of a NAME=value word, or "".
func assignment(w string) string {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return ""
	}
	for j := 0; j < i; j++ {
		c := w[j]
		if c != '_' && (c < '0' || c > '9' || j == 0) && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return ""
		}
	}
	return w[:i+1]
}

// placesOf returns the places that cover exactly the positional arguments
// of the observations, which have as many each: a word that never varied
// is literal; an assignment whose value varied keeps its name and takes
// the narrowest kind of the values seen (V=<number>); a path that varied
// is <path>, its classes bounded by the entry's targets_within; another
// word that varied takes the narrowest kind of the values seen. fits is
// false when no kind holds every value.
func placesOf(obs []observation) (places []string, fits bool) {
	places = []string{}
	for i := range obs[0].words {
		var values []string
		same, allPaths := true, true
		for _, o := range obs {
			values = append(values, o.words[i])
			same = same && o.words[i] == obs[0].words[i]
			allPaths = allPaths && o.paths[i]
		}
		if same {
			places = append(places, values[0])
			continue
		}
		if name := assignment(values[0]); name != "" {
			var rest []string
			for _, v := range values {
				if !strings.HasPrefix(v, name) {
					name = ""
					break
				}
				rest = append(rest, v[len(name):])
			}
			if k := engine.KindOf(rest); name != "" && k != "" {
				places = append(places, name+k)
				continue
			}
		}
		if allPaths {
			places = append(places, "<path>")
			continue
		}
		k := engine.KindOf(values)
		if k == "" {
			return nil, false
		}
		places = append(places, k)
	}
	return places, true
}
