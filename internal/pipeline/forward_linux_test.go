package pipeline

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestDaemonOfAnotherUser: a daemon's socket in a state folder another
// user owns may be that user's daemon, which would answer the hook's
// calls; the hook does not ask it. The user's own daemon is asked.
func TestDaemonOfAnotherUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("running a listener as another user needs root")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 runs the other user's listener")
	}
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Chmod(dir, 0o755))
	theirs := filepath.Join(dir, "theirs.sock")
	// Bound as root, listening as uid 4242: the kernel keeps the
	// credentials of listen().
	cmd := exec.Command(python, "-c", `import os, socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
os.setgid(4242); os.setuid(4242)
s.listen(4)
print("ready", flush=True)
time.sleep(30)`, theirs)
	out, err := cmd.StdoutPipe()
	must(err)
	must(cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	buf := make([]byte, 6)
	if _, err := out.Read(buf); err != nil || string(buf[:5]) != "ready" {
		t.Fatalf("the listener: %q %v", buf, err)
	}
	if f, err := dialUnix(theirs); err == nil || !errors.Is(err, errNotOwnDaemon) {
		if f != nil {
			f.Close()
		}
		t.Fatalf("another user's daemon: %v, want %v", err, errNotOwnDaemon)
	}
	mine := filepath.Join(dir, "mine.sock")
	l, err := net.Listen("unix", mine)
	must(err)
	defer l.Close()
	go func() {
		if c, err := l.Accept(); err == nil {
			time.Sleep(100 * time.Millisecond)
			c.Close()
		}
	}()
	f, err := dialUnix(mine)
	if err != nil {
		t.Fatalf("the user's own daemon: %v", err)
	}
	f.Close()
}
