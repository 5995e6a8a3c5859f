package shell

import (
	"slices"
	"strings"
)

// IsShell reports whether name is a shell: a program that runs shell code
// given with -c, a script file or standard input. Shells are the shell
// language's own family, which the walker reads itself (sh -c, bash
// script.sh); every other program's names are its model's (see Launcher).
func IsShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "rbash", "tcsh", "csh":
		return true
	}
	return false
}

// special handles programs that run other commands: it analyses what they
// run. The command itself has already been emitted.
func (w *walker) special(cmd *Command, f *frame, ctx *execCtx) {
	if len(cmd.Args) > 0 && (w.files != nil || w.fetched != nil) && strings.Contains(cmd.Args[0].Value, "/") {
		prog := cmd.Args[0]
		// ./script.sh, written or downloaded earlier in the same string.
		if w.script(prog, cmd, f, ctx) {
			cmd.Runs = true
			cmd.relays = relayable(cmd)
		}
		if cmd.Runs || cmd.RunsInput {
			return
		}
	}
	switch name := cmd.Name; {
	case IsShell(name):
		w.shell(cmd, f, ctx)
		cmd.relays = cmd.Runs && !cmd.RunsInput && posixShell(name) && relayable(cmd)
	case name == "eval":
		w.eval(cmd, f, ctx)
	case name == "source" || name == ".":
		if len(cmd.Args) > 1 {
			a := cmd.Args[1]
			if a.Dynamic && !a.hasFrom() {
				runsInput(cmd, "the file it runs is named at run time ("+a.Value+")")
				return
			}
			if a.Dynamic {
				// source <(tool completion bash): the code is what a
				// visible command prints, as with eval "$(tool init)".
				w.generated(name, a)
				return
			}
			cmd.Runs = w.script(a, cmd, f, ctx)
			cmd.relays = cmd.Runs && relayable(cmd)
		}
	case name == "alias":
		w.alias(cmd, f, ctx)
	case name == "trap":
		// trap 'code' SIGNAL runs code later, in this shell.
		if len(cmd.Args) > 2 && cmd.Args[1].Value != "-" && !strings.HasPrefix(cmd.Args[1].Value, "-") {
			w.code(cmd, cmd.Args[1], "trap", f, ctx)
		}
	default:
		if lang, codeOpts := w.opts.Launcher.Interpreter(name); lang != "" {
			w.interpreter(cmd, lang, codeOpts, f, ctx)
		} else if cmd.keeps {
			w.launched(cmd, f, ctx)
		}
	}
}

// generated reports code that is what a command prints. Shell set-up
// tools (pyenv init, direnv hook, kubectl completion, ...) print code for
// the current shell that people run every day: a person decides. Any
// other command's output is code nobody has seen: it is denied like any
// other code computed at run time. The set-up command may be reached
// through what only runs it (sh -c, eval, xargs with known words, if
// true, transparent wrappers), as long as nothing else writes the code.
func (w *walker) generated(origin string, a Arg) {
	if a.setup {
		w.problem(ProblemGeneratedCode, origin+" runs what a command prints: "+a.Value)
		return
	}
	w.problem(ProblemDynamicCode, origin+" runs what a command prints, code nobody has seen: "+a.Value)
}

// setupOnly reports a stream written only by commands that print shell
// set-up code.
func (s *stream) setupOnly() bool {
	return s != nil && !s.opaque && s.writers > 0 && !s.other && strings.TrimSpace(s.text.String()) == ""
}

// subcommand runs a command found inside another command's arguments.
func (w *walker) subcommand(parent *Command, args []Arg, origin string, quotes bool, f *frame, ctx *execCtx) {
	if len(args) == 0 {
		return
	}
	cmd := &Command{
		Args:        args,
		Assigns:     append([]string(nil), parent.Assigns...),
		Wrappers:    append([]string(nil), parent.Wrappers...),
		altered:     parent.altered,
		Privileged:  parent.Privileged,
		Container:   parent.Container,
		Cwd:         parent.Cwd,
		cwdSet:      true,
		InputFrom:   parent.InputFrom,
		Origin:      origin,
		quotesInput: quotes,
		Text:        parent.Text,
	}
	sub := *f
	sub.origin, sub.quotes = origin, quotes
	sub.shell = w.newShell()
	c := ctx.sub()
	c.redirs = nil
	w.run(cmd, &sub, c)
}

