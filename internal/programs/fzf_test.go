package programs_test

import "testing"

func TestFzf(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"fzf", "stat . (tree, hidden)"},
		{"fzf -m < in", ""},
		{"fzf +x --height=50% --layout=reverse --border < in", ""},
		{"fzf --bind=enter:accept,esc:abort --query=execute < in", ""},
		{"fzf --bind=ctrl-y:preview-up < in", ""},
		{"fzf --preview 'bat --color=always {}' --preview-window=right:60% < in", `exec sh:"bat --color=always {}"`},
		{"fzf --bind 'ctrl-r:reload(rg --files)' < in", `exec sh:"rg --files"`},
		{"fzf --bind 'change:reload:rg --files' < in", `exec sh:"rg --files"`},
		{"fzf --bind='focus:transform-preview-label:echo\\ {}' < in", `exec sh:"echo {}"`},
		{"fzf --bind 'enter:execute(less {})' < in", `exec sh:"less {}"`},
		{"fzf --bind 'enter:EXECUTE-silent(rm {})' < in", `exec sh:"rm {}"`},
		{"fzf --bind 'enter:become(vim {})+abort' < in", `exec sh:"vim {}"`},
		{"fzf --bind 'x:execute(rm' < in", `exec sh:"rm"`},
		{"fzf --with-shell 'python3 -c' < in", "unknown (the effect of --with-shell is not modelled)"},
		{"fzf --listen-unsafe=6266 < in", "unknown (the effect of --listen-unsafe is not modelled)"},
		{"fzf --history=/tmp/h < in", "write /tmp/h"},
		{"fzf --history=/dev/null < in", ""},
		{"FZF_DEFAULT_COMMAND='rm -rf x' fzf", "unknown (the variable FZF_DEFAULT_COMMAND may change what fzf does); stat . (tree, hidden)"},
		{"fzf --zsh", ""},
	})
}
