package programs_test

import "testing"

// TestCrontab: crontab -l prints the table; every other form changes it.
func TestCrontab(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"crontab -l", ""},
		{"crontab -r", "unknown (the option -r is not in the model of crontab); unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
		{"crontab -e", "unknown (the option -e is not in the model of crontab); unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
		{"crontab -l -r", "unknown (the option -r is not in the model of crontab)"},
		{"crontab -u bob -l", "unknown (the option -u is not in the model of crontab); unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
		{"crontab jobs.txt", "unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
		{"crontab -", "unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
		{"crontab", "unknown (crontab without -l, or with a file, replaces, edits or removes the table)"},
	})
}
