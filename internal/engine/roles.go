package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Built-in role names. A role that the configuration does not define
// restricts nothing beyond the invariants; "human" is the only role the
// never-exposed list does not apply to.
const (
	RoleHuman = "human"
	RoleAI    = "ai"
)

// Role is a compiled role: which tools its callers may use, the sandbox
// they run in and their budget of calls. A role's definition in the user
// configuration and in the project's both apply, so that a project can
// only narrow it.
type Role struct {
	Name  string
	Scope string
	// AllowedTools and DeniedTools are globs over canonical tool names
	// (see ToolNames); an empty AllowedTools allows every tool.
	AllowedTools, DeniedTools []string
	Sandbox                   Sandbox
	Limits                    RateLimits
	// Chain is the inheritance chain, the role first.
	Chain  []string
	Source string
}

// Sandbox bounds what a role's callers may touch.
type Sandbox struct {
	// FSWrite are the globs writes must fall under, with {PROJECT_ROOT},
	// {HOME} and {STATE_DIR}; when FSWriteSet is false writes are not
	// bounded by the sandbox.
	FSWrite    []string
	FSWriteSet bool
	// ExecAllowlist names the programs that may run (globs); when
	// ExecSet is false any program may.
	ExecAllowlist []string
	ExecSet       bool
	// NoNet denies network tools.
	NoNet bool
}

// RateLimits is a role's budget of calls.
type RateLimits struct {
	// PerMinute bounds the role's calls in any 60 seconds;
	// PerAgentPerMinute each agent's. MaxConcurrent bounds the calls
	// running at once; a call that never reports its end holds its slot
	// for SlotExpirySeconds.
	PerMinute, PerAgentPerMinute, MaxConcurrent int
	SlotExpirySeconds                           int
}

// Any reports whether any limit is set.
func (l RateLimits) Any() bool {
	return l.PerMinute > 0 || l.PerAgentPerMinute > 0 || l.MaxConcurrent > 0
}

// DefaultSlotExpirySeconds is how long a call may hold a concurrency slot
// without reporting its end.
const DefaultSlotExpirySeconds = 600

// role returns the caller's role name: the request's, else the agent
// file's, else the configured default, else ai.
func (ev *evaluation) roleName() string {
	if ev.req.Role != "" {
		return ev.req.Role
	}
	// Configuration cannot make an agent human: the never-exposed list
	// holds for every agent whatever it says (loading rejects it too).
	for _, d := range ev.defs {
		if d.Role != "" && d.Role != RoleHuman {
			return d.Role
		}
	}
	if r := ev.e.Policy.Settings.DefaultRole; r != "" && r != RoleHuman {
		return r
	}
	return RoleAI
}

// roles returns the definitions of the caller's role (one per scope that
// defines it), and whether the role is known.
func (ev *evaluation) roles() ([]*Role, bool) {
	name := ev.roleName()
	var out []*Role
	for i := range ev.e.Policy.Roles {
		if r := &ev.e.Policy.Roles[i]; r.Name == name {
			out = append(out, r)
		}
	}
	return out, len(out) > 0 || name == RoleAI || name == RoleHuman
}

// ToolNames are the canonical names of what a subject does, which role
// tool globs match: its kind ("shell", "read", "write", "edit", "web",
// "agent", "mcp", "other"), "mcp:SERVER_TOOL", "agent:TYPE",
// "other:NAME", and for the governance CLI "governance:SUB" and
// "governance:SUB:ACTION" (governance approvals approve 3 is
// "governance:approvals:approve").
func (ev *evaluation) toolNames(s *subject) []string {
	names := []string{string(s.kind)}
	switch s.kind {
	case KindMCP:
		names = append(names, "mcp:"+s.server+"_"+s.tool)
	case KindAgent:
		names = append(names, "agent:"+s.subagent)
	case KindOther:
		names = append(names, "other:"+ev.req.Tool.Name)
	case KindShell:
		if s.cl.name == "governance" && len(s.cl.pos) > 0 {
			sub := "governance:" + s.cl.pos[0].Value
			names = append(names, sub)
			if len(s.cl.pos) > 1 {
				names = append(names, sub+":"+s.cl.pos[1].Value)
			}
		}
	}
	if s.via != "" {
		// A file access that a shell command makes is also the shell's.
		names = append(names, string(KindShell))
	}
	return names
}

