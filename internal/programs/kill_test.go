package programs_test

import "testing"

// TestKill checks kill and killall: signals by -SIGNAL and -s, listing, and
// kill -0.
func TestKill(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"kill 123", "signal 123"},
		{"kill -9 123 456", "signal 123; signal 456"},
		{"kill -KILL 123", "signal 123"},
		{"kill -SIGTERM %1", "signal %1"},
		{"kill -s HUP 1", "signal 1"},
		{"kill --signal=HUP 1", "signal 1"},
		{"kill -n 9 1", "signal 1"},
		{"kill -0 123", ""},
		{"kill -s 0 123", ""},
		{"kill -0 $pid", "signal $pid"},
		{"kill -0 -s 9 1", "signal 1"},
		{"kill -0 -9 1", "signal -9; signal 1"},
		{"kill -l", ""},
		{"kill -L", ""},
		{"kill -l 9", ""},
		{"kill --list=9", ""},
		{"kill -9 -1", "signal -1"},
		{"kill -- -123", "signal -123"},
		{"kill $SIG 1", "signal $SIG; signal 1"},
		{"kill -$SIG 1", "unknown (the option -$SIG is not in the model of kill); signal 1"},
		{"kill --help", ""},
		{"kill -p nginx", ""},
		{"kill", ""},
		{"killall nginx", "signal nginx"},
		{"killall -9 nginx", "signal nginx"},
		{"killall -HUP nginx", "signal nginx"},
		{"killall -s KILL x", "signal x"},
		{"killall -l", ""},
		{"killall -V", ""},
		{"killall -u bob", "signal (the processes its options select)"},
		{"killall -INT x", "unknown (the option -N is not in the model of killall); unknown (the option -T is not in the model of killall); signal x"},
		{"killall -- -x", "signal -x"},
	})
}
