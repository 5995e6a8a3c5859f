package cli

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestDaemonPrintsItsTokenOnlyToATerminal: the page's address with its
// token goes to a terminal; to a pipe or a file (another process may read
// it, or the daemon's /proc/PID/fd/1) only the address and where the
// token is kept.
func TestDaemonPrintsItsTokenOnlyToATerminal(t *testing.T) {
	t.Parallel()
	const token = "0123456789abcdef"
	url := "http://127.0.0.1:41234/?token=" + token
	state := t.TempDir()

	var buf bytes.Buffer
	file, err := os.Create(state + "/daemon.out")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for name, w := range map[string]io.Writer{"a buffer": &buf, "a file": file} {
		got := daemonPage(w, url, token, state)
		if strings.Contains(got, token) || !strings.HasPrefix(got, "http://127.0.0.1:41234/ ") || !strings.Contains(got, state+"/daemon.token") {
			t.Errorf("to %s: %q", name, got)
		}
	}

	tty := openTerminal(t)
	if got := daemonPage(tty, url, token, state); got != url {
		t.Errorf("to a terminal: %q, want %q", got, url)
	}
}

// openTerminal opens the follower side of a new pseudo-terminal.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	leader, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { leader.Close() })
	if err := unix.IoctlSetPointerInt(int(leader.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(leader.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}