// neverExposedVerdict applies the configuration's additions to the
// never-exposed list (the built-in list is an invariant) to every role but
// human.
func (ev *evaluation) neverExposedVerdict(s *subject) Verdict {
	extra := ev.e.Policy.Settings.NeverExposed
	if len(extra) == 0 || ev.roleName() == RoleHuman {
		return Verdict{}
	}
	for _, n := range ev.toolNames(s) {
		if anyGlob(extra, n) {
			return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "never-exposed-to-ai",
				Message:    fmt.Sprintf("%s is on this configuration's list of tools that only humans use.", n),
				Suggestion: "Tell the user what you need; a human has to do this."}
		}
	}
	return Verdict{}
}

// roleVerdict applies the caller's role: its tool lists and its sandbox.
func (ev *evaluation) roleVerdict(s *subject) Verdict {
	name := ev.roleName()
	if name == RoleHuman && len(ev.e.Policy.Roles) == 0 {
		return Verdict{}
	}
	defs, known := ev.roles()
	if !known {
		return Verdict{Outcome: Deny, Layer: LayerRole, Rule: "unknown-role", Subject: s.display,
			Message:    fmt.Sprintf("The caller's role %q is not defined in the configuration.", name),
			Suggestion: "Ask the user to define the role under roles: in config.yaml, or to fix the agent file's role:."}
	}
	for _, r := range defs {
		if v := ev.roleTools(r, s); v.Outcome != NoOpinion {
			return v
		}
		if v := ev.sandboxVerdict(r, s); v.Outcome != NoOpinion {
			return v
		}
	}
	return Verdict{}
}

// roleTools checks a subject's tool names against a role's lists.
func (ev *evaluation) roleTools(r *Role, s *subject) Verdict {
	names := ev.toolNames(s)
	for _, n := range names {
		if anyGlob(r.DeniedTools, n) {
			return Verdict{Outcome: Deny, Layer: LayerRole, Rule: "role:" + r.Name, Source: r.Source, Subject: s.display,
				Message:    fmt.Sprintf("Role %s may not use %s.", r.Name, n),
				Suggestion: roleToolsSuggestion(r)}
		}
	}
	if len(r.AllowedTools) == 0 || s.via != "" {
		return Verdict{}
	}
	for _, n := range names {
		if anyGlob(r.AllowedTools, n) {
			return Verdict{}
		}
	}
	return Verdict{Outcome: Deny, Layer: LayerRole, Rule: "role:" + r.Name, Source: r.Source, Subject: s.display,
		Message:    fmt.Sprintf("Role %s may not use %s.", r.Name, names[len(names)-1]),
		Suggestion: roleToolsSuggestion(r)}
}

func roleToolsSuggestion(r *Role) string {
	if len(r.AllowedTools) == 0 {
		return "Do this without that tool, or ask the user to change the role."
	}
	return "Role " + r.Name + " may use " + strings.Join(r.AllowedTools, ", ") + "; do this with those, or ask the user."
}

