package config

import (
	"fmt"
	"slices"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

// Locks are the switches a managed configuration's lock: list may name:
// no layer below it may loosen them, whether or not the managed file sets
// them itself (the built-in value is then the floor).
var Locks = []string{"mode", "default", "safe_set", "missing_agent", "max_delegation_depth",
	"block_secret_prompts", "default_role", "disable_builtin", "gatekeeper", "plugins", "project_plugins", "audit", "confine", "confine_grants"}

// merge applies the managed, user and project settings in that order. The
// managed file sets what it names; the user's may tighten those and the
// switches the managed file locks, never loosen them, and sets the rest; a
// project may tighten everything, never loosen it.
func merge(s *engine.Settings, managed managedFiles, user, repo *File) error {
	var errs Errors
	layers := []*File{}
	for _, m := range managed {
		tighten(s, m, nil, func(string) bool { return false }, nil)
		layers = append(layers, m)
	}
	if user != nil {
		strict := func(key string) bool { return managed.holds(key) }
		errs = flatten(errs, tighten(s, user, layers, strict, func(key string) bool { return managed.locked(key) }))
		layers = append(layers, user)
	}
	if repo != nil {
		locked := func(key string) bool { return managed.locked(key) }
		errs = flatten(errs, tighten(s, repo, layers, func(string) bool { return true }, locked))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// managedFiles are the config.yaml files of the managed layer: the
// active bundle's, then the managed folder's.
type managedFiles []*File

// holds reports whether a managed file sets or locks a key, so that the
// layers below may only tighten it.
func (m managedFiles) holds(key string) bool {
	for _, f := range m {
		if _, set := f.line[key]; set {
			return true
		}
	}
	return m.locked(key)
}

// locked reports whether a managed file locks a key.
func (m managedFiles) locked(key string) bool {
	for _, f := range m {
		if slices.Contains(f.Lock, key) {
			return true
		}
	}
	return false
}

// tighten applies one file's settings over those of the layers above it:
// a key strict reports may only be tightened, the others are set as they
// are. locked, when set, reports the keys a managed file locks, which name
// the managed configuration in messages.
func tighten(s *engine.Settings, f *File, above []*File, strict func(string) bool, locked func(string) bool) error {
	var errs Errors
	// whose names the configuration a loosening would go against.
	whose := func(key string) string {
		for i := len(above) - 1; i >= 0; i-- {
			if _, ok := above[i].line[key]; ok {
				return above[i].layerName()
			}
		}
		if locked != nil && locked(key) {
			return "the managed configuration"
		}
		// The built-in value, which the user configuration may set.
		return "the user configuration"
	}
	loosens := func(key, msg string) {
		hint := f.layerRule()
		if key == "mode" && f.layer == layerRepo && whose(key) == "the user configuration" {
			hint += "; set mode: log-only in the user configuration"
		}
		errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line(key),
			Msg:  fmt.Sprintf(msg, whose(key)),
			Hint: hint})
	}
	if f.Default != nil {
		if strict("default") && *f.Default < s.Default {
			loosens("default", "default: "+f.Default.String()+" would loosen %s's default ("+s.Default.String()+")")
		} else {
			s.Default = *f.Default
		}
	}
	if f.MainAgent != nil {
		s.MainAgent = *f.MainAgent
	}
	if f.SafeSet != nil {
		if strict("safe_set") && *f.SafeSet && s.NoSafeSet {
			loosens("safe_set", "safe_set: true would loosen %s, which turns the safe set off")
		} else {
			s.NoSafeSet = !*f.SafeSet
		}
	}
	if f.LogOnly != nil {
		if strict("mode") && *f.LogOnly && !s.LogOnly {
			loosens("mode", "mode: log-only would loosen %s, which enforces")
		} else {
			s.LogOnly = *f.LogOnly
		}
	}
	if f.AuditRequired != nil {
		if strict("audit") && !*f.AuditRequired && s.AuditRequired {
			loosens("audit", "audit: best-effort would loosen %s, which requires a record of every call")
		} else {
			s.AuditRequired = *f.AuditRequired
		}
	}
	if f.Confine != nil {
		if strict("confine") && *f.Confine < s.Confine {
			loosens("confine", "confine: "+f.Confine.String()+" would loosen %s's confine: "+s.Confine.String())
		} else {
			s.Confine = *f.Confine
		}
	}
	if f.MissingAgent != nil {
		if strict("missing_agent") && *f.MissingAgent != engine.MissingAgentDeny && s.MissingAgent == engine.MissingAgentDeny {
			loosens("missing_agent", "missing_agent: "+*f.MissingAgent+" would loosen %s's deny")
		} else {
			s.MissingAgent = *f.MissingAgent
		}
	}
	if f.MaxDelegationDepth != nil {
		if strict("max_delegation_depth") && *f.MaxDelegationDepth > s.MaxDelegationDepth {
			loosens("max_delegation_depth", fmt.Sprintf("max_delegation_depth: %d would loosen %%s's %d", *f.MaxDelegationDepth, s.MaxDelegationDepth))
		} else {
			s.MaxDelegationDepth = *f.MaxDelegationDepth
		}
	}
	if f.BlockSecretPrompts != nil {
		if strict("block_secret_prompts") && !*f.BlockSecretPrompts && s.BlockSecretPrompts {
			loosens("block_secret_prompts", "block_secret_prompts: false would loosen %s")
		} else {
			s.BlockSecretPrompts = *f.BlockSecretPrompts
		}
	}
	if f.DefaultRole != nil {
		var set *File
		for _, a := range above {
			if a.DefaultRole != nil {
				set = a
			}
		}
		if strict("default_role") && set != nil && *set.DefaultRole != *f.DefaultRole || locked != nil && locked("default_role") && set == nil {
			prev := s.DefaultRole
			if prev == "" {
				prev = "none"
			}
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("default_role"),
				Msg:  fmt.Sprintf("default_role: %s would replace %s's %s", *f.DefaultRole, whose("default_role"), prev),
				Hint: f.layerRule() + "; narrow the role in roles: instead"})
		} else {
			s.DefaultRole = *f.DefaultRole
		}
	}
	// How asks reach a human and whether a daemon runs change no decision:
	// every layer may set them.
	if f.OutOfBand != nil {
		s.OutOfBand = *f.OutOfBand
	}
	if f.ApprovalWait != nil {
		s.ApprovalWaitSeconds = *f.ApprovalWait
	}
	if f.Daemon != nil {
		s.Daemon = *f.Daemon
	}
	if len(f.DisableBuiltin) > 0 {
		switch {
		case f.layer == layerRepo:
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("disable_builtin"),
				Msg: "a project configuration may not disable built-in rules", Hint: "only the user configuration can; a project may add stricter rules"})
		case locked != nil && locked("disable_builtin"):
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("disable_builtin"),
				Msg: "the managed configuration locks disable_builtin: built-in rules stay on", Hint: f.layerRule()})
		}
	}
	if f.AuditExport != nil && f.layer == layerRepo {
		errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("audit_export"),
			Msg: "a project configuration may not set audit_export", Hint: "decisions are shipped where the user configuration says; a project cannot send them elsewhere"})
	}
	if f.Notify != nil && f.layer == layerRepo {
		errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("notify"),
			Msg: "a project configuration may not set notify", Hint: "approvals are announced where the user configuration says; a project cannot send them elsewhere"})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// The layers a config.yaml belongs to.
const (
	layerUser = iota
	layerRepo
	layerManaged
)

func (f *File) layerName() string {
	switch f.layer {
	case layerManaged:
		return "the managed configuration"
	case layerRepo:
		return "the project configuration"
	}
	return "the user configuration"
}

func (f *File) layerRule() string {
	if f.layer == layerRepo {
		return "a project may tighten global policy but never loosen it"
	}
	return "the managed configuration (set by the machine's administrator) may be tightened, never loosened"
}
