package shell

import (
	"strings"
)

// IsShell reports whether name is a shell: a program that runs shell code
// given with -c, a script file or standard input.
func IsShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "rbash", "tcsh", "csh":
		return true
	}
	return false
}

// interpreter returns an interpreter's language and the options whose
// value is inline code, or "" when name is not an interpreter.
func interpreter(name string) (string, []string) {
	switch name {
	case "python", "python2", "python3", "pypy", "pypy3":
		return "python", []string{"-c"}
	case "node", "nodejs", "bun":
		return "javascript", []string{"-e", "--eval", "-p", "--print"}
	case "deno":
		return "javascript", []string{"eval"}
	case "perl":
		return "perl", []string{"-e", "-E"}
	case "ruby":
		return "ruby", []string{"-e"}
	case "php":
		return "php", []string{"-r"}
	case "lua", "luajit":
		return "lua", []string{"-e"}
	case "Rscript":
		return "r", []string{"-e"}
	case "osascript":
		return "applescript", []string{"-e"}
	case "pwsh", "powershell":
		return "powershell", []string{"-c", "-command", "-Command"}
	}
	if strings.HasPrefix(name, "python") {
		return "python", []string{"-c"}
	}
	return "", nil
}

// InterpreterLang returns the language of an interpreter, or "".
func InterpreterLang(name string) string {
	lang, _ := interpreter(name)
	return lang
}

// special handles programs that run other commands: it analyses what they
// run. The command itself has already been emitted.
func (w *walker) special(cmd *Command, f *frame, ctx *execCtx) {
	switch name := cmd.Name; {
	case IsShell(name):
		w.shell(cmd, f, ctx)
	case name == "eval":
		w.eval(cmd, f, ctx)
	case name == "source" || name == ".":
		if len(cmd.Args) > 1 {
			w.script(cmd.Args[1], cmd, f, ctx)
		}
	case name == "xargs":
		w.xargs(cmd, f, ctx)
	case name == "find":
		w.findExec(cmd, f, ctx)
	case name == "parallel":
		w.parallel(cmd, f, ctx)
	case name == "watch":
		w.watch(cmd, f, ctx)
	case name == "su":
		w.su(cmd, f, ctx)
	case name == "alias":
		w.alias(cmd, f, ctx)
	case InterpreterLang(name) != "":
		w.interpreter(cmd)
	}
}

// subcommand runs a command found inside another command's arguments.
func (w *walker) subcommand(parent *Command, args []Arg, origin string, f *frame, ctx *execCtx) {
	if len(args) == 0 {
		return
	}
	cmd := &Command{
		Args:       args,
		Assigns:    append([]string(nil), parent.Assigns...),
		Wrappers:   append([]string(nil), parent.Wrappers...),
		Privileged: parent.Privileged,
		Cwd:        parent.Cwd,
		InputFrom:  parent.InputFrom,
		Origin:     origin,
		Text:       parent.Text,
	}
	sub := *f
	sub.origin = origin
	c := ctx.sub()
	c.redirs = nil
	w.run(cmd, &sub, c)
}

// code parses a string that a command hands to a shell.
func (w *walker) code(parent *Command, a Arg, origin string, f *frame, ctx *execCtx) {
	if a.Dynamic {
		w.problem(ProblemDynamicCode, origin+" runs text computed at run time: "+a.Value)
		return
	}
	c := ctx.sub()
	c.redirs = nil
	c.stdin = nil
	c.in = nil
	if parent.Cwd != "" {
		c.cwd = parent.Cwd
	}
	wrappers, priv := parent.Wrappers, parent.Privileged
	start := len(w.out.Commands)
	w.parse(a.Value, f, c, func(nf *frame) { nf.origin = origin })
	for _, cmd := range w.out.Commands[start:] {
		if priv {
			cmd.Privileged = true
		}
		if len(wrappers) > 0 {
			cmd.Wrappers = append(append([]string(nil), wrappers...), cmd.Wrappers...)
		}
	}
}

// shell analyses sh -c STRING, a script file, or a script on stdin.
func (w *walker) shell(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	dashC := false
	var positional []Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if len(positional) > 0 || args[i].Dynamic {
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
				w.script(args[i], cmd, f, ctx)
			}
		case strings.HasPrefix(v, "--"):
		case (strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+")) && len(v) > 1:
			if strings.ContainsRune(v[1:], 'c') && v[0] == '-' {
				dashC = true
			}
			if strings.ContainsAny(v[1:], "oO") && i+1 < len(args) {
				i++ // -o option
			}
		default:
			positional = append(positional, args[i])
		}
	}
	for _, a := range cmd.Assigns {
		if name, val, _ := strings.Cut(a, "="); name == "BASH_ENV" || name == "ENV" {
			w.script(Arg{Value: val}, cmd, f, ctx)
		}
	}
	switch {
	case dashC:
		if len(positional) > 0 {
			w.code(cmd, positional[0], cmd.Name+" -c", f, ctx)
		}
	case len(positional) > 0:
		w.script(positional[0], cmd, f, ctx)
	case cmd.Stdin.Kind == StdinHeredoc || cmd.Stdin.Kind == StdinHereString:
		w.code(cmd, Arg{Value: cmd.Stdin.Body, Dynamic: cmd.Stdin.Dynamic}, "heredoc", f, ctx)
	}
}

