// Package learned is the learned policy: entries that stable human (or
// gatekeeper) decisions became, kept in learned.yaml beside the rules of
// the user's and the project's configuration. Only approved entries
// decide (layer 2, for calls the rules leave undecided), and every entry
// comes back for review on a spaced-repetition schedule, so that no
// approval lasts forever unexamined.
package learned

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/yamlx"
)

// Statuses of an entry.
const (
	Pending  = "pending"
	Approved = "approved"
	Retired  = "retired"
)

// Provenances of an entry.
const (
	Human      = "human"
	Gatekeeper = "gatekeeper"
	Mined      = "mined"
)

// Pattern is what an entry matches, structured so that a person can read
// it and a proposal cannot cover more than was seen.
type Pattern struct {
	// Tool is the tool kind (shell when empty).
	Tool string `yaml:"tool,omitempty"`
	// Shell: the program, its subcommand, options that must be present
	// or absent, the only options it may give, positional arguments
	// (globs), and path classes of its arguments (any / all within).
	Program       string   `yaml:"program,omitempty"`
	Subcommand    string   `yaml:"subcommand,omitempty"`
	Flags         []string `yaml:"flags,omitempty"`
	NotFlags      []string `yaml:"not_flags,omitempty"`
	FlagsWithin   []string `yaml:"flags_within,omitempty"`
	Args          []string `yaml:"args,omitempty"`
	Targets       []string `yaml:"targets,omitempty"`
	TargetsWithin []string `yaml:"targets_within,omitempty"`
	// Positionals, when set, lists the positional arguments after the
	// subcommand in order, one place each (governance.PositionalKinds):
	// literal words, and for a word that varied, a pattern over the
	// values seen (V=<number>) or <path>. An empty list allows none.
	Positionals *[]string `yaml:"positionals,omitempty,flow"`
	// Files and web: path globs and URL globs.
	Paths []string `yaml:"paths,omitempty"`
	URLs  []string `yaml:"urls,omitempty"`
	// MCP: server and tool.
	Server  string `yaml:"server,omitempty"`
	MCPTool string `yaml:"mcp_tool,omitempty"`
	// Files are the files the command runs as code (a script, a
	// makefile) with the sha256 of what they held when a person approved
	// it for good: the entry allows the command only while they hold it.
	Files []engine.FileContent `yaml:"files,omitempty"`
}

// Review is one review of an entry.
type Review struct {
	Time    time.Time `yaml:"time"`
	Who     string    `yaml:"who"`
	Verdict string    `yaml:"verdict"`
	Note    string    `yaml:"note,omitempty"`
}

// Review verdicts.
const (
	Confirm = "confirm"
	Modify  = "modify"
	Retire  = "retire"
)

// Evidence is what a mined proposal rests on.
type Evidence struct {
	Allowed     int      `yaml:"allowed"`
	Denied      int      `yaml:"denied"`
	DecisionIDs []string `yaml:"decision_ids,omitempty"`
}

// Entry is one learned entry.
type Entry struct {
	ID          string    `yaml:"id"`
	Description string    `yaml:"description"`
	Pattern     Pattern   `yaml:"pattern"`
	Decision    string    `yaml:"decision"`
	Reasoning   string    `yaml:"reasoning,omitempty"`
	Confidence  float64   `yaml:"confidence"`
	Provenance  string    `yaml:"provenance"`
	Status      string    `yaml:"status"`
	Created     time.Time `yaml:"created"`
	Reviews     []Review  `yaml:"reviews,omitempty"`
	NextReview  time.Time `yaml:"next_review,omitempty"`
	// IntervalDays is the current review interval.
	IntervalDays int `yaml:"interval_days,omitempty"`
	Hits         int `yaml:"hits,omitempty"`
	// Context fingerprints what the entry was reviewed against (the rule
	// files and the secret-looking files of the project); a change
	// brings the review forward.
	Context  string    `yaml:"context,omitempty"`
	Examples []string  `yaml:"examples,omitempty"`
	Evidence *Evidence `yaml:"evidence,omitempty"`
	// Approval is the id of the approval a person gave for good that the
	// entry was made of, so that it is made once.
	Approval string `yaml:"approval,omitempty"`
	// line is where the entry starts, for errors.
	line int
}

// File is a learned.yaml.
type File struct {
	Path    string  `yaml:"-"`
	Version int     `yaml:"version"`
	Entries []Entry `yaml:"entries"`
}

// Name is the file's name in the configuration folders.
const Name = "learned.yaml"

var decisions = []string{"allow", "ask", "deny"}

