package programs_test

import "testing"

func TestLocate(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		// locate prints names from the whole file system, as find /.
		{"locate foo", "stat / (tree, hidden)"},
		{"locate -i -l 10 id_rsa", "stat / (tree, hidden)"},
		{"locate -d db foo", "read db; stat / (tree, hidden)"},
		{"plocate -b foo", "stat / (tree, hidden)"},
		{"look foo", ""},
		{"look -f foo words", "read words"},
		{"look -t x foo /usr/share/dict/words", "read /usr/share/dict/words"},
	})
}
