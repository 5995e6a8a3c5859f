package config

import (
	"path"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

// confine_grants: grants the confined calls more than their profile:
//
//	confine_grants:
//	  read: [.env]                   # shown read-only, not masked
//	  write: [~/.npm]                # folders outside the project, writable
//	  network: [registry.example.com]  # or loopback: the host's network
//
// A grant loosens, so a project's grants apply only while the user
// trusts the project (its config.yaml is one of its policy files), as
// its allows; the managed and the user's configuration grant to every
// project.

// hostName is a host a network grant may name.
var hostName = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`)

func confineGrants(file string, v *yaml.Node) (*engine.ConfineGrants, error) {
	pairs, err := yamlx.Map(file, v)
	if err != nil {
		return nil, err
	}
	if err := yamlx.CheckKeys(file, pairs, "read", "write", "network"); err != nil {
		return nil, err
	}
	g := &engine.ConfineGrants{}
	for _, p := range pairs {
		list, err := yamlx.Strings(file, p.Value)
		if err != nil {
			return nil, err
		}
		for _, s := range list {
			var bad string
			switch p.Key {
			case "read":
				c := path.Clean(strings.TrimPrefix(s, "~/"))
				if s == "" || s == "~/" || c == "/" || c == "." || c == ".." || strings.HasPrefix(c, "../") {
					bad = "read grants a file or folder: inside the project (relative to its root), under ~/ or absolute, not /"
				}
			case "write":
				if !strings.HasPrefix(s, "~/") && !path.IsAbs(s) || path.Clean(s) == "/" || s == "~/" {
					bad = "write grants a folder outside the project, under ~/ or absolute (the project itself is writable already)"
				}
			case "network":
				if s != "loopback" && !hostName.MatchString(strings.ToLower(s)) {
					bad = "network grants loopback or a host name"
				}
			}
			if bad != "" {
				return nil, yamlx.At(file, p.Value, "confine_grants: %s: %q", p.Key, s).WithHint("%s", bad)
			}
		}
		switch p.Key {
		case "read":
			g.Read = list
		case "write":
			g.Write = list
		case "network":
			g.Network = list
		}
	}
	return g, nil
}

// addConfineGrants adds the grants of the managed and the user's
// configuration, and the project's when they apply. A managed
// configuration that locks confine_grants grants alone: a grant below it
// is an error, as a loosening of any locked switch.
func addConfineGrants(s *engine.Settings, managed managedFiles, user, repo *File, projectApplies bool) error {
	var errs Errors
	for _, m := range managed {
		if m.ConfineGrants != nil {
			s.ConfineGrants.Add(*m.ConfineGrants)
		}
	}
	for _, f := range []*File{user, repo} {
		if f == nil || f.ConfineGrants == nil || f == repo && !projectApplies {
			continue
		}
		if managed.locked("confine_grants") {
			errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("confine_grants"),
				Msg: "confine_grants: the managed configuration locks confine_grants: only it grants confined calls more", Hint: f.layerRule()})
			continue
		}
		s.ConfineGrants.Add(*f.ConfineGrants)
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
