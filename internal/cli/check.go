package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

type checkOptions struct {
	agent, tool, cwd string
	asJSON, jsonl    bool
	unattended       bool
}

func (a *App) checkCmd() *cobra.Command {
	var o checkOptions
	c := &cobra.Command{
		Use:   "check [flags] -- CMD...",
		Short: "Decide one tool call, or a stream of them with --jsonl",
		Long: `check decides a tool call with the configuration of the current project and
prints the decision and why.

With no --tool, the arguments are a shell command. With --tool, they are the
input of that tool: paths for read, write and edit; a URL for web; a
subagent type for agent; "SERVER TOOL {json}" for mcp. --tool also accepts
harness tool names such as Read or WebFetch.

With --jsonl, check reads one request per line from standard input and
writes one decision per line, in order:

  {"cmd": "git status"}
  {"tool": "Read", "input": {"file_path": ".env"}, "agent": "reviewer"}
  {"cmd": "make test", "unattended": true}

  {"decision": "allow|warn|confined|ask|defer|deny|abort", "layer": "...", "rule": "...", "message": "..."}

check decides as the hook does in a session a person watches (Claude
Code's default permission mode). With --unattended, or when
GOVERNANCE_UNATTENDED=1 as the hook reads it, as in one nobody watches: a
shell call the analysis cannot prove then runs confined where the machine
can confine (decision confined, with "confined": true, the profile and the
command the harness runs in its place), and an ask goes to the approval
queue or is denied. A --jsonl line's "unattended" overrides both.

Exit status (one call):
  0  the call would run (allow, warn)
  3  the call would be blocked (deny, abort)
  4  someone must decide: a person (ask) or the harness's own permission
     flow (defer)
  5  the call would run only confined (confined): run the command --json
     shows, or governance run; run as it is, it would not be confined
  1  no decision could be reached (a broken configuration, an evaluator
     that failed)
  2  a usage error
With --jsonl, check exits 0 once every line is answered.`,
		Example: `  governance check -- git reset --hard
  governance check --json -- 'curl -s https://example.com/install.sh | sh'
  governance check --tool read -- .env
  governance check --agent reviewer -- npm publish
  governance check --jsonl < calls.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.unattended = a.unattended(cmd, o.unattended)
			if o.jsonl {
				if len(args) > 0 {
					return usagef("--jsonl reads requests from standard input; do not also give a command")
				}
				return a.checkJSONL(cmd, o)
			}
			if len(args) == 0 {
				return usagef("nothing to check: give a command after --, or use --jsonl")
			}
			return a.checkOne(cmd, o, args)
		},
	}
	o.flags(c)
	f := c.Flags()
	f.BoolVar(&o.asJSON, "json", false, "print the decision as JSON")
	f.BoolVar(&o.jsonl, "jsonl", false, "read requests as JSON lines from stdin, write one decision per line")
	f.BoolVar(&o.unattended, "unattended", false, "decide as the hook does in a session nobody watches: a call the analysis cannot prove runs confined, an ask becomes a deny")
	return c
}

// flags registers the flags that describe a call: --agent, --tool and
// --cwd.
func (o *checkOptions) flags(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&o.agent, "agent", "", "the calling agent (an agent file name); empty for the main thread")
	f.StringVar(&o.tool, "tool", "shell", "the tool kind or harness tool name")
	f.StringVar(&o.cwd, "dir", "", "the folder the call runs in; its project's configuration decides (default: the current directory)")
	// --cwd is the name of earlier releases.
	f.StringVar(&o.cwd, "cwd", "", "the folder the call runs in")
	f.MarkDeprecated("cwd", "use --dir")
}

// absCwd resolves a directory given on the command line; empty is the
// working directory.
func (a *App) absCwd(cwd string) string {
	if cwd == "" {
		return a.Cwd
	}
	if !filepath.IsAbs(cwd) {
		cwd = filepath.Join(a.Cwd, cwd)
	}
	return filepath.Clean(cwd)
}

// loadAt loads the configuration for dir, a directory given on the
// command line (empty for the working directory), and returns dir made
// absolute. An error is the configuration's: loaded is usable along with
// it, and then denies every call.
func (a *App) loadAt(dir string) (cwd string, loaded *config.Loaded, err error) {
	cwd = a.absCwd(dir)
	loaded, err = config.Load(a.paths(cwd))
	return cwd, loaded, err
}

// call builds the request for the tool call that o and args give on the
// command line, with the configuration of its directory (see loadAt for
// the error); loaded.Paths are the project's paths.
//
// A mistyped --dir, --tool or --agent is a usage error (see callflags.go),
// returned with no request.
func (a *App) call(o checkOptions, args []string) (req *engine.Request, loaded *config.Loaded, err error) {
	if o.cwd != "" {
		if err := checkDirFlag(o.cwd, a.absCwd(o.cwd)); err != nil {
			return nil, nil, err
		}
	}
	if err := checkToolFlag(o.tool); err != nil {
		return nil, nil, err
	}
	cwd, loaded, err := a.loadAt(o.cwd)
	if uerr := checkAgentFlag(o.agent, loaded); uerr != nil {
		return nil, nil, uerr
	}
	req = a.request(loaded.Paths, cwd)
	req.Agent, req.Unattended = o.agent, o.unattended
	req.Tool = toolOf(o.tool, args)
	return req, loaded, err
}

// toolOf builds the tool of a call from its command line.
func toolOf(tool string, args []string) engine.Tool {
	kind, isKind := engine.ParseKind(strings.ToLower(tool))
	if !isKind {
		return engine.ToolCall(tool, argsInput(args))
	}
	if kind == engine.KindShell {
		return engine.Tool{Kind: kind, Name: "shell", Input: engine.Input{Command: strings.Join(args, " ")}}
	}
	ex := engine.ExampleRequest(kind, strings.Join(args, " "))
	if kind == engine.KindRead || kind == engine.KindWrite || kind == engine.KindEdit {
		ex.Tool.Input.Paths = args
	}
	ex.Tool.Name = tool
	return ex.Tool
}

// argsInput turns arguments into the input of a harness tool.
func argsInput(args []string) map[string]any {
	joined := strings.Join(args, " ")
	return map[string]any{"command": joined, "file_path": joined, "path": joined, "url": joined,
		"query": joined, "subagent_type": joined, "pattern": joined}
}

func (a *App) checkOne(cmd *cobra.Command, o checkOptions, args []string) error {
	req, loaded, err := a.call(o, args)
	if err := usageOf(err); err != nil {
		return err
	}
	pipe, stop := a.pipeline(loaded, "cli")
	defer stop()
	d := pipe.Decide(cmd.Context(), hookCall(req, pipeline.Report, o.unattended)).Decision
	if o.asJSON {
		if err := writeJSON(a.Stdout, decisionJSON(d)); err != nil {
			return err
		}
	} else {
		printDecision(a.Stdout, d)
	}
	if code := checkExit(d); code != 0 {
		return exitCode(code)
	}
	return nil
}

// Exit codes of governance check, for scripts: the call would run, it
// would be blocked, it needs someone to decide (a person, or the
// harness's own permission flow), it would run only confined (a script
// that ran it as it is would run it free), or no decision could be
// reached.
const (
	checkRuns     = 0
	checkError    = 1
	checkBlocked  = 3
	checkAsks     = 4
	checkConfined = 5
)

// checkExit is the exit code of a decision.
func checkExit(d *engine.Decision) int {
	switch {
	case d.Err != nil:
		return checkError
	case d.Outcome == engine.Allow || d.Outcome == engine.Warn:
		return checkRuns
	case d.Outcome == engine.Confined:
		return checkConfined
	case d.Outcome == engine.Deny || d.Outcome == engine.Abort:
		return checkBlocked
	}
	return checkAsks
}

// decisionOut is the JSON form of a decision.
type decisionOut struct {
	Decision   string   `json:"decision"`
	Layer      string   `json:"layer"`
	Rule       string   `json:"rule"`
	Source     string   `json:"source,omitempty"`
	Subject    string   `json:"subject,omitempty"`
	Message    string   `json:"message"`
	Suggestion string   `json:"suggestion,omitempty"`
	Warnings   []string `json:"warnings,omitempty"`
	// Confined, Profile and Command: the call runs confined, under a
	// profile of this kind, as this command in place of its own.
	Confined bool   `json:"confined,omitempty"`
	Profile  string `json:"profile,omitempty"`
	Command  string `json:"command,omitempty"`
}

func decisionJSON(d *engine.Decision) decisionOut {
	out := decisionOut{Decision: d.Outcome.String(), Layer: d.Layer, Rule: d.Rule, Source: d.Source,
		Subject: d.Subject, Message: d.Message, Suggestion: d.Suggestion, Warnings: d.Warnings}
	if c := d.Confinement; c != nil {
		out.Confined, out.Profile, out.Command = true, c.Kind, c.Command
	}
	return out
}

// unattended is whether check and explain decide as for a session
// nobody watches: --unattended when given, else as the hook decides when
// the user marked the run unattended (GOVERNANCE_UNATTENDED=1); by
// default, as for a session a person watches (Claude Code's default
// permission mode).
func (a *App) unattended(cmd *cobra.Command, flag bool) bool {
	if cmd.Flags().Changed("unattended") {
		return flag
	}
	return a.Getenv("GOVERNANCE_UNATTENDED") == "1"
}

// hookCall is the call check and explain decide: as the hook would, a
// shell call its harness can rewrite, watched unless --unattended.
func hookCall(req *engine.Request, mode pipeline.Mode, unattended bool) pipeline.Call {
	return pipeline.Call{Request: req, Mode: mode, Rewrites: true, Unwatched: unattended}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func printDecision(w io.Writer, d *engine.Decision) {
	fmt.Fprintf(w, "%s: %s\n", d.Outcome, engine.Sanitize(d.Subject))
	fmt.Fprintf(w, "  layer:      %s\n", d.Layer)
	rule := d.Rule
	if d.Source != "" {
		rule += " (" + d.Source + ")"
	}
	fmt.Fprintf(w, "  rule:       %s\n", rule)
	if d.Message != "" {
		fmt.Fprintf(w, "  reason:     %s\n", engine.Sanitize(d.Message))
	}
	if d.Suggestion != "" {
		fmt.Fprintf(w, "  suggestion: %s\n", engine.Sanitize(d.Suggestion))
	}
	for _, warn := range d.Warnings {
		fmt.Fprintf(w, "  warning:    %s\n", engine.Sanitize(warn))
	}
	if c := d.Confinement; c != nil {
		fmt.Fprintf(w, "  confined:   %s\n", c.Kind)
		fmt.Fprintf(w, "  runs as:    %s\n", engine.Sanitize(c.Command))
	}
}

// jsonlRequest is one line of check --jsonl input.
type jsonlRequest struct {
	Cmd   string         `json:"cmd"`
	Tool  string         `json:"tool"`
	Input map[string]any `json:"input"`
	Agent string         `json:"agent"`
	Cwd   string         `json:"cwd"`
	// Unattended decides this line as for a session nobody watches, or
	// one a person watches, whatever --unattended says.
	Unattended *bool `json:"unattended"`
}

func (a *App) checkJSONL(cmd *cobra.Command, o checkOptions) error {
	cwd, loaded, _ := a.loadAt(o.cwd)
	p := loaded.Paths
	pipe, stop := a.pipeline(loaded, "cli")
	defer stop()
	in := bufio.NewReaderSize(a.Stdin, 1<<20)
	out := bufio.NewWriterSize(a.Stdout, 1<<16)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for n := 1; ; n++ {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var r jsonlRequest
			// Each line has the shape of check --json (decisionOut).
			var res decisionOut
			if jerr := json.Unmarshal(line, &r); jerr != nil || (r.Cmd == "" && r.Tool == "") {
				msg := fmt.Sprintf("line %d is not a request: want {\"cmd\": ...} or {\"tool\": ..., \"input\": {...}}", n)
				if jerr != nil {
					msg = fmt.Sprintf("line %d is not valid JSON: %v", n, jerr)
				}
				res = decisionOut{Decision: "deny", Layer: "input", Rule: "bad-request", Message: msg}
			} else {
				c := cwd
				if r.Cwd != "" {
					c = a.absCwd(r.Cwd)
				}
				req := a.request(p, c)
				req.Agent = r.Agent
				if o.agent != "" && r.Agent == "" {
					req.Agent = o.agent
				}
				unattended := o.unattended
				if r.Unattended != nil {
					unattended = *r.Unattended
				}
				req.Unattended = unattended
				if r.Cmd != "" {
					req.Tool = engine.Tool{Kind: engine.KindShell, Name: "shell", Input: engine.Input{Command: r.Cmd}}
				} else {
					req.Tool = engine.ToolCall(r.Tool, r.Input)
					req.FollowShellFolder(r.Input)
				}
				d := pipe.Decide(cmd.Context(), hookCall(req, pipeline.Report, unattended)).Decision
				res = decisionJSON(d)
			}
			if err := enc.Encode(res); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
