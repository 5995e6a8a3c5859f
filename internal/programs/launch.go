package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Launcher answers the walker's question, what a simple command runs,
// from the Launch of the program it names (see shell.Launcher). Whoever
// analyses a command line passes it in shell.Options.
var Launcher shell.Launcher = launcher{}

type launcher struct{}

func (launcher) Launch(c *shell.Simple) (shell.Launched, bool) {
	p := lookupAny(c.Name)
	switch {
	case p == nil:
		return shell.Launched{}, false
	case p.wraps != nil:
		return p.wraps.launch(c)
	case p.Launch != nil:
		return p.Launch(c)
	}
	return shell.Launched{}, false
}

func (launcher) Lists(c *shell.Simple) ([]string, bool) {
	if p := lookupAny(c.Name); p != nil && p.Lists != nil {
		return p.Lists(c)
	}
	return nil, false
}

func (launcher) Fold(c *shell.Simple, m shell.Machine) (string, bool) {
	if p := lookupAny(c.Name); p != nil && p.Fold != nil {
		return p.Fold(c, m)
	}
	return "", false
}

func (launcher) Downloads(c *shell.Simple) ([]string, bool) {
	if p := lookupAny(c.Name); p != nil && p.Downloads != nil {
		return p.Downloads(c), true
	}
	return nil, false
}

func (launcher) Copies(c *shell.Simple) ([]string, bool) {
	if p := lookupAny(c.Name); p != nil && p.Copies != nil {
		return p.Copies(c), true
	}
	return nil, false
}

func (launcher) IgnoresStdin(name string) bool {
	p := lookupAny(name)
	return p != nil && p.IgnoresStdin
}

func (launcher) Interpreter(name string) (string, []string) { return interpreter(name) }

func (launcher) SetupCode(c *shell.Simple) bool { return setupCode(c) }

// Known reports a program the model knows by name, a LaunchOnly one
// included: a name the shell's walker leaves to the model.
func Known(name string) bool { return lookupAny(name) != nil }

