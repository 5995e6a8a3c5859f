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
