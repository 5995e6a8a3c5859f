package config

import (
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/yamlx"
	"go.yaml.in/yaml/v3"
)

// File is one config.yaml. Fields that are not set are nil or empty, so
// that layers can be merged.
type File struct {
	Name string
	// Default is the outcome of calls no layer decides: ask or defer.
	Default *governance.Outcome
	// MainAgent is the agent that governs the main thread.
	MainAgent *string
	// SafeSet turns the built-in read-only safe set on or off.
	SafeSet *bool
	// DisableBuiltin lists built-in rules to turn off (user config only).
	DisableBuiltin []string
	line           map[string]int
}

// Line returns the line a key was set on, or 0.
func (f *File) Line(key string) int { return f.line[key] }

var settingKeys = []string{"version", "default", "main_agent", "safe_set", "disable_builtin"}

// ParseFile reads a config.yaml.
func ParseFile(name string, data []byte) (*File, error) {
	f := &File{Name: name, line: map[string]int{}}
	top, err := yamlx.Parse(name, data)
	if err != nil || top == nil {
		return f, err
	}
	pairs, err := yamlx.Map(name, top)
	if err != nil {
		return nil, err
	}
	if err := yamlx.CheckKeys(name, pairs, settingKeys...); err != nil {
		return nil, err
	}
	for _, p := range pairs {
		f.line[p.Key] = p.KeyN.Line
		if err := f.set(p.Key, p.Value); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *File) set(key string, v *yaml.Node) error {
	switch key {
	case "version":
		n, err := yamlx.Int(f.Name, v)
		if err != nil {
			return err
		}
		if n != 1 {
			return yamlx.At(f.Name, v, "unsupported version %d", n).WithHint("this release reads version 1")
		}
	case "default":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		o, err := governance.ParseOutcome(s)
		if err != nil || (o != governance.Ask && o != governance.Defer && o != governance.Deny) {
			return yamlx.At(f.Name, v, "default must be ask, defer or deny, not %q", s).
				WithHint("defer leaves undecided calls to the harness's own permission flow; ask needs a human")
		}
		f.Default = &o
	case "main_agent":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		f.MainAgent = &s
	case "safe_set":
		b, err := yamlx.Bool(f.Name, v)
		if err != nil {
			return err
		}
		f.SafeSet = &b
	case "disable_builtin":
		list, err := yamlx.Strings(f.Name, v)
		if err != nil {
			return err
		}
		f.DisableBuiltin = list
	}
	return nil
}
