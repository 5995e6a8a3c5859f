package brain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/appendfile"
	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// update reads the JSON document at path into v (leaving v as it is when
// the file does not exist), lets fn change it, and writes it back, all
// under an exclusive lock on path's lock file. The write is atomic and
// durable: a temporary file in the same folder is written, fsynced and
// renamed over path, and the folder is fsynced. fn returning errNoChange
// skips the write.
func update(path string, v any, fn func() error) error { return updateFile(path, v, fn, true) }

// updateVolatile is update for state whose loss on a power failure is
// harmless (rate-limit counters): locked, rewritten in place without
// fsync (see rewriteInPlace).
func updateVolatile(path string, v any, fn func() error) error { return updateFile(path, v, fn, false) }

func updateFile(path string, v any, fn func() error, durable bool) error {
	unlock, err := filelock.Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	if err := readJSON(path, v); err != nil {
		return err
	}
	if err := fn(); err != nil {
		if errors.Is(err, errNoChange) {
			return nil
		}
		return err
	}
	if !durable {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return rewriteInPlace(path, data)
	}
	return writeJSON(path, v)
}

// rewriteInPlace replaces the content of a volatile file, which only
// holders of its lock read or write, in place: one write at its start,
// padded with spaces (JSON's whitespace) to the length it had, so that a
// process killed after it leaves a valid document. A temporary file and
// a rename cost about 25 times as much on ext4, on every hook call of a
// rate-limited role. Content that does not fit in the file, or would
// leave padding grown large, is written to a temporary file and renamed
// into place instead: a write that grows the file can be cut short (a
// full disk), and a write followed by a truncation leaves the old tail
// after the new document when the process is killed between them;
// either made a broken file that denied every call until a person
// repaired it.
func rewriteInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	}
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	size := fi.Size()
	// Another user's file (see readJSON) is replaced by one of this
	// user's: written in place it would stay theirs, and be passed over
	// at every read.
	if pad := size - int64(len(data)); pad < 0 || pad > 4096 || !layout.OwnedHere(fi) {
		f.Close()
		return atomicfile.WriteVolatile(path, data, 0o600)
	} else if pad > 0 {
		data = append(data, bytes.Repeat([]byte{' '}, int(pad))...)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// errNoChange tells update that nothing needs writing.
var errNoChange = errors.New("no change")

// readJSON decodes the document at path into v; a missing file leaves v
// unchanged. So does a file another user owns (see [layout.OpenOwned]):
// the brain may be in a folder of theirs (a .governance folder made in a
// shared folder, a home handed over), and a session record, rate-limit
// counters or anchors they wrote would steer this user's decisions. The
// next write replaces it with this user's.
func readJSON(path string, v any) error {
	data, err := layout.ReadOwned(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, layout.ErrNotOwned) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return &CorruptError{Path: path, Err: err}
	}
	return nil
}

// RepairCommand is the command that repairs a broken brain file.
const RepairCommand = "governance validate --repair"

// CorruptError is a brain file that is not valid JSON of its kind.
type CorruptError struct {
	Path string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("%s is broken (%v): `%s` keeps a copy of it and writes a valid one", e.Path, e.Err, RepairCommand)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// Repair moves a broken brain file aside (to PATH.broken-TIME), where it
// can be recovered by hand, and leaves a valid brain: an empty state
// file, or no metrics or session file (each starts again when missing).
// It returns the copy's path.
func Repair(path string, now time.Time) (string, error) {
	unlock, err := filelock.Lock(path)
	if err != nil {
		return "", err
	}
	defer unlock()
	aside := path + ".broken-" + now.UTC().Format("20060102T150405Z")
	if err := os.Rename(path, aside); err != nil {
		return "", err
	}
	if filepath.Base(path) == "state.json" {
		// A state file that is there and valid, empty: the phase,
		// anchors and history it had are in the copy.
		if err := writeJSON(path, &State{Version: Version, Anchors: []Anchor{}, History: []Entry{}}); err != nil {
			return aside, err
		}
	}
	// Other brain files (metrics, sessions) start again when missing.
	return aside, nil
}

// writeJSON writes v to path atomically and durably.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(path, append(data, '\n'))
}

// writeFile replaces path with data, atomically and durably.
func writeFile(path string, data []byte) error { return atomicfile.Write(path, data, 0o600) }

// syncDir fsyncs a folder, making renames and removals in it durable.
func syncDir(dir string) error { return atomicfile.SyncDir(dir) }

// appendLines appends JSON lines to a file, as the decision log is
// appended to (a line that finds the file's last line cut short, by a
// full disk or a kill, starts on a line of its own rather than finishing
// the cut one), and fsyncs it: an archive is durable before what it
// holds is removed.
func appendLines(path string, lines ...any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	if err := appendfile.AppendLine(path, b.Bytes()); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
