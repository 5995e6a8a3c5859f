package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/agentfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
	"github.com/agentgov/governance/internal/regularfile"
	"github.com/agentgov/governance/internal/starrules"
	"github.com/agentgov/governance/internal/yamlx"
	"github.com/agentgov/governance/template"
)

// Loaded is a loaded configuration.
type Loaded struct {
	Paths  layout.Paths
	Policy *engine.Policy
	// User and Repo are the config.yaml files, when present; Managed the
	// managed layer's (the active bundle's, then the managed folder's).
	User, Repo *File
	Managed    managedFiles
	// Outer is the root of the enclosing project whose configuration
	// applies in this one, which has no config.yaml of its own (see
	// [Loaded.outerSettings]); "" when the project's own applies.
	Outer string
	// Bundle is the state of the policy bundle the machine pulls.
	Bundle BundleState
	// DisableBuiltin lists the built-in rules the configuration turns off.
	DisableBuiltin []string
	// Files lists every configuration file that was read; StarFiles the
	// Starlark rules files that define executable rules.
	Files, StarFiles []string
	// Registry finds agent definitions.
	Registry *agentfile.Registry
	// Purge is the purge policy.
	Purge brain.PurgePolicy
	// Trust is whether the user trusts the project's policy files; while
	// not, the policy holds the project's allows in Policy.Untrusted.
	Trust ProjectTrust
	// Suspended lists the learned entries that decide nothing because
	// they would allow any arguments (learned.Entry.AnyArguments).
	Suspended []string
}

