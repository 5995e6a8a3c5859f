package approvals

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDetails checks what a person is shown of a call's input: every
// field, an edit's old text marked -, the new text +, terminal escapes
// made harmless, and a long input cut with the way to see all of it.
func TestDetails(t *testing.T) {
	in, _ := json.Marshal(map[string]any{"file_path": "ci.yml", "old_string": "a\nb", "new_string": "c\x1b[2Jd", "replace_all": true})
	it := &Item{ID: "abc123", Input: in}
	got := strings.Join(it.Details(0), "\n")
	want := "file_path: ci.yml\nreplace_all: true\nold_string (2 lines, 3 bytes):\n  - a\n  - b\nnew_string (1 line, 6 bytes):\n  + cd"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	long, _ := json.Marshal(map[string]any{"content": strings.Repeat("line\n", 100)})
	it = &Item{ID: "abc123", Input: long}
	lines := it.Details(ShownLines)
	if len(lines) != ShownLines+1 || !strings.Contains(lines[ShownLines], "show --full abc123") || !it.Cut() {
		t.Fatalf("cut: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	if n := len(it.Details(0)); n != 102 {
		t.Fatalf("whole: %d lines", n)
	}
}
