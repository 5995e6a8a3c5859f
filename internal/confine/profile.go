// Package confine runs a command in a confined view of the machine: the
// analysis decides what a call may do, the kernel enforces it. A
// [Profile] says what the call sees and may write; [For] builds one from
// the policy and the request, with the secret set and the protected set
// the analysis decides with; a [Launcher] applies it with bubblewrap and
// refuses to run the command when it cannot.
package confine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// Kind names what a profile lets a call change.
type Kind string

const (
	// UnknownEffects is for a call whose effects the analysis cannot
	// prove: the project tree minus the protected set is writable, with a
	// private /tmp, and no network.
	UnknownEffects Kind = "unknown-effects"
	// ReadOnly is for a call proven to only read: nothing is writable but
	// a private /tmp and the tool caches named.
	ReadOnly Kind = "read-only"
	// Server is for a long-lived server started by governance (an MCP
	// server the proxy runs): nothing is writable but the folders its
	// configuration declares and a private /tmp; the project is shown
	// read-only.
	Server Kind = "server"
)

// known reports a kind a profile may have.
func (k Kind) known() bool { return k == UnknownEffects || k == ReadOnly || k == Server }

// Profile is what one confined call sees and may change, in paths of the
// host: every path is shown at the same place inside. It is recorded in
// the decision log as JSON.
type Profile struct {
	Kind Kind `json:"kind"`
	// Cwd is the folder the command starts in; it must be inside a
	// folder the profile shows.
	Cwd string `json:"cwd"`
	// Home is the home folder, replaced by an empty one into which only
	// what the profile names is shown.
	Home string `json:"home,omitempty"`
	// ReadOnly and Writable are shown read-only and writable, on top of
	// the system folders (read-only) and a private /tmp.
	ReadOnly []string `json:"read_only,omitempty"`
	Writable []string `json:"writable,omitempty"`
	// Protected are shown read-only inside what is writable: the
	// protected set (harness settings, agent files, .governance).
	Protected []string `json:"protected,omitempty"`
	// Absent are protected paths inside what is writable that do not
	// exist: each is an empty read-only file for the call (a folder's name
	// too), which cannot create it, nor anything in it (a .gemini folder
	// whose settings the harness would read, a hooks folder git would
	// run), and the launcher removes what it made for that once the call
	// has ended.
	Absent []string `json:"absent,omitempty"`
	// Checked are protected paths inside what is writable that do not
	// exist and that only a program started later reads (an environment
	// file Bun loads as it starts, an editor's settings, mise's
	// configuration; see engine.Hold): no placeholder stands for them.
	// Once the call and every job it left have ended, the launcher looks
	// for each, and one that is there is moved aside into Quarantine and
	// named on stderr (see aftercall.go).
	Checked []string `json:"checked,omitempty"`
	// CheckedHere are the paths of checked names that exist as the call
	// starts (in Protected too): the person's own, or what a call whose
	// launcher was killed before its check made, which the list that
	// launcher left names (see [Launcher.removeMade]).
	CheckedHere []string `json:"checked_here,omitempty"`
	// Quarantine is the folder what the call made at a checked path is
	// moved into: the project's .governance/quarantine.
	Quarantine string `json:"quarantine,omitempty"`
	// Unmade are paths that do not exist, or hold the launcher's own
	// placeholder, that the call must not make and for which no empty
	// placeholder will do: a repository's .git/commondir, which git reads
	// whole (an empty one, or a folder, breaks every git command, inside
	// the confinement and out). A commondir planted by a call redirects
	// every later git call on the host to a configuration of its choice,
	// so cleaning up after the call is too late: a job the call left, or
	// a launcher killed mid-call, leaves it there. The launcher makes each
	// a read-only file that holds "." before the call (see [dotFile]): git
	// reads commondir relative to the git folder, so "." is the repository
	// itself, and git works as without it, inside and out, while the call
	// runs and after a killed launcher left it. It is removed with the
	// placeholders. Seatbelt and Landlock, which refuse to make a path
	// without a placeholder, keep it as the absent paths.
	Unmade []string `json:"unmade,omitempty"`
	// Masked are replaced by an empty file or an empty read-only folder:
	// secrets, and governance's state.
	Masked []string `json:"masked,omitempty"`
	// Committed are the masked files git tracks: each is shown, read-only,
	// with the content the index holds for it (readable from the
	// repository's objects anyway) rather than empty, so that git sees no
	// change to commit, stash or add. See [Committed].
	Committed []Committed `json:"committed,omitempty"`
	// Excluded are the masked files in a repository's work tree that git
	// does not track, added to what the repository ignores (shown,
	// read-only, in place of its info/exclude), so that `git add -A`
	// inside the confinement does not start tracking them emptied. See
	// [Excluded].
	Excluded []Excluded `json:"excluded,omitempty"`
	// Untracked are the same files (and the placeholders), by
	// repository: `git add -f` passes over what the repository ignores,
	// and the launcher takes back what the call staged of them. See
	// [Untracked].
	Untracked []Untracked `json:"untracked,omitempty"`
	// Stores are shown read-only and are not walked for secrets: the
	// stores of what package managers downloaded (the Go module cache)
	// and the tools installed under the home folder. Only the folders
	// the policy's secret rules name inside one are (~/.cargo/credentials
	// if the tool's folder held it).
	Stores []string `json:"stores,omitempty"`
	// Layers are the tools' caches, each written into a folder of the
	// project's own (see [Layer]).
	Layers []Layer `json:"layers,omitempty"`
	// Report are files the call writes back through: a harness that
	// follows the shell's folder has it write its final folder to a file
	// in /tmp (pwd -P >| /tmp/claude-1a2b-cwd), which the private /tmp
	// would otherwise swallow. The launcher creates them empty if
	// missing; each must be in /tmp.
	Report []string `json:"report,omitempty"`
	// Network keeps the host's network (its loopback too); without it the
	// call has a network namespace of its own, with nothing in it.
	Network bool `json:"network,omitempty"`
	// Background lets the call outlive the launcher (a dev server the
	// harness runs in the background).
	Background bool `json:"background,omitempty"`
	// below are the folders the walk for secrets listed, as the index
	// stamped them before the call: the launcher looks in those whose
	// entries changed for a start name the call made deeper than its
	// folder (see aftercall.go). Not recorded: only a profile built in
	// the launcher has them.
	below []stamp
}

