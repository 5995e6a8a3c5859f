package bundle

import (
	"strings"
	"testing"
)

// FuzzManifest decodes arbitrary .manifest text and checks its roots and
// order: nothing panics, accepted roots hold every file and are plain
// names, and errors are printable.
func FuzzManifest(f *testing.F) {
	for _, seed := range []string{
		`{"revision":"r1","roots":["governance"],"metadata":{"built":"2026-11-01T12:00:00Z","sequence":3}}`,
		`{"revision":"r1","roots":["governance/rules","governance/config.yaml"]}`,
		`{"revision":"r1","roots":["","governance"]}`,
		`{"revision":"r1","roots":["/governance/"],"metadata":{"sequence":1.5}}`,
		`{"revision":"\u001b[2J","roots":["gov\u0000"],"metadata":{"built":7}}`,
		`{"roots":[]}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, manifest string) {
		b := &Bundle{Files: map[string][]byte{ManifestFile: []byte(manifest),
			"rules/team.yaml": []byte(denyCurl), "config.yaml": []byte("lock: [mode]\n")}}
		if b.readManifest() != nil {
			return
		}
		if err := b.checkRoots(); err != nil {
			checkPrintable(t, err.Error())
		} else {
			for _, r := range b.Manifest.Roots {
				if strings.ContainsAny(r, "\x00\n\x1b\\") || strings.Contains(r, "..") {
					t.Errorf("accepted root %q", r)
				}
			}
		}
		if _, err := OrderOf(b.Manifest); err != nil {
			checkPrintable(t, err.Error())
		}
		checkPrintable(t, Clean(b.Manifest.Revision))
	})
}

func checkPrintable(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if r < 0x20 || r >= 0x7f {
			t.Fatalf("%q holds %q", s, r)
		}
	}
}
