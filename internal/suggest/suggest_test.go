package suggest

import "testing"

func TestClosest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, s, want string
		candidates    []string
	}{
		{"one letter off", "reed", "read", []string{"shell", "read", "write"}},
		{"swapped letters", "shlel", "shell", []string{"shell", "read"}},
		{"nearest wins", "writ", "write", []string{"edit", "write"}},
		{"too far", "deploy", "", []string{"shell", "read"}},
		{"no candidates", "x", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := Closest(tc.s, tc.candidates); got != tc.want {
				t.Errorf("Closest(%q) = %q, want %q", tc.s, got, tc.want)
			}
		})
	}
}