// code parses a string that a command hands to a shell. args, when not
// nil, are the positional parameters ($0, $1, ...) the code sees. It
// returns the context the code ran in, with the folder it ended in, or
// nil when the code could not be read.
func (w *walker) code(parent *Command, a Arg, origin string, f *frame, ctx *execCtx, args ...Arg) *execCtx {
	return w.codeQuoting(parent, a, origin, false, f, ctx, args...)
}

// codeQuoting is code, for code that a program runs which, when quotes,
// quotes the input it pastes into the commands (see Nested.QuotesInput).
func (w *walker) codeQuoting(parent *Command, a Arg, origin string, quotes bool, f *frame, ctx *execCtx, args ...Arg) *execCtx {
	text := a.Value
	if a.WholeInput {
		runsInput(parent, origin+" runs code that comes from its input")
		return nil
	}
	if !quotes && spliced(parent, a) {
		runsInput(parent, splicedWhy(parent))
		return nil
	}
	if a.Dynamic {
		if !a.Input {
			if isCommandOutput(a.Value) {
				// eval "$(pyenv init -)": the code is what a visible
				// command prints.
				w.generated(origin, a)
			} else {
				w.problem(ProblemDynamicCode, origin+" runs text computed at run time: "+a.Value)
			}
			return nil
		}
		// Words from input become dynamic words of the code, so that
		// input in the place of a program is seen as such.
		text = strings.ReplaceAll(text, "{input}", inputMark)
	}
	c := ctx.sub()
	c.redirs = nil
	c.stdin = nil
	c.in, c.inCmds = nil, nil
	c.cwd = parent.Cwd
	switch {
	case origin == "heredoc" || origin == "stdin":
		// The code is the standard input: what it runs reads the rest
		// of it.
	case runsHere(origin):
		// The code reads what the command reads, and writes where it
		// writes.
		c.in, c.inCmds = ctx.in, ctx.inCmds
		if parent.Stdin.Kind != StdinInherited {
			st := parent.Stdin
			if st.text != nil {
				st.text = &pipeText{text: st.text.text}
			}
			c.stdin = &st
		}
	default:
		// The code runs later (trap, alias) or elsewhere.
		c.out = nil
	}
	wrappers, priv, altered := parent.Wrappers, parent.Privileged, parent.altered
	start := len(w.out.Commands)
	shell := f.shell
	if !sameShell(origin, parent) {
		shell = w.newShell()
	}
	w.parse(text, f, c, func(nf *frame) {
		nf.origin, nf.quotes = origin, quotes
		nf.args = args
		nf.shell = shell
	})
	for _, cmd := range w.out.Commands[start:] {
		if priv {
			cmd.Privileged = true
		}
		if len(wrappers) > 0 {
			cmd.Wrappers = append(append([]string(nil), wrappers...), cmd.Wrappers...)
		}
		cmd.altered = cmd.altered || altered
		if parent.Container != "" {
			cmd.Container = parent.Container
		}
	}
	return c
}

// posixShell reports a shell whose code reads, word for word and builtin
// for builtin, as the analysis reads it. zsh and fish split words, and
// echo escapes, their own way.
func posixShell(name string) bool {
	switch name {
	case "sh", "bash", "dash", "ash", "ksh", "mksh", "yash", "rbash":
		return true
	}
	return false
}

// relayable reports a command that writes what the commands it runs
// write: its wrappers change nothing, and its output is not redirected.
func relayable(cmd *Command) bool {
	return transparent(cmd) && plainOutput(cmd)
}

// sameShell reports code that runs in the shell of the command that hands
// it over (eval, a sourced script, a trap or an alias), not in a process
// of its own.
func sameShell(origin string, parent *Command) bool {
	switch origin {
	case "eval", "trap", "alias", "alias use", "quoted command", "arithmetic":
		return true
	case "script":
		return parent.Name == "source" || parent.Name == "."
	}
	return false
}