// Read reads a learned.yaml; a missing file is empty, and so is one
// another user owns (see [layout.OpenOwned]): a configuration folder of
// theirs (made in a shared folder, a home handed over) would otherwise
// let them plant an allow this user never learned.
func Read(path string) (*File, error) {
	f := &File{Path: path, Version: 1}
	data, err := layout.ReadOwned(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, layout.ErrNotOwned) {
		return f, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

var entryKeys = []string{"id", "description", "pattern", "decision", "reasoning", "confidence", "provenance", "status",
	"created", "reviews", "next_review", "interval_days", "hits", "context", "examples", "evidence", "approval"}

var patternKeys = []string{"tool", "program", "subcommand", "flags", "not_flags", "flags_within", "args", "targets",
	"targets_within", "positionals", "paths", "urls", "server", "mcp_tool", "files"}

// Parse reads a learned.yaml's content, checking every entry and naming
// the line of each problem.
func Parse(path string, data []byte) (*File, error) {
	f := &File{Path: path, Version: 1}
	items, err := yamlx.Items(path, data, "entries", "")
	if err != nil {
		return nil, err
	}
	var errs []error
	seen := map[string]int{}
	for _, n := range items {
		e, err := parseEntry(path, n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if prev, ok := seen[e.ID]; ok {
			errs = append(errs, yamlx.At(path, n, "duplicate entry id %q (first at line %d)", e.ID, prev))
			continue
		}
		seen[e.ID] = n.Line
		f.Entries = append(f.Entries, e)
	}
	return f, errors.Join(errs...)
}

func parseEntry(path string, n *yaml.Node) (Entry, error) {
	var e Entry
	pairs, err := yamlx.Map(path, n)
	if err != nil {
		return e, err
	}
	if err := yamlx.CheckKeys(path, pairs, entryKeys...); err != nil {
		return e, err
	}
	for _, p := range pairs {
		if p.Key == "pattern" {
			pp, err := yamlx.Map(path, p.Value)
			if err != nil {
				return e, err
			}
			if err := yamlx.CheckKeys(path, pp, patternKeys...); err != nil {
				return e, err
			}
		}
	}
	if err := n.Decode(&e); err != nil {
		return e, yamlx.At(path, n, "%v", err)
	}
	e.line = n.Line
	if msg := e.problem(); msg != "" {
		return e, yamlx.At(path, n, "entry %s: %s", e.ID, msg)
	}
	if _, err := e.Spec(""); err != nil {
		return e, yamlx.At(path, n, "entry %s: %v", e.ID, err)
	}
	return e, nil
}

// problem says what makes an entry unusable, or "".
func (e *Entry) problem() string {
	switch {
	case strings.TrimSpace(e.ID) == "":
		return "an entry needs an id"
	case !slices.Contains(decisions, e.Decision):
		return fmt.Sprintf("decision must be allow, ask or deny, not %q", e.Decision)
	case !slices.Contains([]string{Pending, Approved, Retired}, e.Status):
		return fmt.Sprintf("status must be pending, approved or retired, not %q", e.Status)
	case !slices.Contains([]string{Human, Gatekeeper, Mined}, e.Provenance):
		return fmt.Sprintf("provenance must be human, gatekeeper or mined, not %q", e.Provenance)
	case e.Confidence < 0 || e.Confidence > 1:
		return "confidence must be between 0 and 1"
	case e.Pattern.empty():
		return "the pattern matches nothing"
	}
	return ""
}

func (p Pattern) empty() bool {
	return p.Program == "" && len(p.Paths) == 0 && len(p.URLs) == 0 && p.Server == ""
}

// Spec compiles an entry to a rule spec; source names its file.
func (e *Entry) Spec(source string) (engine.RuleSpec, error) {
	p := e.Pattern
	more := &engine.MatchMore{FlagsWithin: p.FlagsWithin, TargetsWithin: p.TargetsWithin, URLs: p.URLs}
	m := engine.MatchSpec{Flags: p.Flags, NotFlags: p.NotFlags, Args: p.Args, Targets: p.Targets, Paths: p.Paths,
		More: more}
	if p.Positionals != nil {
		more.Positionals = append([]string{}, *p.Positionals...)
	}
	more.Contents = p.Files
	if p.Program != "" {
		m.Program = []string{p.Program}
	}
	if p.Subcommand != "" {
		m.Subcommand = []string{p.Subcommand}
	}
	if p.Server != "" {
		more.Server = []string{p.Server}
	}
	if p.MCPTool != "" {
		more.MCPTool = []string{p.MCPTool}
	}
	d, err := engine.ParseOutcome(e.Decision)
	if err != nil {
		return engine.RuleSpec{}, err
	}
	spec := engine.RuleSpec{ID: "learned:" + e.ID, Decision: d, Match: []engine.MatchSpec{m}, Source: source,
		Examples: engine.Examples{Match: e.Examples}}
	if p.Tool != "" {
		k, ok := engine.ParseKind(p.Tool)
		if !ok {
			return engine.RuleSpec{}, fmt.Errorf("unknown tool %q", p.Tool)
		}
		spec.Tools = []engine.Kind{k}
	}
	spec.Message = e.Description
	if e.Reasoning != "" {
		spec.Message += " (" + e.Reasoning + ")"
	}
	spec.Message = "Learned: " + spec.Message
	if d.Blocks() {
		spec.Suggestion = "This was learned from earlier decisions on calls like this one; ask the user if it should change (`governance review`)."
	}
	return spec, nil
}

// AnyArguments reports an approved entry that lets a shell command
// through whatever its positional arguments: an allow (or warn) written
// before entries recorded their arguments. `make release V=1`, approved
// once that way, would allow `make release` with any target after it.
func (e *Entry) AnyArguments() bool {
	p := e.Pattern
	if e.Status != Approved || p.Program == "" || p.Positionals != nil || p.Tool != "" && p.Tool != string(engine.KindShell) {
		return false
	}
	d, err := engine.ParseOutcome(e.Decision)
	return err == nil && !d.Blocks() && d != engine.Ask
}

// Suspended returns the file's entries that [Entry.AnyArguments] keeps
// from deciding, as "FILE:LINE ID (description)".
func (f *File) Suspended() []string {
	var out []string
	for i := range f.Entries {
		if e := &f.Entries[i]; e.AnyArguments() {
			out = append(out, fmt.Sprintf("%s:%d %s (%s)", f.Path, e.line, e.ID, e.Description))
		}
	}
	return out
}

// Compile returns the rules of a file's approved entries, with their
// examples checked. An entry that would allow any arguments decides
// nothing (see [Entry.AnyArguments]): the calls it covered are asked
// again, and an approval learns them with their arguments.
func (f *File) Compile(scope string) ([]*engine.Rule, error) {
	var out []*engine.Rule
	var errs []error
	for i := range f.Entries {
		e := &f.Entries[i]
		if e.Status != Approved || e.AnyArguments() {
			continue
		}
		spec, err := e.Spec(fmt.Sprintf("%s:%d", f.Path, e.line))
		if err != nil {
			errs = append(errs, &yamlx.Error{File: f.Path, Line: e.line, Msg: err.Error()})
			continue
		}
		r, err := engine.CompileRule(spec, scope)
		if err == nil {
			err = r.CheckExamples()
		}
		if err != nil {
			errs = append(errs, &yamlx.Error{File: f.Path, Line: e.line, Msg: err.Error(),
				Hint: "fix the entry's pattern or examples; `governance review --modify` records the change"})
			continue
		}
		out = append(out, r)
	}
	return out, errors.Join(errs...)
}

// Find returns the entry with an id.
func (f *File) Find(id string) *Entry {
	for i := range f.Entries {
		if f.Entries[i].ID == id {
			return &f.Entries[i]
		}
	}
	return nil
}

// NextID returns an unused id.
func (f *File) NextID() string {
	for n := len(f.Entries) + 1; ; n++ {
		id := fmt.Sprintf("L%d", n)
		if f.Find(id) == nil {
			return id
		}
	}
}

// Update changes a learned.yaml under its lock and writes it atomically.
// The file is rewritten from its entries: comments are not kept.
func Update(path string, fn func(f *File) error) error { return UpdateJournaled(path, fn, nil) }

// UpdateJournaled is Update, calling journal with the sha256 (hex) of the
// content about to be written, still under the lock, before it is
// written: a change that must be finished in other files after a kill
// records first what the file will be. An error from journal stops the
// write. fn returning ErrNoChange writes nothing (and journals nothing).
func UpdateJournaled(path string, fn func(f *File) error, journal func(sha256 string) error) error {
	unlock, err := filelock.Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	f, err := Read(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		if errors.Is(err, ErrNoChange) {
			return nil
		}
		return err
	}
	data, err := yaml.Marshal(f)
	if err != nil {
		return err
	}
	header := "# Learned policy: entries that stable decisions became. Only approved entries\n" +
		"# decide. `governance review` and `governance learn` keep this file; edits by\n" +
		"# hand are fine (`governance lint` checks them), but comments are not kept.\n"
	data = append([]byte(header), data...)
	if journal != nil {
		sum := sha256.Sum256(data)
		if err := journal(hex.EncodeToString(sum[:])); err != nil {
			return err
		}
	}
	return atomicfile.Write(path, data, 0o644)
}

// ErrNoChange tells Update that nothing needs writing.
var ErrNoChange = errors.New("no change")

// FilesOf returns the learned.yaml of the user's configuration folder and
// the project's, in that order.
func FilesOf(userDir, repoDir string) []string {
	var out []string
	for _, d := range []string{userDir, repoDir} {
		if d != "" {
			out = append(out, filepath.Join(d, Name))
		}
	}
	return out
}
