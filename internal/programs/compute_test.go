package programs_test

import "testing"

func TestCompute(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"echo hi", ""},
		{"echo -n rm -rf /", ""},
		{"echo --help", ""},
		{"true", ""},
		{"false --version", ""},
		{"expr 1 + 2", ""},
		{"expr length \"$x\"", ""},
		{"seq 10", ""},
		{"seq -w 1 10", ""},
		{"seq -f '%03g' -s, 1 5", ""},
		{"seq -5 5", ""},
		{"factor 12", ""},
		{"numfmt --to=iec 1024", ""},
		{"sleep 1", ""},
		{"sleep 0.5", ""},
		{"printf '%s\\n' a b", ""},
		{"printf -- '-x\\n'", ""},
		{"printf '%s' -v x", ""},
		// printf -v sets a shell variable: harmless for a plain name.
		{"printf -v x '%s' y", ""},
		{"printf -v PATH '%s' /tmp/x", "change (printf -v sets the shell variable PATH, which may change what later commands run)"},
		{"printf -vIFS x", "change (printf -v sets the shell variable IFS, which may change what later commands run)"},
		// Bash evaluates a subscript: a[$(id)] runs id.
		{"printf -v 'a[$(id)]' x", "change (printf -v sets the shell variable a[$(id)], which may change what later commands run)"},
		{"printf \"$fmt\" x", "unknown (the word $fmt is computed at run time and may be any option); unknown (the word $fmt is computed at run time where printf reads options)"},
		{"printf \"%s $x\" y", ""},
	})
}
