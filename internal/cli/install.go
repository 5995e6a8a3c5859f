package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/jsonedit"
)

// hookTimeout is the time, in seconds, harnesses give the hook per call;
// PreToolUse, which may wait for an out-of-band approval, gets the wait on
// top.
const hookTimeout = 30

type installOptions struct {
	dir    string
	global bool
	// local writes the harness's personal, git-ignored project file.
	local bool
	hook  string
	// noTrust writes the hook and leaves the harness's trust alone.
	noTrust bool
	// trustRepoConfig trusts a repository whose own harness settings
	// loosen the harness.
	trustRepoConfig bool
}

// shared says whether install writes a file that is committed with the
// project, which every teammate's machine reads.
func (o installOptions) shared() bool { return !o.global && !o.local }

// installer is one harness's hook setup.
type installer struct {
	// title names the harness for people.
	title string
	// files returns the settings file in the project folder and the
	// user's; install writes one of them, doctor reads both.
	files func(a *App, dir string) (project, user string, err error)
	// config is the harness's JSON hook settings; nil for OpenCode, whose
	// hook is a plugin file.
	config *hookConfig
	// noSwitch says what happens when the hook fails, for harnesses
	// without a fail-closed switch.
	noSwitch string
	// trust records, in the harness's own user settings, the trust the
	// harness asks before it runs the hook in file (a person runs
	// install), and returns what it changed; nil when it asks none.
	trust func(a *App, file string) ([]string, error)
	// skipped says why the harness would not run the hook in file, the
	// way the harness decides it; nil when it would.
	skipped func(a *App, file string) []string
	// project returns the project folder the harness would trust to run
	// the hook in file, "" for the user's file.
	project func(a *App, file string) string
	// review says what the harness would turn on, from the repository's
	// own settings, once it trusts the project folder.
	review func(dir string) []repoFinding
	// untrust takes out the trust install recorded for the hook in file
	// (read before the hook is removed), and returns what it changed.
	untrust func(a *App, file string) ([]string, error)
	// local is the harness's personal project settings file, relative to
	// the project folder, which the harness keeps out of git; "" when
	// the harness has none.
	local string
}

// installers are the harnesses install knows, by the name the command
// takes; each is described in its own file.
var installers = map[string]installer{
	"claude":   claudeInstaller,
	"codex":    codexInstaller,
	"gemini":   geminiInstaller,
	"cursor":   cursorInstaller,
	"copilot":  copilotInstaller,
	"opencode": opencodeInstaller,
}

// harnesses returns the names of the harnesses install knows, sorted.
func harnesses() []string { return slices.Sorted(maps.Keys(installers)) }

func harnessNames() string { return strings.Join(harnesses(), ", ") }

// file is where install writes.
func (ins installer) file(a *App, o installOptions) (string, error) {
	project, user, err := ins.files(a, o.dir)
	switch {
	case o.global && o.local:
		return "", usagef("--global and --local name different files; pass one")
	case o.global:
		return user, err
	case o.local:
		if ins.local == "" {
			return "", withHint(fmt.Errorf("%s has no personal project settings file", ins.title),
				"install into the shared project file, or the user's with --global")
		}
		return filepath.Join(a.absCwd(o.dir), ins.local), err
	}
	return project, err
}

// install writes the hook into file and reports whether it changed it.
func (ins installer) install(file, hook string, approvalWait int) (bool, error) {
	if ins.config == nil {
		return writePlugin(file, hook, approvalWait)
	}
	return editJSONFile(file, func(doc *jsonedit.Object) error { return ins.config.merge(doc, hook, approvalWait) })
}

