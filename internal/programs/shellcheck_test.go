package programs_test

import "testing"

func TestShellcheck(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"shellcheck script.sh", "read script.sh"},
		{"shellcheck -s bash -S warning -f gcc a.sh b.sh", "read a.sh; read b.sh"},
		{"shellcheck --norc -e SC2086 a.sh", "read a.sh"},
		{"SHELLCHECK_OPTS='-x -a' shellcheck a.sh", "read a.sh; unknown (SHELLCHECK_OPTS is set for shellcheck: it gives the program options or a command of the caller's choosing)"},
		{"shellcheck -", ""},
		{"shellcheck -x a.sh", "unknown (the option -x is not in the model of shellcheck); read a.sh"},
		{"shellcheck -a a.sh", "unknown (the option -a is not in the model of shellcheck); read a.sh"},
		{"shellcheck --rcfile rc a.sh", "unknown (the effect of --rcfile is not modelled); read a.sh"},
		{"shellcheck --version", ""},
	})
}
