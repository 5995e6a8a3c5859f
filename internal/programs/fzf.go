package programs

import (
	"regexp"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// fzf filters the lines of its input (or the names of the files under the
// current folder) and prints the selection. It runs commands for
// --preview, --info-command and the execute, become, reload, preview and
// transform actions of --bind; --with-shell changes what runs them,
// --listen takes actions from the network, and --history writes a file.
// Options of fzf up to its 0.6x releases are listed; +x, +s and the like
// (which turn an option off) are read as operands, which fzf has none of.

var fzfProgram = &Program{Names: []string{"fzf"}, Setup: "--bash --zsh --fish", Launch: launchFzf, Node: Node{Opts: fzfOpts, Effects: fzfEffects}}

// fzfGrammar reads fzf's options for its launcher (fzfProgram itself would
// make its own initialisation refer to itself). A value, not a pointer:
// the registry is made of the programs' pointers, and this is none.
var fzfGrammar = Program{Names: []string{"fzf"}, Node: Node{Opts: fzfOpts}}

const fzfOpts = `
-x --extended
--no-extended
-e --exact
--no-exact
-i --ignore-case
--no-ignore-case
--smart-case
--scheme=SCHEME
--algo=TYPE
--literal
-n --nth=N
--with-nth=N
--accept-nth=N
--id-nth=N
-d --delimiter=STR
--no-sort
--sort
--track
--no-track
--tac
--no-tac
--disabled
--enabled --no-phony
--phony
--tiebreak=CRI
-m --multi[=MAX]
--no-multi
--no-mouse
--bind=KEYBINDS
--cycle
--no-cycle
--keep-right
--scroll-off=LINES
--no-hscroll
--hscroll-off=COLS
--filepath-word
--jump-labels=CHARS
--wrap
--no-wrap
--wrap-sign=STR
--multi-line
--no-multi-line
--gap[=N]
--gap-line[=STR]
--freeze-left=N
--freeze-right=N
--highlight-line
--no-highlight-line
--ghost=TEXT
--raw
--gutter=CHAR
--gutter-raw=CHAR
--height=HEIGHT
--no-height
--min-height=HEIGHT
--tmux[=OPTS]
--popup[=OPTS]
--layout=LAYOUT
--reverse
--style=PRESET
--border[=STYLE]
--no-border
--border-label=LABEL
--border-label-pos=COL
--margin=MARGIN
--padding=PADDING
--info=STYLE
--info-command=COMMAND
--no-info
--inline-info
--separator=STR
--no-separator
--scrollbar[=CHAR]
--no-scrollbar
--prompt=STR
--pointer=STR
--marker=STR
--marker-multi-line=STR
--header=STR
--header-lines=N
--header-first
--header-border[=STYLE]
--header-lines-border[=STYLE]
--header-label=LABEL
--header-label-pos=COL
--footer=STR
--footer-border[=STYLE]
--footer-label=LABEL
--footer-label-pos=COL
--input-border[=STYLE]
--input-label=LABEL
--input-label-pos=COL
--list-border[=STYLE]
--list-label=LABEL
--list-label-pos=COL
--no-input
--ellipsis=STR
--ansi
--no-ansi
--tabstop=SPACES
--color=COLSPEC
--no-color
--no-bold
--black
--no-unicode
--unicode
--ambidouble
--history=FILE                 write  # reads and rewrites the history
--history-size=N
--preview=COMMAND
--no-preview
--preview-window=OPT
--preview-border[=STYLE]
--preview-label=LABEL
--preview-label-pos=N
--preview-wrap-sign=STR
-q --query=STR
-1 --select-1
--no-select-1
-0 --exit-0
--no-exit-0
-f --filter=STR
--print-query
--expect=KEYS
--no-expect
--read0
--no-read0
--print0
--no-print0
--sync
--no-sync
--tail=N
--no-clear
--walker=OPTS
--walker-root=DIR
--walker-skip=DIRS
--walker-path-sep=CHAR
--listen[=ADDR]                unknown # takes actions from HTTP requests
--listen-unsafe[=ADDR]         unknown
--with-shell=STR               unknown # changes the program that runs the commands
--no-tty-default
--tty-default=TTY
--bash                         help
--zsh                          help
--fish                         help
--man                          help
-h --help                      help
--version                      help
`

func fzfEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		switch {
		case c.Cmd.Runs && fzfCommands(c) != nil:
			// The walker read each command and judges it on its own.
		case o.Spec.Is("--preview") || o.Spec.Is("--info-command"):
			fzfRuns(fx, o.Value, o.Value.Value, o.Typed)
		case o.Spec.Is("--bind"):
			if o.Value.Dynamic {
				fx.Unknown("--bind computed at run time")
				continue
			}
			for _, cmd := range fzfBindCommands(o.Value.Value) {
				fzfRuns(fx, o.Value, cmd, o.Typed)
			}
		}
	}
	if c.Cmd.Runs && fzfCommands(c) != nil {
		fx.Found("fzf runs the commands of --preview and --bind, which the analysis read")
	}
	if c.Cmd.Stdin.Kind == shell.StdinInherited {
		// Without input it lists the files under its walker roots.
		roots := c.ValueArgs("--walker-root")
		if len(roots) == 0 {
			roots = []shell.Arg{{Value: "."}}
		}
		for _, r := range roots {
			fx.Add(Effect{Op: Stat, Path: r, Tree: true, Hidden: true})
		}
	}
}

