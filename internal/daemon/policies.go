package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// policies holds one loaded configuration per project and reloads it when
// its files change. A configuration that fails to load does not replace
// the last good one: the daemon keeps deciding with that, and reports the
// error.
type policies struct {
	mu sync.Mutex
	// byPaths holds a configuration per set of folders, not per project
	// root: a hook input that resolves other folders for the same project
	// (an agent's call with XDG_CONFIG_HOME set) gets a policy of its own
	// and never becomes the one the hook's own calls are decided by.
	byPaths map[layout.Paths]*entry
	watcher *fsnotify.Watcher
	logf    func(format string, args ...any)
}

// entry is one project's configuration.
type entry struct {
	paths  layout.Paths
	policy *engine.Policy
	// good reports that policy loaded without error; errText is the error
	// of the newest load when it failed.
	good      bool
	errText   string
	loaded    time.Time
	stale     bool
	changedAt time.Time // the last change to its files
	decisions int
}

func newPolicies(logf func(string, ...any)) (*policies, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	p := &policies{byPaths: map[layout.Paths]*entry{}, watcher: w, logf: logf}
	go p.watch()
	return p, nil
}

func (p *policies) close() { p.watcher.Close() }

// load returns the policy for a project, loading it on first use and
// after its files changed.
func (p *policies) load(paths layout.Paths) *engine.Policy {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.byPaths[paths]
	if e == nil {
		e = &entry{paths: paths, stale: true}
		p.byPaths[paths] = e
	}
	if e.stale && time.Since(e.changedAt) >= settle {
		p.reload(e)
	}
	e.decisions++
	return e.policy
}

// reload reads a project's configuration again.
func (p *policies) reload(e *entry) {
	e.stale = false
	l, err := config.Load(e.paths)
	p.watchSources(e)
	held := ""
	if err == nil && e.good {
		held, _ = config.Emptied(e.policy, l.Policy, time.Now())
	}
	switch {
	case held != "":
		// A rules file that reads as empty where it had rules may be
		// being rewritten: keep the last good policy, and read again on
		// the next call until the file has stayed so for the hold time.
		e.stale = true
		p.logf("%s reads as empty where it had rules; keeping the last good configuration of %s until it has stayed so", held, e.paths.ProjectRoot)
	case err == nil:
		e.policy, e.good, e.errText, e.loaded = l.Policy, true, "", time.Now()
	case e.good:
		// Keep deciding with the last good configuration.
		e.errText = err.Error()
		p.logf("configuration of %s not loaded, keeping the last good one: %v", e.paths.ProjectRoot, err)
	default:
		// Nothing good to fall back on: the broken configuration denies
		// every call, as in the hook.
		e.policy, e.errText, e.loaded = l.Policy, err.Error(), time.Now()
	}
}

// watchSources watches the folders a project's configuration is read
// from, and the folders that would hold them, so that creating one is
// seen too.
func (p *policies) watchSources(e *entry) {
	seen := map[string]bool{}
	var dirs []string
	add := func(d string) {
		if d == "" || seen[d] {
			return
		}
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return
		}
		seen[d] = true
		dirs = append(dirs, d)
	}
	for _, s := range e.paths.Sources() {
		if s.Dir {
			add(s.Path)
			filepath.WalkDir(s.Path, func(path string, d os.DirEntry, err error) error {
				if err == nil && d.IsDir() {
					add(path)
				}
				return nil
			})
		}
		add(filepath.Dir(s.Path))
	}
	for _, d := range dirs {
		if err := p.watcher.Add(d); err != nil {
			p.logf("cannot watch %s: %v", d, err)
		}
	}
}

// watch marks a project stale when a file of its configuration changes,
// and reloads it at once so that status shows a broken file without
// waiting for the next call.
func (p *policies) watch() {
	for {
		select {
		case ev, ok := <-p.watcher.Events:
			if !ok {
				return
			}
			p.changed(ev.Name)
		case err, ok := <-p.watcher.Errors:
			if !ok {
				return
			}
			p.logf("watching configuration: %v", err)
		}
	}
}

// settle is how long a configuration's files must stay unchanged before
// it is read again: an editor or a shell writes a file in several steps
// (truncate, then write), and a half-written file must not become the
// configuration, not even a valid one such as an empty rules file.
const settle = 100 * time.Millisecond

// changed marks the projects a changed path belongs to as stale, and
// reloads each once its files have settled.
func (p *policies) changed(path string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.byPaths {
		if !affects(e.paths, path) {
			continue
		}
		e.stale, e.changedAt = true, time.Now()
		time.AfterFunc(settle, func() { p.settled(e) })
	}
}

// settled reloads a stale project whose files have not changed for the
// settling time.
func (p *policies) settled(e *entry) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !e.stale || time.Since(e.changedAt) < settle {
		return
	}
	p.reload(e)
	if e.errText == "" && !e.stale {
		p.logf("reloaded the configuration of %s", e.paths.ProjectRoot)
	}
}

// affects reports whether a changed path is (or holds) a source of a
// project's configuration.
func affects(paths layout.Paths, changed string) bool {
	for _, s := range paths.Sources() {
		if changed == s.Path || strings.HasPrefix(changed, s.Path+string(filepath.Separator)) ||
			strings.HasPrefix(s.Path, changed+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// status lists the configurations held.
func (p *policies) status() []daemonproto.Project {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []daemonproto.Project
	for paths, e := range p.byPaths {
		out = append(out, daemonproto.Project{Root: paths.ProjectRoot, Error: e.errText, Loaded: e.loaded.Format(time.RFC3339), Decision: e.decisions})
	}
	return out
}
