package oracle

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEmptyPlaceholders: what the confinement launcher puts in place of
// an absent protected path counts as empty, the commondir that holds "."
// included; a commondir that names another folder does not.
func TestEmptyPlaceholders(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		body string
		want bool
	}{
		"file":          {"", true},
		"settings.json": {"{}", false},
		"commondir":     {".\n", true},
		"x/commondir":   {"x\n", false},
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(tc.body), 0o444); err != nil {
			t.Fatal(err)
		}
		if got := empty(p); got != tc.want {
			t.Errorf("empty(%s holding %q) = %v, want %v", name, tc.body, got, tc.want)
		}
	}
}
