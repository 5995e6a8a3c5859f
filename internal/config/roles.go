package config

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

// roleSpec is a role as one config.yaml writes it, before inheritance.
type roleSpec struct {
	name, inherits            string
	line                      int
	allowed, denied           []string
	allowedSet                bool
	fsWrite, exec             []string
	fsWriteSet, execSet       bool
	net                       *bool
	perMinute, perAgent, conc *int
	expiry                    *int
}

var roleKeys = []string{"inherits", "allowed_tools", "denied_tools", "sandbox", "rate_limits"}

// parseRoles reads the roles: map of a config.yaml.
func (f *File) parseRoles(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		r := &roleSpec{name: p.Key, line: p.KeyN.Line}
		if p.Key == engine.RoleHuman {
			return yamlx.At(f.Name, p.KeyN, "the human role cannot be configured").
				WithHint("humans may use every tool; define roles for AI callers")
		}
		body, err := yamlx.Map(f.Name, p.Value)
		if err != nil {
			return err
		}
		if err := yamlx.CheckKeys(f.Name, body, roleKeys...); err != nil {
			return err
		}
		for _, kv := range body {
			if err := f.setRole(r, kv); err != nil {
				return err
			}
		}
		f.Roles = append(f.Roles, r)
	}
	return nil
}

func (f *File) setRole(r *roleSpec, kv yamlx.Pair) error {
	var err error
	v := kv.Value
	switch kv.Key {
	case "inherits":
		r.inherits, err = yamlx.String(f.Name, v)
	case "allowed_tools":
		r.allowed, err = yamlx.Strings(f.Name, v)
		r.allowedSet = true
	case "denied_tools":
		r.denied, err = yamlx.Strings(f.Name, v)
	case "sandbox":
		var sb []yamlx.Pair
		if sb, err = yamlx.Map(f.Name, v); err != nil {
			return err
		}
		if err := yamlx.CheckKeys(f.Name, sb, "fs_write", "exec_allowlist", "net"); err != nil {
			return err
		}
		for _, s := range sb {
			switch s.Key {
			case "fs_write":
				r.fsWrite, err = yamlx.Strings(f.Name, s.Value)
				r.fsWriteSet = true
				for _, g := range r.fsWrite {
					if !strings.HasPrefix(g, "/") && !strings.HasPrefix(g, "{") {
						return yamlx.At(f.Name, s.Value, "fs_write glob %q must be absolute", g).
							WithHint("start it with {PROJECT_ROOT}, {HOME}, {STATE_DIR} or /")
					}
				}
			case "exec_allowlist":
				r.exec, err = yamlx.Strings(f.Name, s.Value)
				r.execSet = true
			case "net":
				var b bool
				b, err = yamlx.Bool(f.Name, s.Value)
				r.net = &b
			}
			if err != nil {
				return err
			}
		}
	case "rate_limits":
		var rl []yamlx.Pair
		if rl, err = yamlx.Map(f.Name, v); err != nil {
			return err
		}
		if err := yamlx.CheckKeys(f.Name, rl, "per_minute", "per_agent_per_minute", "max_concurrent", "slot_expiry"); err != nil {
			return err
		}
		for _, l := range rl {
			if l.Key == "slot_expiry" {
				d, err := duration(f.Name, l.Value)
				if err != nil {
					return err
				}
				secs := max(1, int(d.Seconds()))
				r.expiry = &secs
				continue
			}
			n, err := yamlx.Int(f.Name, l.Value)
			if err != nil {
				return err
			}
			if n < 1 {
				return yamlx.At(f.Name, l.Value, "%s must be at least 1", l.Key).WithHint("leave the limit out for no limit")
			}
			switch l.Key {
			case "per_minute":
				r.perMinute = &n
			case "per_agent_per_minute":
				r.perAgent = &n
			default:
				r.conc = &n
			}
		}
	}
	return err
}

// compileRoles resolves the inheritance of one file's roles.
func compileRoles(f *File, scope string) ([]engine.Role, error) {
	byName := map[string]*roleSpec{}
	for _, r := range f.Roles {
		byName[r.name] = r
	}
	var out []engine.Role
	var errs Errors
	for _, r := range f.Roles {
		role, err := resolveRole(f, r, byName)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		role.Scope = scope
		out = append(out, role)
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// resolveRole applies inheritance: a role takes its parent's settings and
// overrides the ones it sets; denied tools add up.
func resolveRole(f *File, r *roleSpec, byName map[string]*roleSpec) (engine.Role, error) {
	chain := []*roleSpec{r}
	seen := map[string]bool{r.name: true}
	for cur := r; cur.inherits != ""; {
		parent := byName[cur.inherits]
		if parent == nil {
			if cur.inherits == engine.RoleAI || cur.inherits == engine.RoleHuman {
				break
			}
			return engine.Role{}, &yamlx.Error{File: f.Name, Line: cur.line,
				Msg: fmt.Sprintf("role %s inherits %q, which is not defined", cur.name, cur.inherits), Hint: "define the role under roles:"}
		}
		if seen[parent.name] {
			names := []string{}
			for _, c := range chain {
				names = append(names, c.name)
			}
			names = append(names, parent.name)
			return engine.Role{}, &yamlx.Error{File: f.Name, Line: r.line,
				Msg: "roles inherit in a cycle: " + strings.Join(names, " -> "), Hint: "break the cycle: a role may not inherit itself"}
		}
		seen[parent.name] = true
		chain = append(chain, parent)
		cur = parent
	}
	role := engine.Role{Name: r.name, Source: fmt.Sprintf("%s:%d", f.Name, r.line)}
	lim := &role.Limits
	// From the furthest ancestor down, each role overrides what it sets.
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		role.Chain = append([]string{c.name}, role.Chain...)
		if c.allowedSet {
			role.AllowedTools = c.allowed
		}
		role.DeniedTools = append(role.DeniedTools, c.denied...)
		if c.fsWriteSet {
			role.Sandbox.FSWrite, role.Sandbox.FSWriteSet = c.fsWrite, true
		}
		if c.execSet {
			role.Sandbox.ExecAllowlist, role.Sandbox.ExecSet = c.exec, true
		}
		if c.net != nil {
			role.Sandbox.NoNet = !*c.net
		}
		setIf(&lim.PerMinute, c.perMinute)
		setIf(&lim.PerAgentPerMinute, c.perAgent)
		setIf(&lim.MaxConcurrent, c.conc)
		setIf(&lim.SlotExpirySeconds, c.expiry)
	}
	if lim.SlotExpirySeconds == 0 {
		lim.SlotExpirySeconds = engine.DefaultSlotExpirySeconds
	}
	return role, nil
}
