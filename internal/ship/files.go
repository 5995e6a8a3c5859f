package ship

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// headLen is how much of a log's first line names the file: the line
// starts with {"decision_id":"<uuid>", which is unique to the file.
const headLen = 64

// logFile is one decision log file, held open for a run so that a
// rotation during it changes nothing: the rotated file is read through
// the same descriptor.
type logFile struct {
	f        *os.File
	name     string
	head     string
	dev, ino uint64
	// size is the file's size when the run started; the run ships no
	// further. last marks the current log, whose unfinished last line is
	// left for the next run.
	size int64
	last bool
}

// openLogs opens the rotated logs beside path ("decisions-*.jsonl", in
// name order, which is rotation order) and then path itself, oldest
// first. A file that vanishes meanwhile is passed over.
func openLogs(path string) ([]*logFile, error) {
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	rotated, err := filepath.Glob(filepath.Join(filepath.Dir(path), base+"-*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(rotated)
	var out []*logFile
	for i, name := range append(rotated, path) {
		lf, err := openLog(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			closeLogs(out)
			return nil, err
		}
		lf.last = i == len(rotated)
		out = append(out, lf)
	}
	return out, nil
}

func openLog(name string) (*logFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	lf := &logFile{f: f, name: name, size: fi.Size()}
	lf.dev, lf.ino = fileID(fi)
	buf := make([]byte, headLen)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		f.Close()
		return nil, err
	}
	buf = buf[:n]
	// A head is whole when it fills headLen or ends a line; a file shorter
	// than that with no newline holds only part of a line, and no head.
	if i := bytes.IndexByte(buf, '\n'); i >= 0 {
		lf.head = string(buf[:i])
	} else if n == headLen {
		lf.head = string(buf)
	}
	return lf, nil
}

func closeLogs(files []*logFile) {
	for _, lf := range files {
		lf.f.Close()
	}
}

// segment is the part of a file a run ships, from an offset to the size
// the file had when the run started.
type segment struct {
	file *logFile
	from int64
}

// plan returns what is left to ship, oldest first: the rest of the file
// the cursor is in, then every later file from its start. Rotated files
// shipped to their end (Done) are passed over; when the cursor's file is
// gone (or on the first run), every file not done is shipped whole.
func (st *State) plan(files []*logFile) []segment {
	at := -1
	if st.Cursor.Head != "" {
		for i, lf := range files {
			if lf.head == st.Cursor.Head && (at < 0 || lf.ino == st.Cursor.Ino) {
				at = i
			}
		}
	}
	var segs []segment
	for i, lf := range files {
		switch {
		case lf.head == "" || slices.Contains(st.Done, lf.head):
		case i < at:
		case i == at:
			segs = append(segs, segment{lf, min(st.Cursor.Offset, lf.size)})
		default:
			segs = append(segs, segment{lf, 0})
		}
	}
	// Forget finished files that purge has since removed.
	st.Done = slices.DeleteFunc(st.Done, func(h string) bool {
		return !slices.ContainsFunc(files, func(lf *logFile) bool { return lf.head == h })
	})
	return segs
}

// finish records that a segment was shipped or dropped up to offset: the
// cursor moves there, and a rotated file read to its end is done.
func (st *State) finish(s segment, offset int64) {
	lf := s.file
	st.Cursor = Cursor{Head: lf.head, Dev: lf.dev, Ino: lf.ino, Offset: offset}
	if !lf.last && offset >= lf.size && !slices.Contains(st.Done, lf.head) {
		st.Done = append(st.Done, lf.head)
	}
}
