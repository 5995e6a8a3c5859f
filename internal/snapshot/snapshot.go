// Package snapshot holds a project's configuration compiled to plain data,
// so that the hook can load it without a YAML parser.
//
// The `governance` binary reads the YAML configuration and agent files and
// writes a snapshot, with a stamp (size, modification and change times) of
// every file and folder it read. The hook stats the same paths; when they
// all match it uses the snapshot, and otherwise it runs `governance
// compile` to refresh it. A project with no configuration on disk needs no
// snapshot: the built-in policy is compiled into the binary.
package snapshot

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/template"
)

// Version is the snapshot format; a snapshot of another version is
// recompiled.
const Version = 16

// Stamp records the state of a path when it was read.
type Stamp struct {
	Path   string
	Exists bool
	Size   int64
	MTime  int64
	CTime  int64
}

// Stamps are stamps, encoded as one text of a line each: the hook decodes
// them on every call, and as JSON objects they were half its time
// decoding a snapshot.
type Stamps []Stamp

// MarshalText renders the stamps: EXISTS SIZE MTIME CTIME "PATH".
func (ss Stamps) MarshalText() ([]byte, error) {
	var b []byte
	for _, st := range ss {
		e := "0 "
		if st.Exists {
			e = "1 "
		}
		b = append(b, e...)
		b = strconv.AppendInt(b, st.Size, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, st.MTime, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, st.CTime, 10)
		b = append(b, ' ')
		b = strconv.AppendQuote(b, st.Path)
		b = append(b, '\n')
	}
	return b, nil
}

// UnmarshalText reads stamps that MarshalText rendered.
func (ss *Stamps) UnmarshalText(text []byte) error {
	return ss.parse(string(text))
}

// parse reads stamps that MarshalText rendered. The paths are cut from
// text: the hook reads every stamp on every call.
func (ss *Stamps) parse(text string) error {
	out := make(Stamps, 0, strings.Count(text, "\n"))
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		st, ok := parseStamp(line)
		if !ok {
			return fmt.Errorf("a stamp %q", line)
		}
		out = append(out, st)
	}
	*ss = out
	return nil
}

// parseStamp reads one line of [Stamps.MarshalText], a path with no
// escape without strconv.Unquote.
func parseStamp(line string) (Stamp, bool) {
	var st Stamp
	word := func() string {
		w, rest, ok := strings.Cut(line, " ")
		if !ok {
			return ""
		}
		line = rest
		return w
	}
	num := func(w string) (int64, bool) {
		n, err := strconv.ParseInt(w, 10, 64)
		return n, err == nil
	}
	switch word() {
	case "0":
	case "1":
		st.Exists = true
	default:
		return st, false
	}
	var ok [3]bool
	st.Size, ok[0] = num(word())
	st.MTime, ok[1] = num(word())
	st.CTime, ok[2] = num(word())
	if ok != [3]bool{true, true, true} {
		return st, false
	}
	if n := len(line); n >= 2 && line[0] == '"' && line[n-1] == '"' && !strings.ContainsAny(line[1:n-1], "\\\"") && utf8.ValidString(line) {
		st.Path = line[1 : n-1]
		return st, true
	}
	p, err := strconv.Unquote(line)
	st.Path = p
	return st, err == nil
}

// Rule is a compiled rule of the user or project configuration.
type Rule struct {
	Scope string
	Spec  engine.RuleSpec
}

