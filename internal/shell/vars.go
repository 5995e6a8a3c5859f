package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// inputMark stands, inside a code string, for text that xargs, parallel or
// find put there from their input at run time.
const inputMark = "\x01input\x01"

// param returns the values of a parameter expansion when the analysis can
// know them. Variables set earlier in the same string, the environment
// (when the caller gave all of it, an unset variable is empty, as in the
// shell), positional parameters of sh -c and functions, and the
// ${X:-default} family are evaluated; anything else is unknown.
func (w *walker) param(p *syntax.ParamExp, f *frame) ([]Arg, bool) {
	if p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil ||
		p.Repl != nil || p.Names != 0 || p.NestedParam != nil || p.Flags != nil || len(p.Modifiers) > 0 {
		return nil, false
	}
	name := p.Param.Value
	val, set, ok := w.lookup(name, f)
	if !ok {
		return nil, false
	}
	if p.Exp == nil {
		return val, true
	}
	empty := !set || len(val) == 0 || len(val) == 1 && val[0].Value == "" && !val[0].Dynamic
	dynamic := len(val) > 0 && val[0].Dynamic
	word := func() []Arg { return []Arg{w.literal(p.Exp.Word, f)} }
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.AssignUnset:
		if !set {
			return word(), true
		}
		return val, true
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull:
		if dynamic {
			return nil, false
		}
		if empty {
			return word(), true
		}
		return val, true
	case syntax.AlternateUnset:
		if !set {
			return []Arg{{}}, true
		}
		return word(), true
	case syntax.AlternateUnsetOrNull:
		if dynamic {
			return nil, false
		}
		if empty {
			return []Arg{{}}, true
		}
		return word(), true
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		if set && !dynamic {
			return val, true
		}
	}
	return nil, false
}

// lookup returns a parameter's values and whether it is set; ok is false
// when the analysis cannot know it.
func (w *walker) lookup(name string, f *frame) (vals []Arg, set, ok bool) {
	switch {
	case name == "@" || name == "*" || name == "#" || isDigits(name):
		if f.args == nil {
			return nil, false, false
		}
		switch name {
		case "#":
			return []Arg{{Value: strconv.Itoa(max(len(f.args)-1, 0))}}, true, true
		case "@":
			if len(f.args) < 2 {
				return nil, false, true
			}
			return f.args[1:], true, true
		case "*":
			if len(f.args) < 2 {
				return []Arg{{}}, false, true
			}
			var parts []string
			joined := Arg{}
			for _, a := range f.args[1:] {
				parts = append(parts, a.Value)
				joined.Dynamic = joined.Dynamic || a.Dynamic
				joined.Input = joined.Input || a.Input
			}
			joined.Value = strings.Join(parts, " ")
			return []Arg{joined}, true, true
		}
		n, _ := strconv.Atoi(name)
		if n < len(f.args) {
			return []Arg{f.args[n]}, true, true
		}
		return []Arg{{}}, false, true
	case name == "?" || name == "$" || name == "!" || name == "-" || name == "_" || name == "RANDOM" ||
		name == "LINENO" || name == "SECONDS" || name == "BASHPID" || name == "PPID" || name == "OLDPWD":
		return nil, false, false
	case name == "PWD" && w.vars[name] == "":
		// The folder the command runs in, when the analysis knows it.
		if w.pwd == "" {
			return nil, false, false
		}
		return []Arg{{Value: w.pwd}}, true, true
	}
	if v, ok := w.vars[name]; ok {
		if v == dynamicValue {
			return []Arg{{Value: "$" + name, Dynamic: true}}, true, true
		}
		return []Arg{{Value: v}}, true, true
	}
	switch name {
	case "IFS":
		return []Arg{{Value: " "}}, true, true
	case "HOME":
		if w.opts.Home != "" {
			return []Arg{{Value: w.opts.Home}}, true, true
		}
	}
	if w.opts.LookupEnv != nil {
		if v, ok := w.opts.LookupEnv(name); ok {
			return []Arg{{Value: v}}, true, true
		}
	}
	// Not in the environment the hook sees: the agent's shell may still
	// have set it (an earlier command exported it), so it is unknown.
	return nil, false, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
