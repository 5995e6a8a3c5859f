// Package corpus reads the labeled command corpus under testdata/corpus
// for tests: commands other guards' test suites label, which the fuzz
// targets seed from and the differential tests replay.
package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// File is the command corpus, relative to the module root.
const File = "testdata/corpus/commands.jsonl"

// Commands returns the commands of the corpus in file order. The module
// root is found from the test's working directory. The corpus is part of
// the repository: the test fails when it is missing.
func Commands(tb testing.TB) []string {
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
			tb.Fatal("no go.mod above the test's working directory")
		}
		dir = parent
	}
	cmds, err := ReadCommands(filepath.Join(dir, File))
	if err != nil {
		tb.Fatal(err)
	}
	return cmds
}

// ReadCommands returns the shell commands of a corpus file in file order.
func ReadCommands(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
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
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if row.Cmd != "" {
			cmds = append(cmds, row.Cmd)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(cmds) == 0 {
		return nil, fmt.Errorf("%s holds no commands", path)
	}
	return cmds, nil
}