// Committed is a masked file git tracks, with what the index holds for
// it: a mask that showed it empty would be a deletion of its content to
// git, which `git commit -a`, `git add -A` or `git stash` inside the
// confinement records.
type Committed struct {
	Path       string `json:"path"`
	GitDir     string `json:"git_dir"`
	Object     string `json:"object"`
	Executable bool   `json:"executable,omitempty"`
}

// Excluded is a repository's info/exclude file, shown with these
// patterns (one masked file each, from the work tree's top) added: an
// untracked secret shown empty would otherwise be added by `git add -A`
// as an empty file, and once tracked, committed for real by the
// person's next `git commit -a`.
type Excluded struct {
	File     string   `json:"file"`
	Patterns []string `json:"patterns"`
}

// Untracked are the masked files and placeholders of one repository
// that git does not track, as paths from the work tree's top: a call
// that staged one
// (`git add -f`, `git update-index --add`) staged its mask, empty, and
// once the file is tracked, the person's next `git commit -a` would
// commit its real content. The launcher removes such entries from the
// index when the command ends.
type Untracked struct {
	Top    string   `json:"top"`
	GitDir string   `json:"git_dir"`
	Paths  []string `json:"paths"`
}

// Options are what the settings add to a profile: the tools'
// configuration and caches it shows, and what the call is predicted to
// need.
type Options struct {
	// Tools are configuration folders or files shown read-only (~/.gitconfig).
	Tools []string
	// Caches are the tool caches shown writable (~/.cache/go-build).
	Caches []string
	// Report are files in /tmp the call writes back through (see
	// [Profile.Report]).
	Report []string
	// Stores are shown read-only, not walked for secrets (see
	// [Profile.Stores]); Layers are caches written through a [Layer]
	// whose backing folder is in LayerDir. A store that does not exist
	// is left out.
	Stores, Layers []string
	LayerDir       string
	// Grants are what a person's configuration grants (see
	// [governance.ConfineGrants]): read grants are shown read-only and
	// unmasked, write grants writable, and any network grant keeps the
	// host's network.
	Grants engine.ConfineGrants
	// ReadOnly and Writable are further folders shown, as a person's
	// configuration grants them (an MCP server's declared folders); each
	// must exist.
	ReadOnly, Writable []string
	// Network: the call is predicted to reach a destination the policy
	// allows. Background: the harness runs it in the background.
	Network, Background bool
	// Index is the folder of the index of secrets found (see index.go),
	// kept for IndexKey: what identifies the policy e holds (it is not
	// read from e, which would cost what the index saves). Either ""
	// walks every folder shown each time.
	Index, IndexKey string
}

// ErrProfile is wrapped by every error that says a profile cannot be
// applied; the command then does not run.
var ErrProfile = errors.New("profile cannot be applied")

// ErrTooMany is returned by [For] when the folders shown hold more files
// than can be checked for secrets within the budget of one call.
var ErrTooMany = errors.New("too many files to check for secrets")

