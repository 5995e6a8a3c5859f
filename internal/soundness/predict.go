package soundness

import (
	"os"
	"path"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// Prediction is what the program model says a command line does, in the
// terms an observation can be checked against.
type Prediction struct {
	// Programs are the base names of the programs the analysis found: the
	// command line's own and those it finds inside them (sh -c, xargs,
	// find -exec).
	Programs map[string]bool
	// Helpers are the programs the models say a tool runs to do its work.
	Helpers map[string]bool
	// Caches are the absolute paths under which a tool writes its own
	// files.
	Caches []string
	// Creds are the absolute paths of credentials tools read to
	// authenticate.
	Creds []string
	// Writes are absolute paths the model says are written, deleted,
	// moved, linked or chmod'ed (an allowed command should have none).
	Writes []string
	// Network reports a predicted request.
	Network bool
	// Execs reports code run that the analysis did not find (an allowed
	// command should have none).
	Execs []string
}

// Predict analyses a command line as the engine does and collects the
// effects of its simple commands.
func Predict(cmd, cwd, home string) *Prediction {
	p := &Prediction{Programs: map[string]bool{}, Helpers: map[string]bool{}}
	a := shell.Analyze(cmd, shell.Options{Cwd: cwd, Home: home, Launcher: programs.Launcher})
	for _, c := range a.Commands {
		if c.Name == "" {
			continue
		}
		p.Programs[c.Name] = true
		for _, w := range c.Wrappers {
			p.Programs[w] = true
		}
		dir := c.Cwd
		if dir == "" {
			dir = cwd
		}
		abs := func(a shell.Arg) string { return absPath(a.Value, dir, home) }
		for _, e := range programs.Parse(c).Effects().List {
			if e.TopOf != "" {
				// A path from the top of the git work tree (git's :/).
				e.Path.Value = path.Join(gitTop(abs(shell.Arg{Value: e.TopOf})), e.Path.Value)
			}
			switch {
			case e.Op == programs.Cache:
				p.Caches = append(p.Caches, abs(e.Path))
			case e.Op == programs.Cred:
				p.Creds = append(p.Creds, abs(e.Path))
			case e.Op == programs.Exec && e.Helper && e.Code == programs.LoginProfile:
				for name := range profilePrograms(home) {
					p.Helpers[name] = true
				}
			case e.Op == programs.Exec && e.Helper:
				p.Helpers[e.Code] = true
			case e.Op == programs.Exec && !e.Found && e.Lang == "sh" && e.RunText(c.Stdin.Kind != shell.StdinInherited) != "":
				// A command line the program runs through sh -c, judged
				// by the engine as it runs, with the words and data the
				// program adds: what it does is predicted so.
				p.merge(Predict(e.RunText(c.Stdin.Kind != shell.StdinInherited), dir, home))
				p.Helpers["sh"] = true
			case e.Op == programs.Exec && !e.Found:
				p.Execs = append(p.Execs, e.Why)
			case e.Op == programs.Network:
				p.Network = true
			case e.Op.Modifies():
				p.Writes = append(p.Writes, abs(e.Path))
				if e.To.Value != "" {
					p.Writes = append(p.Writes, abs(e.To))
				}
			}
		}
		for _, r := range c.Redirects {
			if r.Write {
				p.Writes = append(p.Writes, abs(r.Target))
			}
		}
	}
	return p
}

// merge adds what another prediction holds.
func (p *Prediction) merge(q *Prediction) {
	for k := range q.Programs {
		p.Programs[k] = true
	}
	for k := range q.Helpers {
		p.Helpers[k] = true
	}
	p.Caches = append(p.Caches, q.Caches...)
	p.Creds = append(p.Creds, q.Creds...)
	p.Writes = append(p.Writes, q.Writes...)
	p.Execs = append(p.Execs, q.Execs...)
	p.Network = p.Network || q.Network
}

// absPath resolves a path as written against a folder and a home.
// gitTop returns the top of the git work tree that holds dir: the folder
// with .git in it, from dir up; dir itself where there is none.
func gitTop(dir string) string {
	for d := dir; ; d = path.Dir(d) {
		if _, err := os.Lstat(path.Join(d, ".git")); err == nil {
			return d
		}
		if d == "/" || d == "." {
			return dir
		}
	}
}

func absPath(v, dir, home string) string {
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		v = home + v[1:]
	case !path.IsAbs(v):
		v = path.Join(dir, v)
	}
	return path.Clean(v)
}

// Covers reports whether the prediction's caches cover an observed write:
// the same path, a path under it, or a lock or temporary file beside it
// (.git/index covers .git/index.lock).
func (p *Prediction) Covers(observed string) bool {
	for _, c := range p.Caches {
		// The cache itself, what is in it, a lock or temporary file
		// beside it, or a folder on the way to it (made for it).
		if observed == c || strings.HasPrefix(observed, c+"/") || strings.HasPrefix(observed, c+".") ||
			strings.HasPrefix(c, observed+"/") {
			return true
		}
	}
	for _, w := range p.Writes {
		if observed == w || strings.HasPrefix(observed, w+"/") {
			return true
		}
	}
	return false
}
