package config

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
	"github.com/agentgov/governance/internal/regularfile"
)

// A repository only tightens until a person trusts it. What a project's
// committed files add that would let a call run without a person (allow
// rules in YAML, Starlark and Codex rules, approved learned entries, the
// MCP servers its proxy configuration starts) takes effect only once the
// user has run `governance trust` in the project, and only while those
// files are as they were then: the trust is pinned to a sha256 over them.
// It is kept in the user's configuration folder, which no AI caller may
// write, never in the project, which agents can.

// TrustedProjectsFile is the name of the project trust store in the
// user's configuration folder (layout lists it among the sources of a
// project's configuration, so that trusting recompiles the snapshot).
const TrustedProjectsFile = "trusted-projects.yaml"

// MCPProxyFile is the MCP proxy's configuration file name, in the
// project's .governance folder or the user's configuration folder.
const MCPProxyFile = "mcp-proxy.yaml"

// TrustState is how a project's policy stands with the user.
type TrustState string

// The trust states.
const (
	// TrustNothing: the project has no policy file that could allow a call.
	TrustNothing TrustState = "nothing to trust"
	// Trusted: a person trusted the policy files as they are now.
	Trusted TrustState = "trusted"
	// NotTrusted: no person has trusted the project.
	NotTrusted TrustState = "not trusted"
	// TrustChanged: the files changed since a person trusted them.
	TrustChanged TrustState = "changed since trusted"
)

// PolicyFile is a project file that can add allows, with its checksum.
type PolicyFile struct {
	// Path is relative to the project root, with forward slashes.
	Path   string `yaml:"path"`
	SHA256 string `yaml:"sha256"`
}

// ProjectTrust is a project's trust state.
type ProjectTrust struct {
	State TrustState
	// SHA256 covers Files, the project's policy files as they are now.
	SHA256 string
	Files  []PolicyFile
	// Changes says what changed since the project was trusted.
	Changes []string
}

// Applies reports whether the project's allows apply.
func (t ProjectTrust) Applies() bool { return t.State == Trusted || t.State == TrustNothing }

// Why says how the project stands, with what changed.
func (t ProjectTrust) Why() string {
	if t.State == TrustChanged && len(t.Changes) > 0 {
		return string(t.State) + " (" + strings.Join(t.Changes, ", ") + ")"
	}
	return string(t.State)
}

// TrustedProject is an entry of the trust store.
type TrustedProject struct {
	Root   string       `yaml:"root"`
	SHA256 string       `yaml:"sha256"`
	Files  []PolicyFile `yaml:"files"`
}

type trustStore struct {
	Version  int              `yaml:"version"`
	Projects []TrustedProject `yaml:"projects"`
}