// For builds the profile of a call of the given kind: a pure function of
// the policy (through e), the request and the options. The folders it
// shows are walked for the secrets the policy's rules deny reading (the
// same judgement as a recursive read), which are masked; the protected
// set inside writable folders stays read-only; governance's state folder
// is hidden. A masked file git tracks is shown as the index holds it
// (see [Committed]).
func For(e *engine.Engine, req *engine.Request, kind Kind, opts Options) (*Profile, error) {
	if !kind.known() {
		return nil, fmt.Errorf("%w: unknown kind %q", ErrProfile, kind)
	}
	root := req.ProjectRoot
	if root == "" {
		root = req.Cwd
	}
	p := &Profile{Kind: kind, Cwd: req.Cwd, Home: req.Home, Network: opts.Network || len(opts.Grants.Network) > 0,
		Background: opts.Background}
	expand := func(s string) string {
		if strings.HasPrefix(s, "~/") && req.Home != "" {
			return filepath.Join(req.Home, s[2:])
		}
		return filepath.Clean(s)
	}
	switch kind {
	case UnknownEffects:
		p.Writable = append(p.Writable, root)
	case ReadOnly:
		p.ReadOnly = append(p.ReadOnly, root)
	case Server:
		// A server started outside any project sees none.
		if req.ProjectRoot != "" {
			p.ReadOnly = append(p.ReadOnly, root)
		}
	}
	for _, list := range []struct {
		from []string
		to   *[]string
	}{{opts.ReadOnly, &p.ReadOnly}, {opts.Writable, &p.Writable}} {
		for _, f := range list.from {
			f = expand(f)
			if !exists(f) {
				return nil, fmt.Errorf("%w: %s does not exist", ErrProfile, f)
			}
			*list.to = append(*list.to, f)
		}
	}
	for _, w := range opts.Grants.Write {
		// A folder granted that is not there yet grants nothing.
		if w = expand(w); exists(w) && !insideAny(w, p.Writable) {
			p.Writable = append(p.Writable, w)
		}
	}
	for _, t := range opts.Tools {
		if t = expand(t); exists(t) {
			p.ReadOnly = append(p.ReadOnly, t)
		}
	}
	for _, c := range opts.Caches {
		if c = expand(c); exists(c) {
			p.Writable = append(p.Writable, c)
		}
	}
	for _, r := range opts.Report {
		p.Report = append(p.Report, filepath.Clean(r))
	}
	for _, st := range opts.Stores {
		if st = expand(st); exists(st) && st != "/" && !systemFolder(st) && (req.Home == "" || !inside(req.Home, st)) &&
			!insideAny(st, slices.Concat(p.Writable, p.ReadOnly, p.Stores, systemTree)) {
			p.Stores = append(p.Stores, st)
		}
	}
	for _, c := range opts.Layers {
		if c = expand(c); opts.LayerDir != "" && c != "/" && !systemFolder(c) && (req.Home == "" || !inside(req.Home, c)) &&
			!insideAny(c, slices.Concat(p.Writable, p.ReadOnly, p.Stores, systemTree)) {
			p.Layers = append(p.Layers, layerFor(filepath.Clean(opts.LayerDir), root, c))
		}
	}
	var grantedReads []string
	for _, g := range opts.Grants.Read {
		if !strings.HasPrefix(g, "~/") && !filepath.IsAbs(g) {
			g = filepath.Join(root, g)
		}
		if g = expand(g); !exists(g) {
			continue
		}
		grantedReads = append(grantedReads, g)
		if !insideAny(g, slices.Concat(p.Writable, p.ReadOnly, p.Stores, systemTree)) {
			p.ReadOnly = append(p.ReadOnly, g)
		}
	}
	pol := e.Policy
	shown := slices.Concat(p.Writable, p.ReadOnly)
	protected, checked := e.ProtectedHolds(req)
	for _, prot := range protected {
		if pol.StateDir != "" && prot == filepath.Clean(pol.StateDir) {
			continue
		}
		if insideAny(prot, p.Writable) {
			switch {
			case exists(prot):
				p.Protected = append(p.Protected, prot)
				if slices.Contains(checked, prot) {
					p.CheckedHere = append(p.CheckedHere, prot)
				}
			case slices.Contains(checked, prot):
				p.Checked = append(p.Checked, prot)
			default:
				p.Absent = append(p.Absent, prot)
			}
		}
	}
	// What git runs later, outside any confinement, is protected too: a
	// hook planted in .git/hooks runs on the person's next commit, and
	// .git/config names programs (core.hooksPath, core.fsmonitor, filters,
	// aliases) that every later git call starts; a .git file names the
	// folder that holds them (see gitCode for the rest). So is what an
	// editor runs of a virtual environment as it opens the project (see
	// venvCode), and what a hook manager's installed hook reads (see
	// hookConfig). What else programs started later read (environment
	// files, an editor's tasks) is in the protected set.
	present, absent, unmade := gitCode(root)
	present = append(present, venvCode(root)...)
	vcsPresent, vcsAbsent := repoCode(root)
	present, absent = append(present, vcsPresent...), append(absent, vcsAbsent...)
	hooked, unhooked := hookConfig(root)
	present, absent = append(present, hooked...), append(absent, unhooked...)
	for _, g := range present {
		if insideAny(g, p.Writable) && !slices.Contains(p.Protected, g) {
			p.Protected = append(p.Protected, g)
		}
	}
	for _, g := range absent {
		if insideAny(g, p.Writable) && !slices.Contains(p.Absent, g) {
			p.Absent = append(p.Absent, g)
		}
	}
	for _, g := range unmade {
		if insideAny(g, p.Writable) && !insideAny(g, p.Protected) {
			p.Unmade = append(p.Unmade, g)
		}
	}
	// A path inside another that is absent, or inside a protected folder
	// (.claude/agents in .claude), is kept out by that one; one inside a
	// protected folder is shown read-only by it (.claude/skills in
	// .claude), with no mount of its own.
	all := slices.Clone(p.Protected)
	p.Protected = slices.DeleteFunc(p.Protected, func(a string) bool {
		return slices.ContainsFunc(all, func(b string) bool { return b != a && inside(a, b) })
	})
	slices.Sort(p.Absent)
	p.Absent = slices.DeleteFunc(p.Absent, func(a string) bool {
		return insideAny(a, p.Protected) || slices.ContainsFunc(p.Absent, func(b string) bool { return b != a && inside(a, b) })
	})
	p.Checked = slices.DeleteFunc(p.Checked, func(c string) bool {
		return insideAny(c, slices.Concat(p.Protected, p.Absent)) ||
			slices.ContainsFunc(p.Checked, func(b string) bool { return b != c && inside(c, b) })
	})
	if len(p.Checked) > 0 && req.ProjectRoot != "" && insideAny(req.ProjectRoot, p.Writable) {
		p.Quarantine = filepath.Join(req.ProjectRoot, ".governance", "quarantine")
	} else {
		// Nowhere to move one to: held as the others are.
		p.Absent = append(p.Absent, p.Checked...)
		p.Checked = nil
		slices.Sort(p.Absent)
	}
	// A store (a folder on PATH, a version manager's) may hold it too.
	if pol.StateDir != "" && insideAny(pol.StateDir, slices.Concat(shown, p.Stores)) && exists(pol.StateDir) {
		p.Masked = append(p.Masked, filepath.Clean(pol.StateDir))
	}
	sec := newSecrets(e, req, opts.Index, opts.IndexKey)
	walk := slices.Clone(shown)
	for _, f := range slices.Concat(sec.folders(), pol.ConfigDirs) {
		// What the system folders show: /etc/shadow, /etc/sudoers.d, the
		// managed policy's folder (/etc/governance).
		// And those a store holds (a tool's folder in the home folder).
		if insideAny(f, slices.Concat(systemTree, p.Stores)) && !insideAny(f, walk) && exists(f) {
			walk = append(walk, f)
		}
	}
	// npm's global settings of a node a version manager keeps (nvm's
	// versions/node/v20/etc/npmrc) may hold a registry token: each is
	// judged on its own, where walking the store's packages would cost
	// too much.
	for _, st := range p.Stores {
		for _, g := range nodeConfigs {
			found, _ := filepath.Glob(filepath.Join(st, g))
			for _, f := range found {
				if !insideAny(f, walk) {
					walk = append(walk, f)
				}
			}
		}
	}
	// The folders the launcher makes the placeholders of absent paths in
	// (the nearest one that exists above each), whose times change with
	// every call: the index keeps their entries (see index.go).
	var churn []string
	for _, a := range p.Absent {
		d := filepath.Dir(a)
		for d != "/" && !exists(d) {
			d = filepath.Dir(d)
		}
		if !slices.Contains(churn, d) {
			churn = append(churn, d)
		}
	}
	var deeper, venvs []string
	for _, w := range walk {
		// A folder shown through a link (a project under ~ linked to
		// another disk) is walked where it is; its secrets are masked
		// where the call sees them.
		real := w
		if r, err := filepath.EvalSymlinks(w); err == nil {
			real = r
		}
		sec.churn = sec.churn[:0]
		for _, c := range churn {
			if inside(c, w) {
				sec.churn = append(sec.churn, real+strings.TrimPrefix(c, w))
			}
		}
		sec.churn = append(sec.churn, sec.gitFolders(real)...)
		found, kept, vs, complete := sec.under(real)
		if !complete {
			return nil, fmt.Errorf("%w under %s", ErrTooMany, w)
		}
		if kind == UnknownEffects {
			// Named where the call sees them, as the masks are: the look
			// after the call moves what it finds from the writable folder.
			for _, st := range sec.folderStamps(real) {
				if real != w {
					st.Path = w + strings.TrimPrefix(st.Path, real)
				}
				p.below = append(p.below, st)
			}
		}
		for _, f := range found {
			if real != w {
				f = w + strings.TrimPrefix(f, real)
			}
			if !insideAny(f, p.Masked) {
				p.Masked = append(p.Masked, f)
			}
		}
		for _, k := range kept {
			if real != w {
				k = w + strings.TrimPrefix(k, real)
			}
			deeper = append(deeper, k)
		}
		for _, v := range vs {
			if real != w {
				v = w + strings.TrimPrefix(v, real)
			}
			venvs = append(venvs, v)
		}
	}
	// Every virtual environment in the project, found by the same walk,
	// has its start-up code held as the root's is (see venvCode): an
	// editor opened on its folder, or the person's next pip or python
	// there, runs it.
	for _, v := range venvs {
		deeper = append(deeper, venvStart(v)...)
	}
	// The protected set's names that exist below the folders it is named
	// in (web/.claude when the call runs in the root): a harness or an
	// editor started in that folder reads them, so they are read-only
	// too, found by the walk for secrets and kept in its index. One a
	// call makes there is not (see docs/confinement.md). A secret among
	// them (config/.env.production) is read-only as its mask is.
	for _, k := range deeper {
		if insideAny(k, p.Writable) && !insideAny(k, slices.Concat(p.Protected, p.Absent, p.Masked)) {
			p.Protected = append(p.Protected, k)
		}
	}
	// Every repository below the root, found by the same walk, has what
	// git reads of it held as the root's is (see gitCode): its
	// commondir, written by a call, would point the person's next git
	// there at a configuration and hooks of the call's; so would its
	// config.worktree, a submodule's config under modules/, a worktree's
	// own files.
	for _, r := range nestedRepos(deeper, root) {
		present, absent, unmade := gitCode(r)
		for _, g := range present {
			if insideAny(g, p.Writable) && !insideAny(g, slices.Concat(p.Protected, p.Absent, p.Masked)) {
				p.Protected = append(p.Protected, g)
			}
		}
		for _, g := range absent {
			if insideAny(g, p.Writable) && !insideAny(g, slices.Concat(p.Protected, p.Absent)) {
				p.Absent = append(p.Absent, g)
			}
		}
		for _, g := range unmade {
			if insideAny(g, p.Writable) && !insideAny(g, p.Protected) && !slices.Contains(p.Unmade, g) {
				p.Unmade = append(p.Unmade, g)
			}
		}
	}
	slices.Sort(p.Absent)
	p.Protected = slices.DeleteFunc(p.Protected, func(a string) bool {
		return slices.ContainsFunc(p.Protected, func(b string) bool { return b != a && inside(a, b) })
	})
	sec.save()
	for _, g := range grantedReads {
		// Governance's state stays hidden whatever is granted.
		p.Masked = slices.DeleteFunc(p.Masked, func(m string) bool { return inside(m, g) && m != filepath.Clean(pol.StateDir) })
		if insideAny(g, p.Writable) && !slices.Contains(p.Protected, g) {
			// Read, not written: shown read-only again over the
			// writable folder, as the protected set.
			p.Protected = append(p.Protected, g)
		}
	}
	// Only masked files and the placeholders of absent protected paths
	// are looked up in git's index, once per repository. A placeholder
	// git does not track is ignored like an untracked secret, so that
	// git add -A does not record an empty .mcp.json, nor git stash -u try
	// to remove a mount. So is an empty protected file: the placeholder a
	// launcher killed before it removed it left, which the launcher
	// removes before the call and puts back as its own (see
	// removeLeftovers); ignored inside the confinement only, and read-only
	// there, a file of the person's that is empty changes nothing.
	// The checked names too: staged by the call, one moved aside after it
	// would still be in the index, and come back with the person's next
	// git restore or checkout.
	placeholders := slices.Concat(p.Absent, p.Checked)
	slices.Sort(placeholders)
	for _, x := range p.Protected {
		if fi, err := os.Lstat(x); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
			placeholders = append(placeholders, x)
		}
	}
	// Whether the call may write an exclude file, asked once for each:
	// the untracked files of a repository all share one.
	excludable := map[string]bool{}
	real := realPaths{}
	common := map[string]string{}
	for _, g := range engine.GitFiles(slices.Concat(p.Masked, placeholders)) {
		placeholder := slices.Contains(placeholders, g.Path)
		switch {
		case g.Tracked && placeholder:
		case g.Tracked:
			p.Committed = append(p.Committed, Committed{Path: g.Path, GitDir: g.GitDir, Object: g.Object, Executable: g.Executable})
		case kind == UnknownEffects && !strings.ContainsAny(g.Path, "\n\r"):
			// Only a call that can write the repository can add a file;
			// no pattern holds a name with a line break.
			c, read := common[g.GitDir]
			if !read {
				c = commonDir(g.GitDir)
				common[g.GitDir] = c
			}
			file := filepath.Join(c, "info", "exclude")
			ok, asked := excludable[file]
			if !asked {
				ok = insideAny(file, p.Writable) && real.beneath(file, p.Writable) == nil
				excludable[file] = ok
			}
			if !ok {
				// A repository the call cannot write, or one a .git link
				// leads to out of the project (not shown to the call).
				continue
			}
			i := slices.IndexFunc(p.Excluded, func(x Excluded) bool { return x.File == file })
			if i < 0 {
				p.Excluded = append(p.Excluded, Excluded{File: file})
				i = len(p.Excluded) - 1
			}
			p.Excluded[i].Patterns = append(p.Excluded[i].Patterns, ignorePattern(strings.TrimPrefix(g.Path, g.Top)))
			j := slices.IndexFunc(p.Untracked, func(u Untracked) bool { return u.GitDir == g.GitDir })
			if j < 0 {
				p.Untracked = append(p.Untracked, Untracked{Top: g.Top, GitDir: g.GitDir})
				j = len(p.Untracked) - 1
			}
			p.Untracked[j].Paths = append(p.Untracked[j].Paths, strings.TrimPrefix(g.Path, g.Top+"/"))
		}
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// Parse reads a profile from JSON, unknown fields refused, and checks it.
func Parse(data []byte) (*Profile, error) {
	var p Profile
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrProfile, err)
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return &p, nil
}

