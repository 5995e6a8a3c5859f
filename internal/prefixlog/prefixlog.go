// Package prefixlog passes a child process's standard error on, line by
// line, each line prefixed with the child's name: the MCP proxy's
// upstream servers and the daemon's plugins write into one log.
package prefixlog

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// maxLine bounds the text held while waiting for a newline; a longer
// line goes out in pieces.
const maxLine = 64 << 10

// Writer writes each complete line written to it to W, after Prefix. It
// is safe for concurrent use and never fails: a child's chatter must not
// break the child.
type Writer struct {
	W      io.Writer
	Prefix string
	// Skip, when set, drops the lines it reports.
	Skip func(line []byte) bool

	mu  sync.Mutex
	buf []byte
}

func (p *Writer) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		p.emit(p.buf[:i])
		p.buf = p.buf[i+1:]
	}
	if len(p.buf) > maxLine {
		p.emit(p.buf)
		p.buf = p.buf[:0]
	}
	return len(b), nil
}

func (p *Writer) emit(line []byte) {
	if p.Skip == nil || !p.Skip(line) {
		fmt.Fprintf(p.W, "%s%s\n", p.Prefix, line)
	}
}
