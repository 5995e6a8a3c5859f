package programs_test

import "testing"

func TestYamllint(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"yamllint .", "read . (tree, hidden)"},
		{"yamllint -s -f parsable config.yml", "read config.yml (tree, hidden)"},
		{"yamllint -c rules.yml chart", "read rules.yml; read chart (tree, hidden)"},
		{"yamllint -d relaxed -", ""},
	})
}
