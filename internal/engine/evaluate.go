package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// evaluation is the state of one Decide call.
type evaluation struct {
	e *Engine
	// fsw is the call's budget of file system work.
	fsw      fsWork
	req      *Request
	pc       *pathContext
	agent    string
	defs     []*agents.Agent
	scope    string
	verdicts []Verdict
	trace    []Step
	// guesses are commands that an unknown program may run (see guess).
	guesses []guess
	// runs are command lines programs run (see recordRuns).
	runs []runs
	// copies are files a command of the call makes from a governance
	// binary (cp, install, ln): running them later in the call runs
	// governance.
	copies []copied
	// secretCopies are variables the call's shell sets to a copy of a
	// secret (see noteAnalysisCopies).
	secretCopies []string
	// movedFolders is a variable the call's shell sets that moves
	// governance's folders for the commands after it (see
	// shellMovesFolders), or "".
	movedFolders string
	// channel is the daemon's page port and socket (see daemonpage.go),
	// read at most once per call.
	channel *channel
	// index narrows the rules per command; nil for calls of a few
	// commands, where building it costs more than scanning the rules.
	index *ruleIndex
	// subjectBuf is the free part of the block newSubject hands out.
	subjectBuf []subject
	// traceRoom is the capacity the trace starts with: about a step per
	// subject.
	traceRoom int
	// skipped are the allows of executable rules of a project that is
	// not trusted.
	skipped []skipped
	// notices go to the decision log (see Decision.Notices).
	notices []string
	// roots caches protectedRoots.
	roots []string
	// confineHazard says why the call would not work confined (see
	// Decision.ConfineHazard), or "".
	confineHazard string
	// planted holds, for the bare program names looked up along PATH,
	// whether a file a call could have put there runs (see
	// plantedProgram).
	planted map[string]bool
	// pathDirs holds the PATH's folders as a command run in a folder
	// finds them (see pathFoldersAt): a list, as a call's commands run in
	// one folder or a few.
	pathDirs []cwdFolders
	// analysisOnly leaves out the allows of rules, the learned layer and
	// the evaluators (see Engine.AnalysisAlone); unseen is then the first
	// code a command of the call runs that the analysis cannot see, or "".
	analysisOnly bool
	unseen       string
}

type cwdFolders struct {
	cwd string
	pf  *pathFolders
}

func newEvaluation(e *Engine, req *Request) *evaluation {
	ev := &evaluation{e: e, req: req, fsw: fsWork{fsys: e.FS}}
	ev.pc = &pathContext{cwd: req.Cwd, root: req.ProjectRoot, home: req.Home, temps: e.tempDirs(),
		configDirs: e.Policy.ConfigDirs, readlink: ev.fsw.fs().Readlink}
	ev.pc.moved = homeMoves(e.LookupEnv, req.Home)
	if ev.pc.root == "" {
		ev.pc.root = req.Cwd
	}
	ev.agent = req.Agent
	if ev.agent == "" && req.AgentID == "" {
		ev.agent = e.Policy.Settings.MainAgent
	}
	return ev
}

func (ev *evaluation) step(v Verdict, note string) {
	if ev.trace == nil && ev.traceRoom > 0 {
		ev.trace = make([]Step, 0, ev.traceRoom)
	}
	ev.trace = append(ev.trace, Step{Layer: v.Layer, Subject: v.Subject, Outcome: v.Outcome, Rule: v.Rule, Source: v.Source, Note: note})
}

func (ev *evaluation) run(ctx context.Context) *Decision {
	if err := ev.loadAgent(); err != nil {
		v := Verdict{Outcome: Deny, Layer: LayerAgent, Rule: "agent-file", Subject: ev.agent,
			Message:    "The definition of agent " + ev.agent + " is broken: " + err.Error(),
			Suggestion: "Fix the agent file (run `governance lint`); this agent's calls stay blocked until it loads."}
		ev.step(v, "")
		return ev.finish([]Verdict{v})
	}
	if v, ok := ev.missingAgent(); ok {
		ev.step(v, "")
		return ev.finish([]Verdict{v})
	}
	subjects, problems := ev.subjects()
	// Room for a verdict per problem, subject, guess and early evaluator,
	// and one more; the verdicts on what no layer decides come last.
	decided := make([]Verdict, 0, len(problems)+len(subjects)+len(ev.guesses)+len(ev.e.BeforeRules)+1)
	ev.traceRoom = len(problems) + len(subjects) + 1
	for _, p := range problems {
		ev.step(p, "")
		decided = append(decided, p)
	}
	shells := 0
	for _, s := range subjects {
		if s.kind == KindShell {
			shells++
		}
	}
	if shells >= indexFrom || ev.e.calls.Add(1) > 1 {
		ev.index = ev.e.index()
	}
	var open []*subject
	for _, s := range subjects {
		v, warns := ev.layer1(s)
		decided = append(decided, warns...)
		if v.Outcome == NoOpinion {
			if !s.derived {
				open = append(open, s)
			}
			continue
		}
		decided = append(decided, v)
	}
	decided = append(decided, ev.guessVerdicts()...)
	decided = append(decided, ev.runsVerdicts()...)
	// Evaluators placed before the rules see every call; their verdicts
	// join layer 1's, strictest first.
	early := false
	for _, x := range ev.e.BeforeRules {
		if ev.analysisOnly {
			break
		}
		if got := ev.consult(ctx, x); got.Outcome != NoOpinion {
			decided = append(decided, got)
			// A warn is a note (see layer1): it decides nothing.
			early = early || got.Outcome != Warn
		}
	}
	if !ev.analysisOnly {
		var learned []Verdict
		learned, open = ev.layer2(open)
		decided = append(decided, learned...)
	}
	if len(open) > 0 && !early {
		var v Verdict
		// A part of the call that is blocked blocks it all: no evaluator
		// can change that, so none is asked (a model call costs).
		evaluators := ev.e.Evaluators
		if blocked(decided) || ev.analysisOnly {
			evaluators = nil
		}
		for _, x := range evaluators {
			got := ev.consult(ctx, x)
			if got.Outcome == Warn {
				// A note: the next evaluator or the default decides.
				decided = append(decided, got)
				continue
			}
			if got.Outcome != NoOpinion {
				v = got
				break
			}
		}
		if v.Outcome == NoOpinion {
			for _, s := range open {
				d := ev.fallback(s)
				if by, ok := ev.untrustedVerdicts(s); ok {
					ev.untrustedMessage(&d, by)
				}
				ev.step(d, "no layer decided")
				decided = append(decided, d)
			}
		} else {
			decided = append(decided, v)
		}
	}
	return ev.finish(decided)
}

