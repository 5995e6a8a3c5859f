// Package cli implements the governance command. Each subcommand lives in
// its own file.
//
// Rules of this package: results go to stdout; diagnostics go to stderr
// as "governance: error: ..." and "governance: hint: ..."; exit codes are
// decided in Main alone: 0 success, 1 failure (or problems found), 2
// usage error.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/spf13/cobra"
)

// App holds the dependencies of every subcommand.
type App struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Now            func() time.Time
	// Cwd is the working directory commands start from.
	Cwd string
	// Confiner finds the confinement launcher, for check and explain to
	// report the decision the hook would give; nil: confine.Locate.
	Confiner func() (string, error)
}

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// errReported means the command already printed what went wrong.
var errReported = errors.New("reported")

// hintError carries a hint printed after the error.
type hintError struct {
	err  error
	hint string
}

func (e *hintError) Error() string { return e.err.Error() }
func (e *hintError) Unwrap() error { return e.err }

func withHint(err error, hint string) error { return &hintError{err: err, hint: hint} }

// Main runs the governance command and returns its exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cwd, _ := os.Getwd()
	app := &App{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Now: time.Now, Cwd: cwd}
	return app.Run(context.Background(), args)
}

// Run runs the command line args.
func (a *App) Run(ctx context.Context, args []string) int {
	root := a.root()
	root.SetArgs(args)
	root.SetIn(a.Stdin)
	root.SetOut(a.Stdout)
	root.SetErr(a.Stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	if errors.Is(err, errReported) {
		return 1
	}
	var ec exitCode
	if errors.As(err, &ec) {
		return int(ec)
	}
	var ue *usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintf(a.Stderr, "governance: error: %v\n", usageMessage(cmd, err))
		if cmd != nil && cmd != root {
			fmt.Fprintf(a.Stderr, "governance: hint: usage: %s (see '%s --help')\n", cmd.UseLine(), cmd.CommandPath())
		} else {
			fmt.Fprintf(a.Stderr, "governance: hint: run 'governance help' for usage\n")
		}
		return 2
	}
	fmt.Fprintf(a.Stderr, "governance: error: %v\n", err)
	var he *hintError
	if errors.As(err, &he) {
		fmt.Fprintf(a.Stderr, "governance: hint: %s\n", he.hint)
	}
	return 1
}

// argCount reads cobra's messages about the number of arguments.
var argCount = regexp.MustCompile(`^(?:accepts (\d+) arg\(s\)|requires at least (\d+) arg\(s\)|accepts between (\d+) and \d+ arg\(s\)), (?:only )?received (\d+)$`)

// usageMessage names the arguments a command line lacks, from the
// command's usage line ("approve ID": "governance approvals approve needs
// ID"), instead of counting them.
func usageMessage(cmd *cobra.Command, err error) string {
	m := argCount.FindStringSubmatch(err.Error())
	if cmd == nil || m == nil {
		return err.Error()
	}
	need, _ := strconv.Atoi(m[1] + m[2] + m[3])
	got, _ := strconv.Atoi(m[4])
	var names []string
	for _, w := range strings.Fields(cmd.Use)[1:] {
		if !strings.HasPrefix(w, "[") && !strings.HasPrefix(w, "-") {
			names = append(names, strings.TrimSuffix(w, "..."))
		}
	}
	if got >= need || need > len(names) {
		if got > need {
			return fmt.Sprintf("%s takes %d argument(s), got %d", cmd.CommandPath(), need, got)
		}
		return err.Error()
	}
	return fmt.Sprintf("%s needs %s", cmd.CommandPath(), strings.Join(names[got:need], " and "))
}

// isCobraUsage recognizes cobra's own command-line errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument",
		"invalid argument", "accepts ", "requires at least", "requires at most", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