// Check reports what makes a profile impossible to apply as it says:
// an unknown kind, a path that is not absolute and clean, a writable
// folder that is the home folder, the root or holds the home folder, a
// writable folder inside the protected set, a folder to start in that
// the profile does not show, a report file outside /tmp.
func (p *Profile) Check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrProfile}, a...)...)
	}
	if !p.Kind.known() {
		return bad("unknown kind %q", p.Kind)
	}
	if p.Home != "" && !clean(p.Home) || p.Home == "/" {
		return bad("home %q is not an absolute clean path below the root", p.Home)
	}
	for _, f := range []struct {
		name  string
		paths []string
	}{{"cwd", []string{p.Cwd}}, {"read_only", p.ReadOnly}, {"writable", p.Writable}, {"protected", p.Protected},
		{"absent", p.Absent}, {"checked", p.Checked}, {"checked_here", p.CheckedHere}, {"unmade", p.Unmade}, {"masked", p.Masked}, {"report", p.Report},
		{"stores", p.Stores}} {
		for _, s := range f.paths {
			if !clean(s) {
				return bad("%s: %q is not an absolute clean path", f.name, s)
			}
		}
	}
	for _, w := range slices.Concat(p.Writable, p.ReadOnly) {
		if w == "/" || systemFolder(w) || p.Home != "" && inside(p.Home, w) {
			return bad("%s would show the root, a system folder or the whole home folder", w)
		}
	}
	for _, s := range p.Stores {
		if s == "/" || systemFolder(s) || p.Home != "" && inside(p.Home, s) {
			return bad("store %s would show the root, a system folder or the whole home folder", s)
		}
	}
	for _, l := range p.Layers {
		if !clean(l.Path) || !clean(l.Backing) {
			return bad("layer %q over %q is not absolute clean paths", l.Path, l.Backing)
		}
		if l.Path == "/" || systemFolder(l.Path) || p.Home != "" && inside(p.Home, l.Path) ||
			insideAny(l.Path, slices.Concat(p.Writable, p.ReadOnly, p.Stores)) {
			return bad("layer %s would cover the root, a system folder, the home folder or a folder shown", l.Path)
		}
		if l.Backing == "/" || systemFolder(l.Backing) || p.Home != "" && inside(p.Home, l.Backing) ||
			insideAny(l.Backing, slices.Concat(p.Writable, p.ReadOnly, p.Stores)) {
			return bad("layer %s is backed by %s, which the call would see otherwise", l.Path, l.Backing)
		}
	}
	if p.Kind == ReadOnly && len(p.Writable) > 0 {
		for _, w := range p.Writable {
			if !p.isCache(w) {
				return bad("a read-only profile writes only caches and /tmp, not %s", w)
			}
		}
	}
	for _, w := range p.Writable {
		if insideAny(w, p.Protected) || insideAny(w, p.Absent) {
			return bad("writable %s is inside the protected %s", w, slices.Concat(p.Protected, p.Absent))
		}
	}
	for _, a := range slices.Concat(p.Absent, p.Unmade, p.Checked) {
		if !insideAny(a, p.Writable) || slices.Contains(p.Writable, a) {
			return bad("absent %s is not inside a writable folder", a)
		}
	}
	if len(p.Checked) > 0 && (!clean(p.Quarantine) || filepath.Base(p.Quarantine) != "quarantine" ||
		filepath.Base(filepath.Dir(p.Quarantine)) != ".governance" || !insideAny(p.Quarantine, p.Writable)) {
		return bad("quarantine %q is not a project's .governance/quarantine in a writable folder", p.Quarantine)
	}
	if len(p.Report) > 2 {
		return bad("%d report files; at most two", len(p.Report))
	}
	for _, r := range p.Report {
		if !inside(r, "/tmp") || r == "/tmp" {
			return bad("report file %s is not in /tmp", r)
		}
	}
	for _, c := range p.Committed {
		if !slices.Contains(p.Masked, c.Path) || !clean(c.GitDir) || !objectID(c.Object) {
			return bad("committed %s is not a masked file with a git folder and an object id", c.Path)
		}
	}
	for _, x := range p.Excluded {
		if !clean(x.File) || !strings.HasSuffix(x.File, "/info/exclude") || !insideAny(x.File, p.Writable) {
			return bad("excluded %s is not a repository's info/exclude in a writable folder", x.File)
		}
		for _, pat := range x.Patterns {
			if !strings.HasPrefix(pat, "/") || strings.ContainsAny(pat, "\n\r") {
				return bad("exclude pattern %q is not one path from the work tree's top", pat)
			}
		}
	}
	for _, u := range p.Untracked {
		if !clean(u.Top) || !clean(u.GitDir) {
			return bad("untracked files of %q: the work tree and git folder are not absolute clean paths", u.Top)
		}
		for _, f := range u.Paths {
			if !filepath.IsLocal(f) || !insideAny(filepath.Join(u.Top, f), p.Writable) {
				return bad("untracked %q is not a file of the work tree %s in a writable folder", f, u.Top)
			}
		}
	}
	if !insideAny(p.Cwd, slices.Concat(p.Writable, p.ReadOnly)) && p.Cwd != "/tmp" {
		return bad("the folder to start in, %s, is not shown", p.Cwd)
	}
	return nil
}

