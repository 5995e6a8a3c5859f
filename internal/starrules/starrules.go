// Package starrules loads rules written in Starlark: `.star` files in a
// rules folder, and Codex `.rules` files, read unchanged.
//
// A file calls these built-in functions at its top level:
//
//	prefix_rule(pattern, decision = "allow", justification = "", match = [], not_match = [])
//	host_executable(name, paths)
//	rule(id, check, message = "", suggestion = "", match = [], not_match = [])
//
// prefix_rule is Codex's: pattern lists the command's first words, each a
// string or a list of alternatives; decision is allow, prompt (ask) or
// forbidden (deny). It compiles to plain rule data, so the hook evaluates
// it without running Starlark. host_executable names the absolute paths
// that count as a program's name in patterns.
//
// rule is an executable rule: check is a function that receives one
// simple command (see the command type for its fields) and returns None
// to pass, or allow(), warn(message), ask(message, suggestion),
// deny(message, suggestion) or abort(message, suggestion). A decision
// given as a plain string ("deny") takes the rule's message and
// suggestion.
//
// Every example in match and not_match is checked when the file loads.
// Execution is bounded: loading a file may take at most LoadSteps
// Starlark steps, and one check call at most CheckSteps.
package starrules

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/shellquote"
)

// Bounds on Starlark execution.
const (
	LoadSteps  = 1_000_000
	CheckSteps = 100_000
)

// File is a loaded rules file.
type File struct {
	Path string
	// Prefix holds the file's prefix rules as rule specs, with their
	// examples.
	Prefix []engine.RuleSpec
	// Checks are the file's executable rules.
	Checks []*Check
	// executables maps a program name to the paths host_executable gave.
	executables map[string][]string
}

// fileOptions are the language features rules files may use: no
// recursion, so that every check terminates within its step bound anyway.
var fileOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true}

// Load runs a rules file and collects its rules. It does not check the
// examples; see [File.CheckExamples] and the examples of [File.Prefix].
func Load(path string, src []byte) (*File, error) {
	f := &File{Path: path, executables: map[string][]string{}}
	thread := &starlark.Thread{Name: "load " + filepath.Base(path), Print: func(*starlark.Thread, string) {}}
	thread.SetMaxExecutionSteps(LoadSteps)
	thread.SetLocal(fileKey, f)
	if _, err := starlark.ExecFileOptions(fileOptions, thread, path, src, builtins()); err != nil {
		return nil, loadError(path, err)
	}
	// host_executable may come after the rules it applies to.
	for i := range f.Prefix {
		for j := range f.Prefix[i].Match {
			m := f.Prefix[i].Match[j].More
			for _, name := range m.Prefix[0] {
				m.PrefixPaths = append(m.PrefixPaths, f.executables[name]...)
			}
		}
	}
	return f, nil
}

// Error is an error at a position of a rules file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// loadError places a Starlark error at the innermost position in the file.
func loadError(path string, err error) error {
	var se syntax.Error
	if errors.As(err, &se) {
		return &Error{File: path, Line: int(se.Pos.Line), Col: int(se.Pos.Col), Msg: se.Msg}
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		e := &Error{File: path, Msg: strings.TrimPrefix(ee.Msg, "Starlark computation cancelled: ")}
		for i := range len(ee.CallStack) {
			if pos := ee.CallStack.At(i).Pos; pos.IsValid() && pos.Filename() == path {
				e.Line, e.Col = int(pos.Line), int(pos.Col)
				break
			}
		}
		return e
	}
	var re resolve.ErrorList
	if errors.As(err, &re) && len(re) > 0 {
		return &Error{File: path, Line: int(re[0].Pos.Line), Col: int(re[0].Pos.Col), Msg: re[0].Msg}
	}
	return &Error{File: path, Msg: err.Error()}
}

// errorLine renders a Starlark error from a check as "file:line:col: message".
func errorLine(err error) string {
	var ee *starlark.EvalError
	if !errors.As(err, &ee) {
		return err.Error()
	}
	msg := strings.TrimPrefix(ee.Msg, "Starlark computation cancelled: ")
	for i := range len(ee.CallStack) {
		if pos := ee.CallStack.At(i).Pos; pos.IsValid() && pos.Filename() != "<builtin>" {
			return fmt.Sprintf("%s: %s", pos, msg)
		}
	}
	return msg
}

