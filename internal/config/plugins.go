package config

import (
	"encoding/hex"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

var pluginKeys = []string{"name", "path", "args", "sha256", "position", "timeout", "on_error", "allow_cold_start"}

// parsePlugins reads the plugins: list of a config.yaml. A relative path
// with a slash is taken from the folder of the file, a bare name is looked
// up on PATH, and the plugin runs in the folder of the file, so that its
// arguments may name files beside the configuration.
func (f *File) parsePlugins(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode {
		return yamlx.At(f.Name, n, "plugins must be a list").
			WithHint("write one entry per plugin, each with a name and a path")
	}
	dir := filepath.Dir(f.Name)
	for _, item := range n.Content {
		pairs, err := yamlx.Map(f.Name, item)
		if err != nil {
			return err
		}
		if err := yamlx.CheckKeys(f.Name, pairs, pluginKeys...); err != nil {
			return err
		}
		p := engine.PluginSpec{Dir: dir, Position: engine.AfterRules, Timeout: engine.DefaultPluginTimeout,
			OnError: engine.Deny, Source: fmt.Sprintf("%s:%d", f.Name, item.Line)}
		for _, kv := range pairs {
			if err := setPlugin(f.Name, dir, &p, kv); err != nil {
				return err
			}
		}
		switch {
		case p.Name == "":
			return yamlx.At(f.Name, item, "a plugin needs a name").WithHint("messages and `governance plugins test NAME` use it")
		case p.Path == "":
			return yamlx.At(f.Name, item, "plugin %s needs a path", p.Name).WithHint("the plugin's executable, relative to this file's folder or on PATH")
		}
		for _, q := range f.Plugins {
			if q.Name == p.Name {
				return yamlx.At(f.Name, item, "duplicate plugin name %q (also at %s)", p.Name, q.Source)
			}
		}
		f.Plugins = append(f.Plugins, p)
	}
	return nil
}

func setPlugin(file, dir string, p *engine.PluginSpec, kv yamlx.Pair) error {
	v := kv.Value
	var err error
	switch kv.Key {
	case "name":
		if p.Name, err = yamlx.String(file, v); err != nil {
			return err
		}
		if !pluginName(p.Name) {
			return yamlx.At(file, v, "plugin name %q is not a name", p.Name).
				WithHint("use letters, digits, - and _, starting with a letter")
		}
	case "path":
		var path string
		if path, err = yamlx.String(file, v); err != nil {
			return err
		}
		p.Path = pluginPath(dir, path)
	case "args":
		p.Args, err = yamlx.Strings(file, v)
	case "sha256":
		var sum string
		if sum, err = yamlx.String(file, v); err != nil {
			return err
		}
		sum = strings.ToLower(strings.TrimSpace(sum))
		if b, herr := hex.DecodeString(sum); herr != nil || len(b) != 32 {
			return yamlx.At(file, v, "sha256 must be 64 hex digits").WithHint("print it with `sha256sum PLUGIN`")
		}
		p.SHA256 = sum
	case "position":
		var s string
		if s, err = yamlx.String(file, v); err != nil {
			return err
		}
		p.Position = engine.PluginPosition(s)
		if !slices.Contains(engine.PluginPositions[:], p.Position) {
			return yamlx.At(file, v, "position must be before_rules, after_rules or before_gatekeeper, not %q", s).
				WithHint("before_rules sees every call; after_rules only what the rules leave undecided")
		}
	case "timeout":
		d, ok := scalarDuration(v)
		if !ok || d <= 0 {
			return yamlx.At(file, v, "%q is not a duration", v.Value).WithHint("write it as 2s or 500ms")
		}
		p.Timeout = d
	case "on_error":
		var s string
		if s, err = yamlx.String(file, v); err != nil {
			return err
		}
		switch s {
		case "deny":
			p.OnError = engine.Deny
		case "ask":
			p.OnError = engine.Ask
		default:
			return yamlx.At(file, v, "on_error must be deny or ask, not %q", s).
				WithHint("a plugin that fails never lets a call through")
		}
	case "allow_cold_start":
		p.AllowColdStart, err = yamlx.Bool(file, v)
	}
	return err
}

// pluginName reports whether s is a plugin name: a letter, then letters,
// digits, - and _.
func pluginName(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_'):
		default:
			return false
		}
	}
	return s != ""
}

// pluginPath resolves a plugin's path: absolute as written, relative to
// dir when it has a slash, else looked up on PATH (kept as written when
// it is not there: starting the plugin then fails with the reason).
func pluginPath(dir, path string) string {
	switch {
	case filepath.IsAbs(path):
		return filepath.Clean(path)
	case strings.ContainsRune(path, '/'):
		return filepath.Join(dir, path)
	}
	if found, err := exec.LookPath(path); err == nil {
		if abs, err := filepath.Abs(found); err == nil {
			return abs
		}
	}
	return path
}

// mergePlugins lists the user's plugins, then the project's. A project
// may add plugins but not replace the user's; only its plugins' asks,
// denies and aborts count, since a project may tighten policy but never
// loosen it.
//
// The managed configuration configures no plugins (a plugin is trusted by
// the user who runs it); it may lock them: plugins keeps every layer's out,
// project_plugins the project's.
func mergePlugins(managed managedFiles, user, repo *File) ([]engine.PluginSpec, error) {
	var out []engine.PluginSpec
	var errs Errors
	for _, f := range managed {
		if len(f.Plugins) > 0 {
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("plugins"),
				Msg: "the managed configuration does not configure plugins", Hint: "configure them in the user configuration; lock: [plugins] keeps them out"})
		}
	}
	for _, f := range []*File{user, repo} {
		if f == nil || len(f.Plugins) == 0 {
			continue
		}
		if lock := "plugins"; managed.locked(lock) || f == repo && managed.locked("project_plugins") {
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("plugins"),
				Msg: "the managed configuration locks plugins: this file's are not run", Hint: "ask the machine's administrator"})
			if f == user {
				user = nil
			} else {
				repo = nil
			}
		}
	}
	if user != nil {
		for _, p := range user.Plugins {
			p.Scope = engine.ScopeGlobal
			out = append(out, p)
		}
	}
	if repo == nil {
		if len(errs) > 0 {
			return out, errs
		}
		return out, nil
	}
	for _, p := range repo.Plugins {
		p.Scope = engine.ScopeRepo
		if i := slices.IndexFunc(out, func(q engine.PluginSpec) bool { return q.Name == p.Name }); i >= 0 {
			file, line := splitSource(p.Source)
			errs = append(errs, &yamlx.Error{File: file, Line: line,
				Msg:  fmt.Sprintf("plugin %q is already configured by the user configuration (%s)", p.Name, out[i].Source),
				Hint: "a project may add plugins but not replace the user's; give this one another name"})
			continue
		}
		out = append(out, p)
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// pluginFiles lists the plugins' executables: they decide calls, so they
// are governance configuration that no AI caller may change.
func pluginFiles(specs []engine.PluginSpec) []string {
	var out []string
	for _, p := range specs {
		if filepath.IsAbs(p.Path) {
			out = append(out, p.Path)
		}
	}
	return out
}
