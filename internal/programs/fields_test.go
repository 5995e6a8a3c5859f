package programs_test

import "testing"

func TestFields(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"cut -d: -f1 /etc/passwd", "read /etc/passwd"},
		{"cut -c1-10 -", ""},
		{"cut -w -f2 a", "read a"},
		{"paste -sd, a b", "read a; read b"},
		{"join -t, -1 2 -2 1 a b", "read a; read b"},
		{"join -j1 a b", "read a; read b"},
		{"comm -12 a b", "read a; read b"},
		{"column -t -s, f", "read f"},
		{"column -t -N a,b -J f", "read f"},
	})
}
