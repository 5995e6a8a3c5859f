package bundle

import (
	"strings"
	"testing"
)

// A manifest's roots are checked as OPA checks them: malformed or
// overlapping roots, and files outside every root, refuse the bundle,
// however validly it is signed.
func TestManifestRoots(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	files := map[string]string{"rules/team.yaml": denyCurl, "config.yaml": "lock: [mode]\n"}
	base := build(t, key, "r1", files)
	for _, tc := range []struct{ name, roots, want string }{
		{"governance", `["governance"]`, ""},
		{"no roots: everything", ``, ""},
		{"the empty root", `[""]`, ""},
		{"leading and trailing slash, as OPA trims", `["/governance/"]`, ""},
		{"two roots that hold every file", `["governance/rules","governance/config.yaml"]`, ""},
		{"another root besides", `["governance","other"]`, ""},
		{"empty list", `[]`, "roots is empty"},
		{"a narrower root", `["governance/rules"]`, "do not permit governance/config.yaml"},
		{"another root only", `["other"]`, "do not permit governance/"},
		{"a prefix that is not a segment", `["gov"]`, "do not permit"},
		{"a longer name", `["governance2"]`, "do not permit"},
		{"overlapping", `["governance","governance/rules"]`, "overlap"},
		{"duplicate", `["governance","governance"]`, "overlap"},
		{"duplicate once trimmed", `["governance","/governance"]`, "overlap"},
		{"the empty root and another", `["","governance"]`, "overlap"},
		{"empty segment", `["governance//rules","governance"]`, "malformed"},
		{"dot-dot", `["governance/../x"]`, "malformed"},
		{"dot", `["./governance"]`, "malformed"},
		{"only slashes", `["//"]`, "malformed"},
		{"a space", `["gover nance"]`, "malformed"},
		{"a control character", "[\"governance\\u001b\"]", "malformed"},
		{"a backslash", `["governance\\rules"]`, "malformed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := `{"revision":"r1","metadata":{"built":"2026-11-01T12:00:00Z"}`
			if tc.roots != "" {
				m += `,"roots":` + tc.roots
			}
			b, err := Read(resign(t, base, key, m+"}"))
			if err != nil {
				t.Fatal(err)
			}
			err = b.Verify(key.Public(), "default", "")
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Verify: %v, want %q", err, tc.want)
			}
			if err != nil {
				checkClean(t, "the error", err.Error())
			}
		})
	}
}
