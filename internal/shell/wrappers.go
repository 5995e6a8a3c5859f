package shell

import (
	"cmp"
	"strings"
)

// precommand reads the shell's own words that run the rest of the
// command as a command: the builtins command and exec, bash's builtin,
// zsh's noglob and nocorrect. It returns the command they run, and false
// for another program or when they run none (command -v).
func precommand(name string, args []Arg) ([]Arg, bool) {
	var valued, noCommand string
	switch name {
	case "command":
		noCommand = "vV"
	case "exec":
		valued = "a" // exec -a NAME: the name the command is given
	case "builtin", "noglob", "nocorrect":
	default:
		return nil, false
	}
	args = args[1:]
	var flags strings.Builder
	i := 0
	for i < len(args) {
		a := args[i]
		v := a.Value
		if a.Dynamic && strings.HasPrefix(v, "-") {
			// An option computed at run time: we cannot tell what follows.
			i++
			continue
		}
		if v == "--" {
			i++
			break
		}
		if strings.HasPrefix(v, "--") {
			i++ // a long option: none takes a value
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			cluster := v[1:]
			for j := 0; j < len(cluster); j++ {
				flags.WriteByte(cluster[j])
				if strings.IndexByte(valued, cluster[j]) >= 0 {
					if j+1 == len(cluster) && i+1 < len(args) {
						i++
					}
					break
				}
			}
			i++
			continue
		}
		break
	}
	if noCommand != "" && strings.ContainsAny(flags.String(), noCommand) {
		return nil, false
	}
	if i == len(args) {
		return nil, false
	}
	return args[i:], true
}

// unwrap removes one program that runs another from cmd: one of the
// shell's precommands, or a program the Launcher knows (timeout, sudo,
// env). It reports whether it did.
func (w *walker) unwrap(cmd *Command, ctx *execCtx) bool {
	if rest, ok := precommand(cmd.Name, cmd.Args); ok {
		// exec replaces the shell, which then writes nothing more.
		cmd.altered = cmd.altered || cmd.Name == "exec"
		cmd.Wrappers = append(cmd.Wrappers, cmd.Name)
		cmd.Args = rest
		return true
	}
	w.simple = Simple{Name: cmd.Name, Args: cmd.Args, Assigns: cmd.Assigns, Origin: cmd.Origin}
	l, ok := w.opts.Launcher.Launch(&w.simple)
	if ok && l.Keep {
		// The program stays; what it runs is for later (see launched).
		cmd.keeps = true
		return false
	}
	if !ok || len(l.Args) == 0 {
		return false
	}
	cmd.Assigns = append(cmd.Assigns, l.Assigns...)
	cmd.Wrappers = append(cmd.Wrappers, cmd.Name)
	cmd.altered = cmd.altered || !l.Transparent
	for _, a := range l.Writes {
		cmd.Redirects = append(cmd.Redirects, Redirect{Op: ">", Target: a, Write: true})
	}
	if l.Privileged {
		cmd.Privileged = true
	}
	if l.Chdir != nil {
		base := cmd.Cwd
		if !cmd.cwdSet {
			base = ctx.cwd
		}
		cmd.Cwd, cmd.cwdSet = Join(base, l.Chdir.Value), true
		if l.Chdir.Dynamic {
			cmd.Cwd = ""
		}
	}
	cmd.Args = l.Args
	return true
}

// launched analyses what a program runs besides being judged itself
// (watch 'make', su -c 'make', find -exec, xargs rm), as its Launcher
// says once the folder the command runs in, and what it knows of the
// command's input, are known.
func (w *walker) launched(cmd *Command, f *frame, ctx *execCtx) {
	listed := w.listed(cmd)
	text, known := stdinText(cmd)
	w.simple = Simple{Name: cmd.Name, Args: cmd.Args, Assigns: cmd.Assigns, Cwd: cmd.Cwd, Origin: cmd.Origin,
		Stdin: text, StdinKnown: known, Listed: listed}
	l, ok := w.opts.Launcher.Launch(&w.simple)
	if !ok || !l.Keep {
		return
	}
	if l.Privileged {
		cmd.Privileged = true
	}
	if l.RunsInputWhy != "" {
		runsInput(cmd, l.RunsInputWhy)
	}
	if l.Interpret != "" {
		cmd.Code, cmd.Lang = l.Interpret, l.Lang
		w.interpret(cmd, f, ctx)
	}
	for _, n := range l.Nested {
		parent := cmd
		if n.CwdUnknown {
			in := *cmd
			in.Cwd = ""
			parent = &in
		}
		if n.Chdir != nil {
			in := *parent
			in.Cwd = Join(cmp.Or(cmd.Cwd, ctx.cwd), n.Chdir.Value)
			parent = &in
		}
		if n.Container != "" {
			in := *cmd
			in.Container = n.Container
			in.Cwd, in.Assigns = n.Cwd, n.Assigns
			in.Privileged = cmd.Privileged || n.Privileged
			parent = &in
		}
		switch {
		case n.Code != nil && n.Lang != "":
			prog := &Command{Args: []Arg{{Value: n.Lang}}, Name: n.Lang, Code: n.Code.Value, Lang: n.Lang,
				Cwd: parent.Cwd, cwdSet: true, Origin: n.Origin, quotesInput: n.QuotesInput, Text: cmd.Text}
			w.emit(prog, f, ctx)
			w.interpret(prog, f, ctx)
		case n.Code != nil:
			w.codeQuoting(parent, *n.Code, n.Origin, n.QuotesInput, f, ctx)
		default:
			w.subcommand(parent, n.Args, n.Origin, n.QuotesInput, f, ctx)
		}
	}
	if l.Runs {
		cmd.Runs = true
	}
	if l.Relays {
		cmd.relays = relayable(cmd)
	}
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
