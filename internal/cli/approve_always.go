package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
)

// An approval for good changes three files: the approval, the learned
// entry made of it, and the project's trust renewed over the learned.yaml
// the entry changed. It is one step as far as a person can tell: the
// answer is written together with a journal of the steps that follow
// (which learned.yaml, whether the project was trusted), the journal
// records the sha256 the learned.yaml will have before it is written, and
// each step is done so that doing it again changes nothing. A run killed
// at any point is finished by running the same command again.

// approveFaultEnv names a point where approve --always exits at once, as
// if killed: a test-only switch for showing that a rerun finishes the job.
const approveFaultEnv = "GOVERNANCE_TEST_APPROVE_FAULT"

func (a *App) approveFault(point string) {
	if a.Getenv(approveFaultEnv) == point {
		os.Exit(99)
	}
}

// approveAlways approves a pending item for good, or finishes an approval
// for good that a killed run, the daemon's page or the MCP proxy left
// unfinished.
func (a *App) approveAlways(s *approvals.Store, id, message string) error {
	it, err := s.Get(id)
	if err != nil {
		return err
	}
	userDir := a.paths(a.Cwd).UserDir
	file := learned.FileFor(userDir, filepath.Join(it.Project, ".governance"))
	if it.Finish != nil && it.Finish.File != "" {
		file = it.Finish.File
	}
	proj, isProject := a.projectOf(file)
	// What a run killed midway left beside the learned.yaml.
	a.sweep(filepath.Dir(file))
	switch {
	case it.Status == approvals.Pending:
		fin := &approvals.Finish{File: file}
		if isProject {
			before, err := config.CheckProjectTrust(proj)
			if err != nil {
				return err
			}
			fin.Trusted = before.State == config.Trusted
		}
		if it, err = s.AnswerFinishing(id, true, who(), message, true, fin); err != nil {
			return err
		}
		fmt.Fprintf(a.Stdout, "%s %s: %s\n", it.Status, it.ID, engine.Sanitize(it.Summary))
	case (it.Status == approvals.Approved || it.Status == approvals.Used) && (it.Finish == nil || !it.Finish.Done):
		if it.Finish == nil {
			// Approved once, or for good where nothing journaled the
			// steps: the trust it had before is not known, so it is
			// renewed only if it still holds.
			if it, err = s.Journal(id, func(f *approvals.Finish) { f.File = file }); err != nil {
				return err
			}
		}
		fmt.Fprintf(a.Stdout, "finishing the approval for good of %s: %s\n", it.ID, engine.Sanitize(it.Summary))
	case it.Finish != nil && it.Finish.Done:
		return fmt.Errorf("approval %s is already approved for good (learned entry %s in %s)", id, it.Finish.Entry, it.Finish.File)
	default:
		return fmt.Errorf("approval %s is already %s", id, it.Status)
	}
	a.approveFault("answered")
	e, file, err := learned.RecordAlways(it, userDir, a.Now(), func(sum string) error {
		_, err := s.Journal(id, func(f *approvals.Finish) { f.LearnedSHA256 = sum })
		return err
	})
	if err != nil {
		return withHint(err, "the call itself is approved, once")
	}
	a.approveFault("learned")
	if it, err = s.Get(id); err != nil {
		return err
	}
	if isProject {
		if err := a.renewTrust(proj, file, it.Finish); err != nil {
			return err
		}
	}
	a.approveFault("trusted")
	if _, err := s.Journal(id, func(f *approvals.Finish) { f.Entry, f.Done = e.ID, true }); err != nil {
		return err
	}
	fmt.Fprintf(a.Stdout, "learned entry %s in %s allows %s (first review %s; `governance learn retire %s` stops it)\n",
		e.ID, file, engine.Sanitize(learned.Allows(*e)), e.NextReview.Format("2006-01-02"), e.ID)
	return nil
}

// renewTrust keeps the project's trust in step with the learned entry a
// person approved: renewed when the person trusted the project's policy
// and the only change since is the learned.yaml as the entry's write left
// it (its sha256 was journaled before the write). Anything else is for a
// person to read before trusting.
func (a *App) renewTrust(p layout.Paths, file string, fin *approvals.Finish) error {
	t, err := config.CheckProjectTrust(p)
	if err != nil {
		return err
	}
	if fin == nil || !fin.Trusted {
		if t.State != config.Trusted && t.State != config.TrustNothing {
			fmt.Fprintf(a.Stdout, "note: the project's policy is %s: its learned allows apply once a person runs `governance trust` in %s\n", t.Why(), p.ProjectRoot)
		}
		return nil
	}
	if t.State == config.Trusted {
		return nil
	}
	rel, err := filepath.Rel(p.ProjectRoot, file)
	if err != nil {
		return err
	}
	sum, err := config.FileSHA256(file)
	if err != nil {
		return err
	}
	rel = filepath.ToSlash(rel)
	onlyLearned := slices.Equal(t.Changes, []string{rel + " changed"}) || slices.Equal(t.Changes, []string{rel + " added"})
	if t.State == config.TrustChanged && onlyLearned && sum == fin.LearnedSHA256 {
		_, err := config.TrustProject(p)
		return err
	}
	return withHint(fmt.Errorf("the learned entry is written, but the project's policy is %s beyond it, so the trust was not renewed",
		t.Why()), "read what changed, run `governance trust` in "+p.ProjectRoot+", then this command again to finish")
}

// projectOf returns the project whose .governance folder holds file, when
// it is one.
func (a *App) projectOf(file string) (layout.Paths, bool) {
	dir := filepath.Dir(file)
	if filepath.Base(dir) != ".governance" {
		return layout.Paths{}, false
	}
	root := filepath.Dir(dir)
	p := layout.Discover(root, root, a.Getenv)
	return p, p.RepoDir == dir
}

// finishLine says, for approvals show, how an approval for good stands.
func finishLine(it *approvals.Item) string {
	switch f := it.Finish; {
	case !it.Always:
		return ""
	case f != nil && f.Done:
		return fmt.Sprintf("learned entry %s in %s", f.Entry, f.File)
	}
	return strings.Join([]string{"not finished: run `governance approvals approve --always", it.ID + "`"}, " ")
}