// blocked reports whether a verdict blocks the call.
func blocked(vs []Verdict) bool {
	for _, v := range vs {
		if v.Outcome.Blocks() {
			return true
		}
	}
	return false
}

// consult asks one evaluator about the request and traces its opinion;
// an evaluator that fails denies the call.
func (ev *evaluation) consult(ctx context.Context, x Evaluator) Verdict {
	got, err := x.Evaluate(ctx, ev.req)
	if err != nil {
		got = Verdict{Outcome: Deny, Layer: x.Name(), Rule: "evaluator-error",
			Message:    fmt.Sprintf("The %s evaluator failed: %v", x.Name(), err),
			Suggestion: "Retry later, or ask a human to review the call.", Err: fmt.Errorf("%w: %s: %w", ErrEvaluator, x.Name(), err)}
	}
	if got.Outcome != NoOpinion {
		if got.Layer == "" {
			got.Layer = x.Name()
		}
		ev.step(got, "")
	}
	return got
}

// fallback is the default layer's verdict on a subject nobody decided.
func (ev *evaluation) fallback(s *subject) Verdict {
	out := ev.e.Policy.Settings.Default
	if out == NoOpinion {
		out = Defer
	}
	if s.kind == KindOther {
		out = Defer
	}
	v := Verdict{Outcome: out, Layer: LayerDefault, Rule: "default", Subject: s.display}
	if out == Ask {
		v.Message = "No rule decides this call, so a human should confirm it."
		v.Suggestion = "Approve it if it is expected; to stop being asked, add an allow rule under .governance/rules/."
	}
	return v
}

// finish combines verdicts: the strictest wins.
func (ev *evaluation) finish(vs []Verdict) *Decision {
	var win Verdict
	var warnings []string
	for _, v := range vs {
		if v.stricter(win) {
			win = v
		}
	}
	for _, v := range vs {
		if v.Outcome == Warn && v.Message != "" && v.Err == nil && v.Message != win.Message {
			warnings = append(warnings, v.Message)
		}
	}
	if win.Outcome == NoOpinion {
		// Nothing was found to judge, though something was asked: leave it
		// to the default rather than allow what the analysis did not see.
		win = ev.fallback(&subject{kind: ev.req.Tool.Kind, display: ev.req.Tool.Input.Command})
	}
	d := &Decision{Outcome: win.Outcome, Layer: win.Layer, Rule: win.Rule, Source: win.Source, Subject: win.Subject,
		Message: win.Message, Suggestion: win.Suggestion, Warnings: warnings, Notices: ev.notices, Trace: ev.trace, Err: win.Err,
		ConfineHazard: ev.confineHazard, Unseen: ev.unseen}
	if d.Outcome == Ask && ev.req.Unattended {
		d.Outcome = Deny
		d.Message = strings.TrimSpace(d.Message + " No human can approve it now (unattended run), so it is blocked.")
		if d.Suggestion == "" {
			d.Suggestion = "Run it where a human can approve it, or add a rule that decides it."
		}
		ev.trace = append(ev.trace, Step{Layer: d.Layer, Subject: d.Subject, Outcome: Deny, Rule: d.Rule, Note: "ask with no human to answer"})
		d.Trace = ev.trace
	}
	return d
}

