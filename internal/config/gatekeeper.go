package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/regularfile"
	"github.com/agentgov/governance/internal/yamlx"
)

// gatekeeperFile is the gatekeeper: block of one config.yaml. Unset
// fields are nil, so that the project's block can be checked against the
// user's.
type gatekeeperFile struct {
	Enabled                             *bool
	Provider, Model, BaseURL, APIKeyEnv *string
	Command                             []string
	Timeout, CacheTTL                   *time.Duration
	PerHour, PerDay                     *int
	MinConfidence                       *float64
	Tools                               []string
	line                                map[string]int
}

var gatekeeperKeys = []string{"enabled", "provider", "model", "base_url", "api_key_env", "command", "timeout",
	"budget", "cache_ttl", "min_confidence", "tools"}

// userOnlyGatekeeperKeys choose where prompts go and what runs: a project
// setting them could send the user's API key to a server of its choosing,
// or run a program of its choosing on every undecided call.
var userOnlyGatekeeperKeys = []string{"provider", "model", "base_url", "api_key_env", "command", "cache_ttl"}

// maxGroundRules bounds a ground-rules.md: it goes into every prompt.
const maxGroundRules = 32 << 10

// GroundRulesFile is the name of the ground rules in a configuration
// folder.
const GroundRulesFile = "ground-rules.md"

func (f *File) parseGatekeeper(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	// A key written here is not read, and not an error either: the hook
	// decides as before, and status, doctor and lint report it.
	kept := pairs[:0:0]
	for _, p := range pairs {
		if p.Key == "api_key" || p.Key == "key" {
			f.Credentials = append(f.Credentials, &LiteralCredential{File: f.Name, Line: p.KeyN.Line, Where: "gatekeeper." + p.Key,
				Hint: "put the key in an environment variable and name the variable in api_key_env"})
			continue
		}
		kept = append(kept, p)
	}
	pairs = kept
	if err := yamlx.CheckKeys(f.Name, pairs, gatekeeperKeys...); err != nil {
		return err
	}
	g := &gatekeeperFile{line: map[string]int{"": f.line["gatekeeper"]}}
	for _, p := range pairs {
		g.line[p.Key] = p.KeyN.Line
		v := p.Value
		str := func(dst **string) error {
			s, err := yamlx.String(f.Name, v)
			*dst = &s
			return err
		}
		switch p.Key {
		case "enabled":
			b, err := yamlx.Bool(f.Name, v)
			if err != nil {
				return err
			}
			g.Enabled = &b
		case "provider":
			if err := str(&g.Provider); err != nil {
				return err
			}
			switch *g.Provider {
			case gatekeeper.ProviderAnthropic, gatekeeper.ProviderOpenAI, gatekeeper.ProviderCommand:
			default:
				return yamlx.At(f.Name, v, "gatekeeper: provider must be anthropic, openai or command, not %q", *g.Provider).
					WithHint("openai also covers Ollama, llama.cpp's server and vLLM, through base_url")
			}
		case "model":
			if err := str(&g.Model); err != nil {
				return err
			}
		case "base_url":
			if err := str(&g.BaseURL); err != nil {
				return err
			}
			if u := *g.BaseURL; !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
				return yamlx.At(f.Name, v, "gatekeeper: base_url %q is not an http or https URL", u).
					WithHint("for example http://127.0.0.1:11434/v1 for Ollama")
			}
		case "api_key_env":
			if err := str(&g.APIKeyEnv); err != nil {
				return err
			}
			if !envName(*g.APIKeyEnv) {
				// Most likely the key itself: not read, not printed.
				g.APIKeyEnv = nil
				f.Credentials = append(f.Credentials, &LiteralCredential{File: f.Name, Line: v.Line, Where: "gatekeeper.api_key_env",
					Hint: "api_key_env names an environment variable (letters, digits, _), such as ANTHROPIC_API_KEY; set the key in that variable"})
			}
		case "command":
			if v.Kind != yaml.SequenceNode {
				return yamlx.At(f.Name, v, "gatekeeper: command must be a list: the program and its arguments").
					WithHint(`write it as [llm, -m, gpt-4o-mini], or [sh, -c, "..."] for a shell command`)
			}
			list, err := yamlx.Strings(f.Name, v)
			if err != nil {
				return err
			}
			if len(list) == 0 || list[0] == "" {
				return yamlx.At(f.Name, v, "gatekeeper: command is empty").WithHint("name the program that reads the prompt on stdin")
			}
			g.Command = list
		case "timeout", "cache_ttl":
			d, ok := scalarDuration(v)
			if !ok || d < 0 || p.Key == "timeout" && d <= 0 {
				return yamlx.At(f.Name, v, "gatekeeper: %s %q is not a duration", p.Key, v.Value).WithHint("write it as 20s, 5m or 24h")
			}
			if p.Key == "timeout" {
				g.Timeout = &d
			} else {
				g.CacheTTL = &d
			}
		case "budget":
			if err := g.parseBudget(f.Name, v); err != nil {
				return err
			}
		case "min_confidence":
			x, err := strconv.ParseFloat(strings.TrimSpace(v.Value), 64)
			if v.Kind != yaml.ScalarNode || err != nil || x < 0 || x > 1 {
				return yamlx.At(f.Name, v, "gatekeeper: min_confidence must be a number from 0 to 1, not %q", v.Value)
			}
			g.MinConfidence = &x
		case "tools":
			list, err := yamlx.Strings(f.Name, v)
			if err != nil {
				return err
			}
			for _, t := range list {
				k, ok := engine.ParseKind(t)
				if !ok || k == engine.KindOther {
					return yamlx.At(f.Name, v, "gatekeeper: tools names %q, which is not a tool kind", t).
						WithHint("the kinds are shell, read, write, edit, web, agent and mcp")
				}
				g.Tools = append(g.Tools, string(k))
			}
			if g.Tools == nil {
				g.Tools = []string{}
			}
		}
	}
	f.Gatekeeper = g
	return nil
}

