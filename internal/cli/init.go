package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/template"
	"github.com/spf13/cobra"
)

func (a *App) initCmd() *cobra.Command {
	var dir string
	var global bool
	c := &cobra.Command{
		Use:   "init",
		Short: "Write the default configuration into .governance/",
		Long: `init writes the default configuration: config.yaml, an example rules file,
example agent files and a .gitignore for runtime state. It never asks and
never overwrites: a file that already exists is kept, so running init twice
changes nothing. With --global it writes the user's configuration folder
instead. It then prints the next steps: trusting the project's policy (its
allow rules apply only once a person runs governance trust), installing
the hook, and what each teammate runs after cloning.`,
		Example: `  governance init
  governance init --dir path/to/project`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			target := filepath.Join(a.absCwd(dir), ".governance")
			if global {
				target = a.paths(a.Cwd).UserDir
				if target == "" {
					return errors.New("cannot find the user configuration folder: HOME and XDG_CONFIG_HOME are not set")
				}
			}
			if err := a.writeTemplate(target); err != nil {
				return err
			}
			if !global {
				a.nextSteps(a.absCwd(dir))
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&global, "global", false, "write the user's global configuration instead of the project's")
	return c
}

func (a *App) writeTemplate(target string) error {
	created, kept := 0, 0
	err := fs.WalkDir(template.Files, "files", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("files", p)
		dst := filepath.Join(target, rel)
		want, err := template.Files.ReadFile(p)
		if err != nil {
			return err
		}
		have, err := os.ReadFile(dst)
		switch {
		case err == nil && bytes.Equal(have, want):
			return nil
		case err == nil:
			fmt.Fprintf(a.Stdout, "kept     %s (it differs from the template)\n", dst)
			kept++
			return nil
		case !errors.Is(err, fs.ErrNotExist):
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := atomicfile.Write(dst, want, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(a.Stdout, "created  %s\n", dst)
		created++
		return nil
	})
	if err != nil {
		return err
	}
	if created == 0 && kept == 0 {
		fmt.Fprintf(a.Stdout, "%s is up to date; nothing changed\n", target)
	}
	return nil
}

// nextSteps prints what a person does after init in a project: the
// project's allows wait for governance trust, which nothing else says.
func (a *App) nextSteps(root string) {
	w := a.Stdout
	fmt.Fprintln(w, "\nnext steps:")
	n := 1
	step := func(format string, args ...any) {
		fmt.Fprintf(w, "  %d. "+format+"\n", append([]any{n}, args...)...)
		n++
	}
	if t, err := config.CheckProjectTrust(a.paths(root)); err != nil || !t.Applies() {
		step("read .governance/ (its rules and agents), then run `governance trust`: the project's allow rules apply only once a person trusts them")
	}
	step("`governance install HARNESS` (%s) wires the hook into your agent CLI", harnessNames())
	step("`governance doctor` checks the hook, the trust and PATH")
	step("commit .governance/ and the harness's settings; each teammate installs governance, then runs `governance trust` (and `governance install codex` or `copilot`, whose trust is kept per person)")
}
