package starrules

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"github.com/agentgov/governance/internal/engine"
)

// command is the value a check receives: one simple command.
//
//	cmd.program       the program's base name ("git")
//	cmd.argv          its words from the program on, as a tuple
//	cmd.subcommand    the subcommand word ("push"), or ""
//	cmd.positionals   arguments that are not options, after the subcommand
//	cmd.options       option words as written ("-rf", "--force")
//	cmd.env           NAME=value assignments, as a dict
//	cmd.wrappers      programs it runs through (sudo, env, timeout, ...)
//	cmd.privileged    runs as another user (sudo, doas)
//	cmd.dynamic       some word is only known at run time
//	cmd.cwd           the directory it runs in ("" when unknown)
//	cmd.project_root, cmd.home
//	cmd.files         files read and written: .path, .abs, .write, .classes
//	cmd.text          the command as written
//	cmd.origin        how it was found: "", "bash -c", "xargs", "$(...)", ...
//	cmd.agent         the calling agent ("" for the main thread)
//	cmd.has("-f|--force")     an option is present (clusters, abbreviations)
//	cmd.value("-o|--output")  the values given to an option, as a list
type command struct {
	c *engine.Command
}

func newCommand(c *engine.Command) *command { return &command{c: c} }

func (v *command) String() string        { return fmt.Sprintf("command(%q)", v.c.String()) }
func (v *command) Type() string          { return "command" }
func (v *command) Freeze()               {}
func (v *command) Truth() starlark.Bool  { return true }
func (v *command) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: command") }

var commandAttrs = []string{"agent", "argv", "cwd", "dynamic", "env", "files", "has", "home", "options", "origin",
	"positionals", "privileged", "program", "project_root", "subcommand", "text", "value", "wrappers"}

// AttrNames lists the command's attributes.
func (v *command) AttrNames() []string { return commandAttrs }

// Attr returns one attribute.
func (v *command) Attr(name string) (starlark.Value, error) {
	c := v.c
	switch name {
	case "program":
		return starlark.String(c.Program), nil
	case "argv":
		return stringTuple(c.Argv), nil
	case "subcommand":
		return starlark.String(c.Subcommand), nil
	case "positionals":
		return stringTuple(c.Positionals), nil
	case "options":
		return stringTuple(c.Options), nil
	case "env":
		d := starlark.NewDict(len(c.Env))
		for _, a := range c.Env {
			k, val, _ := strings.Cut(a, "=")
			_ = d.SetKey(starlark.String(k), starlark.String(val))
		}
		return d, nil
	case "wrappers":
		return stringTuple(c.Wrappers), nil
	case "privileged":
		return starlark.Bool(c.Privileged), nil
	case "dynamic":
		return starlark.Bool(c.Dynamic), nil
	case "cwd":
		return starlark.String(c.Cwd), nil
	case "project_root":
		return starlark.String(c.ProjectRoot), nil
	case "home":
		return starlark.String(c.Home), nil
	case "files":
		files := make(starlark.Tuple, len(c.Files))
		for i, f := range c.Files {
			files[i] = starlarkstruct.FromStringDict(starlark.String("file"), starlark.StringDict{
				"path": starlark.String(f.Path), "abs": starlark.String(f.Abs),
				"write": starlark.Bool(f.Write), "classes": stringTuple(f.Classes)})
		}
		return files, nil
	case "text":
		return starlark.String(c.Text), nil
	case "origin":
		return starlark.String(c.Origin), nil
	case "agent":
		return starlark.String(c.Agent), nil
	case "has":
		return starlark.NewBuiltin("has", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var opts string
			if err := starlark.UnpackPositionalArgs(fn.Name(), args, kwargs, 1, &opts); err != nil {
				return nil, err
			}
			return starlark.Bool(c.Has(opts)), nil
		}), nil
	case "value":
		return starlark.NewBuiltin("value", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var opts string
			if err := starlark.UnpackPositionalArgs(fn.Name(), args, kwargs, 1, &opts); err != nil {
				return nil, err
			}
			return starlark.NewList(stringValues(c.Value(opts))), nil
		}), nil
	}
	return nil, nil
}

func stringValues(ss []string) []starlark.Value {
	out := make([]starlark.Value, len(ss))
	for i, s := range ss {
		out[i] = starlark.String(s)
	}
	return out
}

func stringTuple(ss []string) starlark.Tuple { return starlark.Tuple(stringValues(ss)) }
