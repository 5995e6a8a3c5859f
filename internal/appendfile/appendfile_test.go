package appendfile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/appendfile"
)

func TestAppendLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a", "b", "log.jsonl")
	for _, line := range []string{"one\n", "two\n"} {
		if err := appendfile.AppendLine(path, []byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != "one\ntwo\n" {
		t.Errorf("the file holds %q, want %q", data, "one\ntwo\n")
	}
	for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700 | os.ModeDir} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode(), want)
		}
	}
}
