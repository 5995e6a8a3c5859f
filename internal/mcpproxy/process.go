package mcpproxy

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
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
}

// startProcess starts a server and returns the transport to it. The
// pipes are the proxy's own, not exec's, so that reaping the process
// never closes a pipe with a message still in it.
func startProcess(sc ServerConfig, stderr io.Writer) (*serverProcess, mcp.Transport, error) {
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
	cmd := exec.Command(sc.Command, sc.Args...)
	cmd.Env = append(upstreamEnv(), sc.Env...)
	cmd.Dir = sc.Dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
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
	sp := &serverProcess{cmd: cmd, done: make(chan struct{})}
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
		return fmt.Errorf("it exited (%s)", sp.state)
	default:
		return errors.New("it closed its output")
	}
}
