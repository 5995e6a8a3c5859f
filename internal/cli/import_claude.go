package cli

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/spf13/cobra"
)

func (a *App) importClaudeCmd() *cobra.Command {
	var o importOptions
	c := &cobra.Command{
		Use:   "claude-settings [FILE]",
		Short: "Import Claude Code's permission rules (allow, ask, deny)",
		Long: `claude-settings reads the permissions of a Claude Code settings file
(default: the project's .claude/settings.json) and writes one rule per
entry of allow, ask and deny:

  Bash(npm run test *), Bash(git push:*)   shell commands, as program rules:
                                          the leading words are the program
                                          and its words, so Bash(curl:*)
                                          denies /usr/bin/curl, env curl and
                                          sudo curl too (an allow keeps to
                                          the bare name)
  Read(./.env), Edit(/src/generated/**)   file paths (a Read deny also
                                          covers edits, as in Claude Code)
  WebFetch(domain:example.com)            web domains
  mcp__github, mcp__github__create_issue  MCP servers and tools
  Agent(Explore)                          subagents

Claude Code takes the first of deny, ask and allow that matches; here, as
everywhere in governance, the strictest matching rule wins, which comes
to the same. Entries for other tools, parameter rules such as
Bash(run_in_background:true), and denials of a whole tool (use an agent
allow-list or a role for that) are listed and left out.`,
		Example: `  governance import claude-settings
  governance import claude-settings ~/.claude/settings.json --global
  governance import claude-settings --out -`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file := filepath.Join(a.absCwd(o.dir), ".claude", "settings.json")
			if len(args) == 1 {
				file = a.absCwd(args[0])
			}
			data, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			im, err := importClaudeSettings(shownPath(file, a.absCwd(o.dir), ""), data, o.global)
			if err != nil {
				return err
			}
			return a.writeImported(im, o, "claude-settings.yaml")
		},
	}
	importFlags(c, &o)
	return c
}

// importClaudeSettings turns the permissions of a settings file into rules.
func importClaudeSettings(file string, data []byte, global bool) (*imported, error) {
	var settings struct {
		Permissions struct {
			Allow, Ask, Deny []string
		} `json:"permissions"`
	}
	if err := json.Unmarshal(data, &settings); err != nil {
		return nil, withHint(fmt.Errorf("%s is not a Claude Code settings file: %w", file, err), "give the path of a settings.json")
	}
	scope := engine.ScopeRepo
	if global {
		scope = engine.ScopeGlobal
	}
	im := &imported{source: file, command: "import claude-settings"}
	used := map[string]bool{}
	p := settings.Permissions
	for _, group := range []struct {
		outcome engine.Outcome
		rules   []string
	}{{engine.Deny, p.Deny}, {engine.Ask, p.Ask}, {engine.Allow, p.Allow}} {
		for _, text := range group.rules {
			from := group.outcome.String() + ": " + text
			spec, why := claudeRule(text, group.outcome, file)
			if why != "" {
				im.skipped = append(im.skipped, from+": "+why)
				continue
			}
			spec.ID = uniqueID("claude-"+group.outcome.String()+"-"+slug(text), used)
			im.add(from, spec, scope)
		}
	}
	return im, nil
}

// claudeParams are the tool parameters Claude Code's rules may match on;
// governance rules cannot.
var claudeParams = []string{"run_in_background:", "timeout:", "dangerouslyDisableSandbox:", "model:", "isolation:"}