// lookupAny returns the program called name, a LaunchOnly one included.
func lookupAny(name string) *Program {
	lo, hi := 0, len(registry)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if registry[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(registry) && registry[lo].name == name {
		return *registry[lo].prog
	}
	return nil
}

// wrapper is the option grammar of a program that runs its operands as
// another command (timeout 5 make, sudo -u root ls, env X=1 make): which
// options take a value, which words stand between the options and the
// command, and what the options do to the command it runs.
type wrapper struct {
	// short lists the short options that take a value.
	short string
	// long lists the long options (without --) that take a value.
	long []string
	// optShort lists the short options whose value is one only when
	// attached (sudo -hHOST); bareNext those that, as a word of their
	// own, take the next word as their value when it is neither an
	// option nor an assignment (sudo -h HOST). Without a value, such an
	// option is a flag.
	optShort, bareNext string
	// skip is the number of positional arguments before the command
	// (timeout's duration, chrt's priority).
	skip int
	// privileged wrappers run the command as another user.
	privileged bool
	// transparent wrappers change neither what the command writes nor
	// whether it succeeds (see shell.Launched).
	transparent bool
	// assigns accepts NAME=value words before the command (env).
	assigns bool
	// noCommand lists short options after which no command follows
	// (sudo -l, ionice -p).
	noCommand string
	// shell lists short options that start a shell when no command
	// follows (sudo -s).
	shell string
	// chdir names the short option that changes the working directory;
	// --chdir does too.
	chdir string
	// split names the short option whose value env splits into words
	// that come before the command (env -S); --split-string does too.
	split byte
	// altPath names the short option whose value is a folder where the
	// program is looked for first (BSD env -P).
	altPath byte
	// dashIgnoresEnv reads a lone - as an option (env - is env -i).
	dashIgnoresEnv bool
	// words lists words that may stand between the options and the
	// command (rtk proxy git status).
	words []string
	// assignShort lists short options whose value is a NAME=value
	// assignment for the command (arch -e DYLD_INSERT_LIBRARIES=x).
	assignShort string
	// writes and writesLong list the options whose value is a file the
	// wrapper writes (time -o, xvfb-run -e); skipWrites says that the
	// positional arguments before the command are (flock's lock file).
	writes     string
	writesLong []string
	skipWrites bool
}

// launch reads a wrapper's words: the command it runs and what the
// options do to it.
func (spec *wrapper) launch(c *shell.Simple) (shell.Launched, bool) {
	var out shell.Launched
	args := c.Args[1:]
	var flags strings.Builder
	var chdir, split shell.Arg
	var splitSet, splitTwice, chdirSet bool
	var altPath *shell.Arg
	skip := spec.skip
	i := 0
	for i < len(args) {
		a := args[i]
		v := a.Value
		if a.Dynamic && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--chdir") && !strings.HasPrefix(v, "-C") {
			// An option computed at run time: we cannot tell what follows.
			i++
			continue
		}
		if v == "--" {
			i++
			break
		}
		if v == "-" && spec.dashIgnoresEnv {
			i++
			continue
		}
		if strings.HasPrefix(v, "--") && len(v) > 2 {
			name, val, hasVal := strings.Cut(v[2:], "=")
			takes := slices.Contains(spec.long, name)
			valArg := shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}
			if takes && !hasVal && i+1 < len(args) {
				valArg = args[i+1]
				i++
			}
			if name == "chdir" {
				chdir, chdirSet = valArg, true
			}
			if takes && slices.Contains(spec.writesLong, name) {
				out.Writes = append(out.Writes, valArg)
			}
			if name == "split-string" {
				split, splitTwice, splitSet = valArg, splitSet, true
			}
			i++
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			cluster := v[1:]
			for j := 0; j < len(cluster); j++ {
				c := cluster[j]
				if strings.IndexByte(spec.optShort, c) >= 0 {
					if j+1 < len(cluster) {
						break // its value is the rest of the word
					}
					if j == 0 && strings.IndexByte(spec.bareNext, c) >= 0 && i+1 < len(args) {
						if n := args[i+1].Value; !strings.HasPrefix(n, "-") && !shell.IsAssign(n) {
							i++
							break
						}
					}
					flags.WriteByte(c)
					break
				}
				flags.WriteByte(c)
				if strings.IndexByte(spec.short, c) >= 0 {
					valArg := shell.Arg{Value: cluster[j+1:], Dynamic: a.Dynamic, Glob: a.Glob}
					if valArg.Value == "" && i+1 < len(args) {
						i++
						valArg = args[i]
					}
					if string(c) == spec.chdir {
						chdir, chdirSet = valArg, true
					}
					if strings.IndexByte(spec.writes, c) >= 0 {
						out.Writes = append(out.Writes, valArg)
					}
					if c == spec.split && spec.split != 0 {
						split, splitTwice, splitSet = valArg, splitSet, true
					}
					if c == spec.altPath && spec.altPath != 0 {
						v := valArg
						altPath = &v
					}
					if strings.IndexByte(spec.assignShort, c) >= 0 {
						if valArg.Dynamic || !shell.IsAssign(valArg.Value) {
							// A variable only known at run time.
							out.Assigns = append(out.Assigns, "?="+valArg.Value)
						} else {
							out.Assigns = append(out.Assigns, valArg.Value)
						}
					}
					break
				}
			}
			i++
			continue
		}
		if spec.assigns && shell.IsAssign(v) {
			out.Assigns = append(out.Assigns, v)
			i++
			continue
		}
		if skip > 0 {
			if spec.skipWrites {
				out.Writes = append(out.Writes, a)
			}
			skip--
			i++
			continue
		}
		break
	}
	rest := args[i:]
	for ; skip > 0 && len(rest) > 0; skip-- {
		// The operands before the command come after -- as well
		// (timeout -- 5 make).
		if spec.skipWrites {
			out.Writes = append(out.Writes, rest[0])
		}
		rest = rest[1:]
	}
	if len(rest) > 1 && !rest[0].Dynamic && slices.Contains(spec.words, rest[0].Value) {
		rest = rest[1:]
	}
	if splitSet {
		// env -S splits one string into arguments, which may start with
		// assignments.
		var extra []shell.Arg
		if splitTwice || strings.ContainsAny(split.Value, "$\\'\"#") {
			// env expands ${VAR}, removes quotes, reads escapes and
			// comments in the string, and a second -S is an argument of
			// the first's command: what runs is not read here.
			extra = []shell.Arg{{Value: "env -S " + split.Value, Dynamic: true}}
		} else {
			for _, s := range strings.Fields(split.Value) {
				extra = append(extra, shell.Arg{Value: s})
			}
		}
		rest = append(extra, rest...)
		for len(rest) > 0 && shell.IsAssign(rest[0].Value) {
			out.Assigns = append(out.Assigns, rest[0].Value)
			rest = rest[1:]
		}
	}
	f := flags.String()
	if spec.noCommand != "" && strings.ContainsAny(f, spec.noCommand) {
		return shell.Launched{}, false
	}
	if len(rest) == 0 {
		if spec.shell == "" || !strings.ContainsAny(f, spec.shell) {
			return shell.Launched{}, false
		}
		// sudo -s, sudo -i, doas -s: an interactive shell.
		rest = []shell.Arg{{Value: "sh"}}
	}
	if altPath != nil && !strings.Contains(rest[0].Value, "/") {
		// env -P DIR prog runs DIR/prog when there is one: a program of
		// that folder, not the system's.
		prog := rest[0]
		prog.Value = strings.TrimSuffix(altPath.Value, "/") + "/" + prog.Value
		prog.Dynamic = prog.Dynamic || altPath.Dynamic
		rest = append([]shell.Arg{prog}, rest[1:]...)
	}
	if chdirSet {
		out.Chdir = &chdir
	}
	out.Args = rest
	out.Privileged = spec.privileged
	out.Transparent = spec.transparent
	return out, true
}
