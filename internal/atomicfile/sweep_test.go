//go:build unix

package atomicfile

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// writerEnv makes the test binary a writer that starts a temporary file
// the way Write does, prints its name, and waits to be killed.
const writerEnv = "ATOMICFILE_TEST_WRITER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(writerEnv); dir != "" {
		tmp, err := os.CreateTemp(dir, ".state.json"+tmpMark+"*")
		if err != nil {
			os.Exit(1)
		}
		lockTemp(tmp)
		os.Stdout.WriteString(tmp.Name() + "\n")
		select {}
	}
	os.Exit(m.Run())
}

// TestSweepOrphans: a temporary file whose writer was killed is removed
// once it is old enough; one a live writer holds, a young one, and files
// not named as temporary files are kept.
func TestSweepOrphans(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), writerEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	held := line[:len(line)-1]
	old := time.Now().Add(-time.Hour)
	young := filepath.Join(dir, ".metrics.json.tmp-12345")
	kept := []string{filepath.Join(dir, "state.json"), filepath.Join(dir, "x.json.tmp-1"), filepath.Join(dir, ".hidden")}
	for _, f := range append([]string{young}, kept...) {
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range append([]string{held}, kept...) {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if removed, err := Sweep(dir, MinOrphanAge, time.Now()); err != nil || len(removed) != 0 {
		t.Errorf("Sweep removed %q (%v) while its writer lives, or a young one", removed, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	removed, err := Sweep(dir, MinOrphanAge, time.Now())
	if err != nil || len(removed) != 1 || removed[0] != held {
		t.Fatalf("Sweep removed %q (%v), want the killed writer's %s", removed, err, held)
	}
	for _, f := range append([]string{young}, kept...) {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was removed", filepath.Base(f))
		}
	}
	// Write itself leaves nothing behind.
	if err := Write(filepath.Join(dir, "state.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Errorf("after a write: %v", entries)
	}
}
