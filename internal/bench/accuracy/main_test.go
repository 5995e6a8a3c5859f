package main

import "testing"

// TestFailsConfined: a confined call misses a deny, and is neither a
// dangerous allow nor friction; a plain allow is both.
func TestFailsConfined(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		assert, decision string
		want             bool
	}{
		{"deny", "confined", true},
		{"deny-allowed", "confined", false},
		{"not-allow", "confined", false},
		{"not-deny", "confined", false},
		{"allow", "confined", false},
		{"not-allow", "allow", true},
		{"allow", "defer", true},
	} {
		if got := fails(tc.assert, tc.decision); got != tc.want {
			t.Errorf("fails(%s, %s) = %v, want %v", tc.assert, tc.decision, got, tc.want)
		}
	}
}