// ProjectPolicyFiles lists the project's files that can add allows, as
// they are now: .governance/config.yaml, learned.yaml, mcp-proxy.yaml and
// the rules files, in path order. Files that do not exist are left out.
func ProjectPolicyFiles(p layout.Paths) ([]PolicyFile, error) {
	if p.RepoDir == "" || p.RepoDir == p.UserDir {
		return nil, nil
	}
	names := []string{"config.yaml", learned.Name, MCPProxyFile}
	entries, err := os.ReadDir(filepath.Join(p.RepoDir, "rules"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() && ruleFile(e.Name()) {
			names = append(names, "rules/"+e.Name())
		}
	}
	var out []PolicyFile
	for _, n := range names {
		path := filepath.Join(p.RepoDir, filepath.FromSlash(n))
		sum, err := FileSHA256(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(p.ProjectRoot, path)
		if err != nil {
			rel = path
		}
		out = append(out, PolicyFile{Path: filepath.ToSlash(rel), SHA256: sum})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// policySum is the checksum of a set of policy files: their paths and
// contents.
func policySum(files []PolicyFile) string {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%s\n", f.Path, f.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ReadTrustedProjects reads the project trust store of a user
// configuration folder; a missing file trusts nothing.
func ReadTrustedProjects(userDir string) ([]TrustedProject, error) {
	if userDir == "" {
		return nil, nil
	}
	path := filepath.Join(userDir, TrustedProjectsFile)
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st trustStore
	if err := yaml.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, t := range st.Projects {
		if !filepath.IsAbs(t.Root) || len(t.SHA256) != 2*sha256.Size {
			return nil, fmt.Errorf("%s: each project needs an absolute root and a sha256 (run `governance trust` again in the project)", path)
		}
	}
	return st.Projects, nil
}

// CheckProjectTrust says whether the user trusts the project's policy
// files as they are now.
func CheckProjectTrust(p layout.Paths) (ProjectTrust, error) {
	files, err := ProjectPolicyFiles(p)
	if err != nil {
		return ProjectTrust{State: NotTrusted}, err
	}
	t := ProjectTrust{State: NotTrusted, Files: files, SHA256: policySum(files)}
	if len(files) == 0 {
		t.State = TrustNothing
		return t, nil
	}
	store, err := ReadTrustedProjects(p.UserDir)
	if err != nil {
		return t, err
	}
	for _, e := range store {
		if e.Root != p.ProjectRoot {
			continue
		}
		if e.SHA256 == t.SHA256 {
			t.State = Trusted
			return t, nil
		}
		t.State, t.Changes = TrustChanged, policyChanges(e.Files, files)
	}
	return t, nil
}

// policyChanges lists what differs between the files trusted and now.
func policyChanges(was, now []PolicyFile) []string {
	old := map[string]string{}
	for _, f := range was {
		old[f.Path] = f.SHA256
	}
	var out []string
	for _, f := range now {
		sum, ok := old[f.Path]
		switch {
		case !ok:
			out = append(out, f.Path+" added")
		case sum != f.SHA256:
			out = append(out, f.Path+" changed")
		}
		delete(old, f.Path)
	}
	var gone []string
	for path := range old {
		gone = append(gone, path+" removed")
	}
	sort.Strings(gone)
	return append(out, gone...)
}

// TrustProject records that the user trusts the project's policy files
// as they are now, and returns them.
func TrustProject(p layout.Paths) (ProjectTrust, error) {
	t, err := CheckProjectTrust(p)
	if err != nil {
		return t, err
	}
	if p.UserDir != "" {
		if err := keepTrustedCopies(p, t.Files); err != nil {
			return t, err
		}
	}
	err = editTrustStore(p.UserDir, func(list []TrustedProject) []TrustedProject {
		list = removeProject(list, p.ProjectRoot)
		return append(list, TrustedProject{Root: p.ProjectRoot, SHA256: t.SHA256, Files: t.Files})
	})
	if err == nil {
		t.State, t.Changes = Trusted, nil
		if len(t.Files) == 0 {
			t.State = TrustNothing
		}
	}
	return t, err
}

// UntrustProject forgets the user's trust in a project, and reports
// whether there was any.
func UntrustProject(p layout.Paths) (bool, error) {
	found := false
	err := editTrustStore(p.UserDir, func(list []TrustedProject) []TrustedProject {
		out := removeProject(list, p.ProjectRoot)
		found = len(out) < len(list)
		return out
	})
	return found, err
}

func removeProject(list []TrustedProject, root string) []TrustedProject {
	out := list[:0:0]
	for _, e := range list {
		if e.Root != root {
			out = append(out, e)
		}
	}
	return out
}

// editTrustStore changes the trust store under its lock.
func editTrustStore(userDir string, edit func([]TrustedProject) []TrustedProject) error {
	if userDir == "" {
		return errors.New("no user configuration folder (set HOME or XDG_CONFIG_HOME)")
	}
	if err := os.MkdirAll(userDir, 0o700); err != nil {
		return err
	}
	path := filepath.Join(userDir, TrustedProjectsFile)
	unlock, err := filelock.Lock(path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	list, err := ReadTrustedProjects(userDir)
	if err != nil {
		return err
	}
	list = edit(list)
	sort.Slice(list, func(i, j int) bool { return list[i].Root < list[j].Root })
	data, err := yaml.Marshal(trustStore{Version: 1, Projects: list})
	if err != nil {
		return err
	}
	header := "# Projects whose committed policy this user trusts, pinned to its files\n# (governance trust). A change to the files needs trusting again.\n"
	if err := atomicfile.Write(path, append([]byte(header), data...), 0o600); err != nil {
		return err
	}
	pruneTrustedCopies(userDir, list)
	return nil
}