// purgePolicy applies the user's purge settings, then the project's, to
// the defaults.
func purgePolicy(files ...*File) brain.PurgePolicy {
	p := brain.DefaultPurgePolicy()
	for _, f := range files {
		if f == nil {
			continue
		}
		s := f.Purge
		setIf(&p.HistoryKeep, s.HistoryKeep)
		setIf(&p.AnchorsMax, s.AnchorsMax)
		setIf(&p.LogKeep, s.LogKeep)
		setIf(&p.SessionMaxAge, s.SessionMaxAge)
		setIf(&p.HighTTL, s.HighTTL)
		setIf(&p.NormalTTL, s.NormalTTL)
		setIf(&p.LogMaxAge, s.LogMaxAge)
		setIf(&p.LogMaxSize, s.LogMaxSize)
		setIf(&p.CheckpointKeep, s.CheckpointKeep)
	}
	return p
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// Load reads the configuration for a project. On error the returned
// policy carries the error (so that callers deny every call) and the error
// lists every problem found. The allows of a project's policy apply only
// while the user trusts its files (see [CheckProjectTrust]).
func Load(p layout.Paths) (*Loaded, error) { return load(p, false) }

// LoadAsWritten reads the configuration as Load does, with the project's
// allows applied whether or not the user trusts them: for checking a
// project's policy files (governance test), never for deciding calls.
func LoadAsWritten(p layout.Paths) (*Loaded, error) { return load(p, true) }

func load(p layout.Paths, asWritten bool) (*Loaded, error) {
	l := &Loaded{Paths: p}
	pol := &engine.Policy{Settings: engine.DefaultSettings()}
	l.Policy = pol
	var errs Errors

	var user, repo *File
	managed, err := l.readManaged()
	errs = flatten(errs, err)
	if p.UserDir != "" {
		f, err := l.readSettings(filepath.Join(p.UserDir, "config.yaml"))
		errs = flatten(errs, err)
		user = f
	}
	if p.RepoDir != "" && p.RepoDir != p.UserDir {
		f, err := l.readSettings(filepath.Join(p.RepoDir, "config.yaml"))
		errs = flatten(errs, err)
		if f != nil {
			f.layer = layerRepo
		}
		repo = f
	}
	l.User, l.Repo, l.Managed = user, repo, managed
	// project is the config.yaml that sets the project's settings: its
	// own, else the enclosing project's it takes (outer).
	project := repo
	var outer []*File
	if repo == nil {
		outer, err = l.enclosingFiles(p)
		errs = flatten(errs, err)
		project = l.outerSettings(p, outer)
	}
	errs = flatten(errs, managedOnly(user, project))
	errs = flatten(errs, merge(&pol.Settings, managed, user, project))
	stricter(&pol.Settings, outer)
	errs = flatten(errs, l.gatekeeperSettings(managed, user, project))
	plugins, err := mergePlugins(managed, user, project)
	errs = flatten(errs, err)
	trusted, err := ReadTrustedPlugins(p.UserDir)
	errs = flatten(errs, err)
	applyTrust(plugins, trusted)
	pol.Plugins = plugins
	l.Purge = purgePolicy(user, project)
	layers := []struct {
		file  *File
		scope string
	}{{user, engine.ScopeGlobal}, {project, engine.ScopeRepo}}
	for _, m := range managed {
		layers = append(layers, struct {
			file  *File
			scope string
		}{m, engine.ScopeManaged})
	}
	for _, f := range layers {
		if f.file == nil {
			continue
		}
		roles, err := compileRoles(f.file, f.scope)
		errs = flatten(errs, err)
		if f.file == project && l.Outer != "" {
			rootedAt(roles, l.Outer)
		}
		pol.Roles = append(pol.Roles, roles...)
		// Both files' additions to the never-exposed list apply.
		pol.Settings.NeverExposed = append(pol.Settings.NeverExposed, f.file.NeverExposed...)
	}
	pol.StateDir = p.StateDir
	if p.UserDir != "" {
		path := ProjectsFile(p.UserDir)
		projects, err := ReadProjects(path)
		errs = flatten(errs, err)
		if len(projects) > 0 {
			l.Files = append(l.Files, path)
		}
		for _, pr := range projects {
			pol.Projects = append(pol.Projects, pr.Path)
		}
	}

	builtin, off, err := builtinRules(managed, user)
	l.DisableBuiltin = off
	errs = flatten(errs, err)
	pol.Rules = append(pol.Rules, builtin...)
	for _, dir := range managedDirs(p) {
		errs = flatten(errs, l.readRules(filepath.Join(dir, "rules"), engine.ScopeManaged))
	}
	if p.UserDir != "" {
		errs = flatten(errs, l.readRules(filepath.Join(p.UserDir, "rules"), engine.ScopeGlobal))
	}
	repoChecks := len(pol.Checks)
	if p.RepoDir != "" && p.RepoDir != p.UserDir {
		errs = flatten(errs, l.readRules(filepath.Join(p.RepoDir, "rules"), engine.ScopeRepo))
	}

	errs = flatten(errs, l.readEnclosingRules(p))

	learnedDirs := []struct{ dir, scope string }{{p.UserDir, engine.ScopeGlobal}, {p.RepoDir, engine.ScopeRepo}}
	for _, dir := range managedDirs(p) {
		learnedDirs = append(learnedDirs, struct{ dir, scope string }{dir, engine.ScopeManaged})
	}
	for _, d := range learnedDirs {
		if d.dir == "" || d.scope == engine.ScopeRepo && d.dir == p.UserDir {
			continue
		}
		path := filepath.Join(d.dir, learned.Name)
		f, err := learned.Read(path)
		errs = flatten(errs, err)
		if f == nil {
			continue
		}
		if len(f.Entries) > 0 {
			l.Files = append(l.Files, path)
		}
		rules, err := f.Compile(d.scope)
		errs = flatten(errs, err)
		pol.Learned = append(pol.Learned, rules...)
		l.Suspended = append(l.Suspended, f.Suspended()...)
	}
	l.Trust, err = CheckProjectTrust(p)
	errs = flatten(errs, err)
	if !l.Trust.Applies() && !asWritten {
		withoutProjectAllows(pol, repoChecks, l.Trust.Why())
	}
	errs = flatten(errs, addConfineGrants(&pol.Settings, managed, user, repo, l.Trust.Applies() || asWritten))
	l.Registry = agentfile.NewRegistry(agentDirs(p.AgentDirsFrom(l.Outer))...)
	pol.Agents = l.Registry
	errs = flatten(errs, checkRoleNames(pol, l.Registry))
	pol.ConfigDirs = append([]string{p.UserDir, p.StateDir}, pluginFiles(pol.Plugins)...)
	pol.ConfigDirs = append(pol.ConfigDirs, enclosingProtected(p)...)
	if p.ManagedDir != "" {
		pol.ConfigDirs = append(pol.ConfigDirs, p.ManagedDir)
	}
	l.Bundle = ReadBundleState(p)
	pol.BundleRevision, pol.BundleErr = l.Bundle.Revision, l.Bundle.Err
	if len(errs) > 0 {
		pol.Err = errs
		return l, errs
	}
	return l, nil
}

// readEnclosingRules reads the rules of the governed projects around this
// one (see [layout.Paths.EnclosingRoots]) for their denies and asks only:
// a project inside another adds to its rules and never loosens them, and
// the enclosing project's allows were trusted (if at all) for its own
// folder, not for whatever was made below it.
func (l *Loaded) readEnclosingRules(p layout.Paths) error {
	var errs Errors
	pol := l.Policy
	for _, root := range p.EnclosingRoots() {
		rules, checks := len(pol.Rules), len(pol.Checks)
		errs = flatten(errs, l.readRules(filepath.Join(root, ".governance", "rules"), engine.ScopeRepo))
		kept := pol.Rules[:rules]
		for _, r := range pol.Rules[rules:] {
			if o := r.Outcome(); o != engine.Allow && o != engine.Warn {
				anchorPaths(r, root)
				kept = append(kept, r)
			}
		}
		pol.Rules = kept
		for i := checks; i < len(pol.Checks); i++ {
			pol.Checks[i] = engine.WithoutAllows(pol.Checks[i])
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// enclosingFiles reads the config.yaml files of the governed projects
// around p, nearest first; a project without one has a nil in its place.
func (l *Loaded) enclosingFiles(p layout.Paths) ([]*File, error) {
	var errs Errors
	roots := p.EnclosingRoots()
	out := make([]*File, len(roots))
	for i, root := range roots {
		f, err := l.readSettings(filepath.Join(root, ".governance", "config.yaml"))
		errs = flatten(errs, err)
		if f != nil {
			f.layer = layerRepo
		}
		out[i] = f
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// outerSettings returns the config.yaml a project with none of its own
// (a repository made inside a governed project, by a person's clone or
// an agent's git init) takes: the nearest enclosing project's, whole
// (its settings, roles, main_agent and the agents it defines), as if the
// call were made in that project. A nested .git alone must not shed the
// configuration of the project around it: its reviewer main agent, its
// safe_set: false, its missing_agent: deny. It records that project's
// root in l.Outer. A project with a config.yaml of its own takes its
// own, as the person wrote it (the enclosing projects' denies and asks
// still hold there: see [Loaded.readEnclosingRules]).
func (l *Loaded) outerSettings(p layout.Paths, outer []*File) *File {
	for i, f := range outer {
		if f != nil {
			l.Outer = p.EnclosingRoots()[i]
			return f
		}
	}
	return nil
}

// rootedAt names the enclosing project's root in the write bounds of
// the roles its config.yaml defines, where they say {PROJECT_ROOT}: the
// role bounds a call in a repository inside it as it would one in it.
func rootedAt(roles []engine.Role, root string) {
	for i := range roles {
		sb := &roles[i].Sandbox
		globs := make([]string, len(sb.FSWrite))
		for j, g := range sb.FSWrite {
			globs[j] = strings.ReplaceAll(g, "{PROJECT_ROOT}", filepath.ToSlash(root))
		}
		sb.FSWrite = globs
	}
}

// stricter carries into a project with no config.yaml of its own the
// stricter settings of every governed project around it, not only the
// nearest one's (see [Loaded.outerSettings]): their default decision,
// audit: required and what they confine.
func stricter(s *engine.Settings, outer []*File) {
	for _, f := range outer {
		if f == nil {
			continue
		}
		if f.Default != nil && *f.Default > s.Default {
			s.Default = *f.Default
		}
		if f.AuditRequired != nil && *f.AuditRequired {
			s.AuditRequired = true
		}
		if f.Confine != nil && *f.Confine > s.Confine {
			s.Confine = *f.Confine
		}
	}
}

// anchorPaths adds to each path pattern of an enclosing project's rule
// that is relative to its root (.github/workflows/**) the same pattern
// anchored there, so that it holds for that project's files seen from
// the inner one (../.github/workflows) as well as for the inner
// project's own. Base names, ~/ and absolute patterns hold as they are;
// a root whose name is itself a pattern is left alone.
func anchorPaths(r *engine.Rule, root string) {
	if strings.ContainsAny(root, "*?[]{}\\") {
		return
	}
	for i := range r.Match {
		m := &r.Match[i]
		var add []string
		for _, pat := range m.Paths {
			rel := strings.TrimPrefix(pat, "./")
			if strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, "~/") || strings.HasPrefix(rel, "**/") ||
				!strings.Contains(strings.TrimSuffix(rel, "/**"), "/") {
				continue
			}
			add = append(add, filepath.ToSlash(root)+"/"+rel)
		}
		m.Paths = append(m.Paths, add...)
	}
}

// enclosingProtected lists the configuration of the governed projects
// around this one, which no AI caller may write from inside it either:
// their .governance folders and the folders of their harness settings.
func enclosingProtected(p layout.Paths) []string {
	var out []string
	for _, root := range p.EnclosingRoots() {
		for _, name := range []string{".governance", ".claude", ".codex", ".gemini", ".cursor",
			".github/hooks", ".opencode", ".mcp.json", "opencode.json", "opencode.jsonc"} {
			out = append(out, filepath.Join(root, filepath.FromSlash(name)))
		}
	}
	return out
}

// withoutProjectAllows takes the project's allow and warn rules and its
// learned entries out of the policy, and keeps them aside for messages; its
// executable rules (from index checks on) keep their denies and asks only.
func withoutProjectAllows(pol *engine.Policy, checks int, why string) {
	u := &engine.Untrusted{Why: why}
	split := func(rules []*engine.Rule, aside *[]*engine.Rule) []*engine.Rule {
		kept := rules[:0:0]
		for _, r := range rules {
			if r.Scope == engine.ScopeRepo && (r.Outcome() == engine.Allow || r.Outcome() == engine.Warn) {
				*aside = append(*aside, r)
				continue
			}
			kept = append(kept, r)
		}
		return kept
	}
	pol.Rules = split(pol.Rules, &u.Rules)
	pol.Learned = split(pol.Learned, &u.Learned)
	for i := checks; i < len(pol.Checks); i++ {
		pol.Checks[i] = engine.WithoutAllows(pol.Checks[i])
	}
	pol.Untrusted = u
}

// checkRoleNames reports roles that agent files or the default role name
// but no configuration defines.
func checkRoleNames(pol *engine.Policy, reg *agentfile.Registry) error {
	known := map[string]bool{engine.RoleAI: true}
	for _, r := range pol.Roles {
		known[r.Name] = true
	}
	var errs Errors
	if r := pol.Settings.DefaultRole; r != "" && !known[r] {
		errs = append(errs, fmt.Errorf("config.yaml: default_role %q is not defined under roles:", r))
	}
	all, _ := reg.All()
	for _, a := range all {
		switch {
		case a.Role == engine.RoleHuman:
			errs = append(errs, &yamlx.Error{File: a.Source, Line: 1, Msg: "an agent's role cannot be human",
				Hint: "agents are never human: the never-exposed list holds for every agent"})
		case a.Role != "" && !known[a.Role]:
			errs = append(errs, &yamlx.Error{File: a.Source, Line: 1, Msg: fmt.Sprintf("role %q is not defined", a.Role),
				Hint: "define it under roles: in config.yaml"})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// AgentDirs lists the folders agent definitions are read from, in order of
// precedence.
func AgentDirs(p layout.Paths) []agentfile.Dir { return agentDirs(p.AgentDirs()) }

func agentDirs(list []layout.AgentDir) []agentfile.Dir {
	var dirs []agentfile.Dir
	for _, d := range list {
		dirs = append(dirs, agentfile.Dir{Path: d.Path, Format: agents.Format(d.Format), Recursive: d.Recursive})
	}
	return dirs
}

func (l *Loaded) readSettings(path string) (*File, error) {
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l.Files = append(l.Files, path)
	return ParseFile(path, data)
}

// readRules reads a rules folder, in name order: YAML rules (*.yaml),
// Starlark rules (*.star) and Codex rules (*.rules). Rule ids are unique
// within a scope.
func (l *Loaded) readRules(dir, scope string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && ruleFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var errs Errors
	retired, err := retiredRules(filepath.Dir(dir), scope)
	if err != nil {
		errs = append(errs, err)
	}
	seen := map[string]string{}
	add := func(id, source string) bool {
		if retired[id] {
			// governance review --retire ended it: it decides nothing.
			return false
		}
		if prev, ok := seen[id]; ok {
			file, line := splitSource(source)
			errs = append(errs, &yamlx.Error{File: file, Line: line,
				Msg:  fmt.Sprintf("duplicate rule id %q (also at %s)", id, prev),
				Hint: "rule ids must be unique within the " + scope + " configuration"})
			return false
		}
		seen[id] = source
		return true
	}
	for _, n := range names {
		path := filepath.Join(dir, n)
		data, err := regularfile.ReadFile(path)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", path, err))
			continue
		}
		l.Files = append(l.Files, path)
		if strings.HasSuffix(n, ".star") || strings.HasSuffix(n, ".rules") {
			errs = flatten(errs, l.readStarlark(path, data, scope, add))
			continue
		}
		rules, err := ParseRules(path, data, scope)
		if err != nil {
			errs = flatten(errs, err)
			continue
		}
		for _, r := range rules {
			if add(r.ID, r.Source) {
				l.Policy.Rules = append(l.Policy.Rules, r)
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

const starHint = `rules files are Starlark; docs/policy.md, "Rules in Starlark", lists what they may call`

// retiredRules returns the ids of the rules of a configuration folder
// that its reviews.yaml says were retired (governance review --retire).
// Only the user's and the project's folders keep reviews, each of its own
// rules.
func retiredRules(dir, scope string) (map[string]bool, error) {
	if scope != engine.ScopeGlobal && scope != engine.ScopeRepo {
		return nil, nil
	}
	path := filepath.Join(dir, learned.ReviewsName)
	rv, err := learned.ReadReviews(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out map[string]bool
	for _, r := range rv.Rules {
		if r.Retired {
			if out == nil {
				out = map[string]bool{}
			}
			out[r.Rule] = true
		}
	}
	return out, nil
}

// ruleFile reports the files of a rules folder that hold rules.
func ruleFile(name string) bool {
	for _, ext := range []string{".yaml", ".yml", ".star", ".rules"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// readStarlark loads a Starlark or Codex rules file: its prefix rules join
// the data rules, its executable rules the policy's checks. Every example
// is checked.
func (l *Loaded) readStarlark(path string, data []byte, scope string, add func(id, source string) bool) error {
	f, err := starrules.Load(path, data)
	if err != nil {
		e := &yamlx.Error{File: path, Msg: err.Error(), Hint: starHint}
		var se *starrules.Error
		if errors.As(err, &se) {
			e.Line, e.Msg = se.Line, se.Msg
		}
		return e
	}
	var errs Errors
	for _, spec := range f.Prefix {
		r, err := compileSpec(spec, scope)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if add(r.ID, r.Source) {
			l.Policy.Rules = append(l.Policy.Rules, r)
		}
	}
	for _, c := range f.Checks {
		if err := c.CheckExamples(); err != nil {
			file, line := splitSource(c.Source())
			errs = append(errs, &yamlx.Error{File: file, Line: line, Msg: err.Error(),
				Hint: "fix the check or the example; examples are checked every time the file loads"})
			continue
		}
		if add(c.ID(), c.Source()) {
			l.Policy.Checks = append(l.Policy.Checks, c)
		}
	}
	if len(f.Checks) > 0 {
		l.StarFiles = append(l.StarFiles, path)
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// builtinRules compiles the built-in policy, without the rules the managed
// and user configurations disable (the user's only while the managed
// configuration does not lock disable_builtin).
func builtinRules(managed managedFiles, user *File) ([]*engine.Rule, []string, error) {
	off := map[string]bool{}
	var list []string
	var errs Errors
	files := append([]*File{}, managed...)
	if user != nil && !managed.locked("disable_builtin") {
		files = append(files, user)
	}
	known := map[string]bool{}
	for _, s := range template.Policy {
		known[s.ID] = true
	}
	for _, f := range files {
		for _, id := range f.DisableBuiltin {
			if !known[id] {
				errs = append(errs, &yamlx.Error{File: f.Name, Line: f.Line("disable_builtin"),
					Msg: fmt.Sprintf("disable_builtin names %q, which is not a built-in rule", id), Hint: "run `governance lint --list-builtin` to see their ids"})
			}
			if !off[id] {
				list = append(list, id)
			}
			off[id] = true
		}
	}
	out := make([]*engine.Rule, 0, len(template.Policy))
	for _, s := range template.PolicyWithExamples() {
		if off[s.ID] {
			continue
		}
		// The built-in policy was checked, examples included, when it was
		// generated; the template tests check it again.
		out = append(out, engine.CompileTrusted(s, engine.ScopeBuiltin))
	}
	if len(errs) > 0 {
		return out, list, errs
	}
	return out, list, nil
}
