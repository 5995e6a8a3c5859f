package queue

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
	"github.com/agentgov/governance/internal/layout"
)

// freshID returns an id that no entry of dir has: prefix and six
// characters that read aloud without confusion (no 0/o, 1/l/i). Callers
// hold the queue's lock until they write the entry.
func freshID(dir, prefix string) string {
	for {
		id := newID(prefix)
		if _, err := os.Stat(path(dir, id)); errors.Is(err, fs.ErrNotExist) {
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

// path is the file of entry id in dir.
func path(dir, id string) string { return filepath.Join(dir, id+".json") }

// read reads entry id of dir; noun names the kind of entry in errors. A
// missing entry, or an id that is not a plain name, is an error that
// wraps fs.ErrNotExist.
func read[T any](dir, id, noun string) (*T, error) {
	if id == "" || strings.ContainsAny(id, `/\.`) {
		return nil, fmt.Errorf("no %s %q: %w", noun, id, fs.ErrNotExist)
	}
	// Only the user's own entry (or root's): in a state folder another
	// user owns, an entry of theirs would be an answer nobody here gave.
	data, err := layout.ReadOwned(path(dir, id))
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

// write writes entry id of dir, readable by its owner only.
func write(dir, id string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path(dir, id), append(data, '\n'), 0o600)
}

// ids returns the ids of dir's entries, in no particular order: the
// names of its .json files that are not hidden. A missing folder has
// none.
func ids(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".json"); ok && !strings.HasPrefix(id, ".") {
			out = append(out, id)
		}
	}
	return out, nil
}
