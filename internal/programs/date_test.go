package programs_test

import "testing"

func TestDate(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"date", ""},
		{"date +%s", ""},
		{"date -u +%Y-%m-%dT%H:%M:%SZ", ""},
		{"date -d yesterday +%F", ""},
		{"date -d @1700000000", ""},
		{"date -Iseconds", ""},
		{"date -r f", "stat f"},
		{"date -f dates", "read dates"},
		{"date -s now", "change (-s)"},
		{"date --set='2020-01-01'", "change (--set)"},
		{"date 0101", "change (date 0101 sets the system clock)"},
		{"date \"$x\"", "unknown (the word $x is computed at run time and may be any option); change (date $x sets the system clock)"},
		// BSD: -j does not set the clock; -f is the input format.
		{"date -j -f %s 1700000000 +%Y", ""},
		{"date -v+1d +%F", ""},
		{"cal", ""},
		{"cal 2024", ""},
		{"cal -3 -m", ""},
		{"ncal -w", ""},
	})
}