// newShell numbers a new shell process.
func (w *walker) newShell() int {
	w.shells++
	return w.shells
}

// runsHere reports code that runs now, in the place of the command that
// hands it over: its standard input and output are the command's.
func runsHere(origin string) bool {
	switch origin {
	case "eval", "script", "quoted command", "su -c", "alias use":
		return true
	}
	return strings.HasSuffix(origin, " -c") && IsShell(strings.TrimSuffix(origin, " -c"))
}

// seen reports code that the analysis reads in full: known when the
// command runs, and with no run-time input spliced into it.
func seen(a Arg) bool { return !a.Dynamic && !a.Input }

// isCommandOutput reports a word that is exactly one command substitution.
func isCommandOutput(v string) bool {
	v = strings.TrimSpace(v)
	return strings.HasPrefix(v, "$(") && strings.HasSuffix(v, ")") && strings.Count(v, "$(") == 1 ||
		strings.HasPrefix(v, "`") && strings.HasSuffix(v, "`") && strings.Count(v, "`") == 2
}

// spliced reports inline code with run-time input pasted into its text
// (xargs -I{} sh -c 'cat {}', find -exec sh -c 'cat {}' \;): a name that
// holds ; or $( ) then runs as code. A program that quotes what it pastes
// (GNU parallel, see Nested.QuotesInput) keeps its {} one word.
func spliced(cmd *Command, code Arg) bool {
	return code.Input && !code.WholeInput && !cmd.quotesInput
}

// splicedWhy says how spliced code runs its input.
func splicedWhy(cmd *Command) string {
	return cmd.Origin + " pastes its input into the code it runs, so a name holding ; or $( ) would run as a command"
}

// unseenCode handles an interpreter's inline code that the analysis
// cannot read: its input in the place of the code, input pasted into it,
// or text computed at run time. It reports whether the code was such.
func (w *walker) unseenCode(cmd *Command, code Arg) bool {
	switch {
	case code.WholeInput:
		runsInput(cmd, "the code it runs comes from its input")
	case spliced(cmd, code):
		runsInput(cmd, splicedWhy(cmd))
	case code.Dynamic:
		w.problem(ProblemUnknownCode, cmd.Name+" runs code computed at run time: "+code.Value)
	default:
		return false
	}
	return true
}

// runsInput marks a command that executes code nobody can see beforehand.
func runsInput(cmd *Command, why string) {
	cmd.RunsInput = true
	if cmd.RunsInputWhy == "" {
		cmd.RunsInputWhy = why
	}
}