// launchFzf says what fzf runs beside its own work: the command lines of
// --preview, --info-command and the --bind actions that run one, which
// $SHELL -c runs with the selection, the query or a file of them in the
// place of each placeholder ({}, {+}, {q}, {1..3}, {+f}), quoted, so that
// they stay one word; the r flag ({r}, {+r}) pastes them raw, as code.
// With --with-shell another program runs them, and a command computed at
// run time is not seen: the model's effects say so.
func launchFzf(c *shell.Simple) (shell.Launched, bool) {
	call := &Call{Cmd: &shell.Command{Name: c.Name, Args: c.Args}, Name: c.Name, DashDash: -1, Prog: &fzfGrammar}
	call.read(normalizeDashes(c.Args[1:]))
	cmds := fzfCommands(call)
	if len(cmds) == 0 {
		return shell.Launched{}, false
	}
	l := shell.Launched{Keep: true, Runs: true}
	for _, cmd := range cmds {
		code := fzfPlaceholders.get().ReplaceAllStringFunc(cmd, func(string) string { return "{input}" })
		input := code != cmd
		raw := false
		for _, ph := range fzfPlaceholders.get().FindAllString(cmd, -1) {
			raw = raw || strings.Contains(strings.TrimLeft(ph, "{+*sf"), "r") && !strings.HasPrefix(ph, "{fzf:")
		}
		l.Nested = append(l.Nested, shell.Nested{Origin: "fzf", QuotesInput: !raw,
			Code: &shell.Arg{Value: code, Dynamic: input, Input: input}})
	}
	return l, true
}

// fzfCommands returns the command lines fzf runs, or nil when one of them
// is not known as written (computed at run time, or run by --with-shell),
// or holds a parenthesis: $SHELL runs them, and fish reads (cmd) as a
// command, zsh *(e:'cmd':) as code, where bash sees a glob.
func fzfCommands(c *Call) []string {
	out := fzfCommandLines(c)
	for _, cmd := range out {
		if strings.Contains(cmd, "(") {
			return nil
		}
	}
	return out
}