// sandboxVerdict checks a subject against a role's sandbox.
func (ev *evaluation) sandboxVerdict(r *Role, s *subject) Verdict {
	sb := r.Sandbox
	deny := func(boundary, msg, sugg string) Verdict {
		return Verdict{Outcome: Deny, Layer: LayerRole, Rule: "sandbox:" + boundary, Source: r.Source, Subject: s.display,
			Message: msg, Suggestion: sugg}
	}
	if s.kind.modifies() && sb.FSWriteSet {
		target := ev.realPath(s.file)
		inside := false
		for _, g := range ev.expandSandbox(sb.FSWrite) {
			if target != "" && matchGlobPath(g, target) {
				inside = true
				break
			}
		}
		if !inside {
			where := target
			if where == "" {
				where = s.file.raw + " (only known at run time)"
			}
			allowed := "nowhere"
			if len(sb.FSWrite) > 0 {
				allowed = strings.Join(sb.FSWrite, ", ")
			}
			return deny("fs_write", fmt.Sprintf("Role %s writes only inside its sandbox (%s); %s is outside it.", r.Name, allowed, where),
				"Write under "+allowed+" instead, or ask the user to widen the role's sandbox.")
		}
	}
	if s.kind == KindShell && sb.ExecSet && !shellBuiltin(s.cl.name) && !anyGlob(sb.ExecAllowlist, s.cl.name) {
		return deny("exec", fmt.Sprintf("Role %s may run only %s; %s is not among them.", r.Name, strings.Join(sb.ExecAllowlist, ", "), s.cl.name),
			"Use one of "+strings.Join(sb.ExecAllowlist, ", ")+", or ask the user to add the program to the role's exec_allowlist.")
	}
	if sb.NoNet && (s.kind == KindWeb || s.kind == KindShell && networkCommand(s.cl)) {
		what := s.display
		if s.kind == KindShell {
			what = s.cl.name
		}
		return deny("net", fmt.Sprintf("Role %s has no network access, and %s reaches the network.", r.Name, what),
			"Work with what is on disk, or ask the user to fetch what you need.")
	}
	return Verdict{}
}

// expandSandbox replaces the sandbox variables in globs.
func (ev *evaluation) expandSandbox(globs []string) []string {
	out := make([]string, len(globs))
	for i, g := range globs {
		g = strings.ReplaceAll(g, "{PROJECT_ROOT}", ev.pc.root)
		g = strings.ReplaceAll(g, "{HOME}", ev.pc.home)
		g = strings.ReplaceAll(g, "{STATE_DIR}", ev.e.Policy.StateDir)
		out[i] = filepath.Clean(g)
	}
	return out
}

// matchGlobPath matches an absolute path against a sandbox glob: the glob
// names the folder itself too (results/** covers results).
func matchGlobPath(glob, path string) bool {
	if ok, _ := doublestar.Match(glob, path); ok {
		return true
	}
	if base, ok := strings.CutSuffix(glob, "/**"); ok && path == base {
		return true
	}
	return false
}

// realPath resolves a place through symbolic links: the path itself when
// it exists, else its nearest existing folder with the rest appended, so
// that a symlinked parent or a link pointing outside is seen through.
// It returns "" for a path only known at run time.
func (ev *evaluation) realPath(p place) string {
	if p.abs == "" {
		return ""
	}
	return resolveLinks(p.abs)
}

