package decisionlog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
)

// rotatedStamp is the time in a rotated log's name, to the nanosecond:
// "decisions-20060102-150405.000000000.jsonl".
const rotatedStamp = "20060102-150405.000000000"

// Rotate moves the log at path aside to a rotated log named by now, and
// returns its name; writers then start a new log. The rotated name is
// one no file has: the log is linked to it, which fails rather than
// replace a file (two rotations in one second once replaced the first),
// and then unlinked from path. Writers append with O_APPEND, so a line
// written during the rotation lands whole in one file or the other.
// Rotations take turns on path's lock, and a rotation killed between the
// link and the unlink is finished by the next.
func Rotate(path string, now time.Time) (string, error) {
	unlock, err := filelock.Lock(path)
	if err != nil {
		return "", err
	}
	defer unlock()
	cur, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	dir := filepath.Dir(path)
	rotated, err := Rotated(path)
	if err != nil {
		return "", err
	}
	for _, r := range rotated {
		if fi, err := os.Stat(r); err == nil && os.SameFile(fi, cur) {
			// A rotation stopped after its link: the log is already there.
			if err := os.Remove(path); err != nil {
				return "", err
			}
			return r, atomicfile.SyncDir(dir)
		}
	}
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	at := now
	for range 10000 {
		to := filepath.Join(dir, base+"-"+at.Format(rotatedStamp)+".jsonl")
		err := os.Link(path, to)
		if errors.Is(err, fs.ErrExist) {
			at = at.Add(time.Nanosecond)
			continue
		}
		if err != nil {
			// No hard links here: rename to the name, free under the lock.
			if _, serr := os.Lstat(to); !errors.Is(serr, fs.ErrNotExist) {
				at = at.Add(time.Nanosecond)
				continue
			}
			if err := os.Rename(path, to); err != nil {
				return "", err
			}
			return to, atomicfile.SyncDir(dir)
		}
		if err := os.Remove(path); err != nil {
			return "", err
		}
		return to, atomicfile.SyncDir(dir)
	}
	return "", fmt.Errorf("no free name to rotate %s to", path)
}

// Rotated returns the rotated logs beside the log at path, oldest first
// by the time each covers (see [LastTime]), then by name.
func Rotated(path string) ([]string, error) {
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	names, err := filepath.Glob(filepath.Join(filepath.Dir(path), base+"-*.jsonl"))
	if err != nil {
		return nil, err
	}
	last := make(map[string]time.Time, len(names))
	for _, n := range names {
		last[n] = LastTime(n)
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, b := last[names[i]], last[names[j]]
		if !a.Equal(b) {
			return a.Before(b)
		}
		return names[i] < names[j]
	})
	return names, nil
}

// LastTime is the time up to which a log covers: its last entry's
// timestamp, or when it holds none that reads, its modification time. A
// log's name says when it was rotated by the clock of that moment, which
// may have been wrong; its entries say when they were made.
func LastTime(path string) time.Time {
	f, err := os.Open(path)
	if err != nil {
		return time.Time{}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}
	}
	// Entries are bounded (see Cut), so the last whole one is in the
	// last few hundred KiB.
	size := min(fi.Size(), 512<<10)
	buf := make([]byte, size)
	if _, err := f.ReadAt(buf, fi.Size()-size); err != nil && err != io.EOF {
		return fi.ModTime()
	}
	for len(buf) > 0 {
		i := bytes.LastIndexByte(bytes.TrimRight(buf, "\n"), '\n')
		line := buf[i+1:]
		if e, _ := parseLine(line); e != nil && !e.Timestamp.IsZero() {
			return e.Timestamp
		}
		if i < 0 {
			break
		}
		buf = buf[:i]
	}
	return fi.ModTime()
}