const fileKey = "starrules.file"

// builtins returns the functions a rules file can call. (A function, not a
// package-level map, so that programs linking this package pay nothing
// for it at start.)
func builtins() starlark.StringDict {
	return starlark.StringDict{
		"prefix_rule":     starlark.NewBuiltin("prefix_rule", prefixRule),
		"host_executable": starlark.NewBuiltin("host_executable", hostExecutable),
		"rule":            starlark.NewBuiltin("rule", rule),
		"allow":           starlark.NewBuiltin("allow", decisionBuiltin(engine.Allow)),
		"warn":            starlark.NewBuiltin("warn", decisionBuiltin(engine.Warn)),
		"ask":             starlark.NewBuiltin("ask", decisionBuiltin(engine.Ask)),
		"deny":            starlark.NewBuiltin("deny", decisionBuiltin(engine.Deny)),
		"abort":           starlark.NewBuiltin("abort", decisionBuiltin(engine.Abort)),
		"glob":            starlark.NewBuiltin("glob", globBuiltin),
	}
}

// current returns the file being loaded, or an error when a rule function
// is called outside loading (from a check).
func current(thread *starlark.Thread, fn *starlark.Builtin) (*File, error) {
	f, _ := thread.Local(fileKey).(*File)
	if f == nil {
		return nil, fmt.Errorf("%s: can only be called while the rules file loads", fn.Name())
	}
	return f, nil
}

// position returns the file:line of the call being made.
func position(thread *starlark.Thread) (string, int) {
	pos := thread.CallFrame(1).Pos
	return pos.Filename(), int(pos.Line)
}

// codexDecision maps a prefix rule's decision onto an outcome. Codex's
// words come first; governance's own are accepted too.
func codexDecision(d string) (engine.Outcome, error) {
	switch d {
	case "allow":
		return engine.Allow, nil
	case "prompt", "ask":
		return engine.Ask, nil
	case "forbidden", "deny":
		return engine.Deny, nil
	case "warn":
		return engine.Warn, nil
	case "abort":
		return engine.Abort, nil
	}
	return engine.NoOpinion, fmt.Errorf("decision must be allow, prompt or forbidden, not %q", d)
}

// prefixRule implements prefix_rule().
func prefixRule(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	f, err := current(thread, fn)
	if err != nil {
		return nil, err
	}
	var pattern *starlark.List
	decision, justification := "allow", ""
	var match, notMatch *starlark.List
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "pattern", &pattern, "decision?", &decision,
		"justification?", &justification, "match?", &match, "not_match?", &notMatch); err != nil {
		return nil, err
	}
	words, err := patternWords(pattern)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fn.Name(), err)
	}
	outcome, err := codexDecision(decision)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fn.Name(), err)
	}
	file, line := position(thread)
	spec := engine.RuleSpec{
		ID:       fmt.Sprintf("%s:%d", filepath.Base(file), line),
		Decision: outcome,
		Match:    []engine.MatchSpec{{More: &engine.MatchMore{Prefix: words}}},
		Source:   fmt.Sprintf("%s:%d", file, line),
	}
	spec.Message, spec.Suggestion = prefixTexts(words, outcome, justification, spec.ID)
	if spec.Examples.Match, err = examples(fn.Name(), "match", match); err != nil {
		return nil, err
	}
	if spec.Examples.NotMatch, err = examples(fn.Name(), "not_match", notMatch); err != nil {
		return nil, err
	}
	f.Prefix = append(f.Prefix, spec)
	return starlark.None, nil
}

// patternWords reads a pattern: a non-empty list whose elements are a
// string or a non-empty list of strings.
func patternWords(pattern *starlark.List) ([][]string, error) {
	if pattern == nil || pattern.Len() == 0 {
		return nil, errors.New("pattern must be a non-empty list of words")
	}
	var out [][]string
	for i := range pattern.Len() {
		switch v := pattern.Index(i).(type) {
		case starlark.String:
			out = append(out, []string{string(v)})
		case *starlark.List:
			alts, err := strings1(v)
			if err != nil || len(alts) == 0 {
				return nil, fmt.Errorf("pattern word %d must be a string or a non-empty list of strings", i+1)
			}
			out = append(out, alts)
		default:
			return nil, fmt.Errorf("pattern word %d must be a string or a list of strings, not %s", i+1, v.Type())
		}
	}
	return out, nil
}