// claudeRule turns one permission rule into a rule spec, or says why it
// cannot.
func claudeRule(text string, o engine.Outcome, file string) (engine.RuleSpec, string) {
	tool, arg, hasArg := strings.Cut(strings.TrimSpace(text), "(")
	if hasArg {
		if !strings.HasSuffix(arg, ")") {
			return engine.RuleSpec{}, "not a permission rule (Tool or Tool(specifier))"
		}
		arg = strings.TrimSuffix(arg, ")")
	}
	if arg == "*" {
		arg = ""
	}
	for _, p := range claudeParams {
		if strings.HasPrefix(arg, p) {
			return engine.RuleSpec{}, "rules on tool parameters have no equivalent"
		}
	}
	spec := engine.RuleSpec{Decision: o}
	var m engine.MatchSpec
	switch {
	case tool == "Bash" || tool == "PowerShell":
		spec.Tools = []engine.Kind{engine.KindShell}
		pattern := "*"
		if arg != "" {
			pattern = arg
			if base, ok := strings.CutSuffix(pattern, ":*"); ok {
				pattern = base + " *"
			}
			spec.Examples.Match = []string{strings.ReplaceAll(pattern, "*", "x")}
		}
		m.More = shellPattern(pattern, o)
	case tool == "Read" || tool == "Glob" || tool == "Grep" || tool == "LS":
		spec.Tools = []engine.Kind{engine.KindRead}
		if o >= engine.Deny {
			// A Read deny keeps Claude from editing the file too.
			spec.Tools = append(spec.Tools, engine.KindWrite, engine.KindEdit)
		}
		m.Paths = []string{claudePath(arg)}
	case tool == "Edit" || tool == "Write" || tool == "MultiEdit" || tool == "NotebookEdit":
		spec.Tools = []engine.Kind{engine.KindWrite, engine.KindEdit}
		m.Paths = []string{claudePath(arg)}
	case tool == "WebFetch":
		spec.Tools = []engine.Kind{engine.KindWeb}
		domain, ok := strings.CutPrefix(arg, "domain:")
		if arg != "" && !ok {
			return spec, "WebFetch rules other than domain: have no equivalent"
		}
		m.More = &engine.MatchMore{Domains: []string{cmp.Or(domain, "*")}}
	case tool == "Agent" || tool == "Task":
		spec.Tools = []engine.Kind{engine.KindAgent}
		m.More = &engine.MatchMore{Subagent: []string{cmp.Or(arg, "*")}}
	case strings.HasPrefix(tool, "mcp__") && !hasArg:
		server, mcpTool, _ := strings.Cut(strings.TrimPrefix(tool, "mcp__"), "__")
		if server == "" || server == "*" {
			return spec, "rules over every MCP server have no equivalent; name the server"
		}
		spec.Tools = []engine.Kind{engine.KindMCP}
		m.More = &engine.MatchMore{Server: []string{server}, MCPTool: []string{cmp.Or(mcpTool, "*")}}
	default:
		return spec, "governance has no rules for Claude Code's " + tool + " tool"
	}
	spec.Match = []engine.MatchSpec{m}
	switch o {
	case engine.Deny:
		spec.Message = fmt.Sprintf("Claude Code's settings (%s) deny %s.", file, text)
		spec.Suggestion = "Do this another way, or ask the user to change the rule in " + file + "."
	case engine.Ask:
		spec.Message = fmt.Sprintf("Claude Code's settings (%s) ask a person before %s.", file, text)
		spec.Suggestion = "Wait for a person's approval, or do this another way."
	}
	return spec, ""
}

// shellPattern turns a Claude Code command pattern into a program
// matcher: its literal leading words are a prefix of the command's words
// from the program on, so that /usr/bin/curl, env curl, command curl and
// sudo curl are curl (for a rule that does not allow; an allow keeps to
// the bare name), as the parsed command is. What follows the literal words
// is a glob over the command with any spelling of the program. A pattern
// whose program is itself a glob or a path stays a glob over the command
// text.
func shellPattern(pattern string, o engine.Outcome) *engine.MatchMore {
	words := strings.Fields(pattern)
	var prefix [][]string
	for _, w := range words {
		if strings.ContainsAny(w, "*?[]{}\\'\"$") || len(prefix) == 0 && strings.Contains(w, "/") {
			break
		}
		prefix = append(prefix, []string{w})
	}
	if len(prefix) == 0 {
		return &engine.MatchMore{Command: []string{pattern}}
	}
	more := &engine.MatchMore{Prefix: prefix}
	rest := words[len(prefix):]
	if len(rest) == 1 && rest[0] == "*" {
		// npm run test * and git push:* match the words and anything after.
		return more
	}
	switch {
	case len(rest) == 0 && o <= engine.Allow:
		// An exact command allows only itself, spelled as it is.
		more.Command = []string{pattern}
	case len(words) > 1:
		// The rest of the pattern over the command's text after its
		// program, however the program is spelled.
		more.Command = []string{"* " + strings.Join(words[1:], " ")}
	}
	return more
}

// claudePath turns a Claude Code path pattern into a governance path
// glob: //abs is absolute, ~/ the home folder, /path and ./path are
// relative to the project.
func claudePath(p string) string {
	switch {
	case p == "":
		return "**"
	case strings.HasPrefix(p, "//"):
		return p[1:]
	case strings.HasPrefix(p, "~/"):
		return p
	case strings.HasPrefix(p, "/"):
		return p[1:]
	}
	return strings.TrimPrefix(p, "./")
}