func (a *App) root() *cobra.Command {
	root := &cobra.Command{
		Use:   "governance",
		Short: "Governance for AI agent CLIs: decide every tool call before it runs",
		Long: `governance decides whether an AI agent's tool call may run: allow, warn, ask
a human, deny with a message and a suggestion, or abort. Agent harnesses
(Claude Code and others) call governance-hook before every tool call;
this command sets it up, checks and explains decisions, and validates the
configuration.`,
		SilenceUsage:     true,
		SilenceErrors:    true,
		Version:          version(),
		PersistentPreRun: func(cmd *cobra.Command, _ []string) { a.noteSuspendedTrust(cmd) },
	}
	root.SetVersionTemplate("governance {{.Version}}\n")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &usageError{err.Error()} })
	root.AddCommand(a.checkCmd(), a.explainCmd(), a.lintCmd(), a.testCmd(), a.initCmd(), a.installCmd(), a.compileCmd(),
		a.anchorCmd(), a.phaseCmd(), a.purgeCmd(), a.restoreCmd(), a.statusCmd(), a.validateCmd(), a.projectsCmd(), a.approvalsCmd(), a.daemonCmd(), a.runCmd())
	root.AddCommand(a.auditCmd())
	root.AddCommand(a.learnCmd(), a.reviewCmd(), a.auditRulesCmd(), a.hookCmd())
	root.AddCommand(a.gatekeeperCmd())
	root.AddCommand(a.uninstallCmd(), a.doctorCmd(), a.importCmd())
	root.AddCommand(a.pluginsCmd(), a.trustCmd(), a.untrustCmd())
	root.AddCommand(a.mcpProxyCmd(), a.bundleCmd())
	root.AddCommand(a.versionCmd(), a.notifyCmd(), a.completionCmd(), a.manCmd())
	root.SetHelpCommand(helpCmd(root))
	needSubcommand(root)
	return root
}

// helpCmd is cobra's help command, but an unknown topic is a usage
// error (exit 2), as an unknown command is, not help and success.
func helpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help provides help for any command in the application.\nSimply type governance help [path to command] for full details.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, _, err := root.Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || cmd == nil || len(rest) > 0 {
				return usagef("no help topic %q; run 'governance help' for the commands", strings.Join(args, " "))
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// needSubcommand makes a command that only groups others a usage error
// when run alone, naming its subcommands, instead of printing help and
// succeeding.
func needSubcommand(c *cobra.Command) {
	for _, sub := range c.Commands() {
		needSubcommand(sub)
	}
	if c.HasParent() && c.HasAvailableSubCommands() && c.Run == nil && c.RunE == nil {
		c.Args = cobra.NoArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			var names []string
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, sub.Name())
				}
			}
			return usagef("%s needs a subcommand: %s", c.CommandPath(), strings.Join(names, ", "))
		}
	}
}

// paths discovers the configuration for a working directory.
func (a *App) paths(cwd string) layout.Paths {
	if cwd == "" {
		cwd = a.Cwd
	}
	return layout.Discover(cwd, "", a.Getenv)
}

// request builds a request for the project of cwd.
func (a *App) request(p layout.Paths, cwd string) *engine.Request {
	if cwd == "" {
		cwd = a.Cwd
	}
	return &engine.Request{Harness: "cli", Event: "PreToolUse", Cwd: cwd, ProjectRoot: p.ProjectRoot, Home: p.Home}
}

// version is the module version the binary was built from: the tag of a
// tagged checkout or of a module download (go install ...@v1.2.3), a
// pseudo-version otherwise, with the commit when the build recorded one
// and "modified" for a checkout with changes.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			if len(s.Value) >= 12 {
				rev = s.Value[:12]
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" && !strings.Contains(v, rev) {
		if modified {
			rev += ", modified"
		}
		v += " (" + rev + ")"
	}
	return v
}

func (a *App) versionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version of governance (as --version does)",
		Long: `version prints the release this binary was built from: its tag for a build
of a tagged checkout or a module download (go install ...@v1.2.3), a
pseudo-version otherwise, with the commit when the build recorded one.`,
		Example: `  governance version
  governance version --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				return writeJSON(a.Stdout, versionInfo())
			}
			fmt.Fprintf(a.Stdout, "governance %s\n", version())
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the version, the commit and the Go release as JSON")
	return c
}

// versionOut is the JSON form of version (docs/json.md).
type versionOut struct {
	// Version is what version prints after "governance ".
	Version  string `json:"version"`
	Module   string `json:"module,omitempty"`
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

// versionInfo is the build's version, as version prints it, and its parts.
func versionInfo() versionOut {
	out := versionOut{Version: version(), Go: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return out
	}
	out.Module = bi.Main.Version
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			out.Commit = s.Value
		case "vcs.modified":
			out.Modified = s.Value == "true"
		}
	}
	return out
}
