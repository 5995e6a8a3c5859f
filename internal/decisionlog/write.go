package decisionlog

import (
	"errors"
	"fmt"

	"github.com/agentgov/governance/internal/appendfile"
)

// Append writes the entry as one line at the end of the log at path,
// creating the file (0600) and its folder (0700) when missing.
//
// The line goes out in a single write on a file opened with O_APPEND:
// the kernel appends it whole and at the end even while other hook
// processes append theirs, so lines never interleave, and a rotation
// (rename) at the same moment leaves it whole in one file or the other.
// There is no fsync: a write that returned is in the page cache and
// survives the process being killed; only a power loss can drop the last
// lines, and an fsync per decision would add milliseconds to every tool
// call.
//
// A process killed during its write (or a full disk) can still leave a
// line cut short. Long fields are cut first (see [Cut]), which keeps each
// write small, and a line that finds the log not ending in a newline
// starts on a new line, so that a torn line never takes the next entry
// with it; readers skip and count torn lines.
func (e *Entry) Append(path string) error {
	if path == "" {
		return errors.New("decision log: no state folder (set HOME or XDG_STATE_HOME)")
	}
	e.bound()
	line, err := e.Marshal()
	if err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	started, err := appendfile.Append(path, line)
	if err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	if started {
		// A new log: its failure counter is made now, while there is room.
		prepareFailures(path)
	}
	return nil
}