// script analyses a script file a command runs, when its text was written
// earlier in the same string.
func (w *walker) script(a Arg, parent *Command, f *frame, ctx *execCtx) {
	if a.Dynamic {
		return
	}
	p := Join(parent.Cwd, a.Value)
	if body, ok := w.files[p]; ok {
		w.code(parent, Arg{Value: body}, "script", f, ctx)
	}
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
	w.code(cmd, Arg{Value: strings.Join(parts, " "), Dynamic: dynamic}, "eval", f, ctx)
}

func (w *walker) interpreter(cmd *Command) {
	lang, codeOpts := interpreter(cmd.Name)
	cmd.Lang = lang
	args := cmd.Args[1:]
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		{
			for _, opt := range codeOpts {
				switch {
				case v == opt && i+1 < len(args):
					cmd.Code = joinCode(cmd.Code, args[i+1].Value)
				case strings.HasPrefix(opt, "--") && strings.HasPrefix(v, opt+"="):
					cmd.Code = joinCode(cmd.Code, v[len(opt)+1:])
				case len(opt) == 2 && opt[0] == '-' && len(v) > 2 && v[0] == '-' && v[1] != '-' &&
					strings.HasSuffix(v, opt[1:]) && i+1 < len(args):
					// Clusters such as perl -ne or python -Bc.
					cmd.Code = joinCode(cmd.Code, args[i+1].Value)
				}
			}
		}
	}
	if cmd.Code == "" && (cmd.Stdin.Kind == StdinHeredoc || cmd.Stdin.Kind == StdinHereString) {
		cmd.Code = cmd.Stdin.Body
	}
}

func joinCode(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// xargs runs its arguments as a command with words from stdin appended.
func (w *walker) xargs(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	replace := ""
	i := 0
	for i < len(args) {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		if strings.HasPrefix(v, "--") {
			name, val, has := strings.Cut(v[2:], "=")
			if name == "replace" {
				replace = "{}"
				if has {
					replace = val
				}
			}
			i++
			continue
		}
		c := v[1]
		switch c {
		case 'a', 'd', 'E', 'I', 'L', 'n', 'P', 's':
			val := v[2:]
			if val == "" && i+1 < len(args) {
				i++
				val = args[i].Value
			}
			if c == 'I' {
				replace = val
			}
		case 'i':
			replace = "{}"
			if len(v) > 2 {
				replace = v[2:]
			}
		}
		i++
	}
	sub := append([]Arg(nil), args[i:]...)
	if len(sub) == 0 {
		sub = []Arg{{Value: "echo"}}
	}
	input := w.xargsInput(cmd)
	if replace != "" {
		for j := range sub {
			if strings.Contains(sub[j].Value, replace) {
				sub[j].Value = strings.ReplaceAll(sub[j].Value, replace, input.Value)
				sub[j].Dynamic = sub[j].Dynamic || input.Dynamic
			}
		}
	} else {
		sub = append(sub, w.xargsWords(cmd)...)
	}
	w.subcommand(cmd, sub, "xargs", f, ctx)
}

// xargsWords returns the words xargs appends: the literal words of an
// upstream echo or printf, else one dynamic word.
func (w *walker) xargsWords(cmd *Command) []Arg {
	if words, ok := w.upstreamWords(cmd); ok {
		return words
	}
	return []Arg{{Value: "{stdin}", Dynamic: true}}
}

func (w *walker) xargsInput(cmd *Command) Arg {
	if words, ok := w.upstreamWords(cmd); ok && len(words) == 1 {
		return words[0]
	}
	return Arg{Value: "{stdin}", Dynamic: true}
}

// upstreamWords returns the words printed by a literal echo or printf
// that directly feeds cmd.
func (w *walker) upstreamWords(cmd *Command) ([]Arg, bool) {
	if cmd.Stdin.Kind == StdinHereString || cmd.Stdin.Kind == StdinHeredoc {
		if cmd.Stdin.Dynamic {
			return nil, false
		}
		return splitWords(cmd.Stdin.Body), true
	}
	if cmd.Stdin.Kind != StdinPipe || len(cmd.InputFrom) != 1 {
		return nil, false
	}
	// Find the producer: the last emitted command of that name before cmd.
	for i := len(w.out.Commands) - 1; i >= 0; i-- {
		p := w.out.Commands[i]
		if p == cmd || p.Name != cmd.InputFrom[0] {
			continue
		}
		if p.Name != "echo" && p.Name != "printf" {
			return nil, false
		}
		var words []Arg
		for j, a := range p.Args[1:] {
			if a.Dynamic {
				return nil, false
			}
			if p.Name == "echo" && j == 0 && strings.HasPrefix(a.Value, "-") {
				continue
			}
			v := a.Value
			if p.Name == "printf" {
				v = strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(v)
			}
			words = append(words, splitWords(v)...)
		}
		return words, true
	}
	return nil, false
}

func splitWords(s string) []Arg {
	var out []Arg
	for _, f := range strings.Fields(s) {
		out = append(out, Arg{Value: f})
	}
	return out
}

// findExec analyses the commands of find -exec, -execdir, -ok and -okdir.
func (w *walker) findExec(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	var starts []Arg
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," || v == ")" {
			break
		}
		starts = append(starts, args[i])
	}
	if len(starts) == 0 {
		starts = []Arg{{Value: "."}}
	}
	for ; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		sub := append([]Arg(nil), args[i+1:j]...)
		// {} stands for each file found under the start paths.
		for _, start := range starts {
			inst := make([]Arg, len(sub))
			for k, a := range sub {
				inst[k] = a
				if strings.Contains(a.Value, "{}") {
					inst[k].Value = strings.ReplaceAll(a.Value, "{}", start.Value)
					inst[k].Dynamic = a.Dynamic || start.Dynamic
					inst[k].Glob = a.Glob || start.Glob
				}
			}
			w.subcommand(cmd, inst, "find "+args[i].Value, f, ctx)
		}
		i = j
	}
}

