// Package jsondir keeps records as one JSON file each in a folder: the
// approvals queue and the rule proposals. A record is written atomically
// (see atomicfile); callers lock around read-modify-write sequences.
package jsondir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/atomicfile"
)

// FreshID returns a record id that no record of dir has: prefix and six
// characters that read aloud without confusion (no 0/o, 1/l/i). Callers
// hold the folder's lock until they write the record.
func FreshID(dir, prefix string) string {
	for {
		id := newID(prefix)
		if _, err := os.Stat(Path(dir, id)); errors.Is(err, fs.ErrNotExist) {
			return id
		}
	}
}

func newID(prefix string) string {
	const letters = "abcdefghjkmnpqrstuvwxyz23456789"
	b := []byte(prefix + "000000")
	for i := len(prefix); i < len(b); i++ {
		b[i] = letters[rand.IntN(len(letters))]
	}
	return string(b)
}

// Path is the file of record id in dir.
func Path(dir, id string) string { return filepath.Join(dir, id+".json") }

// Get reads record id of dir; noun names the kind of record in errors. A
// missing record, or an id that is not a plain name, is an error that
// wraps fs.ErrNotExist.
func Get[T any](dir, id, noun string) (*T, error) {
	if id == "" || strings.ContainsAny(id, `/\.`) {
		return nil, fmt.Errorf("no %s %q: %w", noun, id, fs.ErrNotExist)
	}
	data, err := os.ReadFile(Path(dir, id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no %s %q: %w", noun, id, fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	v := new(T)
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("%s %s is unreadable: %w", noun, id, err)
	}
	return v, nil
}

// Put writes record id of dir, readable by its owner only.
func Put(dir, id string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(Path(dir, id), append(data, '\n'), 0o600)
}

// List reads the records of dir that keep accepts (nil keeps all), in no
// particular order. A missing folder has none; a record that cannot be
// read is passed over.
func List[T any](dir, noun string, keep func(*T) bool) ([]*T, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*T
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || strings.HasPrefix(id, ".") {
			continue
		}
		v, err := Get[T](dir, id, noun)
		if err != nil {
			continue
		}
		if keep == nil || keep(v) {
			out = append(out, v)
		}
	}
	return out, nil
}
