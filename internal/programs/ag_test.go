package programs_test

import "testing"

func TestAg(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"ag foo", "read . (tree)"},
		{"ag foo src lib", "read src (tree); read lib (tree)"},
		{"ag --hidden foo", "read . (tree, hidden)"},
		{"ag -u foo", "read . (tree, hidden)"},
		{"ag -A 3 foo src", "read src (tree)"},
		// -A takes a number only when the next word is one.
		{"ag -A foo src", "read src (tree)"},
		{"ag --after foo src", "read src (tree)"},
		{"ag -g '\\.go$'", "stat . (tree)"},
		{"ag -l foo", "read . (tree)"},
		{"ag --go foo", "read . (tree)"},
		{"ag -p ig foo", "read ig; read . (tree)"},
		{"ag -z foo", "read . (tree)"},
		{"ag --pager less foo", "exec sh:\"less\"; read . (tree)"},
		{"ag --pager=less foo", "exec sh:\"less\"; read . (tree)"},
		{"ag --list-file-types", ""},
		{"ag \"$x\" src", "unknown (the word $x is computed at run time and may be any option); unknown (the word $x is computed at run time where ag reads options); read src (tree)"},
		{"ag --frob foo", "unknown (the option --frob is not in the model of ag); read . (tree)"},
	})
}