func (g *gatekeeperFile) parseBudget(file string, n *yaml.Node) error {
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(file, pairs, "per_hour", "per_day"); err != nil {
		return err
	}
	for _, p := range pairs {
		x, err := yamlx.Int(file, p.Value)
		if err != nil {
			return err
		}
		if x < 0 {
			return yamlx.At(file, p.Value, "gatekeeper: budget %s must not be negative", p.Key).WithHint("0 means no bound")
		}
		if p.Key == "per_hour" {
			g.PerHour = &x
		} else {
			g.PerDay = &x
		}
	}
	return nil
}

// envName reports a plausible environment variable name.
func envName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// gatekeeperSettings configures the gatekeeper from the user's block,
// tightened by the project's, and reads the ground rules. Only the user
// configuration can turn the gatekeeper on or choose its model; a project
// may turn it off, lower its budgets and timeout, raise the confidence it
// needs and narrow the tools it decides.
//
// A managed block comes first and the user's then only tightens it, as a
// project's does; while the managed configuration locks the gatekeeper, a
// block below it is an error.
func (l *Loaded) gatekeeperSettings(managed managedFiles, user, repo *File) error {
	s := &l.Policy.Settings.Gatekeeper
	var errs Errors
	var m, u, r *gatekeeperFile
	var mName string
	for _, f := range managed {
		if f.Gatekeeper != nil {
			m, mName = f.Gatekeeper, f.Name
		}
	}
	if user != nil {
		u = user.Gatekeeper
	}
	if repo != nil {
		r = repo.Gatekeeper
	}
	if managed.locked("gatekeeper") {
		for _, f := range []*File{user, repo} {
			if f != nil && f.Gatekeeper != nil {
				errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("gatekeeper"),
					Msg:  "the managed configuration locks the gatekeeper",
					Hint: "only the machine's administrator changes it, in the managed configuration"})
			}
		}
		u, r = nil, nil
	}
	switch {
	case m != nil:
		errs = flatten(errs, userGatekeeper(s, mName, m))
		if u != nil {
			errs = flatten(errs, repoGatekeeper(s, user.Name, u, true))
		}
	case u != nil:
		errs = flatten(errs, userGatekeeper(s, user.Name, u))
	}
	if r != nil {
		errs = flatten(errs, repoGatekeeper(s, repo.Name, r, m != nil || u != nil))
	}
	if s.Enabled {
		for _, src := range []struct {
			dir  string
			repo bool
		}{{l.Paths.UserDir, false}, {l.Paths.RepoDir, true}} {
			if src.dir == "" || src.repo && src.dir == l.Paths.UserDir {
				continue
			}
			g, err := l.readGroundRules(filepath.Join(src.dir, GroundRulesFile), src.repo)
			errs = flatten(errs, err)
			if g != nil {
				s.GroundRules = append(s.GroundRules, *g)
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// userGatekeeper applies the user's block, with defaults for what it
// leaves out.
func userGatekeeper(s *engine.GatekeeperSettings, file string, g *gatekeeperFile) error {
	*s = engine.GatekeeperSettings{Enabled: true, TimeoutMS: int(gatekeeper.DefaultTimeout.Milliseconds()),
		PerHour: gatekeeper.DefaultPerHour, PerDay: gatekeeper.DefaultPerDay,
		CacheTTLSeconds: int(gatekeeper.DefaultCacheTTL.Seconds()), MinConfidence: int(gatekeeper.DefaultMinConfidence * 100),
		Tools: []string{string(engine.KindShell)}}
	at := func(key, format string, args ...any) *yamlx.Error {
		return &yamlx.Error{File: file, Line: g.line[key], Msg: fmt.Sprintf(format, args...)}
	}
	if g.Enabled != nil {
		s.Enabled = *g.Enabled
	}
	setIf(&s.Provider, g.Provider)
	setIf(&s.Model, g.Model)
	setIf(&s.BaseURL, g.BaseURL)
	setIf(&s.APIKeyEnv, g.APIKeyEnv)
	s.Command = g.Command
	if g.Timeout != nil {
		s.TimeoutMS = int(g.Timeout.Milliseconds())
	}
	if g.CacheTTL != nil {
		s.CacheTTLSeconds = int(g.CacheTTL.Seconds())
	}
	setIf(&s.PerHour, g.PerHour)
	setIf(&s.PerDay, g.PerDay)
	if g.MinConfidence != nil {
		s.MinConfidence = int(*g.MinConfidence*100 + 0.5)
	}
	if g.Tools != nil {
		s.Tools = g.Tools
	}
	if !s.Enabled {
		return nil
	}
	switch {
	case s.Provider == "":
		return at("", "gatekeeper: provider is not set").WithHint("set provider: anthropic, openai or command, or enabled: false")
	case s.Provider != gatekeeper.ProviderCommand && s.Model == "":
		return at("provider", "gatekeeper: the %s provider needs a model", s.Provider).WithHint("set model:, for example claude-haiku-4-5")
	case s.Provider == gatekeeper.ProviderCommand && len(s.Command) == 0:
		return at("provider", "gatekeeper: the command provider needs a command").
			WithHint("set command: to the program that reads the prompt on stdin and prints the answer")
	case s.Provider != gatekeeper.ProviderCommand && len(s.Command) > 0:
		return at("command", "gatekeeper: command is only read by the command provider, not %s", s.Provider)
	}
	return nil
}

// repoGatekeeper applies the project's block, which may only tighten.
func repoGatekeeper(s *engine.GatekeeperSettings, file string, g *gatekeeperFile, userHas bool) error {
	var errs Errors
	at := func(key, format string, args ...any) *yamlx.Error {
		return &yamlx.Error{File: file, Line: g.line[key], Msg: fmt.Sprintf(format, args...)}
	}
	for _, k := range userOnlyGatekeeperKeys {
		if _, ok := g.line[k]; ok {
			errs = append(errs, at(k, "gatekeeper: %s can only be set in the user configuration", k).
				WithHint("a project's configuration could otherwise send your API key to a server, or run a program, of its choosing"))
		}
	}
	if g.Enabled != nil {
		switch {
		case !*g.Enabled:
			s.Enabled = false
		case !s.Enabled:
			errs = append(errs, at("enabled", "gatekeeper: a project cannot turn the gatekeeper on").
				WithHint("only the user configuration can: a model that allows calls loosens the policy"))
		}
	}
	tighten := func(key string, dst *int, v *int, zeroUnbounded bool) {
		if v == nil {
			return
		}
		looser := *v > *dst
		if zeroUnbounded {
			looser = *dst > 0 && (*v == 0 || *v > *dst)
		}
		if looser && userHas {
			errs = append(errs, at(key, "gatekeeper: %s %d would loosen the user configuration's %d", key, *v, *dst).
				WithHint("a project may tighten global policy but never loosen it"))
			return
		}
		*dst = *v
	}
	tighten("budget", &s.PerHour, g.PerHour, true)
	tighten("budget", &s.PerDay, g.PerDay, true)
	if g.Timeout != nil {
		ms := int(g.Timeout.Milliseconds())
		tighten("timeout", &s.TimeoutMS, &ms, false)
	}
	if g.MinConfidence != nil {
		pct := int(*g.MinConfidence*100 + 0.5)
		if pct < s.MinConfidence && userHas {
			errs = append(errs, at("min_confidence", "gatekeeper: min_confidence %.2f would loosen the user configuration's %.2f",
				*g.MinConfidence, float64(s.MinConfidence)/100).WithHint("a project may tighten global policy but never loosen it"))
		} else {
			s.MinConfidence = pct
		}
	}
	if g.Tools != nil {
		var kept []string
		for _, t := range g.Tools {
			if userHas && !slices.Contains(s.Tools, t) {
				errs = append(errs, at("tools", "gatekeeper: tools adds %s, which the user configuration does not send to the gatekeeper", t).
					WithHint("a project may narrow the tools the gatekeeper decides, never widen them"))
				continue
			}
			kept = append(kept, t)
		}
		if len(errs) == 0 {
			s.Tools = kept
			if len(kept) == 0 {
				s.Enabled = false
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// readGroundRules reads a ground-rules.md, if there is one.
func (l *Loaded) readGroundRules(path string, repo bool) (*engine.GroundRules, error) {
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l.Files = append(l.Files, path)
	if len(data) > maxGroundRules {
		return nil, &yamlx.Error{File: path, Msg: fmt.Sprintf("the ground rules are %d bytes, more than %d", len(data), maxGroundRules),
			Hint: "keep them short: they go into every gatekeeper prompt"}
	}
	text := strings.TrimSpace(string(data))
	if text == "" {
		return nil, nil
	}
	return &engine.GroundRules{Source: path, Repo: repo, Text: text}, nil
}