// fzfCommandLines returns the command lines of fzfCommands, unchecked.
func fzfCommandLines(c *Call) []string {
	if c.Has("--with-shell") {
		return nil
	}
	var out []string
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil || !o.Spec.Is("--preview") && !o.Spec.Is("--info-command") && !o.Spec.Is("--bind") {
			continue
		}
		if o.Value.Dynamic {
			return nil
		}
		if o.Spec.Is("--bind") {
			for _, a := range fzfBindActions(o.Value.Value) {
				if a.name == "transform" || a.name == "bg-transform" {
					// What the command prints are actions fzf runs in
					// turn (execute among them): code nobody sees.
					return nil
				}
				out = append(out, a.cmd)
			}
		} else {
			out = append(out, o.Value.Value)
		}
	}
	return out
}

// fzfPlaceholder matches fzf's placeholders as its terminal.go does: the
// selection with its flags and fields ({}, {+}, {+sf}, {r}, {2..}, {-1}),
// the query ({q}, {q:1}), {n}, and fzf's own ({fzf:query}).
var fzfPlaceholders = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`\{[+*sfr]*[0-9,.-]*\}|\{q(?::s?[0-9]*(?:\.\.)?[0-9]*)?\}|\{fzf:[a-z]+\}|\{\+?f?nf?\}`)
}}

// fzfRuns records a command line fzf runs.
func fzfRuns(fx *Effects, a shell.Arg, cmd, why string) {
	if a.Dynamic || strings.Contains(cmd, "(") {
		// $SHELL may be fish or zsh, which read code in parentheses
		// that bash takes for a glob (see fzfCommands).
		cmd = ""
	}
	fx.Exec("sh", cmd, why)
}

// fzfBindCommands returns the command lines of the actions of a --bind
// specification that run one (execute, become, reload, preview,
// transform, ...); an action whose argument does not end is returned as
// the rest of the specification.
func fzfBindCommands(spec string) []string {
	var out []string
	for _, a := range fzfBindActions(spec) {
		out = append(out, a.cmd)
	}
	return out
}

// fzfAction is an action of --bind that runs a command line.
type fzfAction struct{ name, cmd string }

// fzfBindActions returns the actions of a --bind specification that run
// a command line, with their names in lower case.
func fzfBindActions(spec string) []fzfAction {
	var out []fzfAction
	// Action names are matched without regard to case (ASCII only, so
	// that positions match the original).
	lower := strings.ToLower(spec)
	for i := 0; i < len(spec); i++ {
		if i > 0 && strings.IndexByte(":,+", spec[i-1]) < 0 {
			continue
		}
		j := i
		for j < len(lower) && (lower[j] >= 'a' && lower[j] <= 'z' || lower[j] == '-') {
			j++
		}
		if !fzfRunsAction(lower[i:j]) || j >= len(spec) {
			continue
		}
		name := lower[i:j]
		if spec[j] == ':' {
			// action:command runs to the end of the specification.
			out = append(out, fzfAction{name, strings.ReplaceAll(spec[j+1:], `\ `, " ")})
			break
		}
		closer, ok := fzfCloser(spec[j])
		if !ok {
			continue
		}
		end := strings.IndexByte(spec[j+1:], closer)
		if end < 0 {
			out = append(out, fzfAction{name, spec[j+1:]})
			break
		}
		out = append(out, fzfAction{name, spec[j+1 : j+1+end]})
		i = j + 1 + end
	}
	return out
}

// fzfRunsAction reports a --bind action whose argument is a command line.
func fzfRunsAction(action string) bool {
	switch action {
	case "become", "reload", "reload-sync", "preview", "change-preview", "transform", "bg-transform":
		return true
	}
	return strings.HasPrefix(action, "execute") || strings.HasPrefix(action, "transform-") ||
		strings.HasPrefix(action, "bg-transform-")
}

// fzfCloser returns the closing delimiter of an fzf action argument.
func fzfCloser(open byte) (byte, bool) {
	switch open {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	case '~', '!', '@', '#', '$', '%', '^', '&', '*', ';', '/', '|':
		return open, true
	}
	return 0, false
}