// Snapshot is a project's configuration as plain data.
type Snapshot struct {
	Version int
	Root    string
	// From are the folders the snapshot was compiled from, as the
	// compiling process resolved them: the hook takes a snapshot only
	// when they are the folders it resolves itself, so that a compile run
	// with other folders (an agent's `XDG_CONFIG_HOME=./x governance
	// compile`) never becomes the policy the hook enforces.
	From layout.Paths
	// Until, when set, is the time (Unix nanoseconds) after which the
	// snapshot is stale whatever the stamps say: a snapshot that holds the
	// last good policy while a file is rewritten, or that reports a
	// configuration that would not settle, is compiled again then.
	Until int64
	// Held says why the snapshot holds the policy compiled before a file
	// changed (see [Snapshot.Until]); "" when it does not.
	Held string
	// Stamps cover every source path and every file read below a source
	// folder.
	Stamps         Stamps
	Settings       engine.Settings
	DisableBuiltin []string
	Rules          []Rule
	// StarFiles are Starlark rules files with executable rules; the hook
	// hands the project's calls to a program that runs them.
	StarFiles []string
	// Roles are the configured roles; Projects the registered projects'
	// roots; StateDir is the state folder.
	Roles []engine.Role
	// Learned are the approved learned entries, compiled.
	Learned  []Rule
	Projects []string
	StateDir string
	// Agents are the agent definitions, kept at the end of the file, after
	// the first line and the filed rules: AgentsSize is their length in
	// bytes. The first line, which every call decodes, stays short.
	Agents     *Agents `json:"-"`
	AgentsSize int
	ConfigDirs []string
	// Err is the configuration error; every call is denied while it is set.
	Err string
	// Plugins are the configured plugins.
	Plugins []engine.PluginSpec
	// Untrusted holds the project's allow rules and learned entries while
	// the user does not trust its policy files; UntrustedWhy says how the
	// project stands. They decide nothing.
	UntrustedRules, UntrustedLearned []Rule
	UntrustedWhy                     string
	// Bundle is the revision of the policy bundle in force, "" when none
	// is; BundleErr says why the last pull kept it.
	Bundle, BundleErr string
	// Filed says which of the snapshot's rules are filed after its first
	// line (see [Snapshot.Encode]), a byte for each rule in policy order:
	// '-' for one that Rules holds, or 'a'+k for one filed, of scope
	// FiledScopes[k]. FiledPrograms is the size of the programs index.
	Filed         string
	FiledScopes   []string
	FiledPrograms int
	// tail is what follows the first line: the indexes, then the rules,
	// unless rulesFile reads what follows the programs index (a snapshot
	// read for one call).
	tail      []byte
	rulesFile *io.SectionReader
}

// CachePath is where the snapshot of a project is kept. The name hashes
// every folder the snapshot is compiled from, so that a compile run with
// other folders writes another file rather than the one the hook reads.
func CachePath(p layout.Paths) string {
	h := fnv.New64a()
	for _, dir := range []string{p.ProjectRoot, p.RepoDir, p.UserDir, p.StateDir, p.Home, p.ManagedDir, p.Enclosing} {
		h.Write([]byte(dir))
		h.Write([]byte{0})
	}
	// The sum's 16 hex digits, as %016x writes them: the hook uses fmt
	// nowhere else on its way to a decision, and its first use costs a
	// process about 25µs.
	return filepath.Join(p.StateDir, "compiled", hex.EncodeToString(h.Sum(nil))+".json")
}

// GoodPath is where the last snapshot of a project compiled without error
// is kept, beside [CachePath]: a configuration read while it was written
// may report an error, and the policy held while a file is rewritten is
// the last good one.
func GoodPath(p layout.Paths) string {
	return strings.TrimSuffix(CachePath(p), ".json") + ".good.json"
}

// Compiler produces a fresh snapshot for a project.
type Compiler func(p layout.Paths) (*Snapshot, error)

// Load returns the policy of a project: the built-in policy alone when no
// configuration exists, the cached snapshot when it is fresh, and a newly
// compiled one otherwise. Errors are carried in the policy, so that every
// call is denied with them.
func Load(p layout.Paths, compile Compiler) *engine.Policy {
	current, configured := Current(p)
	if !configured {
		return Builtin(p).Policy()
	}
	if snap, err := readIndexes(CachePath(p)); err == nil && snap.Fresh(p, current) {
		return snap.policy(true)
	}
	snap, err := compile(p)
	if err == nil && (snap.Version != Version || snap.Root != p.ProjectRoot) {
		err = fmt.Errorf("it produced a snapshot of version %d for %q, not version %d for %q (is governance the same release as governance-hook?)",
			snap.Version, snap.Root, Version, p.ProjectRoot)
	}
	if err == nil && snap.From != p {
		err = fmt.Errorf("it compiled the configuration of other folders than governance-hook reads (%s); is governance built with the same managed folder as governance-hook?",
			p.Differ(snap.From))
	}
	if err != nil {
		return &engine.Policy{Settings: engine.DefaultSettings(),
			Err: fmt.Errorf("could not compile the configuration: %w", err)}
	}
	return snap.policy(true)
}

// Current stamps a project's configuration sources as they are now, the
// stamps [Snapshot.Fresh] compares, and reports whether any configuration
// exists. A source inside a folder that does not exist is not stat'ed.
func Current(p layout.Paths) (stamps []Stamp, configured bool) {
	sources := p.Sources()
	stamps = make([]Stamp, len(sources))
	for i, s := range sources {
		if s.Parent >= 0 && !stamps[s.Parent].Exists {
			stamps[i] = Stamp{Path: s.Path}
			continue
		}
		stamps[i] = StampOf(s.Path)
		// A folder that exists holds configuration only when a source
		// inside it does.
		configured = configured || stamps[i].Exists && s.Parent >= 0
	}
	return stamps, configured
}

