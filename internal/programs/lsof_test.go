package programs_test

import "testing"

// TestLsof checks lsof's - and + options and the files it looks at.
func TestLsof(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"lsof", ""},
		{"lsof -i :8080", ""},
		{"lsof -i tcp:443 -P", ""},
		{"lsof -ni @10.0.0.1", ""},
		{"lsof -i", ""},
		{"lsof -nP -iTCP -sTCP:LISTEN", ""},
		{"lsof -p 123", ""},
		{"lsof -u root -a -c nginx", ""},
		{"lsof +D /tmp", "stat /tmp (tree)"},
		{"lsof +d /tmp", "stat /tmp"},
		{"lsof +c 15 -u root", ""},
		{"lsof +m /tmp/mnt", "stat /tmp/mnt"},
		{"lsof +m", ""},
		{"lsof -k /boot/System.map", "read /boot/System.map"},
		{"lsof .env", "stat .env"},
		{"lsof -- -weird", "stat -weird"},
		{"lsof -Di", "unknown (the effect of -D is not modelled)"},
		{"lsof -D b", "unknown (the effect of -D is not modelled)"},
		{"lsof -nDb", "unknown (the effect of -D is not modelled)"},
		{"lsof -h", ""},
		{"lsof -v", ""},
		{"lsof +x", "unknown (the option +x is not in the model of lsof)"},
		{"lsof $X", "unknown (lsof $X: a word known only at run time may hold options); stat $X"},
	})
}
