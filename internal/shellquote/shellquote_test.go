package shellquote

import (
	"slices"
	"testing"
)

// TestSplit: what Join writes, Split reads back; anything else is
// refused.
func TestSplit(t *testing.T) {
	t.Parallel()
	for _, words := range [][]string{
		{"echo"},
		{"/opt/bin/governance-confine", "--kind", "unknown-effects", "--", "bash", "-c", "cd sub && echo 'it''s' \"$HOME\""},
		{"a b", "", "x'y", "'", "\\", "$(id)"},
	} {
		got, ok := Split(Join(words))
		if !ok || !slices.Equal(got, words) {
			t.Errorf("Split(Join(%q)) = %q, %v", words, got, ok)
		}
	}
	for _, s := range []string{"", "echo  hi", "'open", "echo \"hi\"", "a\tb", "$(id)", "echo 'a'b"} {
		if got, ok := Split(s); ok {
			t.Errorf("Split(%q) = %q, true; want it refused", s, got)
		}
	}
}