// shell analyses sh -c STRING, a script file, or a script on stdin.
func (w *walker) shell(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	dashC, noExec, interactive := false, false, false
	var rcfile *Arg
	var positional []Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if len(positional) > 0 {
			positional = append(positional, args[i])
			continue
		}
		if args[i].Dynamic {
			if strings.HasPrefix(v, "-") && args[i].Input {
				runsInput(cmd, "its options come from run-time input ("+v+")")
			}
			positional = append(positional, args[i])
			continue
		}
		switch {
		case v == "--" || v == "-":
			positional = append(positional, args[i+1:]...)
			i = len(args)
		case v == "--rcfile" || v == "--init-file":
			if i+1 < len(args) {
				i++
				rcfile = &args[i]
			}
		case strings.HasPrefix(v, "--"):
		case (strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+")) && len(v) > 1:
			// A cluster of one-letter options; -o and -O take a value,
			// attached (-onotify) or as the next word.
			// +n and +o noexec turn the syntax check off again: the
			// last of them wins.
			on := v[0] == '-'
			for j := 1; j < len(v); j++ {
				c := v[j]
				if c == 'o' || c == 'O' {
					name := v[j+1:]
					if name == "" && i+1 < len(args) {
						i++
						name = args[i].Value
						if args[i].Dynamic {
							// Any option, noexec or not.
							noExec = false
						}
					}
					// zsh reads option names in any case, with
					// underscores anywhere, and no_exec as +o exec.
					switch strings.ToLower(strings.ReplaceAll(name, "_", "")) {
					case "noexec":
						noExec = c == 'o' && on
					case "exec":
						noExec = c == 'o' && !on
					}
					break
				}
				switch c {
				case 'c':
					dashC = dashC || on
				case 'n':
					noExec = on // syntax check only
				case 'i':
					interactive = interactive || on
				}
			}
		default:
			positional = append(positional, args[i])
		}
	}
	if noExec {
		cmd.Runs = true // a syntax check runs nothing
		return
	}
	if rcfile != nil && (interactive || !dashC && len(positional) == 0) {
		// An rc file is read by interactive shells only.
		w.startupFile(*rcfile, cmd, f, ctx)
	}
	for _, a := range cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		if name == "BASH_ENV" && cmd.Name == "bash" || name == "ENV" && cmd.Name != "bash" && cmd.Name != "zsh" {
			w.startupFile(Arg{Value: val}, cmd, f, ctx)
		}
	}
	switch {
	case dashC:
		if len(positional) > 0 {
			w.code(cmd, positional[0], cmd.Name+" -c", f, ctx, positional[1:]...)
			cmd.Runs = seen(positional[0]) && !foreignCode(cmd.Name, positional[0].Value)
		}
	case len(positional) > 0:
		if positional[0].Dynamic {
			runsInput(cmd, "the script it runs is named at run time ("+positional[0].Value+")")
			return
		}
		cmd.Runs = w.script(positional[0], cmd, f, ctx)
	case cmd.Stdin.Kind == StdinHeredoc || cmd.Stdin.Kind == StdinHereString:
		w.code(cmd, Arg{Value: cmd.Stdin.Body, Dynamic: cmd.Stdin.Dynamic}, "heredoc", f, ctx)
		cmd.Runs = !cmd.Stdin.Dynamic
	case cmd.Stdin.Kind == StdinPipe:
		cmd.RunsStdin = true
		if text, ok := stdinText(cmd); ok {
			w.code(cmd, Arg{Value: text}, "stdin", f, ctx)
			cmd.Runs = true
			return
		}
		if len(cmd.InputFrom) == 0 {
			runsInput(cmd, "it runs what another command writes into it")
			return
		}
		runsInput(cmd, "it runs a script read from a pipe ("+strings.Join(cmd.InputFrom, ", ")+")")
	case cmd.Stdin.Kind == StdinFile:
		if cmd.Stdin.Path.Dynamic {
			runsInput(cmd, "the script it runs is named at run time")
			return
		}
		cmd.Runs = w.script(cmd.Stdin.Path, cmd, f, ctx)
	}
}

