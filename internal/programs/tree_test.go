package programs_test

import "testing"

func TestTree(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tree", "stat . (tree)"},
		{"tree -L 2", "stat . (tree)"},
		{"tree -L2 -I node_modules src", "stat src (tree)"},
		{"tree -a ~/.ssh", "stat /h/.ssh (tree, hidden)"},
		{"tree -J -d --du -h", "stat . (tree)"},
		{"tree --gitignore --dirsfirst", "stat . (tree)"},
		{"tree -o out.txt", "write out.txt; stat . (tree)"},
		{"tree -o /dev/null", "stat . (tree)"},
		{"tree -aLo 2 out src", "write out; stat src (tree, hidden)"},
		// -R runs tree again in every folder with -o 00Tree.html.
		{"tree -R -H . -L 1", "change (-R writes files); stat . (tree)"},
		{"tree --fromfile list", "read list"},
		{"tree --infofile i --hintro h", "read i; read h; stat . (tree)"},
		{"tree --help", ""},
		// Each letter that takes a value takes the next word not taken.
		{"tree -PI '*.go' vendor src", "stat src (tree)"},
		{"tree -Lo 1 ~/.bashrc", "write /h/.bashrc; stat . (tree)"},
		{"tree -L2d src", "stat src (tree)"},
		{"tree --sort name --charset=ascii src", "stat src (tree)"},
		{"tree --gitfile ig src", "read ig; stat src (tree)"},
		{"tree src -o out", "write out; stat src (tree)"},
		{"tree -- -o", "stat -o (tree)"},
		{"tree -Z", "unknown (the option -Z is not in the model of tree); stat . (tree)"},
		{"tree $opt", "unknown (the option $opt is not in the model of tree); stat . (tree)"},
	})
}
