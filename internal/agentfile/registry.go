// Package agentfile reads agent definitions from markdown files in the
// governance, OpenCode and Claude Code formats.
package agentfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/regularfile"
)

// Dir is a folder of agent files in one format.
type Dir struct {
	Path   string
	Format agents.Format
	// Recursive folders name agents by their path below the folder
	// (OpenCode's agent/review/security.md is review/security).
	Recursive bool
}

// Registry finds agent definitions by name. It reads files only when asked:
// a lookup reads the file named after the agent, and scans a folder only
// when no file has that name.
type Registry struct {
	Dirs  []Dir
	byKey map[string][]*agents.Agent
	all   []*agents.Agent
	errs  []error
	full  bool
}

// NewRegistry returns a registry over dirs, in order of precedence.
func NewRegistry(dirs ...Dir) *Registry {
	return &Registry{Dirs: dirs, byKey: map[string][]*agents.Agent{}}
}

// Lookup returns every definition of the named agent (one per folder that
// defines it). It returns an error when a file that defines it is broken.
func (r *Registry) Lookup(name string) ([]*agents.Agent, error) {
	if got, ok := r.byKey[name]; ok {
		return got, nil
	}
	var found []*agents.Agent
	missing := false
	for _, d := range r.Dirs {
		file := filepath.Join(d.Path, filepath.FromSlash(name)+".md")
		data, err := readAgent(file)
		if errors.Is(err, fs.ErrNotExist) {
			missing = true
			continue
		}
		if err != nil {
			return nil, err
		}
		a, err := Parse(file, data, d.Format, name)
		if err != nil {
			return nil, err
		}
		// A Claude Code agent is found by its file name as well as by
		// the name its frontmatter gives.
		if a.Name == name || d.Format == agents.FormatClaude {
			found = append(found, a)
		}
	}
	if missing {
		// An agent may be named in its frontmatter rather than its file.
		// Broken files elsewhere do not matter here: each becomes a
		// stand-in that carries its error.
		r.All()
		for _, a := range r.all {
			if a.Name != name || containsAgent(found, a) {
				continue
			}
			if a.Err != "" {
				return nil, errors.New(a.Err)
			}
			found = append(found, a)
		}
	}
	r.byKey[name] = found
	return found, nil
}

func containsAgent(list []*agents.Agent, a *agents.Agent) bool {
	for _, b := range list {
		if b.Source == a.Source {
			return true
		}
	}
	return false
}

// All reads every agent file and returns the definitions, sorted by name.
// Problems are reported in the error (joined): a file that does not parse
// or cannot be read (a dangling link, a folder in its place, no
// permission) is kept as a stand-in, named after its file, that carries
// its error in Err, so that the agent's calls are denied, never left
// unchecked.
func (r *Registry) All() ([]*agents.Agent, error) {
	if r.full {
		return r.all, errors.Join(r.errs...)
	}
	r.full = true
	for _, d := range r.Dirs {
		_ = filepath.WalkDir(d.Path, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				if !errors.Is(err, fs.ErrNotExist) {
					r.errs = append(r.errs, err)
				}
				return nil
			}
			if e.IsDir() {
				if p != d.Path && !d.Recursive {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".md") {
				return nil
			}
			rel, _ := filepath.Rel(d.Path, p)
			name := filepath.ToSlash(strings.TrimSuffix(rel, ".md"))
			data, err := readAgent(p)
			if err == nil {
				var a *agents.Agent
				if a, err = Parse(p, data, d.Format, name); err == nil {
					r.all = append(r.all, a)
					return nil
				}
			}
			if err != nil {
				r.errs = append(r.errs, err)
				// Keep a stand-in, so that the broken agent's calls are
				// denied with the error rather than left unchecked.
				r.all = append(r.all, &agents.Agent{Name: name, Format: d.Format, Source: p, Err: err.Error()})
			}
			return nil
		})
	}
	sort.SliceStable(r.all, func(i, j int) bool { return r.all[i].Name < r.all[j].Name })
	return r.all, errors.Join(r.errs...)
}

// ErrUnreadable is the error of an agent file that exists and cannot be
// read.
var ErrUnreadable = errors.New("the agent file cannot be read")

// readAgent reads an agent file. A name that exists but cannot be read
// (a dangling symbolic link, a folder, no permission) is an error naming
// the file, never a missing file: an agent whose definition cannot be
// read is not an agent without one.
func readAgent(file string) ([]byte, error) {
	data, err := regularfile.ReadFile(file)
	if err == nil {
		return data, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(file); lerr != nil {
			return nil, err
		}
		if target, lerr := os.Readlink(file); lerr == nil {
			return nil, fmt.Errorf("%w: %s is a link to %s, which does not exist", ErrUnreadable, file, target)
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return nil, fmt.Errorf("%w: %s: %v", ErrUnreadable, file, err)
}
