package engine

import (
	"fmt"
	"sort"
	"strings"
)

// CommandCheck is an executable rule: code that judges one simple command
// (package internal/starrules runs Starlark checks). Checks run in layer 1
// with the rules, on every simple command a shell call would execute.
type CommandCheck interface {
	// ID names the rule; Source says where it is written (file:line).
	ID() string
	Source() string
	// Check returns the rule's verdict on the command, NoOpinion to pass.
	// An error (a failing or runaway check) blocks the call.
	Check(c *Command) (Verdict, error)
}

// Command is a simple command as executable rules see it: after wrappers
// (sudo, env, timeout, ...) are removed and with what the engine knows of
// its options and files.
type Command struct {
	// Program is the program's base name; Argv its words from the program
	// on, as the shell would pass them (a word known only at run time is
	// as written, $X, and Dynamic reports it).
	Program string
	Argv    []string
	// Subcommand is the subcommand word of programs that have them (git
	// push, docker run), "" otherwise; Positionals the arguments that are
	// neither options nor option values, after the subcommand.
	Subcommand  string
	Positionals []string
	// Options are the option words as written (-rf, --force, --output=x).
	Options []string
	// Env lists NAME=value assignments the command makes.
	Env []string
	// Wrappers are the programs it was run through, outermost first;
	// Privileged reports sudo, doas and the like.
	Wrappers   []string
	Privileged bool
	// Dynamic reports that a word is only known at run time.
	Dynamic bool
	// Cwd is the directory it runs in ("" when only known at run time);
	// ProjectRoot and Home are the call's.
	Cwd, ProjectRoot, Home string
	// Files are the files it reads and writes, redirects included.
	Files []CommandFile
	// Text is the command as written; Origin how it was found ("" at the
	// top level, "bash -c", "xargs", "$(...)", ...).
	Text, Origin string
	// Agent is the calling agent ("" for the main thread).
	Agent string

	cl *cmdline
}

// CommandFile is a file a command reads or writes.
type CommandFile struct {
	// Path is as written; Abs the absolute path ("" when unknown).
	Path, Abs string
	// Write reports a write (or a delete, or a change of mode).
	Write bool
	// Classes are the path classes of the file (see pathClasses).
	Classes []string
}

// Has reports whether an option is present; opts lists alternatives
// ("-f|--force"). Short options count inside clusters (-rf has -f), and an
// unambiguous abbreviation of a long option counts (--for).
func (c *Command) Has(opts string) bool { return c.cl.hasAny(opts) }

// Value returns the values given to an option (alternatives "-o|--output"),
// for the options the engine knows take a value.
func (c *Command) Value(opts string) []string { return c.cl.value(opts) }

// String returns the command's words joined by spaces.
func (c *Command) String() string { return c.cl.String() }

// command builds the view of a shell subject for executable rules.
func (ev *evaluation) command(s *subject) *Command {
	cl := s.cl
	c := &Command{Program: cl.name, Subcommand: cl.sub(), Env: cl.assignments(), Wrappers: cl.cmd.Wrappers,
		Privileged: cl.cmd.Privileged, Cwd: cl.cmd.Cwd, ProjectRoot: ev.pc.root, Home: ev.pc.home,
		Text: cl.cmd.Text, Origin: cl.cmd.Origin, Agent: ev.agent, cl: cl}
	for _, a := range cl.cmd.Args {
		c.Argv = append(c.Argv, a.Value)
		c.Dynamic = c.Dynamic || a.Dynamic
		if strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 {
			c.Options = append(c.Options, a.Value)
		}
	}
	for _, a := range cl.args() {
		c.Positionals = append(c.Positionals, a.Value)
	}
	for _, r := range cl.cmd.Redirects {
		if !r.Write && r.Op != "<" {
			continue
		}
		pl := ev.pc.resolve(r.Target.Value, r.Target.Dynamic, r.Target.Glob, cl.cmd.Cwd)
		c.Files = append(c.Files, CommandFile{Path: r.Target.Value, Abs: pl.abs, Write: r.Write, Classes: pl.classes})
	}
	for _, fa := range fileArgs(cl) {
		pl := ev.pc.resolve(fa.arg.Value, fa.arg.Dynamic, fa.arg.Glob, cl.cmd.Cwd)
		c.Files = append(c.Files, CommandFile{Path: fa.arg.Value, Abs: pl.abs, Write: fa.kind != KindRead, Classes: pl.classes})
	}
	return c
}

// checkVerdicts runs the policy's executable rules on a shell subject.
func (ev *evaluation) checkVerdicts(s *subject, take func(Verdict)) {
	checks := ev.e.Policy.Checks
	if len(checks) == 0 || s.kind != KindShell {
		return
	}
	c := ev.command(s)
	for _, chk := range checks {
		v, err := chk.Check(c)
		if err != nil {
			id, src := chk.ID(), chk.Source()
			if v.Rule != "" {
				id, src = v.Rule, v.Source
			}
			v = Verdict{Outcome: Deny, Rule: id, Source: src,
				Message:    fmt.Sprintf("The executable rule %s failed on this command: %v", id, err),
				Suggestion: "Fix the rule (run `governance lint` and `governance test`); calls it fails on stay blocked."}
		}
		if v.Outcome == NoOpinion {
			continue
		}
		v.Layer = LayerRules
		if v.Rule == "" {
			v.Rule = chk.ID()
		}
		if v.Source == "" {
			v.Source = chk.Source()
		}
		if _, ok := chk.(untrustedCheck); ok && loosens(v.Outcome) {
			v.Subject = s.display
			ev.step(v, untrustedNote)
			ev.skipped = append(ev.skipped, skipped{s, v})
			continue
		}
		take(v)
	}
}

// ExampleCommands returns the simple commands of an example shell command,
// as executable rules see them in the fixed example context.
func ExampleCommands(text string) []*Command {
	e := &Engine{Policy: &Policy{Settings: DefaultSettings()}}
	return e.Commands(ExampleRequest(KindShell, text))
}

// Commands returns the simple commands of a shell request, as executable
// rules and the learned-policy miner see them, with path classes resolved
// against the request's folders.
func (e *Engine) Commands(req *Request) []*Command {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	var out []*Command
	for _, s := range subjects {
		if s.kind == KindShell {
			out = append(out, ev.command(s))
		}
	}
	return out
}

// Flags returns the names of the options the command gives, one per
// option: clusters are split (-rf is -r and -f) and values dropped
// (--output=x is --output).
func (c *Command) Flags() []string {
	var out []string
	seen := map[string]bool{}
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, l := range c.cl.long {
		add("--" + l)
	}
	for ch := range c.cl.short.all() {
		add("-" + string(ch))
	}
	if c.cl.singleDash() || c.cl.name == "find" {
		for _, w := range c.cl.single {
			if len(w) > 2 {
				add(w)
			}
		}
	}
	sort.Strings(out)
	return out
}
