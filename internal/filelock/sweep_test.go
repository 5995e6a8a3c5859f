//go:build unix

package filelock_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/agentgov/governance/internal/filelock"
)

// holderEnv makes the test binary a process that takes the lock of the
// path named, says so, and waits to be killed.
const holderEnv = "FILELOCK_TEST_HOLDER"

func TestMain(m *testing.M) {
	if path := os.Getenv(holderEnv); path != "" {
		if _, err := filelock.Lock(path); err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString("held\n")
		select {}
	}
	os.Exit(m.Run())
}

// TestSweepKilledHolder: the lock file of a process killed while holding
// the lock is left behind; Sweep keeps it while a live process holds it
// and removes it once the holder is gone, and the lock works after.
func TestSweepKilledHolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), holderEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "held\n" {
		cmd.Process.Kill()
		t.Fatalf("the holder said %q", line)
	}
	if removed, err := filelock.Sweep(dir); err != nil || len(removed) != 0 {
		t.Errorf("Sweep removed %q (%v) while the lock was held", removed, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Fatalf("the killed holder left no lock file: %v", err)
	}
	// Not a lock file: left alone.
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	removed, err := filelock.Sweep(dir)
	if err != nil || len(removed) != 1 || removed[0] != path+".lock" {
		t.Fatalf("Sweep removed %q (%v), want the orphaned lock file", removed, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left %v, want notes.txt alone", entries)
	}
	release, err := filelock.TryLock(path)
	if err != nil {
		t.Fatalf("the lock after the sweep: %v", err)
	}
	release()
}
