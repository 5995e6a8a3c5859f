package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

func (a *App) trustCmd() *cobra.Command {
	var dir string
	var showDiff bool
	c := &cobra.Command{
		Use:   "trust",
		Short: "Let the project's committed policy allow calls (human only)",
		Long: `A repository only tightens until a person trusts it. What the project's
committed files add that would let a call run without a person (allow and
warn rules in .governance/rules/, Starlark allow(), Codex
prefix_rule(decision="allow"), approved entries of .governance/learned.yaml,
the MCP servers .governance/mcp-proxy.yaml starts) takes effect only once
you run governance trust in the project, after reading those files.

The trust is pinned to a sha256 over the files as they are now (their
paths and contents) and kept in your configuration folder
(trusted-projects.yaml), never in the project. Any change to them, or a
file added or removed, suspends it until you trust the project again.
Until then such calls fall to what your own policy says, with a message
naming this command. The project's denies and asks always apply.

No AI agent may run this command. governance status and governance doctor
show the state: trusted, not trusted, or changed since trusted (with what
changed); governance untrust forgets the trust.

--diff shows what changed since you trusted the project, as a unified
diff of each policy file against the version you trusted (a copy of
which the trust keeps in your configuration folder), and trusts nothing.`,
		Example: `  governance trust --diff              # read what changed since you trusted it
  governance trust
  governance trust --dir ~/src/app
  governance status | grep '^policy:'
  governance untrust`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.absCwd(dir))
			if showDiff {
				return a.trustDiff(p)
			}
			// What a trust killed midway left in the user's folder.
			a.sweep(p.UserDir)
			before, err := config.CheckProjectTrust(p)
			if err != nil {
				return err
			}
			if before.State == config.TrustChanged {
				fmt.Fprintf(a.Stdout, "changed since trusted: %s\n", strings.Join(before.Changes, ", "))
			}
			t, err := config.TrustProject(p)
			if err != nil {
				return err
			}
			if t.State == config.TrustNothing {
				fmt.Fprintf(a.Stdout, "trusted %s: it has no policy file that could allow a call yet; one added later needs trusting\n", p.ProjectRoot)
			} else {
				fmt.Fprintf(a.Stdout, "trusted %s: %d policy files (sha256 %s)\n", p.ProjectRoot, len(t.Files), t.SHA256)
				for _, f := range t.Files {
					fmt.Fprintf(a.Stdout, "  %s\n", f.Path)
				}
			}
			a.harnessTrustSteps(a.absCwd(dir))
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&showDiff, "diff", false, "show what changed since the project was trusted, and trust nothing")
	return c
}

// trustDiff prints each policy file's changes since the project was
// trusted.
func (a *App) trustDiff(p layout.Paths) error {
	changes, err := config.TrustChanges(p)
	if errors.Is(err, config.ErrNeverTrusted) {
		fmt.Fprintf(a.Stdout, "%s was never trusted: read its policy files whole (governance trust lists them)\n", p.ProjectRoot)
		return nil
	}
	if err != nil {
		return err
	}
	if len(changes) == 0 {
		fmt.Fprintf(a.Stdout, "%s: nothing changed since it was trusted\n", p.ProjectRoot)
		return nil
	}
	for _, c := range changes {
		if !c.TrustedKnown {
			fmt.Fprintf(a.Stdout, "%s: changed; no copy of the trusted version was kept (it was trusted before copies were), read it whole\n", c.Path)
			continue
		}
		oldName, newName := "trusted/"+c.Path, "now/"+c.Path
		if c.Trusted == nil {
			oldName = "/dev/null"
		}
		if c.Now == nil {
			newName = "/dev/null"
		}
		a.Stdout.Write(diff.Diff(oldName, c.Trusted, newName, c.Now))
	}
	return nil
}

