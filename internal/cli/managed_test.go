package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/layout"
)

// status prints the bundle's revision, the last pull's error and a
// rollback note escaped, one line each: a revision or an error written by
// a registry cannot move the cursor, retitle the terminal or forge a line.
func TestStatusEscapesBundleText(t *testing.T) {
	t.Parallel()
	managed := t.TempDir()
	p := layout.Paths{ManagedDir: managed}
	rev := filepath.Join(p.BundleDir(), "rev-x")
	if err := os.MkdirAll(rev, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(rev, ".manifest"):             `{"revision":"r1\u001b[31m\nforged: revision","roots":["governance"]}`,
		filepath.Join(p.BundleDir(), "status.json"): `{"source":"https://example.com/b.tar.gz","error":"no\u001b]0;owned\u0007\nforged: error","rollback":"r0\u001b[2J\nforged: rollback"}`,
	}
	for path, body := range files {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("rev-x", p.ActiveBundle()); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	managedLines(&out, "managed:       ", p, nil)
	text := out.String()
	if !strings.Contains(text, `revision r1\x1b[31m\x0aforged`) || !strings.Contains(text, `no\x1b]0;owned\x07\x0aforged`) {
		t.Errorf("status does not show the text escaped:\n%s", text)
	}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "forged") || strings.ContainsAny(line, "\x1b\x07\r") {
			t.Errorf("status printed %q", line)
		}
	}
}
