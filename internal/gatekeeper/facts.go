package gatekeeper

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/engine"
)

// Fact is a yes, a no, or unknown.
type Fact int8

// Fact values.
const (
	Unknown Fact = iota
	No
	Yes
)

func (f Fact) String() string {
	switch f {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

func factOf(b bool) Fact {
	if b {
		return Yes
	}
	return No
}

// PathFact is what the gatekeeper knows of one path a call targets.
type PathFact struct {
	// Path is relative to the project root when inside it, else absolute,
	// else as written (computed at run time).
	Path  string
	Write bool
	// Classes are the engine's path classes (system, home, temp, ...).
	Classes                                        []string
	InProject, Exists, Tracked, Ignored, Generated Fact
}

// maxFacts bounds the paths described to the model.
const maxFacts = 20

// GitRunner runs git in a folder, with stdin as its standard input, and
// returns its standard output. A non-nil error with output means git ran
// and exited non-zero.
type GitRunner func(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error)

// RunGit runs the git on PATH (in a trusted folder: see locate.Program), read-only: GIT_OPTIONAL_LOCKS=0 keeps it
// from refreshing the index, and it gets two seconds.
func RunGit(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	// git runs on the host: never one from the project's own folders.
	git := locate.Program(os.Getenv("PATH"), "git", locate.Untrusted(dir, os.Getenv))
	if git == "" {
		return nil, exec.ErrNotFound
	}
	cmd := exec.CommandContext(ctx, git, append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0")
	cmd.Stdin = bytes.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	return out.Bytes(), err
}

// ComputeFacts describes the files a call targets. It only reads: the
// file system (existence, the first bytes of a file for a "generated"
// marker) and git (ls-files, check-ignore, check-attr).
func ComputeFacts(ctx context.Context, root string, files []engine.CommandFile, git GitRunner) []PathFact {
	if git == nil {
		git = RunGit
	}
	if len(files) > maxFacts {
		files = files[:maxFacts]
	}
	facts := make([]PathFact, len(files))
	var rels []string // project-relative paths git is asked about
	relOf := make([]string, len(files))
	globOf := make([]bool, len(files))
	for i, f := range files {
		pf := PathFact{Path: f.Path, Write: f.Write, Classes: f.Classes}
		if f.Abs == "" {
			facts[i] = pf
			continue
		}
		pf.Path = f.Abs
		in := slices.Contains(f.Classes, engine.ClassProject)
		pf.InProject = factOf(in)
		glob := strings.ContainsAny(f.Abs, "*?[")
		if !glob {
			_, err := os.Lstat(f.Abs)
			pf.Exists = factOf(err == nil)
		}
		if in && root != "" {
			rel, err := filepath.Rel(root, f.Abs)
			if err == nil && !strings.HasPrefix(rel, "..") {
				pf.Path = rel
				relOf[i], globOf[i] = rel, glob
				rels = append(rels, rel)
			}
		}
		facts[i] = pf
	}
	if len(rels) == 0 {
		return facts
	}
	var tracked, ignored, generated map[string]bool
	var trackedOK, ignoredOK, generatedOK bool
	var wg sync.WaitGroup
	wg.Go(func() { tracked, trackedOK = gitTracked(ctx, git, root, rels) })
	wg.Go(func() { ignored, ignoredOK = gitIgnored(ctx, git, root, rels) })
	if attributes(root, rels) {
		wg.Go(func() { generated, generatedOK = gitGenerated(ctx, git, root, rels) })
	} else {
		// No .gitattributes can mark these paths: save a git process.
		generated, generatedOK = nil, true
	}
	wg.Wait()
	for i := range facts {
		rel := relOf[i]
		if rel == "" {
			continue
		}
		pf := &facts[i]
		if trackedOK {
			pf.Tracked = factOf(tracked[rel])
		}
		if globOf[i] {
			// check-ignore and check-attr take paths literally.
			continue
		}
		if ignoredOK {
			pf.Ignored = factOf(ignored[rel])
		}
		marked := pf.Exists == Yes && generatedMarker(filepath.Join(root, rel))
		switch {
		case marked || generatedOK && generated[rel]:
			pf.Generated = Yes
		case generatedOK:
			pf.Generated = No
		}
	}
	return facts
}

// gitTracked reports which paths git tracks: a file that is in the index,
// a folder or glob that covers files that are.
func gitTracked(ctx context.Context, git GitRunner, root string, rels []string) (map[string]bool, bool) {
	out, err := git(ctx, root, nil, append([]string{"ls-files", "-z", "--"}, rels...)...)
	if err != nil {
		return nil, false
	}
	listed := splitZ(out)
	got := map[string]bool{}
	for _, rel := range rels {
		for _, l := range listed {
			if l == rel || strings.HasPrefix(l, rel+"/") || rel == "." || matchGlob(rel, l) {
				got[rel] = true
				break
			}
		}
	}
	return got, true
}

func matchGlob(pattern, name string) bool {
	if !strings.ContainsAny(pattern, "*?[") {
		return false
	}
	ok, _ := doublestar.Match(pattern, name)
	if !ok {
		ok, _ = doublestar.Match(pattern+"/**", name)
	}
	return ok
}

// gitIgnored reports which paths .gitignore and friends ignore.
func gitIgnored(ctx context.Context, git GitRunner, root string, rels []string) (map[string]bool, bool) {
	out, err := git(ctx, root, joinZ(rels), "check-ignore", "-z", "--stdin")
	// check-ignore exits 1 when nothing is ignored.
	if err != nil && !exitCode(err, 1) {
		return nil, false
	}
	got := map[string]bool{}
	for _, l := range splitZ(out) {
		got[l] = true
	}
	return got, true
}

// gitGenerated reports which paths .gitattributes marks
// linguist-generated.
func gitGenerated(ctx context.Context, git GitRunner, root string, rels []string) (map[string]bool, bool) {
	out, err := git(ctx, root, joinZ(rels), "check-attr", "-z", "--stdin", "linguist-generated")
	if err != nil {
		return nil, false
	}
	f := splitZ(out)
	got := map[string]bool{}
	for i := 0; i+2 < len(f); i += 3 {
		if v := f[i+2]; v == "set" || v == "true" {
			got[f[i]] = true
		}
	}
	return got, true
}

// attributes reports whether a .gitattributes file (or the repository's
// info/attributes) could apply to any of the paths: one in the root or in
// a folder on a path's way down.
func attributes(root string, rels []string) bool {
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if exists(filepath.Join(root, ".git", "info", "attributes")) {
		return true
	}
	seen := map[string]bool{}
	for _, rel := range rels {
		for dir := filepath.Dir(rel); ; dir = filepath.Dir(dir) {
			if !seen[dir] {
				seen[dir] = true
				if exists(filepath.Join(root, dir, ".gitattributes")) {
					return true
				}
			}
			if dir == "." || dir == "/" {
				break
			}
		}
	}
	return false
}

// generatedMarker reports a file that says it is generated in its first
// bytes ("Code generated ... DO NOT EDIT.", "@generated").
func generatedMarker(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	head := make([]byte, 1024)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	return bytes.Contains(head, []byte("Code generated")) && bytes.Contains(head, []byte("DO NOT EDIT")) ||
		bytes.Contains(head, []byte("@generated"))
}

func joinZ(list []string) []byte {
	var b []byte
	for _, s := range list {
		b = append(append(b, s...), 0)
	}
	return b
}

func splitZ(b []byte) []string {
	var out []string
	for _, f := range bytes.Split(b, []byte{0}) {
		if len(f) > 0 {
			out = append(out, string(f))
		}
	}
	return out
}

// exitCode reports an error that is a process exiting with code.
func exitCode(err error, code int) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() == code
}
