package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/internal/pluginhost"
)

func (a *App) pluginsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "plugins",
		Short: "List the configured plugins, or run a call through one",
		Example: `  governance plugins list
  governance plugins trust secrets`,
		Long: `plugins shows the custom evaluators that config.yaml configures under
plugins: and runs calls through them. A plugin is a program built with the
plugins package of this module; the daemon keeps it running and asks it
about calls at its position in the evaluation order.`,
		Args: cobra.NoArgs,
	}
	c.AddCommand(a.pluginsListCmd(), a.pluginsTestCmd(), a.pluginsTrustCmd(), a.pluginsEvalCmd())
	return c
}

func (a *App) pluginsListCmd() *cobra.Command {
	var cwd string
	c := &cobra.Command{
		Use:   "list",
		Short: "List the configured plugins: where they run, and what each says it is",
		Example: `  governance plugins list
  governance plugins list --dir path/to/project`,
		Long: `list shows every configured plugin, the user's and the project's, with
its position, timeout, on_error and cold-start settings, and starts each
once to show its name, version and the tool kinds it wants. It exits 1
when a plugin cannot be started (a missing executable, a checksum that
does not match, a failed handshake).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, loaded, err := a.loadAt(cwd)
			if err != nil {
				return withHint(err, "run `governance lint` to see every problem")
			}
			specs := loaded.Policy.Plugins
			if len(specs) == 0 {
				fmt.Fprintln(a.Stdout, "no plugins configured (add them under plugins: in config.yaml)")
				return nil
			}
			failed := false
			for i, s := range specs {
				if i > 0 {
					fmt.Fprintln(a.Stdout)
				}
				if !a.printPlugin(cmd.Context(), s) {
					failed = true
				}
			}
			if failed {
				return errReported
			}
			return nil
		},
	}
	c.Flags().StringVar(&cwd, "dir", "", "the project folder (default: the current directory)")
	return c
}

// printPlugin describes one plugin, starting it to ask what it is; it
// reports whether the plugin started.
func (a *App) printPlugin(ctx context.Context, s engine.PluginSpec) bool {
	w := a.Stdout
	scope := "user"
	if s.Scope == engine.ScopeRepo {
		scope = "project"
	}
	fmt.Fprintf(w, "%s (%s, %s)\n", s.Name, scope, s.Source)
	fmt.Fprintf(w, "  run:       %s\n", strings.Join(append([]string{s.Path}, s.Args...), " "))
	cold := "the daemon only"
	if s.AllowColdStart {
		cold = "the daemon, or a cold start per call without one"
	}
	fmt.Fprintf(w, "  decides:   %s; timeout %s; on_error %s; runs in %s\n", s.Position, s.Timeout, s.OnError, cold)
	if s.SHA256 != "" {
		fmt.Fprintf(w, "  sha256:    %s\n", s.SHA256)
	}
	if s.Untrusted {
		fmt.Fprintf(w, "  plugin:    not trusted, so never started: calls it would decide need approval (trust it with `governance plugins trust %s`)\n", s.Name)
		return true
	}
	p := pluginhost.New(s, pluginhost.Options{})
	defer p.Stop()
	start := time.Now()
	info, err := p.Describe(ctx)
	if err != nil {
		fmt.Fprintf(w, "  plugin:    %s\n", engine.Sanitize(err.Error()))
		return false
	}
	kinds := "every tool kind"
	if len(info.Kinds) > 0 {
		var ks []string
		for _, k := range info.Kinds {
			ks = append(ks, string(k))
		}
		kinds = strings.Join(ks, ", ")
	}
	fmt.Fprintf(w, "  plugin:    %s %s, wants %s (started in %s)\n", engine.Sanitize(info.Name),
		engine.Sanitize(info.Version), engine.Sanitize(kinds), time.Since(start).Round(100*time.Microsecond))
	return true
}

func (a *App) pluginsTestCmd() *cobra.Command {
	var o checkOptions
	c := &cobra.Command{
		Use:   "test NAME [flags] -- CMD...",
		Short: "Run one call through a plugin and print its verdict",
		Long: `test starts the configured plugin NAME, asks it about one call and prints
its verdict as the policy would take it (a project's plugin can only
ask, deny or abort; a failure is decided as on_error says). With no --tool the
arguments are a shell command; --tool works as in check. It exits as check
does: 0 allowed or no opinion, 3 blocked, 4 someone must decide, 1 the
plugin failed, 2 a usage error.`,
		Example: `  governance plugins test opa -- git push --force origin main
  governance plugins test secrets --tool write -- .env`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, call := args[0], args[1:]
			if len(call) == 0 {
				return usagef("nothing to test: give a command after --")
			}
			req, loaded, err := a.call(o, call)
			if err := usageOf(err); err != nil {
				return err
			}
			if err != nil {
				return withHint(err, "run `governance lint` to see every problem")
			}
			var spec *engine.PluginSpec
			var names []string
			for i, s := range loaded.Policy.Plugins {
				names = append(names, s.Name)
				if s.Name == name {
					spec = &loaded.Policy.Plugins[i]
				}
			}
			if spec == nil {
				if len(names) == 0 {
					return withHint(fmt.Errorf("no plugin %q: no plugins are configured", name), "add one under plugins: in config.yaml")
				}
				return withHint(fmt.Errorf("no plugin %q", name), "configured: "+strings.Join(names, ", "))
			}
			return a.testPlugin(cmd.Context(), *spec, req, o.asJSON)
		},
	}
	o.flags(c)
	f := c.Flags()
	f.BoolVar(&o.asJSON, "json", false, "print the verdict as JSON")
	f.BoolVar(&o.unattended, "unattended", false, "the call comes from a run no human can answer")
	return c
}

// testPlugin runs one call through a plugin and prints the verdict; it
// fails when the plugin does not answer.
func (a *App) testPlugin(ctx context.Context, spec engine.PluginSpec, req *engine.Request, asJSON bool) error {
	p := pluginhost.New(spec, pluginhost.Options{Log: a.Stderr})
	defer p.Stop()
	start := time.Now()
	info, err := p.Describe(ctx)
	started := time.Since(start)
	var v engine.Verdict
	var answered time.Duration
	if err == nil {
		start = time.Now()
		v, err = p.Call(ctx, req)
		answered = time.Since(start)
	}
	verdict := plugineval.Verdict(spec, v)
	if err != nil {
		verdict = plugineval.ErrorVerdict(spec, err)
	}
	if asJSON {
		out := verdictJSON(verdict)
		if verdict.Outcome == engine.NoOpinion {
			out.Layer, out.Rule = engine.LayerPlugin, spec.Name
		}
		if werr := writeJSON(a.Stdout, out); werr != nil {
			return werr
		}
	} else {
		w := a.Stdout
		subject := req.Tool.Input.Command
		if subject == "" {
			subject = strings.Join(req.Tool.Input.Paths, " ")
		}
		fmt.Fprintf(w, "%s: %s\n", verdict.Outcome, engine.Sanitize(subject))
		if err == nil {
			fmt.Fprintf(w, "  plugin:     %s %s (started in %s, answered in %s)\n", engine.Sanitize(info.Name),
				engine.Sanitize(info.Version), started.Round(100*time.Microsecond), answered.Round(10*time.Microsecond))
		}
		if verdict.Outcome == engine.NoOpinion {
			fmt.Fprintf(w, "  the plugin has no opinion: the rest of the policy decides\n")
		} else {
			fmt.Fprintf(w, "  rule:       %s (%s)\n", verdict.Rule, verdict.Source)
		}
		if verdict.Message != "" {
			fmt.Fprintf(w, "  reason:     %s\n", verdict.Message)
		}
		if verdict.Suggestion != "" {
			fmt.Fprintf(w, "  suggestion: %s\n", verdict.Suggestion)
		}
	}
	if err != nil {
		return errReported
	}
	// The verdict's exit code is check's: 3 blocked, 4 someone must
	// decide; no opinion lets the rest of the policy decide and exits 0.
	if verdict.Outcome == engine.NoOpinion {
		return nil
	}
	if code := checkExit(&engine.Decision{Outcome: verdict.Outcome}); code != 0 {
		return exitCode(code)
	}
	return nil
}

// pluginsEvalCmd runs a plugin for one call of a hook that no daemon
// answered: the hook links no plugin transport, so it starts this
// command, which reads a plugineval.ColdRequest on standard input and
// prints a plugineval.ColdReply line.
func (a *App) pluginsEvalCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "eval",
		Short:  "Run a plugin for one call of the hook (used by governance-hook)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var in plugineval.ColdRequest
			data, err := io.ReadAll(io.LimitReader(a.Stdin, 16<<20))
			if err == nil {
				err = json.Unmarshal(data, &in)
			}
			if err == nil && in.Request == nil {
				err = errors.New("no request")
			}
			if err != nil {
				return writeJSON(a.Stdout, plugineval.ColdReply{Error: "governance plugins eval: bad input: " + err.Error()})
			}
			p := pluginhost.New(in.Plugin, pluginhost.Options{Log: a.Stderr})
			v, err := p.Call(cmd.Context(), in.Request)
			werr := writeJSON(a.Stdout, plugineval.Reply(v, err))
			p.Stop()
			return werr
		},
	}
}

func (a *App) pluginsTrustCmd() *cobra.Command {
	var cwd string
	c := &cobra.Command{
		Use:   "trust NAME",
		Short: "Trust a plugin that the project's configuration names, as its executable is now",
		Long: `trust lets a plugin that the project's .governance/config.yaml names run.
A project's plugin is a program from the repository: it is never started
until you trust it, and calls it would decide need approval meanwhile.
trust records the executable's path and sha256 in trusted-plugins in your
configuration folder; when the executable changes it no longer starts
until you trust it again. Check the program before you trust it.`,
		Example: "  governance plugins trust opa",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, loaded, err := a.loadAt(cwd)
			if err != nil {
				return withHint(err, "run `governance lint` to see every problem")
			}
			for _, s := range loaded.Policy.Plugins {
				if s.Name != args[0] {
					continue
				}
				if s.Scope != engine.ScopeRepo {
					fmt.Fprintf(a.Stdout, "%s comes from your own configuration (%s); it needs no trust\n", s.Name, s.Source)
					return nil
				}
				sum, err := config.TrustPlugin(loaded.Paths.UserDir, s.Path)
				if err != nil {
					return withHint(err, "the plugin's executable must exist to be trusted")
				}
				fmt.Fprintf(a.Stdout, "trusted %s: %s (sha256 %s)\n", s.Name, s.Path, sum)
				return nil
			}
			return withHint(fmt.Errorf("no plugin %q is configured here", args[0]), "`governance plugins list` shows the configured plugins")
		},
	}
	c.Flags().StringVar(&cwd, "dir", "", "the project folder (default: the current directory)")
	return c
}