// Shows reports whether the call sees path, as it is on the host: it is
// inside the system folders or a folder the profile shows, and not
// masked.
func (p *Profile) Shows(path string) bool {
	return insideAny(path, slices.Concat(systemTree, p.ReadOnly, p.Writable, p.Stores)) && !insideAny(path, p.Masked)
}

// isCache reports a writable folder of a read-only profile: one the home
// folder holds (the tools' caches are there) and not the project.
func (p *Profile) isCache(w string) bool {
	return p.Home != "" && inside(w, p.Home) && w != p.Cwd && !inside(p.Cwd, w)
}

// systemFolders are shown read-only to every call (or not at all); no
// profile shows one, or a folder inside one, again. holders hold the
// folders of users and services: a profile may show a folder inside one,
// never the whole.
var (
	systemFolders = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/dev", "/sys", "/run", "/boot"}
	holders       = []string{"/home", "/var", "/opt", "/srv", "/tmp", "/root", "/mnt", "/media"}
)

func systemFolder(p string) bool {
	return insideAny(p, systemFolders) || slices.Contains(holders, p)
}

// objectID reports a git object id in hex (SHA-1 or SHA-256).
func objectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}

// clean reports an absolute path in clean form.
func clean(p string) bool { return filepath.IsAbs(p) && filepath.Clean(p) == p }

