package programs_test

import "testing"

func TestFd(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"fd", "stat . (tree)"},
		{"fd -e go", "stat . (tree)"},
		{"fd foo src lib", "stat src (tree); stat lib (tree)"},
		{"fd -H x ~", "stat /h (tree, hidden)"},
		{"fd -u x", "stat . (tree, hidden)"},
		{"fdfind -t f -e md", "stat . (tree)"},
		{"fd -l '\\.go$'", "stat . (tree)"},
		{"fd --search-path a --search-path b x", "stat a (tree); stat b (tree)"},
		{"fd --base-directory /tmp x", "stat /tmp (tree)"},
		{"fd --ignore-file ig x", "read ig; stat . (tree)"},
		// The command of -x is found by the analysis and judged alone.
		{"fd -e txt -x wc -l", "exec found; stat . (tree)"},
		{"fd -x rm {} \\; -e tmp", "exec found; stat . (tree)"},
		{"fd foo -X wc -l", "exec found; stat . (tree)"},
		{"fd -- -x", "stat . (tree)"},
		{"fd \"$pat\" src", "unknown (the word $pat is computed at run time and may be any option); unknown (the word $pat is computed at run time where fd reads options); stat src (tree)"},
		{"fd -h", ""},
	})
}