// foreignCode reports code that bash's grammar reads as harmless but that
// the named shell runs: zsh's glob qualifiers with code (*(e:'cmd':),
// *(+func)), and fish's command substitutions in parentheses (ls *(cmd)),
// which bash takes for extended globs.
func foreignCode(shell, code string) bool {
	switch shell {
	case "fish":
		return strings.Contains(code, "(")
	case "zsh":
		for i := strings.IndexByte(code, '('); i >= 0; i = nextIndex(code, '(', i) {
			rest := strings.TrimPrefix(code[i+1:], "#q")
			if strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "e") && len(rest) > 1 && strings.IndexByte(":'\"{[<", rest[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// nextIndex returns the index of the next c in s after i, or -1.
func nextIndex(s string, c byte, i int) int {
	j := strings.IndexByte(s[i+1:], c)
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// startupFile handles a file a shell runs before its script (BASH_ENV,
// --rcfile): analysed when written earlier in the same string, otherwise
// code nobody has seen.
func (w *walker) startupFile(a Arg, parent *Command, f *frame, ctx *execCtx) {
	if !a.Dynamic {
		if _, ok := w.files[Join(parent.Cwd, a.Value)]; ok {
			w.script(a, parent, f, ctx)
			return
		}
	}
	runsInput(parent, "it runs the startup file "+a.Value+" first")
}

// script analyses a script file a command runs, when its text was written
// earlier in the same string, and reports whether it was.
func (w *walker) script(a Arg, parent *Command, f *frame, ctx *execCtx) bool {
	if a.Dynamic {
		return false
	}
	p := Join(parent.Cwd, a.Value)
	if fetcher, ok := w.fetched[p]; ok {
		runsInput(parent, "it runs "+a.Value+", which "+fetcher+" downloads first: nobody sees the code before it runs")
		return false
	}
	body, ok := w.files[p]
	if ok {
		c := w.code(parent, Arg{Value: body}, "script", f, ctx)
		if c != nil && (parent.Name == "source" || parent.Name == ".") && inShell(parent) {
			// A sourced script runs in this shell: its cd moves it.
			ctx.cwd = c.cwd
		}
	}
	return ok
}

func (w *walker) eval(cmd *Command, f *frame, ctx *execCtx) {
	if len(cmd.Args) < 2 {
		return
	}
	var parts []string
	dynamic := false
	for _, a := range cmd.Args[1:] {
		parts = append(parts, a.Value)
		dynamic = dynamic || a.Dynamic
	}
	code := Arg{Value: strings.Join(parts, " "), Dynamic: dynamic, setup: dynamic}
	for _, a := range cmd.Args[1:] {
		code.Input = code.Input || a.Input
		code.Subst = append(code.Subst, a.Subst...)
		if a.Dynamic {
			code.setup = code.setup && a.setup
		}
	}
	if code.Input && dynamic && strings.TrimSpace(code.Value) == "{input}" {
		runsInput(cmd, "it evaluates its input")
		return
	}
	c := w.code(cmd, code, "eval", f, ctx)
	if c == nil {
		return
	}
	cmd.Runs = true
	cmd.relays = relayable(cmd)
	if inShell(cmd) {
		// eval runs its code in this shell: a cd there moves it.
		ctx.cwd = c.cwd
	}
}

// interpreter finds the code an interpreter of lang runs (inline as the
// value of one of codeOpts, or a heredoc on stdin) and analyses it; code
// or a script chosen at run time is code nobody can see.
func (w *walker) interpreter(cmd *Command, lang string, codeOpts []string, f *frame, ctx *execCtx) {
	cmd.Lang = lang
	args := cmd.Args[1:]
	script, inline := false, false
	var argv []Arg // the arguments the inline code receives
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if inline && a.Dynamic && a.Input && a.Hint == "" && (a.WholeInput || strings.HasPrefix(v, "{input}")) {
			// perl, ruby, node and lua read options after inline code
			// too: input that may begin with - may be a -e of its own.
			runsInput(cmd, "its options come from run-time input ("+v+"), and one may be code (-e)")
			return
		}
		if inline && (a.Dynamic || !strings.HasPrefix(v, "-") || v == "-" || v == "--") {
			// After inline code the first word that is not an option
			// starts the code's arguments.
			argv = args[i:]
			if v == "--" && !a.Dynamic {
				argv = args[i+1:]
			}
			break
		}
		if a.Dynamic && a.Input {
			runsInput(cmd, "its code or options come from run-time input ("+v+")")
			return
		}
		if !a.Dynamic && !strings.HasPrefix(v, "-") && slices.Contains(codeOpts, v) {
			// A subcommand that takes code (deno eval [OPTIONS] CODE):
			// the code is its first word that is no option.
			j := i + 1
			for j < len(args) && !args[j].Dynamic && strings.HasPrefix(args[j].Value, "-") {
				if args[j].Value == "--ext" {
					j++ // takes a value
				}
				j++
			}
			if j >= len(args) {
				break
			}
			code := args[j]
			if w.unseenCode(cmd, code) {
				return
			}
			cmd.Code, inline, argv = code.Value, true, args[j+1:]
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			if v != "-" {
				script = true
				if a.Dynamic {
					w.problem(ProblemUnknownCode, cmd.Name+" runs a script named at run time: "+v)
					return
				}
			}
			break
		}
		code, next := inlineCode(codeOpts, args, i)
		if code == nil {
			continue
		}
		if w.unseenCode(cmd, *code) {
			return
		}
		cmd.Code = joinCode(cmd.Code, code.Value)
		inline, i, argv = true, next-1, args[next:]
		if lang == "python" || lang == "powershell" {
			// python -c ends the options, and PowerShell's -Command
			// takes the rest of the line: what follows is no option.
			break
		}
		// perl, ruby, lua, Rscript and osascript run every -e in turn;
		// node runs the last -e or -p: reading them all misses none.
	}
	if !inline && !script && (cmd.Stdin.Kind == StdinHeredoc || cmd.Stdin.Kind == StdinHereString) {
		if cmd.Stdin.Dynamic {
			w.problem(ProblemDynamicCode, cmd.Name+" runs a here-document with expansions")
			return
		}
		cmd.Code = cmd.Stdin.Body
	}
	if !inline && !script && cmd.Stdin.Kind == StdinPipe {
		if text, ok := stdinText(cmd); ok {
			cmd.Code = text
		} else if len(cmd.InputFrom) > 0 {
			runsInput(cmd, "it runs code read from a pipe ("+strings.Join(cmd.InputFrom, ", ")+")")
		}
	}
	w.interpret(cmd, f, ctx)
	if cmd.Code != "" && len(argv) > 0 && containsAny(cmd.Code, sinks(lang)) && containsAny(cmd.Code, argvNames(lang)) {
		// The code hands its arguments to a shell-out
		// (subprocess.run(sys.argv[1], shell=True)): they are commands.
		for _, a := range argv {
			if a.Dynamic {
				w.problem(ProblemUnknownCode, cmd.Name+" runs an argument computed at run time as a command: "+a.Value)
				continue
			}
			w.code(cmd, a, lang+" code", f, ctx)
		}
	}
}

// argvNames lists, per language, how code reads its arguments.
func argvNames(lang string) []string {
	switch lang {
	case "python":
		return []string{"sys.argv", "argv["}
	case "javascript":
		return []string{"process.argv", "Deno.args", "Bun.argv"}
	case "perl":
		return []string{"ARGV", "shift"}
	case "ruby":
		return []string{"ARGV"}
	case "php":
		return []string{"$argv", "$_SERVER"}
	case "lua":
		return []string{"arg["}
	case "r":
		return []string{"commandArgs"}
	}
	return nil
}

// inlineCode returns the code that the option at args[i] gives inline,
// or nil when it gives none, and the index of the word after the option
// and its code.
func inlineCode(codeOpts []string, args []Arg, i int) (*Arg, int) {
	a := args[i]
	v := a.Value
	for _, opt := range codeOpts {
		switch {
		case v == opt && i+1 < len(args):
			return &args[i+1], i + 2
		case strings.HasPrefix(opt, "--") && strings.HasPrefix(v, opt+"="):
			return &Arg{Value: v[len(opt)+1:], Dynamic: a.Dynamic}, i + 1
		case len(opt) == 2 && opt[0] == '-' && len(v) > 2 && v[0] == '-' && v[1] != '-' &&
			strings.HasSuffix(v, opt[1:]) && i+1 < len(args):
			// Clusters such as perl -ne or python -Bc.
			return &args[i+1], i + 2
		}
	}
	return nil, i + 1
}

func joinCode(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// listed returns, for a command fed directly by a program that prints
// names of files (find, fd), the glob of each kind of name that program's
// Launcher lists (find ~ -name id_rsa | xargs cat reads files named
// id_rsa, which a policy on file names can see), else nil.
func (w *walker) listed(cmd *Command) []string {
	if cmd.Stdin.Kind != StdinPipe || len(cmd.InputFrom) != 1 || len(cmd.Upstream) != 1 {
		return nil
	}
	p := cmd.Upstream[0]
	if p.Name == "" || cmd.InputFrom[0] != p.Name {
		return nil
	}
	w.simple = Simple{Name: p.Name, Args: p.Args, Assigns: p.Assigns, Cwd: p.Cwd}
	globs, ok := w.opts.Launcher.Lists(&w.simple)
	if !ok {
		return nil
	}
	return globs
}

// alias records the names an alias defines and analyses their bodies as
// commands, since a later word of the same string may run them.
func (w *walker) alias(cmd *Command, f *frame, ctx *execCtx) {
	for _, a := range cmd.Args[1:] {
		name, body, ok := strings.Cut(a.Value, "=")
		if !ok {
			continue
		}
		if w.aliases == nil {
			w.aliases = map[string]string{}
		}
		w.aliases[name] = body
		w.code(cmd, Arg{Value: body, Dynamic: a.Dynamic}, "alias", f, ctx)
	}
}
