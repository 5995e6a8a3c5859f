package confine

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// A secret file git tracks cannot simply be shown empty: to git an empty
// file is a change, and `git commit -a`, `git add -A` or `git stash`
// inside the confinement would record the secret's deletion, which the
// person's next push publishes. It is shown instead with the content the
// index holds for it, read from the repository's objects: what `git show
// :FILE` prints inside the confinement anyway, so nothing new is shown,
// and git sees no change. A change the person made to the file and has
// not staged stays out of sight, and out of what the call can commit.

// committedFiles returns, for each of p.Committed in order, a file
// holding the content of its object, opened for reading at its start
// and already removed from the file system: bubblewrap copies it into
// the sandbox (--ro-bind-data). git is run once per repository
// (cat-file --batch). ok is false when git is not on the call's PATH:
// then no git inside the confinement can commit either, and the masks
// stay empty. git is taken only from a folder the call cannot write (see
// [Launcher.program]).
func (l *Launcher) committedFiles(ctx context.Context, p *Profile) (files []*os.File, ok bool, err error) {
	if len(p.Committed) == 0 {
		return nil, true, nil
	}
	git := l.program(p, "git")
	if git == "" {
		return nil, false, nil
	}
	defer func() {
		if err != nil {
			for _, f := range files {
				f.Close()
			}
			files = nil
		}
	}()
	files = make([]*os.File, len(p.Committed))
	byDir := map[string][]int{}
	var dirs []string
	for i, c := range p.Committed {
		if _, seen := byDir[c.GitDir]; !seen {
			dirs = append(dirs, c.GitDir)
		}
		byDir[c.GitDir] = append(byDir[c.GitDir], i)
	}
	for _, dir := range dirs {
		var in bytes.Buffer
		for _, i := range byDir[dir] {
			in.WriteString(p.Committed[i].Object + "\n")
		}
		cmd := exec.CommandContext(ctx, git, "--git-dir="+dir, "cat-file", "--batch")
		cmd.Env = gitEnv(l.Env)
		cmd.Stdin = &in
		out, err := cmd.StdoutPipe()
		if err != nil {
			return files, true, err
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			return files, true, fmt.Errorf("%w: git cat-file: %v", ErrProfile, err)
		}
		r := bufio.NewReader(out)
		for _, i := range byDir[dir] {
			if files[i], err = readObject(r, p.Committed[i]); err != nil {
				cmd.Process.Kill()
				cmd.Wait()
				return files, true, err
			}
		}
		if err := cmd.Wait(); err != nil {
			return files, true, fmt.Errorf("%w: git cat-file in %s: %v %s", ErrProfile, dir, err, strings.TrimSpace(stderr.String()))
		}
	}
	return files, true, nil
}

// readObject reads one answer of git cat-file --batch into a removed
// temporary file.
func readObject(r *bufio.Reader, c Committed) (*os.File, error) {
	header, err := r.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("%w: git cat-file: %v", ErrProfile, err)
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || fields[0] != c.Object || fields[1] != "blob" {
		return nil, fmt.Errorf("%w: the object git's index holds for %s cannot be read (%s)", ErrProfile, c.Path, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 || size > 1<<30 {
		return nil, fmt.Errorf("%w: git cat-file: %q", ErrProfile, header)
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("%w: git cat-file: %v", ErrProfile, err)
	}
	return removedFile(data[:size])
}

// excludeFiles returns, for each of p.Excluded in order, a file holding
// the repository's info/exclude with the patterns added, opened for
// reading at its start and already removed from the file system. An
// info/exclude that is not a regular file (a link) is refused.
func excludeFiles(p *Profile) (files []*os.File, err error) {
	defer func() {
		if err != nil {
			for _, f := range files {
				f.Close()
			}
			files = nil
		}
	}()
	for _, x := range p.Excluded {
		var old []byte
		if fi, err := os.Lstat(x.File); err == nil {
			if !fi.Mode().IsRegular() {
				return files, fmt.Errorf("%w: %s is not a file", ErrProfile, x.File)
			}
			if old, err = os.ReadFile(x.File); err != nil {
				return files, fmt.Errorf("%w: %v", ErrProfile, err)
			}
		}
		if len(old) > 0 && old[len(old)-1] != '\n' {
			old = append(old, '\n')
		}
		data := append(old, "# governance-confine: secrets this call sees empty\n"...)
		data = append(data, strings.Join(x.Patterns, "\n")+"\n"...)
		f, err := removedFile(data)
		if err != nil {
			return files, err
		}
		files = append(files, f)
	}
	return files, nil
}

// removedFile returns a temporary file holding data, removed from the
// file system and open for reading at its start.
func removedFile(data []byte) (*os.File, error) {
	f, err := memFile()
	if err != nil {
		if f, err = os.CreateTemp("", "governance-confine-data-"); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCannotConfine, err)
		}
		os.Remove(f.Name())
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	return f, nil
}

// gitEnv is the environment git runs with on the launcher's side: the
// call's, without what would point git at another repository or turn on
// its tracing.
func gitEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GIT_") {
			out = append(out, kv)
		}
	}
	return out
}

// envPath is the value of PATH in env.
func envPath(env []string) string {
	return envGet(env)("PATH")
}

// envGet returns a lookup of env's variables (the last of a name wins).
func envGet(env []string) func(string) string {
	return func(name string) string {
		v := ""
		for _, kv := range env {
			if rest, ok := strings.CutPrefix(kv, name+"="); ok {
				v = rest
			}
		}
		return v
	}
}
