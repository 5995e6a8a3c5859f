package programs_test

import "testing"

// TestIdentity checks the programs that print who is logged in and who the
// caller is.
func TestIdentity(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"whoami", ""},
		{"whoami --help", ""},
		{"logname", ""},
		{"groups", ""},
		{"groups alice", ""},
		{"id", ""},
		{"id -un", ""},
		{"id -Gn alice", ""},
		{"id -P", ""},
		{"tty", ""},
		{"tty -s", ""},
		{"users", "read /var/run/utmp"},
		{"users /var/log/wtmp", "read /var/log/wtmp"},
		{"who", "read /var/run/utmp"},
		{"who am i", ""},
		{"who -b", "read /var/run/utmp"},
		{"who -aH", "read /var/run/utmp"},
		{"who /var/log/wtmp", "read /var/log/wtmp"},
		{"who --lookup", "read /var/run/utmp; network "},
		{"w", "read /var/run/utmp"},
		{"w -h alice", "read /var/run/utmp"},
		{"w -M /tmp/core", "read /tmp/core; read /var/run/utmp"},
		{"w $X", "unknown (the word $X is computed at run time and may be any option); unknown (w $X: a word known only at run time may hold options); read /var/run/utmp"},
		{"last", "read /var/log/wtmp"},
		{"last -n 5", "read /var/log/wtmp"},
		{"last -10", "read /var/log/wtmp"},
		{"last -f /var/log/wtmp.1", "read /var/log/wtmp.1"},
		{"last -F -x reboot", "read /var/log/wtmp"},
		{"last -d", "read /var/log/wtmp; network "},
		{"last -h host.example.com", "read /var/log/wtmp"},
		{"last $X", "unknown (the word $X is computed at run time and may be any option); unknown (last $X: a word known only at run time may hold options); read /var/log/wtmp"},
	})
}