// strings1 reads a list of strings.
func strings1(l *starlark.List) ([]string, error) {
	var out []string
	for i := range l.Len() {
		s, ok := starlark.AsString(l.Index(i))
		if !ok {
			return nil, fmt.Errorf("want a string, not %s", l.Index(i).Type())
		}
		out = append(out, s)
	}
	return out, nil
}

// examples reads match or not_match: each example a command string or a
// list of words, which is quoted into a command.
func examples(fname, field string, l *starlark.List) ([]string, error) {
	if l == nil {
		return nil, nil
	}
	var out []string
	for i := range l.Len() {
		switch v := l.Index(i).(type) {
		case starlark.String:
			out = append(out, string(v))
		case *starlark.List:
			words, err := strings1(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %s example %d: %w", fname, field, i+1, err)
			}
			out = append(out, shellquote.Join(words))
		default:
			return nil, fmt.Errorf("%s: %s example %d must be a string or a list of words, not %s", fname, field, i+1, v.Type())
		}
	}
	return out, nil
}

// prefixTexts writes a prefix rule's message and suggestion, from its
// justification when it has one.
func prefixTexts(words [][]string, o engine.Outcome, justification, source string) (msg, sugg string) {
	shown := make([]string, len(words))
	for i, alts := range words {
		shown[i] = strings.Join(alts, "|")
	}
	prefix := strings.Join(shown, " ")
	switch o {
	case engine.Deny, engine.Abort:
		msg = fmt.Sprintf("Commands starting with `%s` are forbidden by a rule in %s.", prefix, source)
		sugg = "Do this another way, or ask the people who maintain that rules file to change it."
	case engine.Ask:
		msg = fmt.Sprintf("Commands starting with `%s` need a person's approval (rule in %s).", prefix, source)
		sugg = "Wait for the approval, or do this another way."
	case engine.Warn:
		msg = fmt.Sprintf("Commands starting with `%s` are flagged by a rule in %s.", prefix, source)
	}
	if justification != "" {
		msg = justification
	}
	return msg, sugg
}

// hostExecutable implements host_executable(name, paths).
func hostExecutable(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	f, err := current(thread, fn)
	if err != nil {
		return nil, err
	}
	var name string
	var paths *starlark.List
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "name", &name, "paths", &paths); err != nil {
		return nil, err
	}
	list, err := strings1(paths)
	if err != nil {
		return nil, fmt.Errorf("%s: paths: %w", fn.Name(), err)
	}
	for _, p := range list {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("%s: %q is not an absolute path", fn.Name(), p)
		}
		if filepath.Base(p) != name {
			return nil, fmt.Errorf("%s: %q is not a program named %s", fn.Name(), p, name)
		}
	}
	f.executables[name] = append(f.executables[name], list...)
	return starlark.None, nil
}

// rule implements rule(): an executable rule.
func rule(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	f, err := current(thread, fn)
	if err != nil {
		return nil, err
	}
	c := &Check{}
	var check starlark.Callable
	var match, notMatch *starlark.List
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "id", &c.id, "check", &check, "message?", &c.message,
		"suggestion?", &c.suggestion, "match?", &match, "not_match?", &notMatch); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.id) == "" {
		return nil, fmt.Errorf("%s: id must not be empty", fn.Name())
	}
	for _, other := range f.Checks {
		if other.id == c.id {
			return nil, fmt.Errorf("%s: duplicate rule id %q (also at %s)", fn.Name(), c.id, other.source)
		}
	}
	c.fn = check
	file, line := position(thread)
	c.source = fmt.Sprintf("%s:%d", file, line)
	if c.match, err = examples(fn.Name(), "match", match); err != nil {
		return nil, err
	}
	if c.notMatch, err = examples(fn.Name(), "not_match", notMatch); err != nil {
		return nil, err
	}
	f.Checks = append(f.Checks, c)
	return starlark.None, nil
}

// CheckExamples runs the examples of the file's executable rules.
func (f *File) CheckExamples() error {
	var errs []error
	for _, c := range f.Checks {
		if err := c.CheckExamples(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
