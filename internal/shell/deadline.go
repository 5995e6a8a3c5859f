package shell

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// The bounds on nesting, size, words, commands and steps keep the work of
// an analysis in proportion to its input, and the input is bounded: they
// are what keeps a call quick. The time bound is the last of them, for
// work no other bound foresaw: the analysis reads the clock as the parser
// asks for input (a kilobyte at a time) and every 64 statements, and
// stops once it has run longer than Options.MaxTime.

// errLate stops the parser past the time bound.
var errLate = errors.New("the analysis ran past its time bound")

// late reports whether the analysis has run past its time bound; once it
// has, it stays late.
func (w *walker) late() bool {
	if !w.isLate && w.opts.MaxTime > 0 && w.now().After(w.deadline) {
		w.isLate = true
	}
	return w.isLate
}

func (w *walker) now() time.Time {
	if w.opts.Now != nil {
		return w.opts.Now()
	}
	return time.Now()
}

// tooLate stops the analysis at the time bound.
func (w *walker) tooLate() {
	w.problem(ProblemSize, fmt.Sprintf("the analysis takes more than %v", w.opts.MaxTime))
	w.stopped = true
}

// deadlineReader reads a string, and fails once the analysis is late.
type deadlineReader struct {
	s string
	w *walker
}

func (r *deadlineReader) Read(b []byte) (int, error) {
	if len(r.s) == 0 {
		return 0, io.EOF
	}
	if r.w.late() {
		return 0, errLate
	}
	n := copy(b, r.s)
	r.s = r.s[n:]
	return n, nil
}