func resolveLinks(abs string) string {
	dir, rest := abs, ""
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// shellBuiltin reports shell builtins that change nothing outside the
// shell, which exec allow-lists need not name.
func shellBuiltin(name string) bool {
	switch name {
	case "cd", "pushd", "popd", "echo", "printf", "test", "[", "[[", "true", "false", ":", "pwd", "exit", "return",
		"read", "shift", "set", "export", "local", "declare", "typeset", "readonly", "unset", "wait", "let":
		return true
	}
	return false
}

// networkCommand reports commands that reach the network: transfer and
// remote-shell tools, git's remote operations, and package installs that
// download.
func networkCommand(cl *cmdline) bool {
	switch cl.name {
	case "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "sftp", "scp", "ssh", "mosh", "http", "https",
		"httpie", "xh", "aria2c", "ping", "ping6", "traceroute", "dig", "nslookup", "host", "whois", "lftp", "rclone", "gh":
		return true
	case "rsync":
		for _, a := range cl.pos {
			if strings.Contains(a.Value, ":") || strings.HasPrefix(a.Value, "rsync://") {
				return true
			}
		}
		return false
	case "git":
		return slices.Contains([]string{"fetch", "pull", "push", "clone", "ls-remote", "remote", "submodule"}, cl.sub())
	case "npm", "pnpm", "yarn", "bun":
		return slices.Contains([]string{"install", "i", "ci", "add", "update", "upgrade", "up", "publish", "dlx", "x", "exec", "create", "init"}, cl.sub()) ||
			cl.name == "yarn" && cl.sub() == ""
	case "npx", "pnpx", "bunx", "uvx", "pipx":
		return true
	case "pip", "pip3", "pipenv", "poetry", "conda", "mamba":
		return slices.Contains([]string{"install", "download", "add", "update", "lock", "sync", "create"}, cl.sub())
	case "uv":
		return slices.Contains([]string{"pip", "add", "sync", "lock", "run", "tool", "python", "venv"}, cl.sub())
	case "cargo":
		return slices.Contains([]string{"install", "fetch", "build", "run", "test", "update", "add", "publish", "search", "vendor"}, cl.sub())
	case "go":
		return slices.Contains([]string{"get", "install", "mod", "build", "run", "test", "generate"}, cl.sub())
	case "gem", "bundle", "bundler", "composer":
		return slices.Contains([]string{"install", "update", "fetch", "add", "require", "push"}, cl.sub())
	case "apt", "apt-get", "dnf", "yum", "zypper", "apk", "pacman", "brew", "port", "snap", "flatpak", "nix", "nix-env":
		return true
	case "docker", "podman", "nerdctl":
		return slices.Contains([]string{"pull", "push", "run", "build", "login", "search", "compose"}, cl.sub())
	}
	return false
}

// projectVerdict confines AI callers working in a registered project
// (the longest registered root that holds the call's folder) to it: a
// path outside it is denied unless a rule allows it. Temporary folders
// and harmless devices stay open.
func (ev *evaluation) projectVerdict(s *subject, allowed bool) Verdict {
	if len(ev.e.Policy.Projects) == 0 || allowed || ev.roleName() == RoleHuman {
		return Verdict{}
	}
	if s.kind != KindRead && !s.kind.modifies() {
		return Verdict{}
	}
	root := ev.confinedTo()
	if root == "" {
		return Verdict{}
	}
	real := ev.realPath(s.file)
	if real == "" || within(real, root) || s.file.is(ClassTemp) || safeDevice(s.file.abs) {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerRole, Rule: "project-confinement", Subject: s.display,
		Message:    fmt.Sprintf("The registered project %s confines AI agents to its folder; %s is outside it.", root, real),
		Suggestion: "Work inside the project, or ask the user to add a rule that allows this path."}
}

// confinedTo returns the root of the registered project the call works
// in, "" for none.
func (ev *evaluation) confinedTo() string {
	cwd := resolveLinks(ev.req.Cwd)
	best := ""
	for _, p := range ev.e.Policy.Projects {
		real := resolveLinks(p)
		if within(cwd, real) && len(real) > len(best) {
			best = real
		}
	}
	return best
}

// RoleLimits returns the caller's role and the rate limits that hold for
// it: where the user and the project both define the role, the lower of
// each limit.
func (e *Engine) RoleLimits(req *Request) (string, RateLimits) {
	ev := newEvaluation(e, req)
	_ = ev.loadAgent()
	name := ev.roleName()
	var lim RateLimits
	lower := func(dst *int, v int) {
		if v > 0 && (*dst == 0 || v < *dst) {
			*dst = v
		}
	}
	for _, r := range e.Policy.Roles {
		if r.Name != name {
			continue
		}
		lower(&lim.PerMinute, r.Limits.PerMinute)
		lower(&lim.PerAgentPerMinute, r.Limits.PerAgentPerMinute)
		lower(&lim.MaxConcurrent, r.Limits.MaxConcurrent)
		lower(&lim.SlotExpirySeconds, r.Limits.SlotExpirySeconds)
	}
	return name, lim
}
