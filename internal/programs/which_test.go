package programs_test

import "testing"

func TestWhich(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"which git", ""},
		{"which -a python3 node", ""},
		{"whereis ls", ""},
		{"whereis -b -B /usr/bin -f ls", ""},
		{"type -a ls", ""},
		{"type -P git", ""},
	})
}

// TestWhichFold: which NAME prints the file the name runs, found along
// PATH; not for a function or an alias of the string, a path, or more
// than one name.
func TestWhichFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`$(which rm) -rf /`, []string{"/usr/bin/rm", "-rf", "/"}},
		{`cat "$(which rg)"`, []string{"cat", "/usr/bin/rg"}},
		{`alias rg=ls; cat "$(which rg)"`, []string{"cat", "$(which rg)"}},
		{`cat "$(which ./rg)"`, []string{"cat", "$(which ./rg)"}},
		{`cat "$(which -a rg)"`, []string{"cat", "$(which -a rg)"}},
		{`cat "$(which rg ls)"`, []string{"cat", "$(which rg ls)"}},
	})
}
