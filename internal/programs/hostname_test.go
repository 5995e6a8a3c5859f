package programs_test

import "testing"

// TestHostname checks that hostname prints, and sets with an operand, -F or
// -b.
func TestHostname(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"hostname", ""},
		{"hostname -f", "network "},
		{"hostname -I", "network "},
		{"hostname --fqdn", "network "},
		{"hostname newname", "change (hostname sets the host name (with -y, the NIS domain))"},
		{"hostname -F /etc/hostname", "read /etc/hostname; change (hostname sets the host name (with -y, the NIS domain))"},
		{"hostname -b", "change (-b)"},
		{"hostname -sb", "change (-b)"},
		{"hostname -y nisdomain", "change (hostname sets the host name (with -y, the NIS domain)); network "},
		{"hostname $NAME", "unknown (the word $NAME is computed at run time and may be any option); change (hostname sets the host name (with -y, the NIS domain))"},
	})
}