// subjects splits the request into the things the policy judges, and
// reports what the analysis could not determine.
func (ev *evaluation) subjects() ([]*subject, []Verdict) {
	in := ev.req.Tool.Input
	switch ev.req.Tool.Kind {
	case KindShell:
		return ev.shellSubjects(in.Command)
	case KindRead, KindWrite, KindEdit:
		var out []*subject
		search := searchTool(ev.req.Tool.Name)
		if manyFilesTool(ev.req.Tool.Name) && ev.req.Tool.Kind == KindRead {
			return ev.manyFilesSubjects()
		}
		for _, p := range in.Paths {
			pl := ev.pc.resolve(p, false, false, ev.req.Cwd)
			s := &subject{kind: ev.req.Tool.Kind, file: pl, display: p, tree: search, hidden: search}
			out = append(out, s)
			out = ev.appendKernelSubjects(out, s)
		}
		if len(out) == 0 {
			out = append(out, &subject{kind: ev.req.Tool.Kind, file: place{classes: []string{ClassUnknown}}, display: ev.req.Tool.Name})
		}
		return out, ev.patchProblems()
	case KindWeb:
		target := in.URL
		if target == "" {
			target = in.Query
		}
		return []*subject{{kind: KindWeb, url: in.URL, host: hostOf(in.URL), display: target}}, nil
	case KindAgent:
		return []*subject{{kind: KindAgent, subagent: in.Subagent, display: "agent " + in.Subagent}}, nil
	case KindMCP:
		var args map[string]any
		if len(in.Arguments) > 0 {
			_ = json.Unmarshal(in.Arguments, &args)
		}
		return ev.mcpSubjects(&subject{kind: KindMCP, server: in.Server, tool: in.MCPTool, arguments: args,
			display: in.Server + "_" + in.MCPTool}), nil
	}
	// A tool of another kind: judge any command and files it carries.
	out := []*subject{{kind: KindOther, display: ev.req.Tool.Name}}
	var problems []Verdict
	if in.Command != "" {
		subs, probs := ev.shellSubjects(in.Command)
		out = append(out, subs...)
		problems = probs
	}
	for _, p := range in.Paths {
		out = append(out, &subject{kind: KindRead, file: ev.pc.resolve(p, false, false, ev.req.Cwd), display: p})
	}
	return out, problems
}

// patchProblems asks about a patch with a line that is no line of its
// format: the files read from the rest may not be all it changes.
func (ev *evaluation) patchProblems() []Verdict {
	in := ev.req.Tool.Input
	if ev.req.Tool.Kind != KindEdit || !LooksLikePatch(in.Content) {
		return nil
	}
	l := PatchUnparsed(in.Content)
	if l == "" {
		return nil
	}
	return []Verdict{{Outcome: Ask, Layer: LayerAnalysis, Rule: "patch-unparsed", Subject: ev.req.Tool.Name,
		Message: "The patch has a line that is neither a header nor a line of a file's body (" + strconv.Quote(l) +
			"): the files it changes cannot all be told from the rest.",
		Suggestion: "Start each header (*** Add File:, *** Update File:, *** Delete File:) at the beginning of its line, and each line of a file's body with +, - or a space."}}
}

// analysisEnv is the environment the shell analysis reads: that of the
// calls, but for the variables whose names say they hold a secret, left
// unknown. Taken as the text they hold, echo $GH_TOKEN was echo of a
// word, and the secret's read was gone from what was judged.
func (ev *evaluation) analysisEnv() func(string) (string, bool) {
	look := ev.e.LookupEnv
	if look == nil {
		return nil
	}
	return func(name string) (string, bool) {
		if ev.secretEnvName(name) {
			return "", false
		}
		return look(name)
	}
}

// shellSubjects analyses a command string into simple commands and the
// file accesses they make.
func (ev *evaluation) shellSubjects(cmd string) ([]*subject, []Verdict) {
	a := shell.Analyze(cmd, shell.Options{Cwd: ev.req.Cwd, Home: ev.req.Home, LookupEnv: ev.analysisEnv(), Toplevel: ev.toplevel,
		LookPath: ev.lookPath, IsDir: ev.folderExists, ProgramGlob: ev.programGlob, Launcher: programs.Launcher})
	var problems []Verdict
	for _, p := range a.Problems {
		problems = append(problems, problemVerdict(p))
	}
	if k := ev.req.Tool.Input.UnknownFolder; k != "" {
		problems = append(problems, unknownFolderVerdict(ev.req.Tool.Name, k))
	}
	if a.ForkBomb != "" {
		problems = append(problems, Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "fork-bomb", Subject: a.ForkBomb,
			Message:    "The function " + a.ForkBomb + " spawns copies of itself: a fork bomb that makes the machine unusable.",
			Suggestion: "Remove the self-spawning function."})
	}
	if a.Endless != "" {
		problems = append(problems, Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "endless-recursion", Subject: a.Endless,
			Message:    "The function " + a.Endless + " calls itself every time it runs and never returns: it recurses until the shell runs out of memory.",
			Suggestion: "Give the function a condition that ends the recursion, or use a loop."})
	}
	if strings.TrimSpace(cmd) == "" {
		return nil, []Verdict{{Outcome: Deny, Layer: LayerAnalysis, Rule: "empty-command", Subject: "(empty)",
			Message: "The shell command is empty.", Suggestion: "Send the command to run."}}
	}
	ev.movedFolders = shellMovesFolders(a.Commands)
	out := ev.commandSubjects(a)
	// The command subjects come first, in the order of the commands.
	for _, s := range out {
		if s.kind != KindShell {
			break
		}
		if v, ok := ev.exfiltration(s.cl.cmd, s.cl); ok {
			problems = append(problems, v)
		}
		ev.guess(s.cl.cmd, s.cl)
		ev.recordRuns(s.cl)
	}
	if v, ok := ev.callExfiltration(out); ok {
		problems = append(problems, v)
	}
	return out, problems
}

