package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/agentfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
	"github.com/agentgov/governance/internal/regularfile"
	"github.com/agentgov/governance/internal/yamlx"
)

// The managed layer is the machine's: its folder (layout.DefaultManagedDir)
// holds configuration, rules, agents and learned entries an administrator
// sets, and bundle/active the policy bundle the machine pulled. Both sit
// above the user's configuration and the project's, which may tighten
// them and never loosen them.

// managedDirs lists the managed layer's policy folders that exist: the
// active bundle's, then the managed folder itself. One this user may not
// look at (a bundle activated into a folder only root may enter) is
// listed too: reading it then reports a broken configuration, which
// denies, where skipping it would decide without the team's policy.
func managedDirs(p layout.Paths) []string {
	if p.ManagedDir == "" {
		return nil
	}
	var out []string
	for _, d := range []string{p.ActiveBundle(), p.ManagedDir} {
		fi, err := os.Stat(d)
		if err == nil && fi.IsDir() || err != nil && !errors.Is(err, fs.ErrNotExist) {
			out = append(out, d)
		}
	}
	return out
}

// readManaged reads the managed layer's config.yaml files: the active
// bundle's, then the managed folder's. Only the managed folder's names a
// bundle: a bundle cannot say where the next one comes from, nor which key
// signs it.
func (l *Loaded) readManaged() (managedFiles, error) {
	var out managedFiles
	var errs Errors
	for _, dir := range managedDirs(l.Paths) {
		f, err := l.readSettings(filepath.Join(dir, "config.yaml"))
		errs = flatten(errs, err)
		if f == nil {
			continue
		}
		f.layer = layerManaged
		if f.Bundle != nil && dir != l.Paths.ManagedDir {
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("bundle"),
				Msg:  "a bundle's config.yaml cannot name a bundle",
				Hint: "the machine's managed configuration names the source and the key"})
		}
		out = append(out, f)
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// managedOnly reports the keys only the managed configuration may set.
func managedOnly(files ...*File) error {
	var errs Errors
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, key := range []string{"lock", "bundle"} {
			if _, ok := f.line[key]; ok {
				errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line(key),
					Msg:  key + ": belongs in the managed configuration",
					Hint: "only the machine's administrator sets it, in " + layout.DefaultManagedDir() + "/config.yaml"})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// BundleSourceOf returns the bundle the managed configuration names, or
// nil.
func BundleSourceOf(p layout.Paths) (*BundleSource, error) {
	if p.ManagedDir == "" {
		return nil, nil
	}
	path := filepath.Join(p.ManagedDir, "config.yaml")
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := ParseFile(path, data)
	if err != nil {
		return nil, err
	}
	return f.Bundle, nil
}

// Manifest is a bundle's .manifest (OPA's bundle format): its revision
// and the roots it owns.
type Manifest struct {
	Revision string   `json:"revision"`
	Roots    []string `json:"roots,omitempty"`
	// Metadata holds what else the publisher recorded (when it was
	// built, from what).
	Metadata map[string]any `json:"metadata,omitempty"`
}

// BundleState is how the machine's policy bundle stands: the revision in
// force, and why the last pull did not activate a new one.
type BundleState struct {
	// Revision is the active bundle's revision, "" when none is active.
	Revision string
	// Status is the last pull's record (bundle/status.json).
	Status BundleStatus
	// Err says why the last pull failed; "" after a good one.
	Err string
	// Unreadable says why this user cannot read the active bundle (its
	// folder or manifest); "" when it can, or when none is active. The
	// hook then reports a broken configuration and denies.
	Unreadable string
}

// BundleStatus is what the last pull recorded in bundle/status.json.
type BundleStatus struct {
	Source string `json:"source"`
	// Digest and ETag identify the bundle last fetched, so that a pull of
	// an unchanged bundle fetches nothing.
	Digest string `json:"digest,omitempty"`
	ETag   string `json:"etag,omitempty"`
	// Active is the folder (under bundle/) and Revision the revision of
	// the bundle in force.
	Active   string `json:"active,omitempty"`
	Revision string `json:"revision,omitempty"`
	// Checked is when the source was last asked, Activated when the
	// bundle in force was activated (RFC 3339).
	Checked   string `json:"checked,omitempty"`
	Activated string `json:"activated,omitempty"`
	// Error says why the last pull activated nothing new; "" when it
	// succeeded or found nothing new.
	Error string `json:"error,omitempty"`
	// Rollback records the last time an administrator activated a bundle
	// older than the one in force (bundle pull --allow-rollback).
	Rollback string `json:"rollback,omitempty"`
}

// ReadBundleState reads the active bundle's manifest and the last pull's
// status.
func ReadBundleState(p layout.Paths) BundleState {
	var st BundleState
	if p.ManagedDir == "" {
		return st
	}
	if data, err := regularfile.ReadFile(filepath.Join(p.BundleDir(), "status.json")); err == nil {
		_ = json.Unmarshal(data, &st.Status)
		st.Err = st.Status.Error
	}
	if _, err := os.Lstat(p.ActiveBundle()); errors.Is(err, fs.ErrNotExist) {
		return st
	} else if err != nil {
		st.Unreadable = err.Error()
		return st
	}
	data, err := regularfile.ReadFile(filepath.Join(p.ActiveBundle(), ".manifest"))
	if err != nil {
		st.Unreadable = err.Error()
		return st
	}
	var m Manifest
	if json.Unmarshal(data, &m) == nil {
		st.Revision = m.Revision
	}
	return st
}

// CheckBundle loads a policy folder as the managed layer would (its
// config.yaml, rules, learned entries and agents) and returns every
// problem found: a bundle that does not load is never activated.
func CheckBundle(dir string) error {
	l := &Loaded{Policy: &engine.Policy{Settings: engine.DefaultSettings()}}
	var errs Errors
	f, err := l.readSettings(filepath.Join(dir, "config.yaml"))
	errs = flatten(errs, err)
	if f != nil {
		f.layer = layerManaged
		if f.Bundle != nil {
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("bundle"),
				Msg: "a bundle's config.yaml cannot name a bundle", Hint: "the machine's managed configuration names the source and the key"})
		}
		m := managedFiles{f}
		errs = flatten(errs, merge(&l.Policy.Settings, m, nil, nil))
		errs = flatten(errs, l.gatekeeperSettings(m, nil, nil))
		_, err := mergePlugins(m, nil, nil)
		errs = flatten(errs, err)
		_, err = compileRoles(f, engine.ScopeManaged)
		errs = flatten(errs, err)
		_, _, err = builtinRules(m, nil)
		errs = flatten(errs, err)
	}
	errs = flatten(errs, l.readRules(filepath.Join(dir, "rules"), engine.ScopeManaged))
	lf, err := learned.Read(filepath.Join(dir, learned.Name))
	errs = flatten(errs, err)
	if lf != nil {
		_, err := lf.Compile(engine.ScopeManaged)
		errs = flatten(errs, err)
	}
	all, err := agentfile.NewRegistry(agentfile.Dir{Path: filepath.Join(dir, "agents"), Format: agents.FormatGovernance}).All()
	errs = flatten(errs, err)
	for _, a := range all {
		if a.Err != "" {
			errs = append(errs, fmt.Errorf("%s: %s", a.Source, a.Err))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