func (a *App) installCmd() *cobra.Command {
	var o installOptions
	c := &cobra.Command{
		Use:   "install HARNESS",
		Short: "Install governance-hook into an agent harness's settings",
		Long: `install merges governance-hook into the harness's settings file, keeping
every other setting, and sets the harness's fail-closed switch (Claude
Code, Cursor) so that a hook that crashes or times out blocks the call
instead of letting it run. Running it again changes nothing.

  claude     .claude/settings.json        (~/.claude/settings.json)
  codex      .codex/hooks.json            (~/.codex/hooks.json)
  gemini     .gemini/settings.json        (~/.gemini/settings.json)
  cursor     .cursor/hooks.json           (~/.cursor/hooks.json)
  copilot    .github/hooks/governance.json (~/.copilot/hooks/governance.json)
  opencode   .opencode/plugins/governance.js (~/.config/opencode/plugins/governance.js)

The paths in parentheses are written with --global. The project's files
are shared with everyone who clones the project, so they name the hook
as governance-hook, which each machine finds on its own PATH; install
refuses to write a path of this machine there. --local writes Claude
Code's personal, git-ignored .claude/settings.local.json instead, where
--hook PATH may stand; the other harnesses have no such file.

Codex and Copilot CLI skip a project's hooks until they are trusted;
install records that trust in the harness's user settings: for Codex,
the project and each hook's hash in ~/.codex/config.toml; for Copilot
CLI, the project in trusted_folders of ~/.copilot/config.json. Trusting
the project also turns on the repository's own settings for the harness:
install names them, and refuses those that loosen it (approvals off, a
wider sandbox, MCP servers, other hooks, execpolicy rules, another model
provider) unless you pass --trust-repo-config after reading them.
--no-trust writes the hook only; the harness then skips it until trusted,
which doctor reports. uninstall takes the trust out again.`,
		Example: `  governance install claude
  governance install claude --local --hook ~/src/governance/bin/governance-hook
  governance install codex --no-trust
  governance install gemini --global
  governance doctor`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ins, ok := installers[args[0]]
			if !ok {
				return usagef("unknown harness %q (supported: %s)", args[0], harnessNames())
			}
			hook, err := a.hookCommand(o.hook, o.shared())
			if err != nil {
				return err
			}
			file, err := ins.file(a, o)
			if err != nil {
				return err
			}
			wait := engine.DefaultApprovalWaitSeconds
			if _, l, err := a.loadAt(o.dir); err == nil {
				wait = l.Policy.Settings.ApprovalWaitSeconds
				// A model's answer may come before the wait for a human.
				if g := l.Policy.Settings.Gatekeeper; g.Enabled {
					wait += (g.TimeoutMS + 999) / 1000
				}
			}
			var review []repoFinding
			if ins.trust != nil && !o.noTrust {
				if dir := ins.project(a, file); dir != "" {
					review = ins.review(dir)
					if err := a.refuseLoose(ins, args[0], dir, review, o.trustRepoConfig); err != nil {
						return err
					}
				}
			}
			changed, err := ins.install(file, hook, wait)
			if err != nil {
				return err
			}
			var trusted []string
			if ins.trust != nil && !o.noTrust {
				if trusted, err = ins.trust(a, file); err != nil {
					return err
				}
			}
			if o.local && changed && !gitIgnores(file) {
				fmt.Fprintf(a.Stderr, "governance: hint: %s is not ignored by git here: add it to .gitignore, it is yours alone\n", file)
			}
			switch {
			case changed:
				fmt.Fprintf(a.Stdout, "installed %s into %s\n", hook, file)
			case len(trusted) == 0:
				fmt.Fprintf(a.Stdout, "%s already has the governance hook; nothing changed\n", file)
			}
			for _, t := range trusted {
				fmt.Fprintf(a.Stdout, "%s: %s\n", ins.title, t)
			}
			if len(trusted) > 0 && len(review) > 0 {
				fmt.Fprintf(a.Stdout, "%s: the trust also turns on the repository's own settings:\n", ins.title)
				for _, f := range review {
					fmt.Fprintf(a.Stdout, "  %s\n", f.what)
				}
			}
			if ins.trust != nil && o.noTrust {
				if why := ins.skipped(a, file); len(why) > 0 {
					fmt.Fprintf(a.Stdout, "%s: trust left as it was (--no-trust); %s skips the hook here until it trusts it: run `governance doctor` to see, `governance install %s` to trust it\n",
						ins.title, ins.title, args[0])
				} else {
					fmt.Fprintf(a.Stdout, "%s: trust left as it was (--no-trust); it already runs the hook\n", ins.title)
				}
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&o.global, "global", false, "install into the user's settings instead of the project's")
	c.Flags().BoolVar(&o.local, "local", false, "install into the harness's personal, git-ignored project file (Claude Code: .claude/settings.local.json)")
	c.Flags().StringVar(&o.hook, "hook", "", "the governance-hook to run: a NAME on PATH, or a PATH (--local and --global only; default: governance-hook on PATH for the project's shared files, else the binary next to governance)")
	c.Flags().BoolVar(&o.noTrust, "no-trust", false, "Codex, Copilot CLI: write the hook only, and leave the harness's trust of the project alone")
	c.Flags().BoolVar(&o.trustRepoConfig, "trust-repo-config", false, "Codex, Copilot CLI: trust the project even though its own harness settings loosen the harness")
	return c
}

// refuseLoose refuses to trust a project whose repository settings loosen
// the harness, unless the person said so; it names each such setting on
// stderr.
func (a *App) refuseLoose(ins installer, name, dir string, review []repoFinding, allow bool) error {
	var loose []string
	for _, f := range review {
		if f.loosens {
			loose = append(loose, f.what)
		}
	}
	if len(loose) == 0 || allow {
		return nil
	}
	fmt.Fprintf(a.Stderr, "governance: trusting %s in %s would also turn on:\n", dir, ins.title)
	for _, l := range loose {
		fmt.Fprintf(a.Stderr, "  %s\n", l)
	}
	return withHint(fmt.Errorf("%s: not trusting %s: %w", ins.title, dir, errRepoLoosens),
		"read those settings first; then `governance install "+name+" --trust-repo-config` trusts the project with them, or `--no-trust` writes the hook only ("+ins.title+" then skips it)")
}

// hookName is the hook's name on PATH, the way shared settings name it.
const hookName = "governance-hook"

// hookCommand returns how settings name the governance-hook binary. A
// shared project file is read on every teammate's machine, so it names
// the hook by a name each machine looks up on PATH, never by a path on
// this one; a personal file (--local, --global) may name a path. A name
// without a slash is looked up on PATH, as the harness will look it up.
func (a *App) hookCommand(flag string, shared bool) (string, error) {
	notOnPath := func(name string) error {
		return withHint(fmt.Errorf("%s is not on PATH", name),
			"put the directory that holds governance-hook on PATH (`go install ./cmd/...` installs it into $(go env GOPATH)/bin), or pass --hook PATH with --local or --global")
	}
	switch {
	case flag != "" && !strings.ContainsRune(flag, '/'):
		if _, err := a.lookPath(flag); err != nil {
			return "", notOnPath(flag)
		}
		return flag, nil
	case flag != "":
		p, err := filepath.Abs(flag)
		if err != nil {
			return "", err
		}
		if _, err := os.Stat(p); err != nil {
			return "", withHint(fmt.Errorf("the hook binary %s does not exist", p), "build it with `go build -o bin/ ./cmd/...`")
		}
		if shared {
			return "", withHint(fmt.Errorf("%s names the hook on this machine only, and the project's settings are shared", p),
				"put governance-hook on PATH and pass --hook governance-hook (or no --hook), or write your own settings with --local or --global")
		}
		return p, nil
	case shared:
		if _, err := a.lookPath(hookName); err != nil {
			return "", notOnPath(hookName)
		}
		return hookName, nil
	}
	if exe, err := os.Executable(); err == nil {
		cand := filepath.Join(filepath.Dir(exe), hookName)
		if _, err := os.Stat(cand); err == nil {
			return cand, nil
		}
	}
	if p, err := a.lookPath(hookName); err == nil {
		return filepath.Abs(p)
	}
	return "", withHint(errors.New("governance-hook was not found next to governance or on PATH"),
		"install both binaries (`go install ./cmd/...`), or pass --hook PATH")
}

// lookPath finds an executable on the PATH the App sees, as a harness
// started with it would.
func (a *App) lookPath(name string) (string, error) {
	for _, d := range filepath.SplitList(a.Getenv("PATH")) {
		if d == "" || !filepath.IsAbs(d) {
			// An empty or relative entry names the harness's working
			// folder, which is not this one: it does not count.
			continue
		}
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// editJSONFile applies edit to a JSON settings file, creating it when it
// does not exist, and writes it back only when it changed.
func editJSONFile(file string, edit func(*jsonedit.Object) error) (bool, error) {
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	doc := jsonedit.NewObject()
	if len(bytes.TrimSpace(old)) > 0 {
		v, err := jsonedit.Parse(old)
		if err != nil {
			return false, withHint(fmt.Errorf("%s is not valid JSON: %w", file, err), "fix the file, then run install again")
		}
		o, ok := v.(*jsonedit.Object)
		if !ok {
			return false, fmt.Errorf("%s does not hold a JSON object", file)
		}
		doc = o
	}
	if err := edit(doc); err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	data, err := jsonedit.Marshal(doc)
	if err != nil {
		return false, err
	}
	if bytes.Equal(data, old) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return false, err
	}
	return true, atomicfile.Write(file, data, 0o644)
}

// gitIgnores says whether git ignores file in its repository; true when
// git cannot say (no git, no repository), so that nothing is claimed.
func gitIgnores(file string) bool {
	git, err := locate.LookPath("git")
	if err != nil {
		return true
	}
	cmd := exec.Command(git, "check-ignore", "-q", "--", file)
	cmd.Dir = filepath.Dir(file)
	err = cmd.Run()
	var ee *exec.ExitError
	return !(errors.As(err, &ee) && ee.ExitCode() == 1)
}
