package config

import (
	"io/fs"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// Compile reads a project's configuration and returns it as a snapshot.
// Configuration errors are recorded in the snapshot, not returned: the
// hook denies calls with them. A configuration that is being written is
// read again until it is stable (see [CompileStable]).
func Compile(p layout.Paths) *snapshot.Snapshot {
	return CompileStable(p, LastGood(p), time.Now, time.Sleep)
}

// compileOnce reads the configuration once; stamps are the sources'
// stamps taken before reading, so that an edit made while reading makes
// the snapshot stale rather than silently old.
func compileOnce(p layout.Paths, stamps []snapshot.Stamp) *snapshot.Snapshot {
	l, err := Load(p)
	s := &snapshot.Snapshot{Version: snapshot.Version, Root: p.ProjectRoot, From: p, Stamps: stamps,
		Settings: l.Policy.Settings, ConfigDirs: l.Policy.ConfigDirs}
	if err != nil {
		s.Err = err.Error()
	}
	s.DisableBuiltin = l.DisableBuiltin
	s.Bundle = l.Bundle.Revision
	s.BundleErr = l.Bundle.Err
	for _, r := range l.Policy.Rules {
		if r.Scope == "builtin" {
			continue
		}
		s.Rules = append(s.Rules, snapshot.Rule{Scope: r.Scope, Spec: *r.RuleSpec})
	}
	s.StarFiles = l.StarFiles
	for _, r := range l.Policy.Learned {
		s.Learned = append(s.Learned, snapshot.Rule{Scope: r.Scope, Spec: *r.RuleSpec})
	}
	s.Roles, s.Projects, s.StateDir = l.Policy.Roles, l.Policy.Projects, l.Policy.StateDir
	all, _ := l.Registry.All()
	s.Agents = snapshot.NewAgents(all)
	s.Plugins = l.Policy.Plugins
	if u := l.Policy.Untrusted; u != nil {
		s.UntrustedWhy = u.Why
		for _, r := range u.Rules {
			s.UntrustedRules = append(s.UntrustedRules, snapshot.Rule{Scope: r.Scope, Spec: *r.RuleSpec})
		}
		for _, r := range u.Learned {
			s.UntrustedLearned = append(s.UntrustedLearned, snapshot.Rule{Scope: r.Scope, Spec: *r.RuleSpec})
		}
	}
	return s
}

// stampSources stamps every source path that exists and everything below
// source folders. A source left out was absent ([snapshot.Snapshot.Fresh]
// reads it so): most are, and the hook decodes the snapshot on every call.
func stampSources(p layout.Paths) []snapshot.Stamp {
	var out []snapshot.Stamp
	for _, src := range p.Sources() {
		st := snapshot.StampOf(src.Path)
		if !st.Exists {
			continue
		}
		out = append(out, st)
		if !src.Dir || src.Parent < 0 {
			continue
		}
		_ = filepath.WalkDir(src.Path, func(path string, d fs.DirEntry, err error) error {
			if err != nil || path == src.Path {
				return nil
			}
			out = append(out, snapshot.StampOf(path))
			return nil
		})
	}
	return out
}
