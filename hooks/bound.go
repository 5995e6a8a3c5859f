package hooks

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// loadBound bounds the time the hook takes to find the policy it decides
// by, compiling it included (a compile is killed after 20 s); the
// decision itself then has the time a person may take to answer an
// approval on top. Harnesses give the hook 30 s plus that wait (governance
// install writes it), and most of them run the call when the hook does
// not answer in time: the hook answers first, with a deny.
const loadBound = 25 * time.Second

// bound is the deadline of one hook call, and what the call was doing,
// for the message of a deny when the deadline passes.
type bound struct {
	mu      sync.Mutex
	start   time.Time
	limit   time.Duration
	timer   *time.Timer
	doing   string
	expired chan struct{}
	once    sync.Once
}

func newBound(limit time.Duration) *bound {
	b := &bound{start: time.Now(), limit: limit, doing: "reading the configuration", expired: make(chan struct{})}
	// A timer reset after it fired runs its function again.
	b.timer = time.AfterFunc(limit, func() { b.once.Do(func() { close(b.expired) }) })
	return b
}

// set says what the call does now and gives it extra time on top of the
// time to load, counted from the start of the call.
func (b *bound) set(doing string, extra time.Duration) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.doing = doing
	if extra > 0 {
		b.timer.Reset(time.Until(b.start.Add(b.limit + extra)))
	}
}

// stop releases the timer of a call that answered.
func (b *bound) stop() { b.timer.Stop() }

// reason says why a call that passed its deadline is denied.
func (b *bound) reason() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprintf("governance did not decide within %s (it was %s) and blocked the call to stay safe: a configuration or state file may be a FIFO or device, or a file system may hang; run `governance doctor`",
		time.Since(b.start).Round(time.Second), b.doing)
}

// lockedWriter serialises writes of a call that may go on after its
// deadline passed.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
