package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"
)

// importOptions say where imported rules go.
type importOptions struct {
	dir    string
	global bool
	out    string
	force  bool
}

func (a *App) importCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "import",
		Short: "Turn another tool's permission rules into governance rules",
		Long: `import reads another tool's permission rules and writes them as a
governance rules file, with examples that are checked every time the file
loads. The file goes to .governance/rules/ (the user's rules folder with
--global), or where --out says ("-" prints it); an existing file is kept
unless --force is given. A rule that cannot be expressed is listed and
left out.`,
		Example: `  governance import claude-settings
  governance import codex-rules ~/.codex/rules/default.rules --out -`,
	}
	c.AddCommand(a.importClaudeCmd(), a.importCodexCmd())
	return c
}

func importFlags(c *cobra.Command, o *importOptions) {
	c.Flags().StringVar(&o.dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&o.global, "global", false, "write into the user's rules folder instead of the project's")
	c.Flags().StringVarP(&o.out, "out", "o", "", `the rules file to write ("-" for standard output)`)
	c.Flags().BoolVar(&o.force, "force", false, "replace the rules file when it exists")
}

// imported is the result of an import: rules and what was left out.
type imported struct {
	// source names what was imported, for the file's header.
	source, command string
	// rules are compiled and their examples pass.
	rules []importedRule
	// skipped explains each rule that could not be imported.
	skipped []string
	// notes say what the user should know about the rules that were.
	notes []string
}

// importedRule is one rule with the text it came from.
type importedRule struct {
	from string
	spec engine.RuleSpec
}

// add compiles a spec and keeps it when it compiles and its examples
// pass; otherwise it records why it was left out.
func (im *imported) add(from string, spec engine.RuleSpec, scope string) {
	r, err := engine.CompileRule(spec, scope)
	if err == nil {
		err = r.CheckExamples()
	}
	if err != nil {
		im.skipped = append(im.skipped, fmt.Sprintf("%s: %v", from, err))
		return
	}
	im.rules = append(im.rules, importedRule{from: from, spec: spec})
}

// write renders the rules file, checks that it loads, and writes it where
// the options say.
func (a *App) writeImported(im *imported, o importOptions, defaultName string) error {
	data, err := im.render()
	if err != nil {
		return err
	}
	out := o.out
	scope := engine.ScopeRepo
	if o.global {
		scope = engine.ScopeGlobal
	}
	if out == "" {
		p := a.paths(a.absCwd(o.dir))
		dir := filepath.Join(a.absCwd(o.dir), ".governance", "rules")
		if o.global {
			dir = filepath.Join(p.UserDir, "rules")
		}
		out = filepath.Join(dir, defaultName)
	}
	// The file must load as written: the loader checks every example.
	if _, err := config.ParseRules(filepath.Base(out), data, scope); err != nil {
		return fmt.Errorf("the imported rules do not load (please report this): %w", err)
	}
	for _, s := range im.skipped {
		fmt.Fprintf(a.Stderr, "governance: hint: left out %s\n", s)
	}
	for _, n := range im.notes {
		fmt.Fprintf(a.Stderr, "governance: hint: %s\n", n)
	}
	if out == "-" {
		_, err := a.Stdout.Write(data)
		return err
	}
	if _, err := os.Stat(out); err == nil && !o.force {
		return withHint(fmt.Errorf("%s exists", out), "pass --force to replace it, or --out to write elsewhere")
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(a.Stdout, "wrote %d rules to %s (%d left out); check them with `governance test`\n", len(im.rules), out, len(im.skipped))
	return nil
}

// yamlRule is a rule as a rules file writes it.
type yamlRule struct {
	ID         string        `yaml:"id"`
	Tools      []string      `yaml:"tools,omitempty,flow"`
	Match      yamlMatch     `yaml:"match"`
	Decision   string        `yaml:"decision"`
	Message    string        `yaml:"message,omitempty"`
	Suggestion string        `yaml:"suggestion,omitempty"`
	Examples   *yamlExamples `yaml:"examples,omitempty"`
}

type yamlMatch struct {
	Command  []string   `yaml:"command,omitempty,flow"`
	Prefix   [][]string `yaml:"prefix,omitempty,flow"`
	Paths    []string   `yaml:"paths,omitempty,flow"`
	Domains  []string   `yaml:"domains,omitempty,flow"`
	Server   []string   `yaml:"server,omitempty,flow"`
	MCPTool  []string   `yaml:"mcp_tool,omitempty,flow"`
	Subagent []string   `yaml:"subagent,omitempty,flow"`
}

type yamlExamples struct {
	Match    []string `yaml:"match,omitempty,flow"`
	NotMatch []string `yaml:"not_match,omitempty,flow"`
}

// render writes the rules file: a header, then each rule under a comment
// naming what it came from.
func (im *imported) render() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# Imported from %s by `governance %s`.\n", im.source, im.command)
	b.WriteString("# Every example is checked when the file loads; `governance test` runs them.\n")
	b.WriteString("version: 1\nrules:\n")
	if len(im.rules) == 0 {
		b.Reset()
		fmt.Fprintf(&b, "# Imported from %s by `governance %s`: nothing could be imported.\nversion: 1\nrules: []\n", im.source, im.command)
		return []byte(b.String()), nil
	}
	for i, r := range im.rules {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  # %s\n", oneLine(r.from))
		data, err := yaml.Marshal([]yamlRule{toYAML(r.spec)})
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			b.WriteString("  " + line + "\n")
		}
	}
	return []byte(b.String()), nil
}

func toYAML(s engine.RuleSpec) yamlRule {
	y := yamlRule{ID: s.ID, Decision: s.Decision.String(), Message: s.Message, Suggestion: s.Suggestion}
	for _, k := range s.Tools {
		y.Tools = append(y.Tools, string(k))
	}
	if len(s.Match) > 0 {
		m := s.Match[0]
		var more engine.MatchMore
		if m.More != nil {
			more = *m.More
		}
		y.Match = yamlMatch{Command: more.Command, Prefix: more.Prefix, Paths: m.Paths, Domains: more.Domains,
			Server: more.Server, MCPTool: more.MCPTool, Subagent: more.Subagent}
	}
	if len(s.Examples.Match) > 0 || len(s.Examples.NotMatch) > 0 {
		y.Examples = &yamlExamples{Match: s.Examples.Match, NotMatch: s.Examples.NotMatch}
	}
	return y
}

// slug turns text into an id fragment: lower-case letters, digits and
// single hyphens, at most 40 characters.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

// uniqueID makes id unique among the ids already used.
func uniqueID(id string, used map[string]bool) string {
	out := id
	for n := 2; used[out]; n++ {
		out = fmt.Sprintf("%s-%d", id, n)
	}
	used[out] = true
	return out
}
