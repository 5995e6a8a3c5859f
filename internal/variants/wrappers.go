package variants

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The wrapper transforms put a program in front of one simple command of
// the command, which then runs it. Each makes one variant per simple
// command it applies to.

// name returns the program a simple command runs, when its first word
// is fixed.
func (k *call) name() string {
	v, _ := staticValue(k.x.Args[0])
	return v
}

// external reports whether a simple command runs a program of the file
// system, which another program can run in its place: not a builtin, a
// keyword or a function the command defines; and alias expansion is not
// turned on (an alias is not expanded after a wrapper).
func (c *Command) external(k *call) bool {
	name := k.name()
	if name == "" || strings.Contains(name, "=") || c.aliases {
		return false
	}
	return strings.Contains(name, "/") || !builtins[name] && !keywords[name] && !c.funcs[name]
}

// prefix puts text in front of the program word of every simple command
// that ok accepts.
func (c *Command) prefix(text string, ok func(k *call) bool) []string {
	var out []string
	for _, k := range c.calls {
		if ok(k) {
			p := off(k.x.Args[0].Pos())
			out = append(out, c.splice(edit{p, p, text}))
		}
	}
	return out
}

// sudo runs a program as root: sudo rm -rf / . It does not apply to
// builtins, keywords and functions, nor after variable assignments
// (sudo resets the environment), nor to programs that run code (a shell,
// an interpreter: see stdin.go), in which ~ and $HOME would name root's
// home. Nor does it apply to echo or printf writing into a pipe: sudo
// may fail before they run, so what the next command reads is their text
// or nothing (echo URL | xargs wget may run wget with no URL). It
// escalates: the command runs with more rights, so it is made only of
// commands that must not be allowed.
func sudo(c *Command) []string {
	return c.prefix("sudo ", func(k *call) bool {
		if k.pipeOut {
			if name, _ := staticValue(k.x.Args[0]); name == "echo" || name == "printf" {
				return false
			}
		}
		return c.external(k) && len(k.x.Assigns) == 0 && !k.readsCode()
	})
}

// env runs a program through env with no change to the environment:
// X=1 env cmd. It does not apply to builtins, keywords and functions.
func env(c *Command) []string {
	return c.prefix("env ", c.external)
}

// envAssign moves a simple command's variable assignments into env:
// X=1 cmd becomes env X=1 cmd. It applies only to assignments of plain
// literal values, which mean the same as env's arguments (a value with
// an expansion would be split into words there).
func envAssign(c *Command) []string {
	var out []string
	for _, k := range c.calls {
		if len(k.x.Assigns) == 0 || !c.external(k) {
			continue
		}
		ok := true
		for _, a := range k.x.Assigns {
			if a.Append || a.Naked || a.Index != nil || a.Array != nil {
				ok = false
				break
			}
			if a.Value != nil {
				_, plain := plainWord(a.Value)
				ok = ok && plain
			}
		}
		if !ok {
			continue
		}
		start, end := off(k.x.Pos()), off(k.x.Args[0].Pos())
		out = append(out, c.splice(edit{start, end, "env " + c.Text[start:end]}))
	}
	return out
}

// timeout runs a program under timeout 30. It does not apply to
// builtins, keywords and functions. A command that would run longer than
// 30 seconds is stopped, which for the short commands of the corpus does
// not happen.
func timeout(c *Command) []string { return c.prefix("timeout 30 ", c.external) }

// nice runs a program at a lower priority. It does not apply to
// builtins, keywords and functions.
func nice(c *Command) []string { return c.prefix("nice ", c.external) }

// niceN runs a program at a lower priority given by -n 5. It does not
// apply to builtins, keywords and functions.
func niceN(c *Command) []string { return c.prefix("nice -n 5 ", c.external) }

// stdbuf runs a program with line-buffered output. It does not apply to
// builtins, keywords and functions.
func stdbuf(c *Command) []string { return c.prefix("stdbuf -oL ", c.external) }

