package learned

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
)

// FromApproval turns a call a human approved for good into an approved
// entry with human provenance that allows exactly that call's shape: the
// same program, subcommand, options and arguments, or the same paths,
// URL or MCP tool.
func FromApproval(it *approvals.Item, now time.Time) (Entry, error) {
	var shape struct {
		Kind                                  engine.Kind
		Command                               string
		Paths                                 []string
		URL, Query, Subagent, Server, MCPTool string
		Project, Agent                        string
	}
	if err := json.Unmarshal([]byte(it.Shape), &shape); err != nil {
		return Entry{}, fmt.Errorf("approval %s: %w", it.ID, err)
	}
	if it.Unbound != "" {
		return Entry{}, fmt.Errorf("approval %s cannot be given for good: %s", it.ID, it.Unbound)
	}
	e := Entry{Decision: "allow", Provenance: Human, Status: Approved, Confidence: 1, Created: now.UTC(),
		Description: it.Summary, Reasoning: "approved for good by " + it.By + " (approval " + it.ID + ")"}
	p := &e.Pattern
	switch shape.Kind {
	case engine.KindShell:
		c, classes, ok := oneCommand(shapeEngine(), it.Cwd, it.Project, shape.Command)
		if !ok {
			return Entry{}, fmt.Errorf("only a single command with no run-time words can be approved for good; %q was approved once", shape.Command)
		}
		p.Program, p.Subcommand = c.Program, c.Subcommand
		p.FlagsWithin = c.Flags()
		if len(p.FlagsWithin) == 0 {
			p.FlagsWithin = []string{"-"}
		}
		// Exactly these arguments, in this order: an approval of make
		// release is none of make destroy-production.
		places := []string{}
		for _, a := range c.Positionals {
			if strings.ContainsAny(a, "*?[") {
				return Entry{}, fmt.Errorf("an argument with wildcard characters (%s) cannot be approved for good; %q was approved once", a, shape.Command)
			}
			if strings.HasSuffix(a, ">") && strings.Contains(a, "<") {
				return Entry{}, fmt.Errorf("an argument ending in <...> (%s) cannot be approved for good; %q was approved once", a, shape.Command)
			}
			places = append(places, a)
		}
		p.Positionals = &places
		p.TargetsWithin = classes
		if len(p.TargetsWithin) == 0 {
			p.TargetsWithin = []string{engine.ClassNone}
		}
		e.Examples = []string{shape.Command}
		// The scripts and makefiles it runs, as the person saw them.
		p.Files = it.Files
	case engine.KindRead, engine.KindWrite, engine.KindEdit:
		p.Tool = string(shape.Kind)
		for _, path := range shape.Paths {
			if !filepath.IsAbs(path) {
				path = filepath.Join(it.Cwd, path)
			}
			p.Paths = append(p.Paths, escapeGlob(path))
		}
	case engine.KindWeb:
		if shape.URL == "" {
			return Entry{}, fmt.Errorf("approval %s: a web search cannot be approved for good", it.ID)
		}
		if strings.ContainsAny(shape.URL, "*?[") {
			return Entry{}, fmt.Errorf("approval %s: a URL with wildcard characters cannot be approved for good", it.ID)
		}
		p.Tool, p.URLs = "web", []string{shape.URL}
	case engine.KindMCP:
		p.Tool, p.Server, p.MCPTool = "mcp", shape.Server, shape.MCPTool
	default:
		return Entry{}, fmt.Errorf("approval %s: calls of kind %s cannot be approved for good", it.ID, shape.Kind)
	}
	e.Schedule(now)
	return e, nil
}

// Allows says what the learned entry of an approval for good allows, in a
// person's words. It is wider than the approval, which covers one call's
// whole input: a learned entry for a file allows any content there, one
// for an MCP tool any arguments. Approving for good is a person's
// explicit choice of that width; this is the text that says so.
func Allows(e Entry) string {
	p := e.Pattern
	switch {
	case p.Program != "" && len(p.Files) > 0:
		names := make([]string, len(p.Files))
		for i, f := range p.Files {
			names[i] = f.Path
		}
		held := " holds what it held"
		if len(names) > 1 {
			held = " hold what they held"
		}
		return "the same command (same program, options and arguments) from now on, while " + strings.Join(names, ", ") +
			held + " when approved"
	case p.Program != "":
		return "the same command (same program, options and arguments) from now on"
	case p.Tool == string(engine.KindRead):
		return "reads of " + strings.Join(p.Paths, " ") + " from now on"
	case p.Tool == string(engine.KindWrite) || p.Tool == string(engine.KindEdit):
		return "every " + p.Tool + " of " + strings.Join(p.Paths, " ") + " from now on, WITH ANY CONTENT, not only the content approved"
	case p.Tool == "web":
		return "fetches of " + strings.Join(p.URLs, " ") + " from now on"
	case p.Tool == "mcp":
		return "every call of the MCP tool " + p.Server + " " + p.MCPTool + " from now on, WITH ANY ARGUMENTS"
	}
	return "calls like this one from now on"
}

// RecordAlways adds the entry for a call approved for good to the
// project's learned.yaml (the user's when the project has no .governance
// folder), and returns the entry and the file. It is made once: when the
// file already holds the entry of this approval, that entry is returned
// and nothing is written. journal, when set, is called as
// [UpdateJournaled] calls it.
func RecordAlways(it *approvals.Item, userDir string, now time.Time, journal func(sha256 string) error) (*Entry, string, error) {
	e, err := FromApproval(it, now)
	if err != nil {
		return nil, "", err
	}
	e.Approval = it.ID
	file := FileFor(userDir, filepath.Join(it.Project, ".governance"))
	err = UpdateJournaled(file, func(f *File) error {
		for _, old := range f.Entries {
			// Entries of earlier releases name their approval only in
			// their reasoning, as FromApproval writes it.
			legacy := old.Approval == "" && strings.HasSuffix(old.Reasoning, "(approval "+it.ID+")")
			if old.Approval == it.ID || legacy {
				e = old
				return ErrNoChange
			}
		}
		e.ID = f.NextID()
		f.Entries = append(f.Entries, e)
		return nil
	}, journal)
	return &e, file, err
}

// FileFor is where new entries go: the learned.yaml of the project's
// configuration folder repoDir when it exists, else the user's.
func FileFor(userDir, repoDir string) string {
	if fi, err := os.Stat(repoDir); err == nil && fi.IsDir() {
		return filepath.Join(repoDir, Name)
	}
	return filepath.Join(userDir, Name)
}

// escapeGlob escapes a path for the path globs, which read a backslash
// as "the next character is literal".
func escapeGlob(s string) string {
	r := strings.NewReplacer("*", `\*`, "?", `\?`, "[", `\[`, "{", `\{`)
	return r.Replace(s)
}
