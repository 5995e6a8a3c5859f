package shell

import "strings"

// What a command writes to its standard output matters where the output
// becomes something else: the words of a command substitution, the code
// of eval "$(...)", the input of the next command of a pipeline. A stream
// collects, for one such place, what the commands that write there print,
// as far as the analysis knows it: the text of the commands whose output
// is known (echo, printf, pwd, base64 -d of known text; see fold.go), and
// how many commands wrote what it does not know, and whether all of those
// print shell set-up code (see generated). Known text that flows into a
// pipe is read by the first command that reads the pipe.
//
// A command that only runs other code (eval, sh -c, xargs, a function)
// writes what that code writes: its commands write to the same stream.
// Output that may or may not be written (a branch on a real condition, a
// loop that runs any number of times, the right side of && or ||) makes
// the stream opaque: nothing is known of it, not even who wrote it, since
// a part that is known but may be missing would show a reader a text that
// never runs.

// maxStream bounds the known text of a stream.
const maxStream = 16 << 10

// stream collects what commands write to one place.
type stream struct {
	text strings.Builder
	// writers counts the commands whose output, not known, is part of the
	// stream; other reports that one of them is not a shell set-up
	// command (see Launcher.SetupCode).
	writers int
	other   bool
	// opaque reports output that is not known and not all written by
	// those commands.
	opaque bool
}

// known returns the text of the stream when all of it is known.
func (s *stream) known() (string, bool) {
	if s == nil || s.opaque || s.writers > 0 {
		return "", false
	}
	return s.text.String(), true
}

// write adds known output.
func (s *stream) write(text string) {
	if s.text.Len()+len(text) > maxStream {
		s.opaque = true
		return
	}
	s.text.WriteString(text)
}

// newStream returns an empty stream.
func (w *walker) newStream() *stream {
	return &w.streams.take(1)[:1][0]
}

// maybe walks code that may or may not run, or run any number of times:
// if it writes to the stream of ctx, the stream becomes opaque.
// maybe walks what may run or not (a branch, a loop body, a command
// after && or ||, one in the background or in a subshell): besides what
// maybe says of the output, a variable it assigns holds, after it, either
// the value it had before or the new one, so it is no longer known.
func (w *walker) maybe(ctx *execCtx, walk func()) {
	w.varScopes = append(w.varScopes, nil)
	maybe(ctx, walk)
	set := w.varScopes[len(w.varScopes)-1]
	w.varScopes = w.varScopes[:len(w.varScopes)-1]
	for name := range set {
		w.setVar(name, Arg{Dynamic: true})
	}
}

func maybe(ctx *execCtx, walk func()) {
	s := ctx.out
	if s == nil || s.opaque {
		walk()
		return
	}
	n, k := s.text.Len(), s.writers
	walk()
	if s.text.Len() != n || s.writers != k {
		s.opaque = true
	}
}

// pipeText is the text known to flow into a pipe. The first command that
// reads the pipe takes it: a command after it reads what is left, which
// is not known.
type pipeText struct {
	text  string
	taken bool
}

// wrote records what a command that ran writes to the stream of ctx: the
// output the commands it runs wrote already when it relays theirs, its own
// when known, else that it wrote something not known.
func (w *walker) wrote(cmd *Command, ctx *execCtx) {
	s := ctx.out
	if s == nil || s.opaque || cmd.relays {
		return
	}
	if out, ok := w.ownOutput(cmd); ok {
		s.write(out)
		return
	}
	s.writers++
	s.other = s.other || !w.setupCode(cmd)
}

// setupCode reports a command that prints shell set-up code, as its
// Launcher says (see Launcher).
func (w *walker) setupCode(cmd *Command) bool {
	w.simple = Simple{Name: cmd.Name, Args: cmd.Args, Assigns: cmd.Assigns, Cwd: cmd.Cwd, Origin: cmd.Origin}
	return w.opts.Launcher.SetupCode(&w.simple)
}

// ownOutput returns what a command writes to its standard output when the
// analysis knows it.
func (w *walker) ownOutput(cmd *Command) (string, bool) {
	if cmd.Name == "" && len(cmd.Args) == 0 {
		// Assignments and redirections alone print nothing, but for
		// $(< file), which is the file.
		return "", cmd.Stdin.Kind != StdinFile
	}
	if !transparent(cmd) || !plainOutput(cmd) {
		return "", false
	}
	if silent(cmd) {
		return "", true
	}
	return w.fold(cmd)
}

// plainOutput reports a command whose standard output is not redirected:
// only standard error may go to a file, and input may come from one.
func plainOutput(cmd *Command) bool {
	for _, r := range cmd.Redirects {
		switch {
		case r.Op == "<":
		case r.Fd == "2" && r.Write:
		default:
			return false
		}
	}
	return true
}

// silent reports commands that write nothing and do not fail. One that
// may fail (false, test) would end the code that follows it under set -e
// or sh -e, and what the code writes with it.
func silent(cmd *Command) bool {
	switch cmd.Name {
	case "true", ":":
		return true
	case "cd":
		// cd - prints the folder it goes to.
		for _, a := range cmd.Args[1:] {
			if a.Value == "-" || a.Dynamic {
				return false
			}
		}
		return true
	case "export", "declare", "local", "readonly", "typeset":
		// Without names, or with -p, they print the variables.
		for _, a := range cmd.Args[1:] {
			if strings.HasPrefix(a.Value, "-") || a.Dynamic {
				return false
			}
		}
		return len(cmd.Args) > 1
	}
	return false
}

// readsStdin reports whether a command may read its standard input: all
// do but the builtins known not to, and the programs the Launcher says
// ignore it.
func (w *walker) readsStdin(cmd *Command) bool {
	switch cmd.Name {
	case "", "echo", "printf", "pwd", "export", "declare", "local", "readonly", "typeset",
		"false", "[[", "((", "let", "[", "test", "shift", "unset":
		return false
	}
	return !silent(cmd) && !w.opts.Launcher.IgnoresStdin(cmd.Name)
}

// stdinText returns the text a command reads from its standard input
// when it is known: a literal here-document or here-string, or the known
// output of the commands before it in a pipeline, when it is the first to
// read it.
func stdinText(cmd *Command) (string, bool) {
	switch cmd.Stdin.Kind {
	case StdinHereString, StdinHeredoc:
		return cmd.Stdin.Body, !cmd.Stdin.Dynamic
	case StdinPipe:
		if t := cmd.Stdin.text; t != nil {
			return t.text, true
		}
	}
	return "", false
}
