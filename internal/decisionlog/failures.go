package decisionlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// FailuresName is the name of the file, beside the decision log, that
// counts the entries that could not be written (a full disk, a read-only
// folder): the decision stood, but no record of it was kept. status and
// validate show it.
const FailuresName = "audit-failures.json"

// failuresSize is the size the counter file is kept at: it is rewritten
// in place, in blocks it already has, so that counting works on the full
// disk that made the log fail.
const failuresSize = 512

// Failures is what the counter file holds.
type Failures struct {
	// Count is how many entries could not be written since the counter
	// was last cleared.
	Count int `json:"count"`
	// First and Last are when the first and the last of them failed.
	First time.Time `json:"first,omitzero"`
	Last  time.Time `json:"last,omitzero"`
	// Error is why the last one failed.
	Error string `json:"error,omitempty"`
}

// FailuresPath returns the counter file of the log at logPath.
func FailuresPath(logPath string) string { return filepath.Join(filepath.Dir(logPath), FailuresName) }

// CountFailure records that an entry of the log at logPath could not be
// written, for the reason err.
func CountFailure(logPath string, cause error, now time.Time) error {
	f, err := os.OpenFile(FailuresPath(logPath), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	unlock := lockFile(f)
	defer unlock()
	c, _ := readFailures(f)
	c.Count++
	if c.First.IsZero() {
		c.First = now.UTC()
	}
	c.Last = now.UTC()
	c.Error = ""
	if cause != nil {
		c.Error = cutString(cause.Error(), 300)
	}
	return writeFailures(f, c)
}

// ReadFailures reads the counter of the log at logPath; a missing file
// counts none.
func ReadFailures(logPath string) (Failures, error) {
	f, err := os.Open(FailuresPath(logPath))
	if errors.Is(err, fs.ErrNotExist) {
		return Failures{}, nil
	}
	if err != nil {
		return Failures{}, err
	}
	defer f.Close()
	return readFailures(f)
}

// ClearFailures sets the counter of the log at logPath back to zero,
// keeping the file (and its blocks) for the next failure.
func ClearFailures(logPath string) error {
	f, err := os.OpenFile(FailuresPath(logPath), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	unlock := lockFile(f)
	defer unlock()
	return writeFailures(f, Failures{})
}

// prepareFailures makes sure the counter file exists at its full size, so
// that a later failure can be counted with no new block: called when a log
// starts.
func prepareFailures(logPath string) {
	f, err := os.OpenFile(FailuresPath(logPath), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() >= failuresSize {
		return
	}
	unlock := lockFile(f)
	defer unlock()
	c, _ := readFailures(f)
	writeFailures(f, c)
}

func readFailures(f *os.File) (Failures, error) {
	var c Failures
	data := make([]byte, failuresSize*2)
	n, _ := f.ReadAt(data, 0)
	data = bytes.TrimSpace(data[:n])
	if len(data) == 0 {
		return c, nil
	}
	err := json.Unmarshal(data, &c)
	return c, err
}

// writeFailures rewrites the counter in place, padded with spaces to the
// file's size (at least failuresSize), so that no block is added.
func writeFailures(f *os.File, c Failures) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	size := int64(failuresSize)
	if fi, err := f.Stat(); err == nil && fi.Size() > size {
		size = fi.Size()
	}
	if int64(len(data))+1 > size {
		size = int64(len(data)) + 1
	}
	out := bytes.Repeat([]byte{' '}, int(size))
	copy(out, data)
	out[len(out)-1] = '\n'
	_, err = f.WriteAt(out, 0)
	return err
}
