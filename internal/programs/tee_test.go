package programs_test

import "testing"

func TestTee(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tee out", "write out"},
		{"tee -a log1 log2", "write log1; write log2"},
		{"tee", ""},
		{"tee /dev/null", ""},
		{"tee /dev/stderr /dev/fd/3", ""},
		{"tee -p --output-error=warn out", "write out"},
		{"tee \"$f\"", "unknown (the word $f is computed at run time and may be any option); write $f"},
		{"tee -- -a", "write -a"},
	})
}
