package engine

import (
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/secretname"
	"github.com/agentgov/governance/internal/shell"
)

// fromCall fills cl from the model's reading of cmd.
func (cl *cmdline) fromCall(cmd *shell.Command, pos []shell.Arg) {
	c := new(programs.Call)
	c.Reset(cmd, pos)
	*cl = cmdline{cmd: cmd, name: cmd.Name, call: c,
		pos: c.Pos, nsub: c.NSub, dashdash: c.DashDash, help: c.Help}
	cl.lname, _ = asciiLower(cl.name)
	for i := range c.Opts {
		o := &c.Opts[i]
		t := o.Typed
		switch {
		case strings.HasPrefix(t, "--"):
			name := t[2:]
			if o.Spec != nil {
				// The name the option has in full, not its abbreviation.
				for _, n := range o.Spec.Names {
					if strings.HasPrefix(n, "--") && strings.HasPrefix(n[2:], name) {
						name = n[2:]
						break
					}
				}
			}
			cl.long = append(cl.long, name)
		case len(t) == 2 && t[0] == '-':
			cl.short.add(t[1])
			if o.Level > 0 || c.NSub == 0 {
				cl.local.add(t[1])
			}
		case len(t) > 2 && t[0] == '-':
			cl.single = append(cl.single, t)
		}
		if o.HasValue {
			if o.Spec != nil {
				for _, n := range o.Spec.Names {
					cl.addValue(n, o.Value.Value)
				}
			} else {
				cl.addValue(t, o.Value.Value)
			}
		}
	}
}

// modelFileArgs returns the files a modelled command reads and writes,
// from its effects.
func modelFileArgs(cl *cmdline) []fileArg {
	var out []fileArg
	if !cl.modelled() {
		// A program nobody modelled may read the files its operands
		// name: the rules judge them as reads (tool upload ~/.ssh/id_rsa).
		// An operand with blanks in it is text, not a file name (tool
		// explain 'cat ~/.ssh/id_rsa').
		for _, a := range cl.call.Args() {
			if a.Value != "" && a.Value != "-" && !strings.ContainsAny(a.Value, " \t\n") {
				out = append(out, fileArg{arg: a, kind: KindRead})
			}
		}
		return out
	}
	add := func(e *programs.Effect, a shell.Arg, k Kind) {
		if a.Value == "" || a.Value == "-" {
			return
		}
		out = append(out, fileArg{arg: a, kind: k, op: e.Op, tree: e.Tree, hidden: e.Hidden, committed: e.Committed, indexOnly: e.IndexOnly, stat: e.Op == programs.Stat,
			values: e.Values, workTree: e.WorkTree, ifMissing: e.IfMissing, filter: e.Filter})
	}
	for i := range cl.call.Effects().List {
		e := &cl.call.Effects().List[i]
		if e.Source {
			// A file named for approvals to bind (see Effect.Source).
			continue
		}
		switch e.Op {
		case programs.Read, programs.Stat:
			add(e, e.Path, KindRead)
		case programs.Write, programs.Delete, programs.Chmod:
			add(e, e.Path, KindWrite)
		case programs.Move, programs.Link:
			add(e, e.Path, KindWrite)
			add(e, e.To, KindWrite)
		}
	}
	return out
}

// modelReadOnly reports whether a modelled command only reads and
// prints: every effect is a read, a look at names or metadata, a read of
// the environment it runs in (printenv, as echo "$VAR" does), a request
// of constant text, or commands the analysis found and judges on their
// own.
func modelReadOnly(cl *cmdline, exists func(shell.Arg) bool, code func(prog, code string) bool, secret func(string) bool) bool {
	if len(cl.cmd.Args) > 0 && !systemProgram(cl.cmd.Args[0].Value, cl.cmd.Cwd) {
		// ./ls, bin/cat, /tmp/x/git: a file that has the name of a
		// program the model knows, but whose code is anyone's.
		return false
	}
	for _, e := range cl.call.Effects().List {
		switch e.Op {
		case programs.Read, programs.Stat, programs.Cred:
		case programs.Cache:
			// The tool's own files, where it keeps them; a cache moved
			// by the command is a write the model records as such.
			if e.Path.Dynamic {
				return false
			}
		case programs.Env:
			if secret(e.Path.Value) {
				return false
			}
		case programs.Exec:
			// A program found on the PATH, the tool's own helpers, or a
			// command line the policy allows on its own (tar
			// --to-command=cat).
			// The command line is judged as it runs: with the words the
			// program appends to it and the data it feeds it.
			if e.Found || e.Helper {
				continue
			}
			text := e.RunText(cl.cmd.Stdin.Kind != shell.StdinInherited)
			if text == "" || code == nil || !code(cl.name, text) {
				return false
			}
		case programs.Network:
			// A request of constant text that downloads and prints; one
			// whose words carry what another command printed may carry a
			// secret out.
			for _, d := range e.Data {
				if d.Dynamic {
					return false
				}
			}
		case programs.Write:
			if !e.IfMissing || exists == nil || !exists(e.Path) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// configPresent reports whether the configuration file an effect
// depends on may be there: it is, or the folder the command runs in is
// not known. An upward search stops below home: the files of the home
// folder are the user's own set-up (~/.npmrc), as ~/.gitconfig is.
func configPresent(cl *cmdline, e *programs.Effect, exists func(shell.Arg) bool, home string) bool {
	if exists == nil {
		return true
	}
	if !e.Upward {
		return exists(shell.Arg{Value: e.IfPresent})
	}
	dir := cl.cmd.Cwd
	if !path.IsAbs(dir) {
		return true
	}
	for dir != home {
		if exists(shell.Arg{Value: path.Join(dir, e.IfPresent)}) {
			return true
		}
		if dir == "/" {
			break
		}
		dir = path.Dir(dir)
	}
	return false
}

// secretEnv reports an environment read that may reveal a secret: the
// whole environment (""), or a variable whose name says it holds one.
func secretEnv(name string) bool { return name == "" || secretname.Is(name) }

// secretEnvName reports a variable that holds a secret: by its name, or
// by its value in the environment the calls run in, a credential (a
// private index's URL with its password in PIP_INDEX_URL, a token), as
// a configuration's value is judged (see ValueCredential).
func (ev *evaluation) secretEnvName(name string) bool {
	if secretEnv(name) {
		return true
	}
	if ev.e.LookupEnv == nil {
		return false
	}
	v, ok := ev.e.LookupEnv(name)
	return ok && ValueCredential(v) != ""
}

// programFolders are the folders where the system and its package
// managers install programs: a program run by a path in one of them is
// the program the model of its name describes.
var programFolders = []string{"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin",
	"/opt/homebrew/bin", "/opt/homebrew/sbin", "/home/linuxbrew/.linuxbrew/bin", "/snap/bin", "/usr/lib/git-core",
	"/usr/libexec/git-core", "/run/current-system/sw/bin"}

// systemProgram reports whether a program word names an installed
// program: a bare name, found on the PATH, or a path into one of the
// program folders.
func systemProgram(word, cwd string) bool {
	if !strings.Contains(word, "/") {
		return true
	}
	p := word
	if !path.IsAbs(p) {
		if cwd == "" {
			return false
		}
		p = path.Join(cwd, p)
	}
	return slices.Contains(programFolders, path.Dir(path.Clean(p)))
}
