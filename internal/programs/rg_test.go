package programs_test

import "testing"

func TestRg(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"rg foo", "read . (tree)"},
		{"rg foo src", "read src (tree)"},
		{"rg -n --hidden foo", "read . (tree, hidden)"},
		{"rg -. foo src", "read src (tree, hidden)"},
		{"rg -u foo", "read . (tree)"},
		{"rg -uu foo", "read . (tree, hidden)"},
		{"rg --hidden --no-hidden foo", "read . (tree)"},
		// ripgrep skips dot files, but not the files of a folder named.
		{"rg x ~/.aws", "read /h/.aws (tree)"},
		{"rg -e a -e b src", "read src (tree)"},
		{"rg -f pats src", "read pats; read src (tree)"},
		{"rg -g '*.go' -t go -i foo", "read . (tree, hidden, *.go)"},
		// A glob names the files searched, hidden ones too; a later
		// glob decides over an earlier one.
		{"rg -g '!.env' foo", "read . (tree, not .env)"},
		{"rg -g '*' -g '!*.md' foo src", "read src (tree, hidden, *, not *.md)"},
		{"rg --iglob '*.GO' foo", "read . (tree, hidden, *.GO)"},
		{"rg -g \"$G\" foo", "read . (tree, hidden)"},
		{"rg -r new old f", "read f (tree)"},
		{"rg --files", "stat . (tree)"},
		{"rg --files -g '*.go' src", "stat src (tree, hidden)"},
		{"rg --type-list", ""},
		{"rg --pre cat x", "exec sh:\"cat\"; read . (tree)"},
		{"rg --pre=./unpack x f", "exec sh:\"./unpack\"; read f (tree)"},
		{"rg --pre-glob '*.gz' --pre cat x", "exec sh:\"cat\"; read . (tree)"},
		{"rg --hostname-bin=whoami x", "exec sh:\"whoami\"; read . (tree)"},
		{"rg -z x", "exec sh:\"\"; read . (tree)"},
		{"rg -zn x", "exec sh:\"\"; read . (tree)"},
		{"rg --search-zip x", "exec sh:\"\"; read . (tree)"},
		{"rg --ignore-file ig x", "read ig; read . (tree)"},
		// ripgrep takes no abbreviation; an unknown word is unknown.
		{"rg --pr cat x", "unknown (the option --pr is not in the model of rg); read x (tree)"},
		{"RIPGREP_CONFIG_PATH=rc rg foo", "unknown (RIPGREP_CONFIG_PATH is set for rg: it gives the program options or a command of the caller's choosing); read . (tree)"},
		{"RIPGREP_CONFIG_PATH=rc rg --no-config foo", "read . (tree)"},
		// rg "$x" with x=--pre=sh would run sh on every file.
		{"rg \"$x\" .", "unknown (the word $x is computed at run time and may be any option); unknown (the word $x is computed at run time where rg reads options); read . (tree)"},
		{"rg -- \"$x\" .", "read . (tree)"},
		{"rg -h", ""},
		{"rg --version", ""},
	})
}
