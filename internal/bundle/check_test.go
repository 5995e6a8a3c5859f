package bundle

import (
	"strings"
	"testing"
)

// Check refuses, offline, every bundle a pull would refuse before
// activating it, and passes a good one.
func TestCheck(t *testing.T) {
	t.Parallel()
	ks := keys(t)
	key := ks["ES256"]
	good := build(t, key, "r1", map[string]string{"rules/team.yaml": denyCurl})
	const manifest = `{"revision":"r1","roots":["governance"],"metadata":{"built":"2026-11-01T12:00:00Z"}}`
	b, err := Read(good)
	if err != nil {
		t.Fatal(err)
	}
	b.Files["rules/team.yaml"] = []byte("rules:\n  - id: x\n    decision: maybe\n")
	broken, err := Archive(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"good", "", good},
		{"another key", "signature", build(t, ks["RS256"], "r1", map[string]string{"rules/team.yaml": denyCurl})},
		{"tampered", "digest mismatch", mustGunzipTamper(t, good)},
		{"signed, but its policy does not load", "does not load", resign(t, broken, key, manifest)},
		{"roots that do not hold its files", "do not permit", resign(t, good, key, `{"revision":"r1","roots":["governance/agents"]}`)},
		{"a malformed order", "not a positive whole number", resign(t, good, key, `{"revision":"r1","metadata":{"sequence":-1}}`)},
		{"not a bundle", "not a .tar.gz", []byte("<html>")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _, err := Check(tc.data, key.Public(), "default", "")
			switch {
			case tc.want == "" && (err != nil || got == nil):
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Check: %v, want %q", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "governance-bundle-") {
				t.Errorf("the error names a temporary folder: %v", err)
			}
		})
	}
}
