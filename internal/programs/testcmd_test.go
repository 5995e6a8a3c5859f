package programs_test

import "testing"

func TestTest(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"test -f x", "stat x"},
		{"test -e ~/.ssh/id_rsa", "stat /h/.ssh/id_rsa"},
		{"[ -d src ]", "stat src"},
		{"[ -f a -a -r b ]", "stat a; stat -r; stat b"},
		{"[ a -nt b ]", "stat a; stat b"},
		{"[ -n \"$x\" ]", ""},
		{"[ \"$a\" = \"$b\" ]", ""},
		{"[ -f \"$f\" ]", ""},
		{"test \"$x\" -gt 3", ""},
		{"[ x = -f ]", ""},
		{"test -t 1", ""},
		// -v evaluates a subscript: a[$(id)] runs id.
		{"test -v x", ""},
		{"test -v 'a[$(id)]'", "exec sh:\"\""},
		{"[ -R 'b[`id`]' ]", "exec sh:\"\""},
		// A word computed at run time may be -v.
		{"[ $x = y ]", ""},
		{"[ \"$a\" \"$b\" ]", "unknown (the word $a is computed at run time where [ may read -v NAME)"},
		{"[[ -f x ]]", ""},
	})
}
