package snapshot

import (
	"reflect"
	"strconv"

	"github.com/agentgov/governance/internal/engine"
)

// The rules and settings a snapshot holds are read by name here, as
// decodeInto reads them through reflection (every key found once, a null
// left, the last of duplicate keys whole): reflection's first use in a
// process reads the types' descriptions, and the settings and a project's
// rules were most of the time of a snapshot's first line (timed inside
// the hook: about 60µs of 130µs, the snapshot governance init and install
// claude make). Rarer parts (MatchMore, the gatekeeper's settings, the
// grants of confinement) still go through reflection. TestDecodeIntoAgrees
// fills every field and checks that each is read back;
// FuzzDecodeInto checks them against the plain way on any text.

// structure reads an object into a struct through member, which reads the
// value of each key it knows and reports false for the others; a null
// leaves the struct, and an object replaces it whole.
func (d *decoder) structure(what string, zero func(), member func(key string) (bool, error)) error {
	switch d.next() {
	case 'n':
		return d.literal("null")
	case '{':
	default:
		return d.errorf("%s: want an object", what)
	}
	zero()
	return d.object(1, func(key string) error {
		ok, err := member(key)
		if err != nil {
			return err
		}
		if !ok {
			return d.skip(2)
		}
		return nil
	})
}

// list reads a list, calling elem for each element with its place; a
// null leaves the list, and a list replaces it.
func (d *decoder) list(what string, reset func(), elem func() error) error {
	switch d.next() {
	case 'n':
		return d.literal("null")
	case '[':
	default:
		return d.errorf("%s: want a list", what)
	}
	d.i++
	reset()
	for first := true; ; first = false {
		if d.space(); d.next() == ']' && first {
			d.i++
			return nil
		}
		if err := elem(); err != nil {
			return err
		}
		if d.space(); d.next() == ']' {
			d.i++
			return nil
		}
		if err := d.expect(','); err != nil {
			return err
		}
		d.space()
	}
}

// boolean reads true or false into dst; a null leaves it.
func (d *decoder) boolean(dst *bool) error {
	switch d.next() {
	case 'n':
		return d.literal("null")
	case 't':
		*dst = true
		return d.literal("true")
	case 'f':
		*dst = false
		return d.literal("false")
	}
	return d.errorf("want a boolean")
}

// textsOf reads a list of strings of a string type into dst.
func textsOf[T ~string](d *decoder, dst *[]T) error {
	var out []T
	err := d.list("list of strings", func() { out = []T{} }, func() error {
		var s string
		err := d.text(&s)
		out = append(out, T(s))
		return err
	})
	if err == nil && out != nil {
		*dst = out
	}
	return err
}

// outcome reads a decision, as its text; a null leaves it.
func (d *decoder) outcome(dst *engine.Outcome) error {
	var text string
	if ok, err := d.textOrNull(&text); !ok || err != nil {
		return err
	}
	return dst.UnmarshalText([]byte(text))
}

// reflected reads a value of any other type through reflection.
func (d *decoder) reflected(dst any) error {
	return d.value(reflect.ValueOf(dst).Elem(), 2)
}

// rules reads a list of a snapshot's rules.
func (d *decoder) rules(dst *[]Rule) error {
	var out []Rule
	err := d.list("rules", func() { out = []Rule{} }, func() error {
		out = append(out, Rule{})
		r := &out[len(out)-1]
		return d.structure("rule", func() { *r = Rule{} }, func(key string) (bool, error) {
			switch key {
			case "Scope":
				return true, d.text(&r.Scope)
			case "Spec":
				return true, d.ruleSpec(&r.Spec)
			}
			return false, nil
		})
	})
	if err == nil && out != nil {
		*dst = out
	}
	return err
}

