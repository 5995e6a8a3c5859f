package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// GNU parallel runs its command once for each input, from the ::: lists
// after it or from its standard input, in the place of {} or appended;
// with no command, each input is a command. It quotes each input it
// pastes into its command, so that a name holding ; or $( ) stays one
// word (QuotesInput). It is modelled for what it runs only (LaunchOnly).

var parallelProgram = &Program{Names: []string{"parallel"}, LaunchOnly: true, Launch: launchParallel}

// parallelValued reports the options of parallel that take a value,
// given after = or as the next word.
func parallelValued(name string) bool {
	switch name {
	case "-j", "--jobs", "-S", "--sshlogin", "-a", "--arg-file", "-d", "--delimiter", "--colsep", "-I",
		"--workdir", "--wd", "--joblog", "--results", "--tmpdir", "-n", "--max-args", "-P", "--timeout", "--delay", "-E":
		return true
	}
	return false
}

// launchParallel answers what parallel runs: for each input, its command
// with the input in the place of {}, or appended; with no command, each
// input as shell code; and the Perl of each {= expression =}, which runs
// for every input. It runs in the folder of --workdir.
func launchParallel(c *shell.Simple) (shell.Launched, bool) {
	args := c.Args[1:]
	var chdir *shell.Arg
	i := 0
	for i < len(args) {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") || strings.HasPrefix(v, ":::") {
			break
		}
		name, val, has := strings.Cut(v, "=")
		if parallelValued(name) && !has && i+1 < len(args) {
			i++
			val = args[i].Value
		}
		if name == "--workdir" || name == "--wd" {
			chdir = &shell.Arg{Value: val}
		}
		i++
	}
	command, inputs, listed := parallelWords(args[i:])
	if !listed {
		// The inputs come from standard input, one to a line.
		inputs = []shell.Arg{inputWord}
		if c.StdinKnown {
			inputs = nil
			for _, l := range strings.Split(strings.TrimRight(c.Stdin, "\n"), "\n") {
				// Known, a line is still input: with no command, the
				// command it runs.
				inputs = append(inputs, shell.Arg{Value: l, Input: true, WholeInput: true})
			}
		}
	}
	out := shell.Launched{Keep: true}
	for _, a := range command {
		if i := strings.Index(a.Value, "{="); i >= 0 {
			if j := strings.Index(a.Value[i+2:], "=}"); j >= 0 {
				code := shell.Arg{Value: a.Value[i+2 : i+2+j]}
				out.Nested = append(out.Nested, shell.Nested{Origin: "parallel", QuotesInput: true, Code: &code, Lang: "perl", Chdir: chdir})
			}
		}
	}
	if len(command) == 0 {
		for _, in := range inputs {
			in := in
			out.Nested = append(out.Nested, shell.Nested{Origin: "parallel", QuotesInput: true, Code: &in, Chdir: chdir})
		}
		return out, true
	}
	if listed && len(inputs) == 0 {
		// An empty ::: list: judge the command as written.
		inputs = []shell.Arg{{}}
	}
	for _, in := range inputs {
		out.Nested = append(out.Nested, shell.Nested{Origin: "parallel", QuotesInput: true, Args: parallelCommand(command, in), Chdir: chdir})
	}
	return out, true
}

// parallelWords splits the words after parallel's options into its
// command and the inputs of its ::: and :::: lists, and reports whether
// there was a list.
func parallelWords(args []shell.Arg) (command, inputs []shell.Arg, listed bool) {
	for _, a := range args {
		switch v := a.Value; {
		case v == ":::" || v == "::::" || v == ":::+" || v == "::::+":
			listed = true
		case listed:
			inputs = append(inputs, a)
		default:
			command = append(command, a)
		}
	}
	return command, inputs, listed
}

// parallelCommand returns the command run for one input: in the place
// of {}, or appended when there is none.
func parallelCommand(command []shell.Arg, in shell.Arg) []shell.Arg {
	inst := make([]shell.Arg, 0, len(command)+1)
	replaced := false
	for _, a := range command {
		if strings.Contains(a.Value, "{}") {
			a.WholeInput = a.Value == "{}"
			a.Value = strings.ReplaceAll(a.Value, "{}", in.Value)
			a.Dynamic = a.Dynamic || in.Dynamic
			a.Input = true
			replaced = true
		}
		inst = append(inst, a)
	}
	if !replaced && (in.Value != "" || in.Dynamic) {
		in.Input, in.WholeInput = true, true
		inst = append(inst, in)
	}
	return inst
}
