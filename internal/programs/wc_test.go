package programs_test

import "testing"

func TestWc(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"wc -l a b", "read a; read b"},
		{"wc -l", ""},
		{"wc -lwc -", ""},
		// It prints the names and counts of the files the list names.
		{"wc --files0-from=list", "read list"},
		{"wc --total=never a", "read a"},
	})
}
