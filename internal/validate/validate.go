// Package validate checks governance's files against their JSON Schemas:
// the brain's state, sessions and metrics, and the configuration. Each
// violation is reported with the file, the JSON pointer of the value at
// fault and a message.
package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/agentgov/governance/internal/agentfile"
	"github.com/agentgov/governance/template/schemas"
)

// Kinds of files, each with its schema.
const (
	State   = "state"
	Session = "session"
	Metrics = "metrics"
	Config  = "config"
	Rules   = "rules"
	Agent   = "agent"
	Cases   = "cases"
)

// Problem is one violation.
type Problem struct {
	File    string `json:"file"`
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

func (p Problem) String() string {
	ptr := p.Pointer
	if ptr == "" {
		ptr = "/"
	}
	return fmt.Sprintf("%s: %s: %s", p.File, ptr, p.Message)
}

// Validator holds the compiled schemas.
type Validator struct {
	schemas map[string]*jsonschema.Schema
}

const base = "https://governance.local/schemas/"

// printer renders the schema library's messages.
var printer = message.NewPrinter(language.English)

// New compiles the embedded schemas.
func New() (*Validator, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	entries, err := fs.ReadDir(schemas.FS, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := fs.ReadFile(schemas.FS, e.Name())
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", e.Name(), err)
		}
		if err := c.AddResource(base+e.Name(), doc); err != nil {
			return nil, err
		}
	}
	v := &Validator{schemas: map[string]*jsonschema.Schema{}}
	for _, kind := range []string{State, Session, Metrics, Config, Rules, Agent, Cases} {
		s, err := c.Compile(base + kind + ".schema.json")
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", kind, err)
		}
		v.schemas[kind] = s
	}
	return v, nil
}

// File validates the file at path as a file of the kind.
func (v *Validator) File(kind, path string) ([]Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return v.Data(kind, path, data), nil
}

// Data validates a file's content.
func (v *Validator) Data(kind, name string, data []byte) []Problem {
	doc, err := decode(kind, data)
	if err != nil {
		return []Problem{{File: name, Message: err.Error()}}
	}
	err = v.schemas[kind].Validate(doc)
	var ve *jsonschema.ValidationError
	if err == nil {
		return nil
	}
	if !errors.As(err, &ve) {
		return []Problem{{File: name, Message: err.Error()}}
	}
	var out []Problem
	seen := map[string]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		ptr := ""
		for _, t := range e.InstanceLocation {
			ptr += "/" + strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
		}
		msg := e.ErrorKind.LocalizedString(printer)
		if key := ptr + "\x00" + msg; !seen[key] {
			seen[key] = true
			out = append(out, Problem{File: name, Pointer: ptr, Message: msg})
		}
	}
	walk(ve)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	return out
}

// decode reads a file as the JSON value its schema describes: JSON for
// the brain's files, YAML for configuration, the frontmatter of an agent
// file.
func decode(kind string, data []byte) (any, error) {
	switch kind {
	case State, Session, Metrics:
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("not valid JSON: %w", err)
		}
		return v, nil
	case Agent:
		// A frontmatter that never ends is lint's to report.
		fm, ok := agentfile.Frontmatter(data)
		if !ok {
			return map[string]any{}, nil
		}
		data = fm
	}
	var y any
	if err := yaml.Unmarshal(data, &y); err != nil {
		return nil, fmt.Errorf("not valid YAML: %w", err)
	}
	if y == nil {
		y = map[string]any{}
	}
	j, err := json.Marshal(y)
	if err != nil {
		return nil, fmt.Errorf("cannot be represented as JSON: %w", err)
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(j))
}

// Target is a file to validate.
type Target struct {
	Kind, Path string
}

// Discover lists the files of a brain folder and of configuration folders
// (a user's or a project's .governance) that have schemas.
func Discover(brainDir string, configDirs ...string) []Target {
	var out []Target
	add := func(kind, pattern string) {
		matches, _ := filepath.Glob(pattern)
		sort.Strings(matches)
		for _, m := range matches {
			out = append(out, Target{Kind: kind, Path: m})
		}
	}
	add(State, filepath.Join(brainDir, "state.json"))
	add(Metrics, filepath.Join(brainDir, "metrics.json"))
	add(Session, filepath.Join(brainDir, "sessions", "*.json"))
	add(Session, filepath.Join(brainDir, "archive", "sessions", "*.json"))
	for _, d := range configDirs {
		if d == "" {
			continue
		}
		add(Config, filepath.Join(d, "config.yaml"))
		add(Rules, filepath.Join(d, "rules", "*.yaml"))
		add(Rules, filepath.Join(d, "rules", "*.yml"))
		add(Agent, filepath.Join(d, "agents", "*.md"))
		add(Cases, filepath.Join(d, "tests", "*.yaml"))
	}
	return out
}

// KindOf guesses the kind of a file from its name and place.
func KindOf(path string) (string, bool) {
	base, dir := filepath.Base(path), filepath.Base(filepath.Dir(path))
	switch {
	case base == "state.json":
		return State, true
	case base == "metrics.json" || strings.HasPrefix(base, "metrics-") && strings.HasSuffix(base, ".json"):
		return Metrics, true
	case dir == "sessions" && strings.HasSuffix(base, ".json"):
		return Session, true
	case base == "config.yaml":
		return Config, true
	case dir == "rules" && (strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")):
		return Rules, true
	case dir == "agents" && strings.HasSuffix(base, ".md"):
		return Agent, true
	case dir == "tests" && (strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")):
		return Cases, true
	}
	return "", false
}
