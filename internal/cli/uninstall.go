package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/jsonedit"
	"github.com/spf13/cobra"
)

func (a *App) uninstallCmd() *cobra.Command {
	var o installOptions
	c := &cobra.Command{
		Use:   "uninstall HARNESS",
		Short: "Remove governance-hook from an agent harness's settings",
		Long: `uninstall removes the governance hook from the settings file install writes
(the project's, or the user's with --global, or --local), and keeps every
other setting and hook. A settings file left with nothing in it is
removed. For Codex and Copilot CLI it also takes out the trust install
recorded: Codex's hashes of the hook and its trust of the project, Copilot
CLI's trusted folder.
Harnesses: ` + harnessNames() + `.`,
		Example: `  governance uninstall cursor
  governance uninstall claude --global`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ins, ok := installers[args[0]]
			if !ok {
				return usagef("unknown harness %q (supported: %s)", args[0], harnessNames())
			}
			file, err := ins.file(a, o)
			if err != nil {
				return err
			}
			var untrusted []string
			if ins.untrust != nil {
				if untrusted, err = ins.untrust(a, file); err != nil {
					return err
				}
			}
			removed, err := ins.uninstall(file)
			if err != nil {
				return err
			}
			if removed {
				fmt.Fprintf(a.Stdout, "removed the governance hook from %s\n", file)
			} else {
				fmt.Fprintf(a.Stdout, "%s has no governance hook; nothing changed\n", file)
			}
			for _, u := range untrusted {
				fmt.Fprintf(a.Stdout, "%s: %s\n", ins.title, u)
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&o.global, "global", false, "remove it from the user's settings instead of the project's")
	c.Flags().BoolVar(&o.local, "local", false, "remove it from the harness's personal project file (Claude Code: .claude/settings.local.json)")
	return c
}

// uninstall removes the hook from file and reports whether it was there.
func (ins installer) uninstall(file string) (bool, error) {
	if ins.config == nil {
		return removePlugin(file)
	}
	old, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if len(bytes.TrimSpace(old)) == 0 {
		return false, nil
	}
	v, err := jsonedit.Parse(old)
	if err != nil {
		return false, withHint(fmt.Errorf("%s is not valid JSON: %w", file, err), "fix the file, then run uninstall again")
	}
	doc, ok := v.(*jsonedit.Object)
	if !ok {
		return false, fmt.Errorf("%s does not hold a JSON object", file)
	}
	removed, err := ins.config.remove(doc)
	if err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	if !removed {
		return false, nil
	}
	if _, hasVersion := doc.Get("version"); doc.Len() == 0 || doc.Len() == 1 && hasVersion {
		// Nothing else was in it: the file was the hook's.
		return true, os.Remove(file)
	}
	data, err := jsonedit.Marshal(doc)
	if err != nil {
		return false, err
	}
	return true, atomicfile.Write(file, data, 0o644)
}
