package shell

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// corpusFile is the labeled command corpus, relative to the module root.
const corpusFile = "testdata/corpus/commands.jsonl"

// corpusCommands returns the commands of the labeled corpus, in file
// order, or nil when the corpus is not there (a trimmed checkout).
func corpusCommands(tb testing.TB) []string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	f, err := os.Open(filepath.Join(dir, corpusFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var row struct {
			Cmd string `json:"cmd"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			tb.Fatalf("%s:%d: %v", corpusFile, n, err)
		}
		cmds = append(cmds, row.Cmd)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cmds
}