func (a *App) untrustCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "untrust",
		Short: "Stop the project's committed policy from allowing calls (human only)",
		Long: `untrust forgets that you trusted the project's policy files (see
governance trust): the project's allows stop applying; its denies and
asks still apply.`,
		Example: `  governance untrust
  governance untrust --dir ~/src/app`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.absCwd(dir))
			found, err := config.UntrustProject(p)
			if err != nil {
				return err
			}
			if !found {
				fmt.Fprintf(a.Stdout, "%s was not trusted\n", p.ProjectRoot)
				return nil
			}
			fmt.Fprintf(a.Stdout, "no longer trusted: %s\n", p.ProjectRoot)
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	return c
}

// trustLine says how the project's policy stands with the user, for
// status and doctor.
func trustLine(w io.Writer, label string, t config.ProjectTrust) {
	switch t.State {
	case config.Trusted:
		fmt.Fprintf(w, "%strusted (%d files, sha256 %.12s)\n", label, len(t.Files), t.SHA256)
	case config.TrustNothing:
		fmt.Fprintf(w, "%snothing to trust (no project file can allow a call)\n", label)
	case config.TrustChanged:
		fmt.Fprintf(w, "%schanged since trusted: %s; the project's allows do not apply until a person runs `governance trust`\n",
			label, strings.Join(t.Changes, ", "))
	default:
		fmt.Fprintf(w, "%snot trusted: the project's allows do not apply until a person runs `governance trust`\n", label)
	}
}

// keepTrust runs write, a person's change to a learned.yaml, and keeps the
// project's trust in step when the file is the project's: a person's own
// governance command does not suspend a trust they gave, nor give one
// they did not.
func (a *App) keepTrust(file string, write func() error) error {
	p, ok := a.projectOf(file)
	if !ok {
		return write()
	}
	root := p.ProjectRoot
	before, err := config.CheckProjectTrust(p)
	if err != nil {
		return err
	}
	if err := write(); err != nil {
		return err
	}
	if before.State == config.Trusted {
		_, err = config.TrustProject(p)
		return err
	}
	fmt.Fprintf(a.Stdout, "note: the project's policy is %s: its learned allows apply once a person runs `governance trust` in %s\n", before.Why(), root)
	return nil
}

// quietTrust are the commands that say nothing of a suspended trust: the
// ones that deal with it, and the ones a harness or script reads.
var quietTrust = map[string]bool{"trust": true, "untrust": true, "hook": true, "version": true, "help": true,
	"compile": true, "init": true}

// noteSuspendedTrust tells the person on stderr, before a command runs in
// a project, that the project's policy changed since they trusted it: its
// allows stop applying, which otherwise only the agent's messages say.
func (a *App) noteSuspendedTrust(cmd *cobra.Command) {
	if quietTrust[cmd.Name()] || cmd.Parent() == nil {
		return
	}
	dir := ""
	if f := cmd.Flags().Lookup("dir"); f != nil {
		dir = f.Value.String()
	}
	p := a.paths(a.absCwd(dir))
	if p.RepoDir == "" {
		return
	}
	t, err := config.CheckProjectTrust(p)
	if err != nil || t.State != config.TrustChanged {
		return
	}
	fmt.Fprintf(a.Stderr, "governance: note: the project's policy %s: its allows are suspended until you trust it again; read `governance trust --diff`, then run `governance trust`\n", t.Why())
}

// harnessTrustSteps names, after a person trusts a project, each harness
// whose own trust skips the project's hook (a teammate's clone: Codex and
// Copilot CLI keep that trust per person), and the one command that
// gives it.
func (a *App) harnessTrustSteps(dir string) {
	for _, name := range harnesses() {
		ins := installers[name]
		if ins.skipped == nil {
			continue
		}
		project, _, err := ins.files(a, dir)
		if err != nil || !a.inspectFile(ins, project).hooked {
			continue
		}
		if why := ins.skipped(a, project); len(why) > 0 {
			fmt.Fprintf(a.Stdout, "%s skips this project's governance hook until you trust it there: run `governance install %s` (%s)\n",
				ins.title, name, why[0])
		}
	}
}
