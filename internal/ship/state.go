package ship

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
)

// StateFile is the name of the shipper's state, beside the decision log.
const StateFile = "audit-ship.json"

// StatePath returns the shipper's state file for the decision log at
// logPath.
func StatePath(logPath string) string { return filepath.Join(filepath.Dir(logPath), StateFile) }

// State is what the shipper keeps between runs: where it stopped and
// what it did. It is replaced atomically after every acknowledged batch,
// so a shipper killed at any point resumes where the collector last
// acknowledged, and sends at most one batch again.
type State struct {
	// Cursor is the position after the last acknowledged entry.
	Cursor Cursor `json:"cursor"`
	// Done names the rotated logs, still present, that were shipped to
	// their end, by their heads.
	Done []string `json:"done,omitempty"`
	// Shipped counts the entries the collector acknowledged, in all.
	Shipped int64 `json:"shipped"`
	// Dropped counts the entries skipped unshipped because more than
	// buffer_max were waiting, in all.
	Dropped int64 `json:"dropped"`
	// Rejected counts the entries the collector received and refused
	// (an OTLP partial success, or a batch answered 400), in all;
	// LastRefusal is the collector's answer to the last batch it refused
	// whole.
	Rejected    int64  `json:"rejected,omitempty"`
	LastRefusal string `json:"last_refusal,omitempty"`
	// Skipped counts the lines that were not entries, in all.
	Skipped int64 `json:"skipped,omitempty"`
	// LastShipped is when a batch was last acknowledged.
	LastShipped time.Time `json:"last_shipped,omitzero"`
	// LastAttempt is when the shipper last ran; LastError says why that
	// run stopped early, empty when it caught up.
	LastAttempt time.Time `json:"last_attempt,omitzero"`
	LastError   string    `json:"last_error,omitempty"`
	// Pending is how many entries were waiting when the last run ended.
	Pending int `json:"pending"`
}

// Cursor is a position in one log file. The file is known by its head,
// the start of its first line, which begins with that entry's unique
// decision id and survives a rotation (a rename), and by its device and
// inode where the system has them.
type Cursor struct {
	Head   string `json:"head,omitempty"`
	Dev    uint64 `json:"dev,omitempty"`
	Ino    uint64 `json:"ino,omitempty"`
	Offset int64  `json:"offset"`
}

// ReadState reads the state at path; a missing file is the zero state.
func ReadState(path string) (*State, error) {
	st := &State{}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("%s: %w (remove it to ship the decision log from its start)", path, err)
	}
	return st, nil
}

func (st *State) write(path string) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o600)
}
