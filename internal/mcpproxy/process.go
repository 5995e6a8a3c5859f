package mcpproxy

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverProcess is an upstream server run by command, talking MCP over
// its stdin and stdout. The proxy owns its life: it reaps it, and stops
// it (and what it started) when the connection ends or the proxy stops.
type serverProcess struct {
	cmd *exec.Cmd
	// done is closed once the process has exited; state says how.
	done  chan struct{}
	state *os.ProcessState
	// stderr keeps the end of what the server wrote to its stderr, to
	// say why it could not start.
	stderr *tail
}

// startProcess starts a server's command (see [Proxy.serverCommand])
// and returns the transport to it. The
// pipes are the proxy's own, not exec's, so that reaping the process
// never closes a pipe with a message still in it.
func startProcess(cmd *exec.Cmd, stderr io.Writer) (*serverProcess, mcp.Transport, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, err
	}
	errTail := &tail{}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, io.MultiWriter(stderr, errTail)
	// Something the server started may hold its stderr open after it
	// exits; do not wait for that.
	cmd.WaitDelay = time.Second
	dieWithParent(cmd)
	err = cmd.Start()
	// The child has its ends now (or never will).
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, nil, err
	}
	sp := &serverProcess{cmd: cmd, done: make(chan struct{}), stderr: errTail}
	go func() {
		_ = cmd.Wait()
		sp.state = cmd.ProcessState
		close(sp.done)
	}()
	return sp, &mcp.IOTransport{Reader: outR, Writer: inW}, nil
}

// exited waits up to d for the process to exit by itself.
func (sp *serverProcess) exited(d time.Duration) bool {
	select {
	case <-sp.done:
		return true
	case <-time.After(d):
		return false
	}
}

// stop ends the process as the MCP specification asks (its input is
// closed by the caller): it gets terminateWait to exit, then SIGTERM,
// then SIGKILL; its process group is killed either way, so that nothing
// it started lives on.
func (sp *serverProcess) stop() {
	if !sp.exited(terminateWait) {
		terminateGroup(sp.cmd)
		if !sp.exited(terminateWait) {
			killGroup(sp.cmd)
			sp.exited(terminateWait)
		}
	}
	killGroup(sp.cmd)
}

// why says how the process ended, once it has.
func (sp *serverProcess) why() error {
	select {
	case <-sp.done:
		return fmt.Errorf("it exited (%s)%s", sp.state, sp.stderrTail())
	default:
		return errors.New("it closed its output")
	}
}

// stderrTail is "; its stderr ended with: ..." and the last lines the
// server wrote there, or "" when it wrote nothing.
func (sp *serverProcess) stderrTail() string {
	t := strings.TrimSpace(sp.stderr.String())
	if t == "" {
		return ""
	}
	return "; its stderr ended with: " + strings.Join(strings.Fields(strings.ReplaceAll(t, "\n", " | ")), " ")
}

// tailSize bounds the end of a server's stderr that is kept.
const tailSize = 512

// tail keeps the last tailSize bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "")
}
