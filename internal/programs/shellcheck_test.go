package programs_test

import "testing"

func TestShellcheck(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"shellcheck script.sh", "read script.sh"},
		{"shellcheck -x -s bash -S warning -f gcc a.sh b.sh", "read a.sh; read b.sh"},
		{"shellcheck --rcfile rc -e SC2086 a.sh", "read rc; read a.sh"},
		{"shellcheck -", ""},
		{"shellcheck -a -x a.sh", "read a.sh; unknown (shellcheck -a -x quotes the lines of the files the scripts source)"},
		{"shellcheck --version", ""},
	})
}