// inside reports whether p is dir or inside it.
func inside(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

func insideAny(p string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool { return inside(p, d) })
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// nestedRepos returns the work trees of the repositories below root
// whose own names the walk kept (engine's nestedProjectCode: a .git
// file, a git folder's config or hooks), root's own left out.
func nestedRepos(kept []string, root string) []string {
	var out []string
	for _, k := range kept {
		var r string
		switch {
		case filepath.Base(k) == ".git":
			r = filepath.Dir(k)
		case strings.HasSuffix(k, "/.git/config"), strings.HasSuffix(k, "/.git/hooks"):
			r = filepath.Dir(filepath.Dir(k))
		default:
			continue
		}
		if r != root && inside(r, root) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// commonDir returns the folder a git folder shares with the other work
// trees of its repository (its commondir), or the git folder itself.
func commonDir(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	c := strings.TrimSpace(string(data))
	if !filepath.IsAbs(c) {
		c = filepath.Join(gitDir, c)
	}
	return filepath.Clean(c)
}

// ignorePattern is the gitignore pattern that matches one path (from the
// work tree's top, with a leading /, so that no ! or # begins it) and
// nothing else: the characters patterns give a meaning to are escaped.
func ignorePattern(rel string) string {
	var b strings.Builder
	for i, r := range rel {
		if strings.ContainsRune(`\*?[`, r) || r == ' ' && i == len(rel)-1 {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// gitCode returns the files and folders of the repository at root that
// hold code git runs or configuration that names programs: the hooks
// folder and the configuration, of the repository itself (.git a folder)
// or of the one a .git file points to (a worktree or a submodule), with
// its common folder, and the .git file itself. Beside config, git reads
// commondir (which folder's config and hooks count), config.worktree
// (with extensions.worktreeConfig), the configuration of every submodule
// under modules/ (git status runs in each, with its config), and the
// worktrees' own files; the folder core.hooksPath names, when it is in
// the project (husky's .husky/_, whose hooks run the scripts of .husky),
// holds the hooks instead of .git/hooks. info/attributes only chooses
// among the drivers a configuration defines: it is left writable.
// present exist; absent are those that do not, in a repository folder
// that does, and that git would read if a call made them: hooks,
// modules, worktrees, and config.worktree when the configuration turns it on (each
// costs a mount per call: see Profile.Absent); unmade is commondir, which
// no empty placeholder can stand for (see Profile.Unmade), when it is
// absent or the launcher's own placeholder.
func gitCode(root string) (present, absent, unmade []string) {
	dirs := []string{filepath.Join(root, ".git")}
	if data, err := os.ReadFile(dirs[0]); err == nil {
		present = append(present, dirs[0])
		dir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
		if !ok {
			return present, nil, nil
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(root, dir)
		}
		dirs = []string{filepath.Clean(dir)}
		if c := commonDir(dirs[0]); c != dirs[0] {
			dirs = append(dirs, c)
		}
	} else if _, err := os.Lstat(dirs[0]); errors.Is(err, os.ErrNotExist) {
		// No repository here: a call that made one (git init, and a
		// core.fsmonitor in its config) would have the person's next git
		// status in the project run it. An empty read-only folder, which
		// git passes over as no repository, looking further up.
		return nil, dirs, nil
	} else if fi, err := os.Lstat(dirs[0]); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		// A .git link to a folder (.git -> .repo): git follows it, and
		// what it leads to is the git folder, protected as a plain .git.
		// One that leads out of the project is left to the caller's
		// filter: a folder the call cannot write needs nothing, and one
		// in another writable folder is protected there.
		r, ok := resolveIn(dirs[0], root)
		dirs = nil
		if ok {
			dirs = append(dirs, r)
			if c := commonDir(r); c != r {
				dirs = append(dirs, c)
			}
		}
	}
	for _, d := range dirs {
		if fi, err := os.Lstat(d); err != nil || !fi.IsDir() {
			continue
		}
		config, _ := os.ReadFile(filepath.Join(d, "config"))
		// A file .git/config includes is configuration too: one in the
		// work tree would name programs for the person's next git call
		// (core.fsmonitor) as .git/config itself would.
		for _, inc := range includedConfigs(filepath.Join(d, "config"), config, 0) {
			if exists(inc) {
				present = append(present, inc)
				more, _ := os.ReadFile(inc)
				config = append(append(config, '\n'), more...)
			} else {
				absent = append(absent, inc)
			}
		}
		for _, name := range gitFolderCode {
			f := filepath.Join(d, name)
			switch {
			case name == "commondir" && (!exists(f) || isDotFile(f)):
				unmade = append(unmade, f)
			case exists(f):
				present = append(present, f)
			case name == "hooks" || name == "modules" || name == "worktrees":
				// worktrees too: git worktree add would make
				// worktrees/NAME/commondir, which a call could point at a
				// configuration of its own for the person's git in the
				// new work tree.
				absent = append(absent, f)
			case name == "config.worktree" && bytes.Contains(bytes.ToLower(config), []byte("worktreeconfig")):
				absent = append(absent, f)
			}
		}
		if h := hooksPath(root, config); h != "" {
			if exists(h) {
				present = append(present, h)
			} else {
				absent = append(absent, h)
			}
		}
	}
	return present, absent, unmade
}

// gitFolderCode are the names in a git folder that name programs git
// runs or the files it reads them from (see gitCode): the root's, a
// nested repository's, and those of a folder a call made a git folder
// (see [afterCall.below]).
var gitFolderCode = []string{"hooks", "config", "commondir", "config.worktree", "modules", "worktrees"}

// gitFolder reports a folder git takes as a git folder of its own, as
// its discovery does (is_git_directory): one that holds HEAD, objects
// and refs, whatever its name (git status in src/ runs src/config when
// src holds them, with core.worktree naming the work tree).
func gitFolder(dir string) bool {
	head, err := os.Lstat(filepath.Join(dir, "HEAD"))
	return err == nil && !head.IsDir() && folderAt(filepath.Join(dir, "objects")) && folderAt(filepath.Join(dir, "refs"))
}

// repoCode returns the files of a Mercurial or Jujutsu repository at
// root that name programs its later commands run (engine.RepoCode):
// present exist as files; absent are those that do not, in a folder of
// the repository that does, which the call could make (an empty
// placeholder reads as no configuration). .jj/repo is a folder in a
// repository, where jj writes as it works, and a file only in a
// workspace: it is kept only as a file. No repository folder is made
// where there is none.
func repoCode(root string) (present, absent []string) {
	for _, name := range engine.RepoCode {
		f := filepath.Join(root, name)
		fi, err := os.Lstat(f)
		switch {
		case err == nil && !fi.IsDir():
			present = append(present, f)
		case err == nil || name == ".jj/repo" || !errors.Is(err, os.ErrNotExist):
		case folderAt(filepath.Dir(f)):
			absent = append(absent, f)
		}
	}
	return present, absent
}

// folderAt reports a folder at p, not a link to one.
func folderAt(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}

// resolveIn resolves the links of path, and names the result under root
// as the caller names root (a project reached through a link of its
// own), so that it compares with the profile's folders; false when the
// path leads nowhere.
func resolveIn(path, root string) (string, bool) {
	r, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", false
	}
	if rr, err := filepath.EvalSymlinks(root); err == nil && rr != root && inside(r, rr) {
		r = root + strings.TrimPrefix(r, rr)
	}
	return r, true
}

// venvCode returns what of a virtual environment at root an editor runs
// as it opens the project, or a new terminal in it (VS Code's Python
// extension runs the environment's interpreter to inspect it and sources
// its activate script): its folder of programs (the interpreter's
// links, the activate scripts, pip and the other entry points) and
// pyvenv.cfg (whose home names where the interpreter's standard
// library comes from). And its site-packages folders: the interpreter
// runs the import lines of every .pth file there at each start (the one
// setuptools ships imports _distutils_hack from beside it), then
// sitecustomize and usercustomize; a .pth a call adds is a new file, so
// the folder is read-only whole. An environment already in step with
// its project (uv run, pytest) writes nothing there: Python leaves out
// the byte code caches it cannot write, without a word. Only those
// present: one a call creates whole is created with the folder.
func venvCode(root string) []string {
	var out []string
	for _, n := range engine.VenvFolders {
		dir := filepath.Join(root, n)
		if slices.ContainsFunc(engine.EnvMarks, func(m string) bool { return exists(filepath.Join(dir, m)) }) {
			out = append(out, venvStart(dir)...)
		}
	}
	return out
}

// venvStart returns the start-up code of the virtual environment dir
// (see venvCode): its pyvenv.cfg, and its folder of programs whole (bin,
// Scripts on Windows): beside the interpreter and the activate scripts,
// pip, pytest and every entry point there are run by the person, by
// name once the environment is activated, and a new one a call adds
// would be found there first. Installs fail without them too: they
// write site-packages, read-only below. A conda or pixi prefix (no
// pyvenv.cfg, a conda-meta folder) has its etc/conda too: conda
// activate and pixi source the scripts of its activate.d into the
// person's shell.
func venvStart(dir string) []string {
	var out []string
	for _, f := range []string{"pyvenv.cfg", "bin", "Scripts", "etc/conda"} {
		if f := filepath.Join(dir, f); exists(f) {
			out = append(out, f)
		}
	}
	// lib/pythonX.Y/site-packages, Lib/site-packages on Windows;
	// lib64 is a link to lib.
	sites, _ := filepath.Glob(filepath.Join(dir, "lib", "python*", "site-packages"))
	for _, s := range append(sites, filepath.Join(dir, "Lib", "site-packages")) {
		if fi, err := os.Lstat(s); err == nil && fi.IsDir() {
			out = append(out, s)
		}
	}
	return out
}

// nodeConfigs are where version managers keep npm's global settings
// (<prefix>/etc/npmrc) of the nodes they install, under their roots:
// nvm's, volta's and asdf's.
var nodeConfigs = []string{"versions/node/*/etc/npmrc", "tools/image/node/*/etc/npmrc", "installs/nodejs/*/etc/npmrc"}

// hookConfig returns what the hook managers' hooks read from the work
// tree at root as the person commits (engine.HookManagers): present
// exist; absent do not, for a manager whose hook is installed in the
// repository's hooks folder (or core.hooksPath's), which would read one
// made by a call (pre-commit's hook names the file it reads).
func hookConfig(root string) (present, absent []string) {
	installed := installedHooks(root)
	for _, m := range engine.HookManagers {
		files := m.Files
		if m.Name == "pre-commit" {
			files = append(slices.Clip(files), preCommitConfigs(installed)...)
		}
		on := slices.ContainsFunc(installed, func(h []byte) bool { return bytes.Contains(h, []byte(m.Marker)) })
		for _, n := range files {
			f := filepath.Join(root, n)
			switch {
			case !inside(f, root):
			case exists(f):
				present = append(present, f)
			case on:
				absent = append(absent, f)
			}
		}
	}
	return present, absent
}

// installedHooks returns the start of each hook of the repository at
// root: in its hooks folder, or the folder core.hooksPath names.
func installedHooks(root string) [][]byte {
	dir := filepath.Join(root, ".git")
	if data, err := os.ReadFile(dir); err == nil {
		d, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
		if !ok {
			return nil
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		dir = commonDir(filepath.Clean(d))
	}
	folders := []string{filepath.Join(dir, "hooks")}
	if config, err := os.ReadFile(filepath.Join(dir, "config")); err == nil {
		if h := hooksPath(root, config); h != "" {
			folders = append(folders, h, filepath.Join(h, "_"))
		}
	}
	var out [][]byte
	for _, d := range folders {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if !e.Type().IsRegular() || strings.HasSuffix(e.Name(), ".sample") || len(out) == 64 {
				continue
			}
			if f, err := os.Open(filepath.Join(d, e.Name())); err == nil {
				buf := make([]byte, 8<<10)
				n, _ := io.ReadFull(f, buf)
				f.Close()
				out = append(out, buf[:n])
			}
		}
	}
	return out
}

// preCommitConfigs returns the configuration files pre-commit's installed
// hooks name (hook-impl --config=FILE), from the top of the work tree.
func preCommitConfigs(hooks [][]byte) []string {
	var out []string
	for _, h := range hooks {
		_, rest, ok := bytes.Cut(h, []byte("--config="))
		if !ok {
			continue
		}
		if i := bytes.IndexAny(rest, " \t\n\"')"); i >= 0 {
			rest = rest[:i]
		}
		if n := filepath.Clean(string(rest)); n != "." && !filepath.IsAbs(n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// hooksPath returns the folder of hooks a repository's configuration
// names (core.hooksPath, relative to the work tree), when it is in the
// project at root and is not .git/hooks; for husky's .husky/_, whose
// hooks run the scripts beside it, .husky. "" for none.
// maxIncludeDepth is how deep git follows include.path (its own limit).
const maxIncludeDepth = 10

// includedConfigs returns the files the git configuration file at file
// (holding config) includes, with include.path or includeIf.*.path
// (whatever the condition: a call may make it true), and the files they
// include in turn: relative paths are relative to the including file's
// folder, as git reads them; ~ paths name the home folder, which a
// confined call does not write, and are left out.
func includedConfigs(file string, config []byte, depth int) []string {
	if depth >= maxIncludeDepth {
		return nil
	}
	var out []string
	for st := range configSettings(config) {
		inc := st.value
		if st.key != "path" || st.section != "include" && !strings.HasPrefix(st.section, "includeif") || inc == "" || strings.HasPrefix(inc, "~") {
			continue
		}
		if !filepath.IsAbs(inc) {
			inc = filepath.Join(filepath.Dir(file), inc)
		}
		inc = filepath.Clean(inc)
		if slices.Contains(out, inc) {
			continue
		}
		out = append(out, inc)
		if more, err := os.ReadFile(inc); err == nil {
			out = append(out, includedConfigs(inc, more, depth+1)...)
		}
	}
	return out
}

// setting is a line of a git configuration file: its section (lower
// case, a subsection inside it), its key (lower case) and its value,
// unquoted.
type setting struct{ section, key, value string }

// configSettings yields the settings of a git configuration file as a
// quick reading takes them.
func configSettings(config []byte) iter.Seq[setting] {
	return func(yield func(setting) bool) {
		section := ""
		for line := range strings.Lines(string(config)) {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "[") {
				section = strings.ToLower(strings.Trim(line, "[] \t"))
				continue
			}
			if k, v, ok := strings.Cut(line, "="); ok && !yield(setting{section, strings.ToLower(strings.TrimSpace(k)), strings.Trim(strings.TrimSpace(v), "\"")}) {
				return
			}
		}
	}
}

func hooksPath(root string, config []byte) string {
	value := ""
	for st := range configSettings(config) {
		if st.section == "core" && st.key == "hookspath" {
			value = st.value
		}
	}
	if value == "" || strings.HasPrefix(value, "~") {
		return ""
	}
	h := value
	if !filepath.IsAbs(h) {
		h = filepath.Join(root, h)
	}
	h = filepath.Clean(h)
	if filepath.Base(h) == "_" {
		h = filepath.Dir(h)
	}
	if h == root || !inside(h, root) || inside(h, filepath.Join(root, ".git")) {
		return ""
	}
	return h
}

// madeHere reports a path the launcher makes for p before a call (see
// [placeholders.makeParents]), as a launcher killed before it removed
// it may have left it: a protected path inside a writable folder (an
// absent one, an unmade one, an exclude file shown by its data), or a
// folder above one, below the writable folder and not holding the
// folder the call starts in. Nothing else named by the list beside the
// project's lock, which a call may write, is removed.
func (p *Profile) madeHere(path string) bool {
	if !insideAny(path, p.Writable) || slices.Contains(p.Writable, path) || p.Cwd != "" && inside(p.Cwd, path) {
		return false
	}
	names := slices.Concat(p.Protected, p.Absent, p.Unmade)
	for _, x := range p.Excluded {
		names = append(names, x.File)
	}
	return slices.ContainsFunc(names, func(x string) bool { return inside(x, path) })
}
