package confine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// indexStamp is a repository's index as it was before the call, for the
// untracked masked files of that repository (see [Untracked]).
type indexStamp struct {
	u      Untracked
	before os.FileInfo
}

// stampIndexes notes the index of each repository with untracked masked
// files, before the call: one stat each.
func stampIndexes(p *Profile) []indexStamp {
	var out []indexStamp
	for _, u := range p.Untracked {
		fi, _ := os.Stat(filepath.Join(u.GitDir, "index"))
		out = append(out, indexStamp{u: u, before: fi})
	}
	return out
}

// unstageMasks takes out of each index that the call changed the entries
// of untracked masked files the call staged (git add -f .env): what it
// staged was the mask, and once the path is tracked, the person's next
// `git commit -a` would commit the file's real content. It says so on
// the launcher's stderr; the file itself is untouched.
func (l *Launcher) unstageMasks(ctx context.Context, p *Profile, stamps []indexStamp) {
	for _, s := range stamps {
		index := filepath.Join(s.u.GitDir, "index")
		after, err := os.Stat(index)
		if err != nil || s.before != nil && os.SameFile(s.before, after) && s.before.ModTime().Equal(after.ModTime()) && s.before.Size() == after.Size() {
			continue
		}
		held, ok := engine.IndexHolds(index, s.u.Paths)
		if !ok {
			l.warnf("governance-confine: the index %s cannot be read: check that it stages none of %s, which the call was shown empty\n",
				index, strings.Join(s.u.Paths, ", "))
			continue
		}
		if len(held) == 0 {
			continue
		}
		if err := l.unstage(ctx, p, s.u, held); err != nil {
			l.warnf("governance-confine: the call staged %s, which it was shown empty (masked), and it could not be unstaged (%v): run `git rm --cached -- %s` before your next commit\n",
				strings.Join(held, ", "), err, strings.Join(held, " "))
			continue
		}
		l.warnf("governance-confine: the call staged %s, which it was shown empty (masked): unstaged again, so that no commit takes it; the file is as it was\n",
			strings.Join(held, ", "))
	}
}

// unstage removes paths from the index of u's repository with the host's
// git, as literal paths, running nothing the repository's configuration
// names (no hook runs for git rm --cached; fsmonitor is off).
func (l *Launcher) unstage(ctx context.Context, p *Profile, u Untracked, paths []string) error {
	git := l.program(p, "git")
	if git == "" {
		return fmt.Errorf("no git on PATH")
	}
	args := append([]string{"--git-dir=" + u.GitDir, "--work-tree=" + u.Top, "-c", "core.fsmonitor=false",
		"rm", "--cached", "--force", "--quiet", "--ignore-unmatch", "--"}, paths...)
	cmd := exec.CommandContext(ctx, git, args...)
	cmd.Dir = u.Top
	cmd.Env = append(gitEnv(l.Env), "GIT_LITERAL_PATHSPECS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// warnf writes a note on the launcher's stderr, if it has one.
func (l *Launcher) warnf(format string, a ...any) {
	if l.Stderr != nil {
		fmt.Fprintf(l.Stderr, format, a...)
	}
}