// Builtin is the snapshot of a project with no configuration files.
func Builtin(p layout.Paths) *Snapshot {
	return &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Settings: engine.DefaultSettings(),
		ConfigDirs: configDirs(p), StateDir: p.StateDir}
}

// configDirs are the folders of a project with no configuration that no
// AI caller may write.
func configDirs(p layout.Paths) []string {
	dirs := []string{p.UserDir, p.StateDir}
	if p.ManagedDir != "" {
		dirs = append(dirs, p.ManagedDir)
	}
	return dirs
}

// Fresh reports whether the snapshot was compiled from the folders p
// names, exactly, and from their files as they are now. current holds the
// stamps of the project's sources; a source the snapshot has no stamp for
// was absent when it was compiled. A snapshot compiled from other folders
// is never fresh, whatever its stamps: its stamps say nothing of the
// folders p names that it did not read.
func (s *Snapshot) Fresh(p layout.Paths, current []Stamp) bool {
	return s.FreshAt(p, current, time.Now())
}

// FreshAt is [Snapshot.Fresh] at the time now.
func (s *Snapshot) FreshAt(p layout.Paths, current []Stamp, now time.Time) bool {
	if s.Version != Version || s.Root != p.ProjectRoot || s.From != p {
		return false
	}
	if s.Until != 0 && now.UnixNano() >= s.Until {
		return false
	}
	// current holds the few sources of a project: the lists are searched
	// in place, in time linear in the stamps, which costs a process that
	// decides one call less than building maps of them. The last of
	// duplicate stamps holds.
	recorded := func(path string) Stamp {
		for i := len(s.Stamps) - 1; i >= 0; i-- {
			if s.Stamps[i].Path == path {
				return s.Stamps[i]
			}
		}
		return Stamp{Path: path}
	}
	for _, c := range current {
		if recorded(c.Path) != c {
			return false
		}
	}
	for _, st := range s.Stamps {
		if !slices.ContainsFunc(current, func(c Stamp) bool { return c.Path == st.Path }) && StampOf(st.Path) != st {
			return false
		}
	}
	return true
}

// Policy builds the policy the snapshot describes: the built-in rules it
// does not disable, then its own rules, agents and settings.
func (s *Snapshot) Policy() *engine.Policy { return s.policy(false) }

// policy builds the policy; with lazy, filed rules are decoded when a
// command first names their programs, as a process that decides one
// call needs.
func (s *Snapshot) policy(lazy bool) *engine.Policy {
	pol := &engine.Policy{Settings: s.Settings, ConfigDirs: s.ConfigDirs, Roles: s.Roles, Projects: s.Projects,
		StateDir: s.StateDir, Plugins: s.Plugins, BundleRevision: s.Bundle, BundleErr: s.BundleErr}
	var off map[string]bool
	for _, id := range s.DisableBuiltin {
		if off == nil {
			off = map[string]bool{}
		}
		off[id] = true
	}
	pol.Rules = engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, func(id string) bool { return off[id] })
	rules, filed, err := s.rulesFiled(len(pol.Rules), lazy)
	if err != nil {
		// Every call is denied with the error.
		pol.Err = err
	}
	pol.Rules = append(pol.Rules, rules...)
	pol.Filed = filed
	for _, r := range s.Learned {
		pol.Learned = append(pol.Learned, engine.CompileTrusted(r.Spec, r.Scope))
	}
	if s.UntrustedWhy != "" {
		u := &engine.Untrusted{Why: s.UntrustedWhy}
		for _, r := range s.UntrustedRules {
			u.Rules = append(u.Rules, engine.CompileTrusted(r.Spec, r.Scope))
		}
		for _, r := range s.UntrustedLearned {
			u.Learned = append(u.Learned, engine.CompileTrusted(r.Spec, r.Scope))
		}
		pol.Untrusted = u
	}
	// Executable rules need the Starlark interpreter, which the hook does
	// not link: the hook hands such a project's calls to a program that
	// has it (the daemon, or governance hook).
	pol.ExternalChecks = s.StarFiles
	if s.Agents != nil {
		pol.Agents = s.Agents
	}
	if s.Err != "" {
		pol.Err = errors.New(s.Err)
	}
	return pol
}

// Read reads a snapshot file.
func Read(path string) (*Snapshot, error) {
	f, info, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, info.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	return Decode(data)
}

// open opens a snapshot file: a regular file of the user running
// governance, or of root (see [layout.OpenOwned]). A snapshot another
// user wrote would choose the policy the hook enforces: its stamps are
// the configuration's, which anyone can stat. Such a file is passed
// over, as a missing one is, and the configuration is compiled again.
func open(path string) (*os.File, os.FileInfo, error) { return layout.OpenOwned(path) }