// commandSubjects turns the commands of an analysis into subjects: each
// simple command, and the files it reads and writes. The commands come
// first in the list so that, on equal strictness, a verdict about a
// command wins over one about its files.
func (ev *evaluation) commandSubjects(a *shell.Analysis) []*subject {
	// One array for the command lines and one for their positional
	// arguments, rather than two allocations per command.
	nargs := 0
	for _, c := range a.Commands {
		nargs += len(c.Args)
	}
	ev.noteAnalysisCopies(a)
	cls := make([]cmdline, len(a.Commands))
	if want := len(a.Commands) + len(a.Commands)/2 + 1; len(ev.subjectBuf) < want {
		// A block for the commands and some of their files.
		ev.subjectBuf = make([]subject, min(want, 64))
	}
	posBuf := make([]shell.Arg, nargs)
	commands := make([]*subject, 0, len(a.Commands))
	var files []*subject
	for ci, c := range a.Commands {
		for _, r := range c.Redirects {
			pl := ev.placeOf(c, r.Target, !r.Write)
			if pl.abs != "" && safeDevice(pl.abs) {
				continue
			}
			k := KindRead
			if r.Write {
				k = KindWrite
			} else if r.Op != "<" {
				continue
			}
			rs := subject{kind: k, file: pl, via: c.Text, display: redirectDisplay(r)}
			files = append(files, ev.newSubject(rs))
			files = ev.appendKernelSubjects(files, &rs)
		}
		if c.Stdin.Kind == shell.StdinFile {
			pl := ev.placeOf(c, c.Stdin.Path, true)
			files = append(files, ev.newSubject(subject{kind: KindRead, file: pl, via: c.Text, display: "< " + c.Stdin.Path.Value}))
		}
		if len(c.Args) == 0 {
			continue
		}
		cl := &cls[ci]
		cl.parse(c, posBuf[:len(c.Args):len(c.Args)])
		ev.dropAbsentConfig(cl)
		ev.noteGitHookManager(cl)
		ev.noteGitRepoConfig(cl)
		posBuf = posBuf[len(c.Args):]
		s := ev.newSubject(subject{kind: KindShell, cl: cl, display: cl.String()})
		fas := fileArgs(cl)
		if len(fas) > 0 {
			s.targets = make([]place, 0, len(fas))
		}
		ev.noteCopies(c, fas)
		for _, fa := range fas {
			if fa.kind == KindRead && fa.arg.WholeInput && programs.NoInput(c, fa.arg) {
				// xargs cat with no input: cat reads nothing.
				continue
			}
			pl := ev.placeOf(c, fa.arg, false)
			if fa.ifMissing && ev.exists(pl) {
				continue
			}
			s.targets = append(s.targets, pl)
			if pl.abs != "" && safeDevice(pl.abs) {
				continue
			}
			if fa.kind == KindRead && fa.arg.Input && fa.arg.Dynamic {
				// Only a word from input resolves differently for a read.
				pl = ev.placeOf(c, fa.arg, true)
			}
			if listing := ev.listingRead(c, fa); listing != nil {
				files = append(files, listing)
			}
			s := subject{kind: fa.kind, file: pl, via: cl.String(), display: fa.arg.Value, stat: fa.stat,
				tree: fa.tree, hidden: fa.hidden, committed: fa.committed, indexOnly: fa.indexOnly, values: fa.values, workTree: fa.workTree, treeName: fa.treeName, filter: fa.filter, op: fa.op,
				vcs: cl.name == "git"}
			files = append(files, ev.newSubject(s))
			files = ev.appendKernelSubjects(files, &s)
		}
		commands = append(commands, s)
	}
	return append(commands, files...)
}

// newSubject returns a copy of s allocated from blocks of subjects, since
// a call of many commands has many subjects.
func (ev *evaluation) newSubject(s subject) *subject {
	if len(ev.subjectBuf) == 0 {
		ev.subjectBuf = make([]subject, 8)
	}
	p := &ev.subjectBuf[0]
	ev.subjectBuf = ev.subjectBuf[1:]
	*p = s
	return p
}

