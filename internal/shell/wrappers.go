package shell

import (
	"slices"
	"strings"
)

// wrapper describes a program that runs its arguments as another command.
type wrapper struct {
	// short lists the short options that take a value.
	short string
	// long lists the long options (without --) that take a value.
	long []string
	// skip is the number of positional arguments before the command
	// (timeout's duration, chrt's priority).
	skip int
	// privileged wrappers run the command as another user.
	privileged bool
	// assigns accepts NAME=value words before the command (env).
	assigns bool
	// noCommand lists short options after which no command follows
	// (sudo -l, ionice -p).
	noCommand string
	// shell lists short options that start a shell when no command
	// follows (sudo -s).
	shell string
	// chdir names the option that changes the working directory.
	chdir string
	// words lists words that may stand between the options and the
	// command (rtk proxy git status).
	words []string
	// assignShort lists short options whose value is a NAME=value
	// assignment for the command (arch -e DYLD_INSERT_LIBRARIES=x).
	assignShort string
	// writes and writesLong list the options whose value is a file the
	// wrapper writes (time -o, xvfb-run -e); skipWrites says that the
	// positional arguments before the command are (flock's lock file).
	// Each is recorded as a redirection of the command, to be judged as
	// the write it is.
	writes     string
	writesLong []string
	skipWrites bool
}

// wrappers is sorted by name; TestTablesSorted checks it.
var wrappers = []namedWrapper{
	// arch (macOS) runs a program in the architecture its options name
	// (-x86_64, -arm64e, which read as clusters of flags here).
	{"arch", &wrapper{short: "ed", assignShort: "e"}},
	{"builtin", &wrapper{}},
	{"busybox", &wrapper{}},
	{"caffeinate", &wrapper{short: "tw"}},
	{"catchsegv", &wrapper{}},
	{"chrt", &wrapper{short: "T", long: []string{"sched-runtime", "sched-deadline", "sched-period"}, skip: 1, noCommand: "p"}},
	{"command", &wrapper{noCommand: "vV"}},
	{"doas", &wrapper{short: "uC", privileged: true, shell: "s"}},
	// --block-signal, --default-signal and --ignore-signal take a value
	// only when it is attached (--ignore-signal=INT): the next word is
	// the program.
	{"env", &wrapper{short: "uCSP", long: []string{"unset", "chdir", "split-string"}, assigns: true, chdir: "C"}},
	{"exec", &wrapper{short: "a"}},
	{"flock", &wrapper{short: "wEs", long: []string{"timeout", "conflict-exit-code"}, skip: 1, skipWrites: true}},
	{"ionice", &wrapper{short: "cnP", long: []string{"class", "classdata", "pgid", "uid"}, noCommand: "pu"}},
	{"nice", &wrapper{short: "n", long: []string{"adjustment"}}},
	{"nocorrect", &wrapper{}},
	{"noglob", &wrapper{}},
	{"nohup", &wrapper{}},
	{"pkexec", &wrapper{long: []string{"user"}, privileged: true}},
	{"proxychains", &wrapper{short: "f"}},
	{"proxychains4", &wrapper{short: "f"}},
	// rtk runs the command it is given and condenses its output for an
	// agent; rtk proxy runs it as it is.
	{"rtk", &wrapper{words: []string{"proxy"}}},
	{"setsid", &wrapper{}},
	{"stdbuf", &wrapper{short: "ioe", long: []string{"input", "output", "error"}}},
	// sudo sets the VAR=value words before the program in its environment.
	{"sudo", &wrapper{assigns: true, short: "ugCDhprtTU", long: []string{"user", "group", "close-from", "chdir", "host", "prompt", "role", "type", "command-timeout", "other-user"},
		privileged: true, noCommand: "lvkKV", shell: "si", chdir: "D"}},
	{"taskset", &wrapper{skip: 1, noCommand: "p"}},
	{"time", &wrapper{short: "fo", long: []string{"format", "output"}, writes: "o", writesLong: []string{"output"}}},
	{"timeout", &wrapper{short: "sk", long: []string{"signal", "kill-after"}, skip: 1}},
	{"torsocks", &wrapper{}},
	{"unbuffer", &wrapper{}},
	{"xvfb-run", &wrapper{short: "fnpsew", long: []string{"auth-file", "server-num", "xauth-protocol", "server-args", "error-file", "wait"},
		writes: "fe", writesLong: []string{"auth-file", "error-file"}}},
}

type namedWrapper struct {
	name string
	spec *wrapper
}