// parallel analyses GNU parallel: a command with arguments from ::: lists,
// or each argument as a command when no command is given.
func (w *walker) parallel(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	valued := map[string]bool{"-j": true, "--jobs": true, "-S": true, "--sshlogin": true, "-a": true,
		"--arg-file": true, "-d": true, "--delimiter": true, "--colsep": true, "-I": true,
		"--workdir": true, "--wd": true, "--joblog": true, "--results": true, "--tmpdir": true,
		"-n": true, "--max-args": true, "-P": true, "--timeout": true, "--delay": true, "-E": true}
	c := &Command{Cwd: cmd.Cwd}
	*c = *cmd
	i := 0
	for i < len(args) {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") || strings.HasPrefix(v, ":::") {
			break
		}
		name, val, has := strings.Cut(v, "=")
		if valued[name] && !has && i+1 < len(args) {
			i++
			val = args[i].Value
		}
		if name == "--workdir" || name == "--wd" {
			c.Cwd = Join(firstNonEmpty(cmd.Cwd, ctx.cwd), val)
		}
		i++
	}
	var command, inputs []Arg
	inInputs := false
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == ":::" || v == "::::" || v == ":::+" || v == "::::+" {
			inInputs = true
			continue
		}
		if inInputs {
			inputs = append(inputs, args[i])
		} else {
			command = append(command, args[i])
		}
	}
	if len(command) == 0 {
		for _, in := range inputs {
			w.code(c, in, "parallel", f, ctx)
		}
		if len(inputs) == 0 {
			w.problem(ProblemDynamicCode, "parallel runs commands read from its input")
		}
		return
	}
	if len(inputs) == 0 {
		inputs = []Arg{{Value: "{stdin}", Dynamic: true}}
	}
	for _, in := range inputs {
		inst := make([]Arg, 0, len(command)+1)
		replaced := false
		for _, a := range command {
			if strings.Contains(a.Value, "{}") {
				a.Value = strings.ReplaceAll(a.Value, "{}", in.Value)
				a.Dynamic = a.Dynamic || in.Dynamic
				replaced = true
			}
			inst = append(inst, a)
		}
		if !replaced {
			inst = append(inst, in)
		}
		w.subcommand(c, inst, "parallel", f, ctx)
	}
}

// watch runs its arguments through sh -c (or directly with -x).
func (w *walker) watch(cmd *Command, f *frame, ctx *execCtx) {
	args := cmd.Args[1:]
	exec := false
	i := 0
	for i < len(args) {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") {
			break
		}
		if v == "-x" || v == "--exec" {
			exec = true
		}
		if v == "-n" || v == "--interval" || v == "-q" || v == "--equexit" {
			i++
		}
		i++
	}
	rest := args[i:]
	if exec {
		w.subcommand(cmd, rest, "watch", f, ctx)
		return
	}
	var parts []string
	dynamic := false
	for _, a := range rest {
		parts = append(parts, a.Value)
		dynamic = dynamic || a.Dynamic
	}
	w.code(cmd, Arg{Value: strings.Join(parts, " "), Dynamic: dynamic}, "watch", f, ctx)
}

// su runs -c STRING as another user, or an interactive shell.
func (w *walker) su(cmd *Command, f *frame, ctx *execCtx) {
	cmd.Privileged = true
	args := cmd.Args[1:]
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-c" || v == "--command") && i+1 < len(args):
			w.code(cmd, args[i+1], "su -c", f, ctx)
			return
		case strings.HasPrefix(v, "--command="):
			w.code(cmd, Arg{Value: v[len("--command="):], Dynamic: args[i].Dynamic}, "su -c", f, ctx)
			return
		}
	}
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
			w.aliases = map[string]bool{}
		}
		w.aliases[name] = true
		w.code(cmd, Arg{Value: body, Dynamic: a.Dynamic}, "alias", f, ctx)
	}
}