// placeOf resolves a path argument of a command. A path in a container
// (docker exec) is that container's: it keeps its name, so that secret
// files are still recognised, but none of this machine's classes (system,
// outside the project), except the root itself. A path read from the
// input of xargs, find or fd stands, for a read, for any file the input
// can name there when the analysis knows where the input's names are (a
// find's start path and -name pattern): {input} is a wildcard there.
// Input it knows nothing of may name any file. A reader
// of such a path may read a secret the listing found, as grep -r over a
// tree may: the listing is judged on its own (find ~/.ssh is a read of
// ~/.ssh), and names the check can see are still matched.
func (ev *evaluation) placeOf(c *shell.Command, a shell.Arg, read bool) place {
	if c.Container != "" {
		return containerPlace(a)
	}
	if t, ok := fdFile(c, a); ok {
		// /dev/stdin after < file is that file, opened anew.
		a = t
	}
	if read && a.Input && a.Dynamic {
		v := strings.ReplaceAll(cmp.Or(a.Hint, a.Value), "{input}", "*")
		if !strings.ContainsAny(v, "$`") {
			p := ev.pc.resolve(v, false, true, c.Cwd)
			if a.Hint == "" {
				// Input of unknown text (cat list | xargs head) may
				// name any file, there or elsewhere: the rules see the
				// names the word could take, but the place is unknown.
				p.classes = append(slices.Clip(p.classes), ClassUnknown)
			}
			return p
		}
	}
	p := ev.pc.resolve(a.Value, a.Dynamic, a.Glob, c.Cwd)
	if p.abs != "" && !a.Glob && strings.Contains("/"+a.Value+"/", "/../") {
		// The kernel follows a link before the .. after it: with
		// /var/run a link to /run, /var/run/../tmp is /tmp, not the
		// /var/tmp the text says.
		raw := a.Value
		switch {
		case strings.HasPrefix(raw, "~/") && ev.pc.home != "":
			raw = ev.pc.home + raw[1:]
		case !path.IsAbs(raw) && c.Cwd != "":
			raw = c.Cwd + "/" + raw
		}
		// /proc/self is this process, not the command's: its links are
		// the command's folder and /.
		raw, known := procLinks(raw, c.Cwd, ev.pc.readlink)
		if real, ok := ev.fsw.realPath(raw); !ok || !known {
			p.classes = append(slices.Clip(p.classes), ClassUnknown)
		} else if real != p.abs && path.IsAbs(real) {
			if q := ev.pc.resolve(real, false, false, ""); q.abs != p.abs {
				q.raw = p.raw
				return q
			}
		}
	}
	return p
}

// absOf is placeOf(c, a, false).abs without the place's classes, for the
// checks of whether a file is there.
func (ev *evaluation) absOf(c *shell.Command, a shell.Arg) string {
	if c.Container != "" || a.Glob || strings.Contains("/"+a.Value+"/", "/../") {
		return ev.placeOf(c, a, false).abs
	}
	if t, ok := fdFile(c, a); ok {
		if t.Glob || strings.Contains("/"+t.Value+"/", "/../") {
			return ev.placeOf(c, a, false).abs
		}
		a = t
	}
	return ev.pc.locate(a.Value, a.Dynamic, false, c.Cwd).abs
}

// fdFile returns, for a path that names one of the command's file
// descriptors (/dev/stdin, /dev/fd/3, /proc/self/fd/1), the file that
// descriptor was redirected from or to: Linux opens the file again, so
// writing /dev/stdin after < file writes the file.
func fdFile(c *shell.Command, a shell.Arg) (shell.Arg, bool) {
	if a.Dynamic {
		return a, false
	}
	var fd string
	switch v := path.Clean(a.Value); {
	case v == "/dev/stdin":
		fd = "0"
	case v == "/dev/stdout":
		fd = "1"
	case v == "/dev/stderr":
		fd = "2"
	case strings.HasPrefix(v, "/dev/fd/"):
		fd = strings.TrimPrefix(v, "/dev/fd/")
	case strings.HasPrefix(v, "/proc/self/fd/"), strings.HasPrefix(v, "/proc/thread-self/fd/"):
		fd = v[strings.LastIndexByte(v, '/')+1:]
	default:
		return a, false
	}
	var found shell.Arg
	ok := false
	for _, r := range c.Redirects {
		n := r.Fd
		if n == "" {
			n = "1"
			if strings.HasPrefix(r.Op, "<") {
				n = "0"
			}
		}
		if r.Op == "&>" || r.Op == "&>>" || r.Op == ">&" && n == "1" && !strings.HasPrefix(r.Target.Value, "&") && !isDigitsOnly(r.Target.Value) {
			// &> file and >& file send both outputs there.
			if fd == "1" || fd == "2" {
				found, ok = r.Target, true
			}
			continue
		}
		if n != fd || strings.HasPrefix(r.Op, "<<") || r.Target.Value == a.Value || isDigitsOnly(r.Target.Value) || r.Target.Value == "-" {
			continue
		}
		found, ok = r.Target, true
	}
	if !ok || strings.HasPrefix(found.Value, "/dev/") && !found.Dynamic {
		return a, false
	}
	return found, true
}

// containerPlace resolves a path inside a container.
func containerPlace(a shell.Arg) place {
	p := place{raw: a.Value, glob: a.Glob}
	switch {
	case a.Dynamic || a.Value == "":
		p.classes = []string{ClassUnknown}
	case path.IsAbs(a.Value):
		p.abs = path.Clean(a.Value)
		if dir, everything := globBase(p.abs); p.abs == "/" || a.Glob && dir == "/" && everything {
			p.classes = []string{ClassRoot}
		}
	}
	return p
}

func redirectDisplay(r shell.Redirect) string {
	return r.Fd + r.Op + " " + r.Target.Value
}

// unknownFolderVerdict asks about a shell call whose input names a
// folder under a key no harness is known to run the command in (see
// ShellFolder): judged in the call's folder, it may run in another.
func unknownFolderVerdict(tool, key string) Verdict {
	return Verdict{Outcome: Ask, Layer: LayerAnalysis, Rule: "shell-folder-unknown", Subject: tool + " " + key,
		Message: "The " + tool + " call names a folder in its " + strconv.Quote(key) +
			" parameter, which governance cannot follow: the command may run there rather than in the folder it was checked in.",
		Suggestion: "Leave the parameter out and start the command with cd FOLDER &&, or name the folder in the tool's own working-folder parameter."}
}