// wrapperFor returns the wrapper named name, or nil. It is called for
// every simple command: the search is written out rather than given a
// compare function to call at each step.
func wrapperFor(name string) *wrapper {
	lo, hi := 0, len(wrappers)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if wrappers[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(wrappers) && wrappers[lo].name == name {
		return wrappers[lo].spec
	}
	return nil
}

// unwrap removes one wrapper from cmd and reports whether it did.
func (w *walker) unwrap(cmd *Command, ctx *execCtx) bool {
	spec := wrapperFor(cmd.Name)
	if spec == nil {
		return false
	}
	args := cmd.Args[1:]
	var flags strings.Builder
	var chdir, split string
	var splitSet, splitTwice, chdirSet, chdirDynamic bool
	// altPath is env -P's folder (BSD env): the program is looked for
	// there first.
	var altPath *Arg
	skip := spec.skip
	var writes []Redirect
	written := func(a Arg) {
		writes = append(writes, Redirect{Op: ">", Target: a, Write: true})
	}
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
		if v == "-" && cmd.Name == "env" {
			i++ // env - is env -i
			continue
		}
		if strings.HasPrefix(v, "--") && len(v) > 2 {
			name, val, hasVal := strings.Cut(v[2:], "=")
			takes := slices.Contains(spec.long, name)
			dyn := a.Dynamic
			valArg := Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}
			if takes && !hasVal && i+1 < len(args) {
				valArg = args[i+1]
				val = args[i+1].Value
				dyn = args[i+1].Dynamic
				i++
			}
			if name == "chdir" {
				chdir, chdirSet, chdirDynamic = val, true, dyn
			}
			if takes && slices.Contains(spec.writesLong, name) {
				written(valArg)
			}
			if name == "split-string" {
				split, splitTwice, splitSet = val, splitSet, true
			}
			i++
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			cluster := v[1:]
			for j := 0; j < len(cluster); j++ {
				c := cluster[j]
				flags.WriteByte(c)
				if strings.IndexByte(spec.short, c) >= 0 {
					val, dyn := cluster[j+1:], a.Dynamic
					valArg := Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}
					if val == "" && i+1 < len(args) {
						i++
						val, dyn = args[i].Value, args[i].Dynamic
						valArg = args[i]
					}
					if string(c) == spec.chdir {
						chdir, chdirSet, chdirDynamic = val, true, dyn
					}
					if strings.IndexByte(spec.writes, c) >= 0 {
						written(valArg)
					}
					if cmd.Name == "env" && c == 'S' {
						split, splitTwice, splitSet = val, splitSet, true
					}
					if cmd.Name == "env" && c == 'P' {
						v := valArg
						altPath = &v
					}
					if strings.IndexByte(spec.assignShort, c) >= 0 {
						if dyn || !IsAssign(val) {
							// A variable only known at run time.
							cmd.Assigns = append(cmd.Assigns, "?="+val)
						} else {
							cmd.Assigns = append(cmd.Assigns, val)
						}
					}
					break
				}
			}
			i++
			continue
		}
		if spec.assigns && IsAssign(v) {
			cmd.Assigns = append(cmd.Assigns, v)
			i++
			continue
		}
		if skip > 0 {
			if spec.skipWrites {
				written(a)
			}
			skip--
			i++
			continue
		}
		break
	}
	rest := args[i:]
	if len(rest) > 1 && !rest[0].Dynamic && slices.Contains(spec.words, rest[0].Value) {
		rest = rest[1:]
	}
	if splitSet {
		// env -S splits one string into arguments, which may start with
		// assignments.
		var extra []Arg
		if splitTwice || strings.ContainsAny(split, "$\\'\"#") {
			// env expands ${VAR}, removes quotes, reads escapes and
			// comments in the string, and a second -S is an argument of
			// the first's command: what runs is not read here.
			extra = []Arg{{Value: "env -S " + split, Dynamic: true}}
		} else {
			for _, s := range strings.Fields(split) {
				extra = append(extra, Arg{Value: s})
			}
		}
		rest = append(extra, rest...)
		for len(rest) > 0 && IsAssign(rest[0].Value) {
			cmd.Assigns = append(cmd.Assigns, rest[0].Value)
			rest = rest[1:]
		}
	}
	f := flags.String()
	if strings.ContainsAny(f, spec.noCommand) && spec.noCommand != "" {
		return false
	}
	if len(rest) == 0 {
		if spec.shell != "" && strings.ContainsAny(f, spec.shell) {
			// sudo -s, sudo -i, doas -s: an interactive shell.
			rest = []Arg{{Value: "sh"}}
		} else {
			return false
		}
	}
	if altPath != nil && !strings.Contains(rest[0].Value, "/") {
		// env -P DIR prog runs DIR/prog when there is one: a program of
		// that folder, not the system's.
		prog := rest[0]
		prog.Value = strings.TrimSuffix(altPath.Value, "/") + "/" + prog.Value
		prog.Dynamic = prog.Dynamic || altPath.Dynamic
		rest = append([]Arg{prog}, rest[1:]...)
	}
	cmd.Wrappers = append(cmd.Wrappers, cmd.Name)
	cmd.Redirects = append(cmd.Redirects, writes...)
	if spec.privileged {
		cmd.Privileged = true
	}
	if chdirSet {
		base := cmd.Cwd
		if !cmd.cwdSet {
			base = ctx.cwd
		}
		cmd.Cwd, cmd.cwdSet = Join(base, chdir), true
		if chdirDynamic {
			cmd.Cwd = ""
		}
	}
	cmd.Args = rest
	return true
}

// IsAssign reports whether s has the form NAME=value, a variable
// assignment when it precedes a command.
func IsAssign(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}
