// Command checkpoint measures what the checkpoint before a confined call
// costs on a large repository: a git repository of generated files
// (50,000 by default, in 500 folders, some untracked and some ignored),
// checkpointed the first time (the store is empty), then again with
// nothing changed and with a few files changed, as the launcher does
// before each call of unknown effects; the store's size on disk, and a
// restore's dry run. With -compare, the first checkpoint is also taken
// the plain way (git add writing one loose object per file), which the
// store does not do.
//
//	go run ./internal/bench/checkpoint -files 50000 -n 20
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/bench/benchstat"
	"github.com/agentgov/governance/internal/checkpoint"
)

func main() {
	files := flag.Int("files", 50000, "files in the repository")
	n := flag.Int("n", 20, "checkpoints measured for each case after the first")
	compare := flag.Bool("compare", false, "also take the first checkpoint with loose objects (plain git add)")
	tree := flag.String("tree", "", "measure a copy of this folder (a module from the module cache, GOROOT/src) instead of generated files")
	flag.Parse()
	if err := run(*files, *n, *compare, *tree); err != nil {
		fmt.Fprintln(os.Stderr, "checkpoint:", err)
		os.Exit(1)
	}
}

func run(files, n int, compare bool, tree string) error {
	dir, err := os.MkdirTemp("", "bench-checkpoint-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	project := filepath.Join(dir, "proj")
	body := strings.Repeat("// generated\n", 150) // about 2 KB, a typical source file
	var bytes int64
	if tree != "" {
		// A real tree: copied, made writable (the module cache's is not),
		// and all of it committed but the folders named pkg0..pkg9 below.
		if out, err := exec.Command("cp", "-r", tree, project).CombinedOutput(); err != nil {
			return fmt.Errorf("cp: %v\n%s", err, out)
		}
		if out, err := exec.Command("chmod", "-R", "u+w", project).CombinedOutput(); err != nil {
			return fmt.Errorf("chmod: %v\n%s", err, out)
		}
		files = 0
		filepath.WalkDir(project, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files++
				if fi, err := d.Info(); err == nil {
					bytes += fi.Size()
				}
			}
			return nil
		})
		// The edits measured below write pkg0..pkg9/f0..f9.go.
		for j := range 10 {
			os.MkdirAll(filepath.Join(project, "pkg"+strconv.Itoa(j)), 0o755)
		}
	}
	for i := range files * boolInt(tree == "") {
		name := filepath.Join(project, "pkg"+strconv.Itoa(i%500), "f"+strconv.Itoa(i)+".go")
		if i < 500 {
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
		}
		text := "package p\n// " + strconv.Itoa(i) + "\n" + body
		bytes += int64(len(text))
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			return err
		}
	}
	// Build output the repository ignores, which no checkpoint reads.
	if err := os.MkdirAll(filepath.Join(project, "build"), 0o755); err != nil {
		return err
	}
	for i := range 1000 {
		if err := os.WriteFile(filepath.Join(project, "build", "o"+strconv.Itoa(i)), []byte(body), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(project, ".gitignore"), []byte("build/\n"), 0o644); err != nil {
		return err
	}
	git := func(args ...string) error {
		c := exec.Command("git", append([]string{"-c", "gc.auto=0", "-c", "maintenance.auto=false"}, args...)...)
		c.Dir = project
		c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=b", "GIT_AUTHOR_EMAIL=b@b", "GIT_COMMITTER_NAME=b", "GIT_COMMITTER_EMAIL=b@b")
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v\n%s", args[0], err, out)
		}
		return nil
	}
	// Most files committed (and packed, as a clone's are), the rest
	// untracked: a checkpoint holds both.
	untracked := files / 10 * boolInt(tree == "")
	for i := range untracked {
		os.Rename(filepath.Join(project, "pkg"+strconv.Itoa(i%500), "f"+strconv.Itoa(i)+".go"), filepath.Join(dir, "u"+strconv.Itoa(i)))
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "init"}, {"gc", "-q"}} {
		if err := git(args...); err != nil {
			return err
		}
	}
	for i := range untracked {
		os.Rename(filepath.Join(dir, "u"+strconv.Itoa(i)), filepath.Join(project, "pkg"+strconv.Itoa(i%500), "f"+strconv.Itoa(i)+".go"))
	}
	fmt.Printf("repository: %d files (%d untracked), %.0f MiB, and 1,000 ignored files\n", files, untracked, float64(bytes)/(1<<20))

	if compare {
		store := filepath.Join(dir, "loose.git")
		cpu := childCPU()
		start := time.Now()
		for _, args := range [][]string{{"init", "-q", "--bare", store}, {"--git-dir", store, "--work-tree", project, "add", "-A"},
			{"--git-dir", store, "--work-tree", project, "write-tree"}} {
			c := exec.Command("git", args...)
			c.Env = append(os.Environ(), "GIT_INDEX_FILE="+filepath.Join(store, "index"))
			if out, err := c.CombinedOutput(); err != nil {
				return fmt.Errorf("git %s: %v\n%s", args[0], err, out)
			}
		}
		fmt.Printf("first checkpoint, loose objects (plain git add): %s (git's CPU time %s), store %s\n",
			benchstat.Millis(time.Since(start)), benchstat.Millis(childCPU()-cpu), size(store))
	}

	s := &checkpoint.Store{Dir: filepath.Join(dir, "state", "checkpoints"), Env: os.Environ()}
	cpu0 := childCPU()
	start := time.Now()
	if _, err := s.Take(project, "first"); err != nil {
		return err
	}
	first := time.Since(start)
	fmt.Printf("first checkpoint (empty store: the repository's content copied, the rest read): %s (git's CPU time %s), store %s\n",
		benchstat.Millis(first), benchstat.Millis(childCPU()-cpu0), size(s.Dir))

	var same, changed []time.Duration
	cpu0 = childCPU()
	for i := range n {
		start := time.Now()
		if _, err := s.Take(project, "same-"+strconv.Itoa(i)); err != nil {
			return err
		}
		same = append(same, time.Since(start))
		for j := range 10 {
			name := filepath.Join(project, "pkg"+strconv.Itoa(j), "f"+strconv.Itoa(j)+".go")
			if err := os.WriteFile(name, []byte("package p\n// change "+strconv.Itoa(i)+"\n"), 0o644); err != nil {
				return err
			}
		}
		start = time.Now()
		if _, err := s.Take(project, "changed-"+strconv.Itoa(i)); err != nil {
			return err
		}
		changed = append(changed, time.Since(start))
	}
	fmt.Println(benchstat.Header(34, "checkpoint before a call"))
	fmt.Println(benchstat.Row(34, "nothing changed since the last", same))
	fmt.Println(benchstat.Row(34, "10 files changed since the last", changed))
	fmt.Printf("git's CPU time per checkpoint between two calls: %s\n", benchstat.Millis((childCPU()-cpu0)/time.Duration(2*n)))
	fmt.Printf("store after %d checkpoints: %s\n", 2*n+1, size(s.Dir))
	c, err := s.Find("first")
	if err != nil {
		return err
	}
	start = time.Now()
	changes, _, err := s.Restore(c, true, nil)
	if err != nil {
		return err
	}
	fmt.Printf("restore --dry-run to the first: %d files differ, %s\n", len(changes), benchstat.Millis(time.Since(start)))
	return nil
}

// size is the disk a folder takes, in MiB.
func size(dir string) string {
	var total int64
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				// Whole blocks, as the disk holds them.
				total += (fi.Size() + 4095) &^ 4095
			}
		}
		return nil
	})
	return fmt.Sprintf("%.1f MiB", float64(total)/(1<<20))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// childCPU is the CPU time (user and system) of the finished child
// processes: on a loaded machine a steadier figure than the wall clock.
func childCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
