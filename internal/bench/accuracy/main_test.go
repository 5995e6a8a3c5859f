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

// TestMeasure: a confined call of an allow label is counted apart, and
// is neither friction nor a plain allow; a defer is friction.
func TestMeasure(t *testing.T) {
	t.Parallel()
	recs := []record{
		{Cmd: "ls", Assert: "allow", Category: "read", Peer: "p"},
		{Cmd: "make test", Assert: "allow", Category: "build", Peer: "p"},
		{Cmd: "frob", Assert: "allow", Category: "build", Peer: "p"},
		{Cmd: "rm -rf /", Assert: "deny", Category: "rm", Peer: "p"},
	}
	m := measure(recs, []result{{Decision: "allow"}, {Decision: "confined"}, {Decision: "defer"}, {Decision: "confined"}})
	c := m.overall["commands"]
	if m.plain != 1 || c.fail["allow"] != 1 || c.n["allow"] != 3 || m.confined["allow"] != 1 || m.confined["deny"] != 1 || c.fail["deny"] != 1 {
		t.Errorf("plain %d, friction %d/%d, confined %v, safety misses %d", m.plain, c.fail["allow"], c.n["allow"], m.confined, c.fail["deny"])
	}
}