// ruleSpec reads a rule's specification.
func (d *decoder) ruleSpec(r *engine.RuleSpec) error {
	return d.structure("rule", func() { *r = engine.RuleSpec{} }, func(key string) (bool, error) {
		switch key {
		case "ID":
			return true, d.text(&r.ID)
		case "Tools":
			return true, textsOf(d, &r.Tools)
		case "Match":
			var out []engine.MatchSpec
			err := d.list("matchers", func() { out = []engine.MatchSpec{} }, func() error {
				out = append(out, engine.MatchSpec{})
				return d.matchSpec(&out[len(out)-1])
			})
			if err == nil && out != nil {
				r.Match = out
			}
			return true, err
		case "Decision":
			return true, d.outcome(&r.Decision)
		case "Severity":
			return true, d.text(&r.Severity)
		case "Message":
			return true, d.text(&r.Message)
		case "Suggestion":
			return true, d.text(&r.Suggestion)
		case "Agents":
			return true, d.texts(&r.Agents)
		case "Scopes":
			return true, d.texts(&r.Scopes)
		case "Examples":
			return true, d.structure("examples", func() { r.Examples = engine.Examples{} }, func(key string) (bool, error) {
				switch key {
				case "Match":
					return true, d.texts(&r.Examples.Match)
				case "NotMatch":
					return true, d.texts(&r.Examples.NotMatch)
				}
				return false, nil
			})
		case "Source":
			return true, d.text(&r.Source)
		}
		return false, nil
	})
}

// matchSpec reads one matcher of a rule.
func (d *decoder) matchSpec(m *engine.MatchSpec) error {
	return d.structure("matcher", func() { *m = engine.MatchSpec{} }, func(key string) (bool, error) {
		var list *[]string
		switch key {
		case "Program":
			list = &m.Program
		case "Subcommand":
			list = &m.Subcommand
		case "Flags":
			list = &m.Flags
		case "NotFlags":
			list = &m.NotFlags
		case "Args":
			list = &m.Args
		case "Targets":
			list = &m.Targets
		case "Env":
			list = &m.Env
		case "Regex":
			list = &m.Regex
		case "Paths":
			list = &m.Paths
		case "MinArgs":
			return true, d.whole(&m.MinArgs)
		case "Privileged":
			return true, d.boolean(&m.Privileged)
		case "RunsInput":
			return true, d.boolean(&m.RunsInput)
		case "More":
			return true, d.reflected(&m.More)
		default:
			return false, nil
		}
		return true, d.texts(list)
	})
}

// settings reads a snapshot's settings.
func (d *decoder) settings(s *engine.Settings) error {
	return d.structure("settings", func() { *s = engine.Settings{} }, func(key string) (bool, error) {
		switch key {
		case "Default":
			return true, d.outcome(&s.Default)
		case "MainAgent":
			return true, d.text(&s.MainAgent)
		case "NoSafeSet":
			return true, d.boolean(&s.NoSafeSet)
		case "LogOnly":
			return true, d.boolean(&s.LogOnly)
		case "AuditRequired":
			return true, d.boolean(&s.AuditRequired)
		case "MaxDelegationDepth":
			return true, d.whole(&s.MaxDelegationDepth)
		case "BlockSecretPrompts":
			return true, d.boolean(&s.BlockSecretPrompts)
		case "DefaultRole":
			return true, d.text(&s.DefaultRole)
		case "NeverExposed":
			return true, d.texts(&s.NeverExposed)
		case "OutOfBand":
			return true, d.boolean(&s.OutOfBand)
		case "ApprovalWaitSeconds":
			return true, d.whole(&s.ApprovalWaitSeconds)
		case "Daemon":
			return true, d.text(&s.Daemon)
		case "Gatekeeper":
			return true, d.reflected(&s.Gatekeeper)
		case "MissingAgent":
			return true, d.text(&s.MissingAgent)
		case "Confine":
			if d.next() == 'n' {
				return true, d.literal("null")
			}
			n, err := d.number()
			if err != nil {
				return true, err
			}
			u, err := strconv.ParseUint(n, 10, 8)
			if err != nil {
				return true, d.errorf("want a whole number")
			}
			s.Confine = engine.ConfineMode(u)
			return true, nil
		case "ConfineGrants":
			return true, d.reflected(&s.ConfineGrants)
		}
		return false, nil
	})
}
