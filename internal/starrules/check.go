package starrules

import (
	"errors"
	"fmt"

	"github.com/bmatcuk/doublestar/v4"
	"go.starlark.net/starlark"

	"github.com/agentgov/governance/internal/engine"
)

// Check is an executable rule: a Starlark function over one command.
type Check struct {
	id, source          string
	fn                  starlark.Callable
	message, suggestion string
	match, notMatch     []string
}

// ID returns the rule's id.
func (c *Check) ID() string { return c.id }

// Source returns where the rule is written, as file:line.
func (c *Check) Source() string { return c.source }

// Check runs the rule on a command.
func (c *Check) Check(cmd *engine.Command) (engine.Verdict, error) {
	thread := &starlark.Thread{Name: "rule " + c.id, Print: func(*starlark.Thread, string) {}}
	thread.SetMaxExecutionSteps(CheckSteps)
	res, err := starlark.Call(thread, c.fn, starlark.Tuple{newCommand(cmd)}, nil)
	if err != nil {
		return engine.Verdict{}, errors.New(errorLine(err))
	}
	return c.verdict(res)
}

// verdict turns what a check returned into a verdict.
func (c *Check) verdict(res starlark.Value) (engine.Verdict, error) {
	v := engine.Verdict{Rule: c.id, Source: c.source, Message: c.message, Suggestion: c.suggestion}
	switch r := res.(type) {
	case starlark.NoneType:
		return engine.Verdict{}, nil
	case starlark.String:
		o, err := codexDecision(string(r))
		if err != nil {
			return engine.Verdict{}, fmt.Errorf("the check returned %q: %v", string(r), err)
		}
		v.Outcome = o
	case *decision:
		v.Outcome = r.outcome
		if r.message != "" {
			v.Message = r.message
		}
		if r.suggestion != "" {
			v.Suggestion = r.suggestion
		}
	default:
		return engine.Verdict{}, fmt.Errorf("the check returned a %s; return None, a decision such as deny(message, suggestion), or a decision name", res.Type())
	}
	if v.Outcome.Blocks() && (v.Message == "" || v.Suggestion == "") {
		return engine.Verdict{}, fmt.Errorf("the check returned %s without a message and a suggestion; give them to %s() or to rule()", v.Outcome, v.Outcome)
	}
	return v, nil
}

// CheckExamples runs the rule's examples: each match example must get a
// decision from the check on one of its commands, and no not_match
// example may.
func (c *Check) CheckExamples() error {
	for _, ex := range c.match {
		got, err := c.decides(ex)
		if err != nil {
			return fmt.Errorf("rule %s: example %q: %v", c.id, ex, err)
		}
		if !got {
			return fmt.Errorf("rule %s: example %q should match, but the check passes it", c.id, ex)
		}
	}
	for _, ex := range c.notMatch {
		got, err := c.decides(ex)
		if err != nil {
			return fmt.Errorf("rule %s: example %q: %v", c.id, ex, err)
		}
		if got {
			return fmt.Errorf("rule %s: example %q should not match, but the check decides it", c.id, ex)
		}
	}
	return nil
}

// decides reports whether the check decides any command of an example.
func (c *Check) decides(example string) (bool, error) {
	for _, cmd := range engine.ExampleCommands(example) {
		v, err := c.Check(cmd)
		if err != nil {
			return false, err
		}
		if v.Outcome != engine.NoOpinion {
			return true, nil
		}
	}
	return false, nil
}

// decision is what allow(), warn(), ask(), deny() and abort() return.
type decision struct {
	outcome             engine.Outcome
	message, suggestion string
}

func (d *decision) String() string {
	return fmt.Sprintf("%s(%q, %q)", d.outcome, d.message, d.suggestion)
}
func (d *decision) Type() string          { return "decision" }
func (d *decision) Freeze()               {}
func (d *decision) Truth() starlark.Bool  { return true }
func (d *decision) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: decision") }

// decisionBuiltin returns the builtin that makes a decision of outcome o.
func decisionBuiltin(o engine.Outcome) func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		d := &decision{outcome: o}
		if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "message?", &d.message, "suggestion?", &d.suggestion); err != nil {
			return nil, err
		}
		return d, nil
	}
}

// globBuiltin implements glob(pattern, s): a shell-style match where **
// crosses slashes.
func globBuiltin(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var pattern, s string
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "pattern", &pattern, "s", &s); err != nil {
		return nil, err
	}
	ok, err := doublestar.Match(pattern, s)
	if err != nil {
		return nil, fmt.Errorf("%s: bad pattern %q: %v", fn.Name(), pattern, err)
	}
	return starlark.Bool(ok), nil
}

// ExampleCount is the number of the rule's examples.
func (c *Check) ExampleCount() int { return len(c.match) + len(c.notMatch) }
