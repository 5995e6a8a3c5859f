package programs_test

import "testing"

// TestSysstat checks the activity reports, and sar's saved readings.
func TestSysstat(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"iostat", ""},
		{"iostat -x 1 3", ""},
		{"iostat -dxk sda 2", ""},
		{"iostat -p ALL", ""},
		{"iostat -c 5 -w 1", ""},
		{"iostat +f /tmp/stats", "read /tmp/stats (tree)"},
		{"iostat -f /tmp/stats", "read /tmp/stats (tree)"},
		{"iostat $X", "unknown (the word $X is computed at run time and may be any option); unknown (iostat $X: a word known only at run time may hold options)"},
		{"mpstat", ""},
		{"mpstat -P ALL 1 5", ""},
		{"mpstat -o JSON", ""},
		{"vmstat", ""},
		{"vmstat 1 5", ""},
		{"vmstat -s -S M", ""},
		{"vmstat -p sda1", ""},
		{"sar", ""},
		{"sar -u 1 3", ""},
		{"sar -n DEV 1 1", ""},
		{"sar -r ALL 1 1", ""},
		{"sar -o out 1 3", "write out"},
		{"sar -oout.bin 1 1", "write out.bin"},
		{"sar -o /dev/null 1 1", ""},
		{"sar -o", "change (sar -o saves its readings to the daily data file)"},
		{"sar -f /var/log/sa/sa10", "read /var/log/sa/sa10"},
		{"sar -fsa10", "read sa10"},
		{"sar -r ALL -f /var/log/sa/sa10", "read ALL; read /var/log/sa/sa10"},
		{"sar $X", "unknown (the word $X is computed at run time and may be any option); unknown (sar $X: a word known only at run time may hold options)"},
	})
}
