package programs

import (
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

var fzfProgram = &Program{Names: []string{"fzf"}, Setup: "--bash --zsh --fish", Node: Node{Opts: `
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
`, Effects: fzfEffects}}

func fzfEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		switch {
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

// fzfRuns records a command line fzf runs.
func fzfRuns(fx *Effects, a shell.Arg, cmd, why string) {
	if a.Dynamic {
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
		if spec[j] == ':' {
			// action:command runs to the end of the specification.
			out = append(out, strings.ReplaceAll(spec[j+1:], `\ `, " "))
			break
		}
		closer, ok := fzfCloser(spec[j])
		if !ok {
			continue
		}
		end := strings.IndexByte(spec[j+1:], closer)
		if end < 0 {
			out = append(out, spec[j+1:])
			break
		}
		out = append(out, spec[j+1:j+1+end])
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
