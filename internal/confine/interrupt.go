package confine

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// interrupts are the signals that end a call early: SIGTERM (a harness's
// timeout), SIGINT (an interrupt) and SIGHUP (its terminal gone). Left to
// their default, they ended the launcher at once and left on the host
// what it made for the call (placeholders, and the commondir that holds
// "."); caught, the launcher kills the sandbox, removes what it made as
// when the command ends, and exits with 128 and the signal's number.
type interrupts struct {
	ch  chan os.Signal
	got atomic.Int32
	// done ends the goroutine that kills the sandbox.
	done chan struct{}
}

// catchInterrupts catches the interrupts until stop; one the launcher
// was started with ignored stays ignored (a shell ignores SIGINT for the
// jobs it starts with &, which an interrupt at the terminal must not
// end, and nohup SIGHUP).
func catchInterrupts() *interrupts {
	in := &interrupts{ch: make(chan os.Signal, 1), done: make(chan struct{})}
	for _, s := range []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			signal.Notify(in.ch, s)
		}
	}
	return in
}

// caught returns the number of the signal caught, 0 for none.
func (in *interrupts) caught() int {
	select {
	case s := <-in.ch:
		in.got.CompareAndSwap(0, int32(s.(syscall.Signal)))
	default:
	}
	return int(in.got.Load())
}

// kill kills the sandbox once a signal comes: bubblewrap's process
// group (pid), and the sandbox's init, whose pid initc gives, which
// takes every process of the sandbox along (its PID namespace ends).
func (in *interrupts) kill(pid int, initc chan int) {
	go func() {
		var s os.Signal
		select {
		case s = <-in.ch:
		case <-in.done:
			return
		}
		in.got.CompareAndSwap(0, int32(s.(syscall.Signal)))
		select {
		case p := <-initc:
			// Given back for [interrupts.initPid].
			initc <- p
			killInit(p)
		case <-time.After(time.Second):
			// bubblewrap has not reported it: the sandbox does not stand.
		}
		killGroup(pid)
	}()
}

// initPid returns the pid of the sandbox's init from initc, 0 when
// bubblewrap did not report it within a moment of its end.
func (in *interrupts) initPid(initc chan int) int {
	select {
	case p := <-initc:
		initc <- p
		return p
	case <-time.After(100 * time.Millisecond):
		return 0
	}
}

// stop gives the signals back to their default.
func (in *interrupts) stop() {
	signal.Stop(in.ch)
	close(in.done)
}