func problemVerdict(p shell.Problem) Verdict {
	v := Verdict{Outcome: Ask, Layer: LayerAnalysis, Rule: "analysis-" + p.Kind.String(), Subject: p.Detail}
	switch p.Kind {
	case shell.ProblemParse:
		v.Message = "The command could not be parsed as shell (" + p.Detail + "), so it cannot be checked."
		v.Suggestion = "Fix the syntax, or split the command into simpler ones."
	case shell.ProblemDynamicProgram:
		v.Message = "Which program runs is only known at run time (" + p.Detail + "), so the command cannot be checked."
		v.Suggestion = "Name the program directly instead of computing it."
	case shell.ProblemDynamicCode:
		v.Outcome = Deny
		v.Message = "The command runs code that is only known at run time (" + p.Detail + "), so nobody can check it first."
		v.Suggestion = "Run the commands directly rather than through eval or a string built at run time."
	case shell.ProblemUnknownCode:
		v.Message = "The command runs code or a script that is only known at run time (" + p.Detail + ")."
		v.Suggestion = "Approve it if you know what the code is; better, name the script directly."
	case shell.ProblemGeneratedCode:
		v.Message = "The command runs code that another command prints (" + p.Detail + "), which cannot be checked in advance."
		v.Suggestion = "Approve it if the tool is the one you expect (for example a version manager's init)."
	case shell.ProblemShellState:
		v.Message = "The command depends on shell state the check does not follow: " + p.Detail + "."
		v.Suggestion = "Approve it if you know the values involved; better, run the commands without it."
	case shell.ProblemObfuscated:
		v.Outcome = Deny
		v.Message = "The command hides what it runs: " + p.Detail + ", which no reader of the command can see."
		v.Suggestion = "Type the program name in plain characters."
	case shell.ProblemDepth:
		v.Outcome = Deny
		v.Message = "The command nests shells inside shells too deeply to be checked (" + p.Detail + ")."
		v.Suggestion = "Run the inner command directly."
	default:
		v.Message = "The command is too large or nests too deeply to be checked (" + p.Detail + ")."
		v.Suggestion = "Split it into smaller commands."
	}
	return v
}

// fileArg is a positional argument that names a file.
type fileArg struct {
	arg  shell.Arg
	kind Kind
	// stat marks a read of the file's name or metadata only (ls, stat,
	// test -f), not of its content.
	stat bool
	// tree marks an effect on every file under a folder (grep -r, tar
	// -x); hidden says that a read includes dot files; committed that the
	// files are those git tracks there.
	tree, hidden, committed, indexOnly bool
	// values marks a read of a configuration whose values are printed;
	// workTree a tree read that leaves out git's own folders.
	values, workTree bool
	// op is the effect, from the program's model.
	op programs.Op
	// treeName filters the base names of a tree read.
	treeName string
	// filter leaves files out of a tree read by their names.
	filter *programs.NameFilter
	// ifMissing marks a write that happens only when the file does not
	// exist.
	ifMissing bool
}

// fileArgs returns the files a command reads and writes, from its
// program's model.
func fileArgs(cl *cmdline) []fileArg { return modelFileArgs(cl) }

// loadAgent finds the calling agent's definitions.
func (ev *evaluation) loadAgent() error {
	if ev.agent == "" || ev.e.Policy.Agents == nil {
		return nil
	}
	defs, err := ev.e.Policy.Agents.Lookup(ev.agent)
	if err != nil {
		return err
	}
	ev.defs = defs
	for _, d := range defs {
		if d.Err != "" {
			return errors.New(d.Err)
		}
		if d.Scope != "" {
			ev.scope = d.Scope
		}
	}
	return nil
}

// relPath renders a place relative to the project root when it is inside.
func (ev *evaluation) relPath(p place) string {
	if p.abs == "" {
		return p.raw
	}
	if ev.pc.root != "" && within(p.abs, ev.pc.root) && p.abs != ev.pc.root {
		return strings.TrimPrefix(p.abs, ev.pc.root+"/")
	}
	return p.abs
}

// toplevel returns the top folder of the call's git repository: its
// project root when that holds a .git, else "" (unknown).
func (ev *evaluation) toplevel() string {
	root := ev.pc.root
	if root == "" {
		return ""
	}
	if _, err := os.Lstat(root + "/.git"); err != nil {
		return ""
	}
	return root
}

// searchTool reports a file tool that searches the contents of every file
// under its path (Claude Code's Grep, Gemini CLI's search_file_content,
// Codex's grep_files, a semantic search of the code).
func searchTool(name string) bool {
	switch strings.ToLower(name) {
	case "grep", "grep_search", "search_file_content", "grep_files", "codebase_search", "semantic_search", "semsearch",
		"semanticsearch":
		return true
	}
	return false
}

