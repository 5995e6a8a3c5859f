package programs_test

import (
	"slices"
	"testing"
)

func TestFzf(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"fzf", "stat . (tree, hidden)"},
		{"fzf -m < in", ""},
		{"fzf +x --height=50% --layout=reverse --border < in", ""},
		{"fzf --bind=enter:accept,esc:abort --query=execute < in", ""},
		{"fzf --bind=ctrl-y:preview-up < in", ""},
		// The commands it runs are read by the walker and judged on
		// their own (TestFzfRuns).
		{"fzf --preview 'bat --color=always {}' --preview-window=right:60% < in", "exec found"},
		{"fzf --bind 'ctrl-r:reload(rg --files)' < in", "exec found"},
		{"fzf --bind 'change:reload:rg --files' < in", "exec found"},
		{"fzf --bind='focus:transform-preview-label:echo\\ {}' < in", "exec found"},
		{"fzf --bind 'enter:execute(less {})' < in", "exec found"},
		{"fzf --bind 'enter:EXECUTE-silent(rm {})' < in", "exec found"},
		{"fzf --bind 'enter:become(vim {})+abort' < in", "exec found"},
		{"fzf --bind 'x:execute(rm' < in", "exec found"},
		// $SHELL may be fish or zsh: fish runs (cmd), zsh *(e:'cmd':).
		{"fzf --preview \"echo *(e:'touch x':)\" < in", `exec sh:""`},
		{"fzf --preview 'ls *(touch x)' < in", `exec sh:""`},
		// What transform prints are actions fzf runs: not read.
		{"fzf --bind 'focus:transform:echo {}' < in", `exec sh:"echo {}"`},
		{"fzf --preview \"$CMD\" < in", `unknown (the word $CMD is computed at run time and may be any option of fzf); exec sh:""`},
		{"fzf --with-shell 'python3 -c' < in", "unknown (the effect of --with-shell is not modelled)"},
		{"fzf --listen-unsafe=6266 < in", "unknown (the effect of --listen-unsafe is not modelled)"},
		{"fzf --history=/tmp/h < in", "write /tmp/h"},
		{"fzf --history=/dev/null < in", ""},
		{"FZF_DEFAULT_COMMAND='rm -rf x' fzf", "unknown (the variable FZF_DEFAULT_COMMAND may change what fzf does); stat . (tree, hidden)"},
		{"fzf --zsh", ""},
	})
}

// TestFzfRuns: fzf quotes the selection it pastes into a command ({},
// {+}, {q}, {1}), which then stays one word of input; {r} pastes it raw,
// as code.
func TestFzfRuns(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		"fzf --preview 'head -100 {}'":           "head -100 {input}",
		"fzf --preview 'bat --color=always {1}'": "bat --color=always {input}",
		"fzf --bind 'enter:become(vim {+})'":     "vim {input}",
		"fzf --bind 'ctrl-r:reload(rg --files)'": "rg --files",
		"fzf --preview 'echo {q}' < in":          "echo {input}",
	} {
		a := walk(src, "", "")
		got := foundCommands(a)
		if !slices.Contains(got, want+" [fzf]") || len(a.Problems) > 0 {
			t.Errorf("%q: want %q run by fzf, got %q, problems %v", src, want, got, a.Problems)
		}
		for _, c := range a.Commands {
			if c.RunsInput {
				t.Errorf("%q: %s runs input", src, c.String())
			}
		}
	}
	for _, src := range []string{"fzf --preview 'cat {r}'", "fzf --bind 'enter:execute({+r})'", "fzf --preview '{}'"} {
		runs := false
		for _, c := range walk(src, "", "").Commands {
			runs = runs || c.RunsInput
		}
		if !runs {
			t.Errorf("%q: want input run as code", src)
		}
	}
}