// nohup runs a program immune to hangups. It does not apply to builtins,
// keywords and functions. It is not harmless: when standard output is a
// terminal, nohup writes the program's output to nohup.out instead.
func nohup(c *Command) []string { return c.prefix("nohup ", c.external) }

// command runs a builtin or program through the command builtin, which
// skips functions. It does not apply to keywords, to names the command
// defines as functions, when alias expansion may be on, nor to special
// builtins (command takes away what makes them special: assignments
// before them that last, errors that exit the shell).
func command(c *Command) []string {
	return c.prefix("command ", func(k *call) bool {
		name := k.name()
		return name != "" && !strings.Contains(name, "=") && !keywords[name] && !c.funcs[name] && !c.aliases && !specialBuiltins[name]
	})
}

// exec replaces the shell with the last command it runs: a; exec b. It
// applies only to the simple command that runs last at top level (the
// last of a list, or the right end of its && and || chain), not
// negated, in the background or in a pipeline; not to builtins,
// keywords, functions or after assignments; and not when the command
// sets a trap, which exec would skip.
func exec(c *Command) []string {
	return c.prefix("exec ", func(k *call) bool {
		return k == c.topLast && c.external(k) && len(k.x.Assigns) == 0 && !c.trap
	})
}

// timeStmt times a pipeline with bash's time keyword: time cmd | cmd.
// It applies at the start of a pipeline or of a simple command that is
// not part of one (after | the word time is a program, not the keyword),
// not to negated statements, and not to assignments alone.
func timeStmt(c *Command) []string {
	var out []string
	syntax.Walk(c.file, func(n syntax.Node) bool {
		s, ok := n.(*syntax.Stmt)
		if !ok || c.pipeElems[s] || s.Negated || s.Coprocess {
			return true
		}
		switch x := s.Cmd.(type) {
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
		case *syntax.BinaryCmd:
			if x.Op != syntax.Pipe && x.Op != syntax.PipeAll {
				return true
			}
		default:
			return true
		}
		p := off(s.Pos())
		out = append(out, c.splice(edit{p, p, "time "}))
		return true
	})
	return out
}

// echoOption matches the words bash's echo takes as options.
var echoOption = regexp.MustCompile(`^-[neE]+$`)

// xargs gives a program its last arguments through xargs:
// rm -rf / becomes echo / | xargs rm -rf, for every split of the
// arguments. It applies only to programs (not builtins, keywords or
// functions) with no assignments before them, that do not read a pipe or
// a redirection (xargs reads the echo, and gives the program an empty
// input) nor run code from their input (see stdin.go), whose
// redirections all follow the words, when the command does not read $?
// (xargs exits with other codes, though zero and non-zero alike); and
// only arguments of fixed values that xargs reads back as they are: no
// blanks, quotes or backslashes, not empty. When the first would be an
// option of echo, printf '%s\n' writes them instead.
func xargs(c *Command) []string {
	if c.exitStatus {
		return nil
	}
	var out []string
	for _, k := range c.calls {
		args := k.x.Args
		if len(args) < 2 || len(k.x.Assigns) > 0 || !c.external(k) || k.pipeIn || k.readsRedirect() || k.readsCode() ||
			!k.redirsAfter() {
			continue
		}
		movable := len(args)
		for movable > 1 && xargsWord(args[movable-1]) {
			movable--
		}
		for split := max(movable, 1); split < len(args); split++ {
			first, _ := staticValue(args[split])
			feed := "echo "
			if echoOption.MatchString(first) {
				feed = `printf '%s\n' `
			}
			start, end := off(args[0].Pos()), off(k.x.End())
			moved := c.Text[off(args[split].Pos()):end]
			kept := c.Text[start:off(args[split-1].End())]
			out = append(out, c.splice(edit{start, end, feed + moved + " | xargs " + kept}))
		}
	}
	return out
}

// xargsWord reports whether xargs reads a word back as the shell gives
// it.
func xargsWord(w *syntax.Word) bool {
	v, ok := staticValue(w)
	return ok && v != "" && !strings.ContainsAny(v, " \t\n\r\f\v'\"\\")
}