// folderExists reports whether an absolute path names a folder that
// exists now, through its links; false when the budget ran out.
func (ev *evaluation) folderExists(p string) bool {
	if p == "/" {
		return true
	}
	real, ok := ev.fsw.realPath(p)
	if !ok || !ev.fsw.take(1) {
		return false
	}
	fi, err := ev.fsw.lstat(real)
	return err == nil && fi.IsDir()
}

// exists reports whether a place is a file or folder that exists now.
func (ev *evaluation) exists(p place) bool {
	if p.abs == "" || !ev.fsw.take(1) {
		return false
	}
	_, err := ev.fsw.lstat(p.abs)
	return err == nil
}

// dropAbsentConfig drops the effects that depend on a configuration file
// which is not there (rust-toolchain.toml, a project's .npmrc), or on a
// file being absent which is there, so that every rule sees only what the
// call does.
func (ev *evaluation) dropAbsentConfig(cl *cmdline) {
	if cl.call == nil || cl.call.Prog == nil {
		return
	}
	fx := cl.call.Effects()
	var exists func(shell.Arg) bool
	kept := fx.List[:0]
	for i := range fx.List {
		e := &fx.List[i]
		if e.TopOf != "" {
			ev.atTop(cl, e)
		}
		if e.IfAbsent != "" {
			if exists == nil {
				exists = ev.existsArg(cl)
			}
			if exists(shell.Arg{Value: e.IfAbsent}) {
				continue
			}
		}
		if strings.HasPrefix(e.IfPresent, "${") {
			f, ok := ev.environmentPath(e.IfPresent)
			if !ok {
				continue
			}
			e.IfPresent = f
		}
		if e.IfPresent != "" && !configPresent(cl, e, ev.mayBeThere(cl), ev.pc.home) {
			continue
		}
		if e.Harmless != nil && ev.configHarmless(cl, e) {
			continue
		}
		if e.Op == programs.Cache && ev.linkInProject(cl, e.Path) {
			// A tool's own file in the project that is a link: writing
			// it writes wherever the link points (Cargo.lock).
			e.Op, e.Why = programs.Write, e.Why+", through the link there"
		}
		kept = append(kept, *e)
	}
	fx.List = kept
}

// environmentPath expands a configuration file's path that starts with
// a variable (${GOENV}, ${XDG_CONFIG_HOME}/go/env) by the environment
// the calls run in; false when the variable is not set there, or not to
// an absolute path: the file it names is none.
func (ev *evaluation) environmentPath(v string) (string, bool) {
	name, rest, ok := strings.Cut(strings.TrimPrefix(v, "${"), "}")
	if !ok || ev.e.LookupEnv == nil {
		return "", false
	}
	value, set := ev.e.LookupEnv(name)
	if !set || !path.IsAbs(value) {
		return "", false
	}
	return path.Clean(value + rest), true
}

// atTop resolves an effect's path that is relative to the top of a git
// work tree (git's :/ pathspecs): the top of the repository that holds
// the folder TopOf names; that folder itself where none does (git grep
// --no-index), or where the folder is not known.
func (ev *evaluation) atTop(cl *cmdline, e *programs.Effect) {
	base := e.TopOf
	if p := ev.placeOf(cl.cmd, shell.Arg{Value: e.TopOf}, false); p.abs != "" {
		base = p.abs
		if top, _ := ev.fsw.repoOf(p.abs); top != "" {
			base = top
		}
	}
	e.Path.Value = path.Join(base, e.Path.Value)
	e.TopOf = ""
}

// maxConfigRead is the largest configuration file whose content the
// engine reads to judge an effect (see programs.Effect.Harmless).
const maxConfigRead = 64 << 10

// configHarmless reports whether the engine can read the configuration
// file an effect depends on (the nearest one, for an upward search that
// stops below home; with Every, each one there) and its content does not
// cause the effect.
func (ev *evaluation) configHarmless(cl *cmdline, e *programs.Effect) bool {
	p := ev.placeOf(cl.cmd, shell.Arg{Value: e.IfPresent}, true)
	if !e.Upward {
		return p.abs != "" && ev.readHarmless(p.abs, e.Harmless)
	}
	dir := cl.cmd.Cwd
	if !path.IsAbs(dir) || strings.HasPrefix(e.IfPresent, "/") || strings.HasPrefix(e.IfPresent, "~") {
		return false
	}
	seen := false // with Every, harmless files were read
	for dir != ev.pc.home {
		f := path.Join(dir, e.IfPresent)
		if !ev.fsw.take(1) {
			return false
		}
		if _, err := ev.fsw.lstat(f); err == nil {
			harmless := ev.readHarmless(f, e.Harmless)
			if !e.Every || !harmless {
				return harmless
			}
			seen = true
		}
		if dir == "/" {
			break
		}
		dir = path.Dir(dir)
	}
	// None there: the effect was dropped as absent already, unless its
	// presence was not known.
	return seen
}

// readHarmless reads a configuration file and judges its content.
func (ev *evaluation) readHarmless(file string, harmless func([]byte) bool) bool {
	if !ev.fsw.take(1) {
		return false
	}
	fi, err := ev.fsw.lstat(file)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxConfigRead {
		// A link may point anywhere the check cannot follow here.
		return false
	}
	data, err := ev.fsw.fs().ReadFile(file)
	return err == nil && harmless(data)
}

