package programs_test

import "testing"

// TestPgrep checks that pgrep lists and pkill signals.
func TestPgrep(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pkill -f node", "signal node"},
		{"pkill -9 -f 'node server'", "signal node server"},
		{"pkill -HUP nginx", "signal nginx"},
		{"pkill --signal TERM x", "signal x"},
		{"pkill -u bob", "signal (the processes its options select)"},
		{"pkill -F pid.txt", "read pid.txt; signal (the processes its options select)"},
		{"pkill -e x", "signal x"},
		{"pgrep -f node", ""},
		{"pgrep -l ssh", ""},
		{"pgrep -a python", ""},
		{"pgrep -F pid.txt", "read pid.txt"},
		{"pgrep -u root -d , sshd", ""},
		{"pgrep -9 x", "unknown (the option -9 is not in the model of pgrep)"},
		{"pgrep $X", "unknown (the word $X is computed at run time and may be any option); unknown (pgrep $X: a word known only at run time may hold options)"},
	})
}
