package programs_test

import "testing"

func TestPidof(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pidof node", ""},
		{"pidof -s -x myscript.sh", ""},
		{"pidof -o %PPID bash", ""},
	})
}