// mayBeThere returns a check that a word of a command may name a file that
// exists: it does, or where it is or whether it is there is not known.
func (ev *evaluation) mayBeThere(cl *cmdline) func(shell.Arg) bool {
	return func(a shell.Arg) bool {
		abs := ev.absOf(cl.cmd, a)
		if hasMeta(path.Base(a.Value)) && !a.Dynamic && abs != "" {
			// A pattern (*.tf): a file that matches it, as the shell
			// would expand it.
			matches, ok := ev.fsw.glob(abs)
			return !ok || len(matches) > 0
		}
		if abs == "" || !ev.fsw.take(1) {
			return true
		}
		_, err := ev.fsw.lstat(abs)
		return err == nil
	}
}

// linkInProject reports whether a relative path names a symbolic link,
// or may.
func (ev *evaluation) linkInProject(cl *cmdline, a shell.Arg) bool {
	if a.Dynamic || a.Value == "" || strings.HasPrefix(a.Value, "/") || strings.HasPrefix(a.Value, "~") {
		return false
	}
	abs := ev.absOf(cl.cmd, a)
	if abs == "" || !ev.fsw.take(1) {
		// Where it is, or what it is, is not known.
		return true
	}
	fi, err := ev.fsw.lstat(abs)
	return err == nil && fi.Mode()&fs.ModeSymlink != 0
}

// existsArg returns a check that a word of a command names a file that
// exists now, as the command will resolve it.
func (ev *evaluation) existsArg(cl *cmdline) func(shell.Arg) bool {
	return func(a shell.Arg) bool { return ev.exists(place{abs: ev.absOf(cl.cmd, a)}) }
}

// listingRead returns, for a read of the files a listing names (find .
// -name '*.py' | xargs cat, find . -exec head {} \;, fd -x cat), a tree
// read of every file of that name under the folders the listing walks,
// dot files included, or nil.
func (ev *evaluation) listingRead(c *shell.Command, fa fileArg) *subject {
	if fa.kind != KindRead || fa.stat || !fa.arg.Input {
		return nil
	}
	var root, name string
	switch {
	case fa.arg.Dynamic && fa.arg.Hint != "":
		root, name = path.Split(strings.ReplaceAll(fa.arg.Hint, "{input}", "*"))
	case !fa.arg.Dynamic && strings.HasPrefix(c.Origin, "find -"):
		// find -exec (and -execdir, -ok, -okdir) puts the start path,
		// joined with the -name pattern when there is one, where {}
		// stands.
		if p := ev.pc.resolve(fa.arg.Value, false, false, c.Cwd); ev.isDir(p) {
			root, name = fa.arg.Value, "*"
		} else {
			root, name = path.Split(fa.arg.Value)
		}
	default:
		return nil
	}
	s := &subject{kind: KindRead, file: ev.pc.resolve(strings.TrimSuffix(cmp.Or(root, "."), "/"), false, false, c.Cwd),
		via: c.Text, display: fa.arg.Value, tree: true, hidden: true}
	if name != "*" && name != "" {
		s.treeName = name
	}
	return ev.newSubject(*s)
}

// isDir reports a place that is a folder now.
func (ev *evaluation) isDir(p place) bool {
	if p.abs == "" || !ev.fsw.take(1) {
		return false
	}
	fi, err := ev.fsw.lstat(p.abs)
	return err == nil && fi.IsDir()
}

// missingAgent applies the missing_agent setting to a subagent whose type
// no agent file defines: it denies the call (deny), or holds it to the
// main agent's policy and notes that in the decision log (main, the
// default). ok reports a verdict that decides the call.
func (ev *evaluation) missingAgent() (v Verdict, ok bool) {
	name := ev.req.Agent
	if name == "" || ev.agent != name || len(ev.defs) > 0 {
		return Verdict{}, false
	}
	if ev.e.Policy.Settings.MissingAgent == MissingAgentDeny {
		return Verdict{Outcome: Deny, Layer: LayerAgent, Rule: "agent-file", Subject: name,
			Message: "Agent " + name + " has no agent file, and missing_agent: deny blocks the calls of agents without one.",
			Suggestion: "Ask the user to add a definition for agent " + name +
				" (for Claude Code, .claude/agents/" + name + ".md), or to set missing_agent: main in config.yaml."}, true
	}
	main := ev.e.Policy.Settings.MainAgent
	note := "agent " + name + " has no agent file: its calls follow the main agent's policy (missing_agent: main)"
	if main != "" && main != name {
		note = "agent " + name + " has no agent file: its calls follow the main agent " + main + "'s policy (missing_agent: main)"
		ev.agent = main
		if err := ev.loadAgent(); err != nil {
			return Verdict{Outcome: Deny, Layer: LayerAgent, Rule: "agent-file", Subject: main,
				Message:    "The definition of agent " + main + " is broken: " + err.Error(),
				Suggestion: "Fix the agent file (run `governance lint`); this agent's calls stay blocked until it loads."}, true
		}
	}
	ev.notices = append(ev.notices, note)
	ev.trace = append(ev.trace, Step{Layer: LayerAgent, Subject: name, Outcome: NoOpinion, Rule: "agent-file", Note: note})
	return Verdict{}, false
}
