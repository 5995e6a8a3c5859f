package programs_test

import "testing"

func TestLineCounters(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tokei", "read . (tree)"},
		{"tokei src -e vendor -s code", "read src (tree)"},
		{"tokei --hidden", "read . (tree, hidden)"},
		{"tokei -o json", "read . (tree)"},
		{"scc", "read . (tree, hidden)"},
		{"scc --by-file -s code src", "read src (tree, hidden)"},
		{"scc -o report.txt", "write report.txt; read . (tree, hidden)"},
		{"scc --format-multi 'html:out.html'", "unknown (the effect of --format-multi is not modelled); read . (tree, hidden)"},
	})
}
