package engine

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// What a confined call may see is built from the same knowledge the
// analysis decides with: the secret rules, the protected set and the
// secret-named environment variables. These functions hand that
// knowledge to the launcher (internal/confine) rather than letting it
// keep lists of its own.

// AnalysisAlone decides a request as the analysis alone would: without
// the allows of rules, the learned entries and the evaluators. A call
// one of those allows runs what that allow vouches for; this says what
// the analysis can vouch for itself. The safe set's allow is a call it
// proves read-only, and Decision.Unseen names code the call runs that
// it cannot see (a makefile's recipes, a package.json script, a test
// suite): code the agent may have written a moment before.
func (e *Engine) AnalysisAlone(ctx context.Context, req *Request) *Decision {
	ev := newEvaluation(e, req)
	ev.analysisOnly = true
	return ev.run(ctx)
}

// SourceFiles returns, as absolute paths, the files a shell call runs as
// code or applies as configuration, as the programs' models name them
// (a script, a makefile, package.json, a manifest, a query file), and
// the programs it runs by a path (./deploy.sh): what a person approving
// the call approves besides its words. The files may not exist.
//
// unbound, when not "", says why those files are not all the code the
// call runs, so that no approval of it can be kept for later: code the
// models cannot enumerate (a file sourced, python -m's module, a program
// found through a PATH folder calls write, what a makefile, package.json
// or python script runs in turn, a script that runs other files). A
// shell script whose own commands run no file is enumerated whole.
func (e *Engine) SourceFiles(req *Request) (files []string, unbound string) {
	if req.Tool.Kind != KindShell || req.Tool.Input.Command == "" {
		return nil, ""
	}
	ev := newEvaluation(e, req)
	subjects, _ := ev.shellSubjects(req.Tool.Input.Command)
	b := &binding{ev: ev}
	b.subjects(subjects, 0)
	return b.files, b.unbound
}

// maxBoundScripts is how deep scripts that run scripts are read for an
// approval to bind; deeper is unbound.
const maxBoundScripts = 3

// binding gathers the files an approval binds, and why they are not all
// the code the call runs (the first reason found).
type binding struct {
	ev      *evaluation
	files   []string
	unbound string
}

func (b *binding) add(c *shell.Command, a shell.Arg) string {
	if a.Dynamic {
		b.miss("it runs a file named at run time")
		return ""
	}
	p := b.ev.placeOf(c, a, true)
	if p.abs == "" {
		b.miss("it runs " + a.Value + ", which cannot be located")
		return ""
	}
	if !slices.Contains(b.files, p.abs) {
		b.files = append(b.files, p.abs)
	}
	return p.abs
}

func (b *binding) miss(why string) {
	if b.unbound == "" {
		b.unbound = why
	}
}

// subjects binds the code each shell subject runs.
func (b *binding) subjects(subjects []*subject, depth int) {
	for _, s := range subjects {
		if s.kind != KindShell || s.cl == nil || s.cl.cmd == nil {
			continue
		}
		b.command(s.cl, depth)
	}
}

// command binds the code one command runs.
func (b *binding) command(cl *cmdline, depth int) {
	c := cl.cmd
	switch {
	case len(c.Args) == 0:
		// Assignments alone run nothing.
		return
	case c.Args[0].Dynamic:
		b.miss("it runs a program named at run time")
		return
	case b.ev.plantedProgram(cl):
		b.miss("it runs " + c.Args[0].Value + " found through a folder of PATH that calls write")
		return
	case !systemProgram(c.Args[0].Value, c.Cwd):
		if f := b.add(c, c.Args[0]); f != "" {
			b.script(f, depth)
		}
		return
	}
	if cl.call == nil || !cl.modelled() {
		b.miss("no model says what code " + cl.name + " runs")
		return
	}
	if cl.lname == "." || cl.lname == "source" {
		// Sourced code runs in the calling shell, with its variables
		// and functions: what it runs is not enumerated.
		b.miss("it sources a file into the shell, whose code is not bound")
		return
	}
	fx := cl.call.Effects().List
	sourced := false
	for _, e := range fx {
		if !e.Source {
			continue
		}
		sourced = true
		f := b.add(c, e.Path)
		switch {
		case f == "":
		case slices.Contains(shellNames, cl.lname):
			b.script(f, depth)
		case b.absent(f):
			// Bound as absent (make's other makefile names): one put
			// there later is another call.
		default:
			b.miss("what " + b.ev.relPath(place{abs: f}) + " runs in turn (scripts, includes, imports) is not bound")
		}
	}
	for _, e := range fx {
		switch {
		case e.Op == programs.Unknown:
			b.miss(cmp.Or(e.Why, "an effect its model does not understand"))
		case e.Op != programs.Exec || e.Found || e.Helper:
		case e.Hooks:
			if why := b.ev.gitHooksInstalled(cl); why != "" {
				b.miss(e.Why + ": " + why)
			}
		case e.Code != "" && e.Lang == "sh":
		case e.Code != "" || !sourced:
			b.miss(cmp.Or(e.Why, "it runs code its model cannot name"))
		}
	}
}

// absent reports a file that is not there.
func (b *binding) absent(f string) bool {
	_, err := b.ev.fsw.lstat(f)
	return errorsIsNotExist(err)
}

// shellNames are the shells whose script is read for the files it runs.
var shellNames = []string{"sh", "bash", "dash", "zsh", "ksh"}

// maxBoundScript is the largest script read for the files it runs.
const maxBoundScript = 1 << 20

// script binds what a shell script runs: it is enumerated whole when
// every command in it runs no file of its own, or one enumerated whole.
// A file run by its path must start with a shell's #! line.
func (b *binding) script(f string, depth int) {
	if b.unbound != "" {
		return
	}
	if depth >= maxBoundScripts {
		b.miss("it runs scripts nested too deep to bind")
		return
	}
	if !b.ev.fsw.take(1) {
		b.miss("it runs scripts too many to read")
		return
	}
	data, err := b.ev.fsw.fs().ReadFile(f)
	if errorsIsNotExist(err) {
		// Bound as absent: a file put there later is another call.
		return
	}
	if err != nil || len(data) > maxBoundScript {
		b.miss(b.ev.relPath(place{abs: f}) + " cannot be read whole to see what it runs")
		return
	}
	text := string(data)
	if strings.ContainsRune(text, 0) {
		// A program (ELF), not a script: what it runs is not read.
		b.miss(b.ev.relPath(place{abs: f}) + " is a program whose code is not read")
		return
	}
	if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(first, "#!") {
		interp := strings.Fields(strings.TrimPrefix(first, "#!"))
		if len(interp) > 1 && path.Base(interp[0]) == "env" {
			interp = interp[1:]
		}
		if len(interp) == 0 || !slices.Contains(shellNames, path.Base(interp[0])) {
			b.miss("what " + b.ev.relPath(place{abs: f}) + " runs in turn is not bound")
			return
		}
	}
	subjects, problems := b.ev.shellSubjects(text)
	if len(problems) > 0 {
		b.miss(b.ev.relPath(place{abs: f}) + " cannot be read as a shell script")
		return
	}
	b.subjects(subjects, depth+1)
}

// FileContent is a file and the sha256 (hex) of its content as a
// person approved it, or DigestAbsent.
type FileContent struct {
	Path   string `json:"path" yaml:"path"`
	SHA256 string `json:"sha256" yaml:"sha256"`
}

// Short is the digest as a person compares it: its first twelve hex
// digits, or what stands for it.
func (f FileContent) Short() string {
	if len(f.SHA256) > 12 {
		return f.SHA256[:12]
	}
	return f.SHA256
}

// DigestAbsent is the digest of a file that is not there.
const DigestAbsent = "absent"

// maxDigested is the largest file whose content FileDigest reads.
const maxDigested = 64 << 20

// What FileDigest gives for a file whose content it does not read: its
// size, mode and time are no binding (a call can set all three back).
const (
	DigestUnreadable = "unreadable"
	DigestTooLarge   = "too-large"
	DigestNotRegular = "not-regular"
)

// FileDigest is the sha256 (hex) of a file's content, or what stands for
// it: DigestAbsent, "folder", or, for a file whose content binds nothing
// (see Unbinding), DigestUnreadable, DigestTooLarge or DigestNotRegular.
func FileDigest(p string) string {
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return DigestAbsent
	case err != nil:
		return DigestUnreadable
	case fi.IsDir():
		return "folder"
	case !fi.Mode().IsRegular():
		return DigestNotRegular
	case fi.Size() > maxDigested:
		return DigestTooLarge
	}
	f, err := os.Open(p)
	if err != nil {
		return DigestUnreadable
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return DigestUnreadable
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Unbinding says why a digest binds no content, or "": a file too large
// to read, unreadable, or no regular file.
func Unbinding(f FileContent) string {
	switch f.SHA256 {
	case DigestTooLarge:
		return f.Path + " is larger than " + fmt.Sprint(maxDigested>>20) + " MB, and its content is not read"
	case DigestUnreadable:
		return f.Path + " cannot be read"
	case DigestNotRegular:
		return f.Path + " is no regular file"
	}
	return ""
}

// contentsHeld reports whether every file holds the content it held; a
// digest that binds no content never holds.
func contentsHeld(files []FileContent) bool {
	for _, f := range files {
		if Unbinding(f) != "" || FileDigest(f.Path) != f.SHA256 {
			return false
		}
	}
	return true
}

// unseenCode says what code a command runs that the analysis cannot see,
// or "": a program nobody modelled, one run by a path of the project's,
// an effect the model does not understand, or code its model cannot name
// (a script, a makefile, a test suite). git's hooks count where the
// repository has one installed (see gitHooksInstalled): an installed hook
// runs what the work tree says (a hook manager's configuration, npm test,
// ./scripts/check.sh), which anyone may have written. Where none is
// installed they are not counted: neither file tools nor a confined call
// can install one.
func (ev *evaluation) unseenCode(cl *cmdline) string {
	if cl == nil || cl.cmd == nil {
		return ""
	}
	if !cl.modelled() {
		return "no model of the program " + cl.name
	}
	if len(cl.cmd.Args) > 0 && !systemProgram(cl.cmd.Args[0].Value, cl.cmd.Cwd) {
		return "runs the file " + cl.cmd.Args[0].Value
	}
	for _, e := range cl.call.Effects().List {
		switch {
		case e.Op == programs.Unknown:
			return cmp.Or(e.Why, "an effect its model does not understand")
		case e.Op == programs.Exec && e.Hooks:
			if why := ev.gitHooksInstalled(cl); why != "" {
				return e.Why + ": " + why
			}
		case e.Op == programs.Exec && !e.Found && !e.Helper && (e.Code == "" || e.Lang != "sh"):
			return cmp.Or(e.Why, "runs code its model cannot name")
		}
	}
	return ""
}

// SecretEnv reports whether an environment variable's name says it
// holds a secret (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD): the
// variables whose reads the analysis treats as reads of a secret.
func SecretEnv(name string) bool { return name != "" && secretEnv(name) }

// ProtectedPaths returns the protected set of a request as absolute
// paths: the project's .governance, governance's configuration and state
// folders, the folders of every harness's settings and hooks (.claude,
// .codex, .cursor, .gemini, .github/hooks, .opencode, and theirs in the
// home folder), the settings files of a project or home folder
// (.mcp.json, opencode.json, ~/.claude.json), the folders of agent
// files, what programs started later read as they start (StartFiles:
// environment files, an editor's tasks, a version manager's
// configuration), and the installed governance binaries. The names
// relative to a project are in its root and in every folder from the
// request's up to it. Paths may not exist.
func (e *Engine) ProtectedPaths(req *Request) []string {
	out, _ := e.ProtectedHolds(req)
	return out
}

// ProtectedHolds is [Engine.ProtectedPaths], with checked: those of the
// paths that, where absent, a confined call is kept from making by a
// check after it rather than by a placeholder (see [Hold]): fewer when
// the request names the harness that made the call (see holder).
func (e *Engine) ProtectedHolds(req *Request) (out, checked []string) {
	ev := newEvaluation(e, req)
	add := func(p string) {
		if p != "" && path.IsAbs(p) && !slices.Contains(out, p) {
			out = append(out, path.Clean(p))
		}
	}
	if ev.pc.root != "" {
		add(ev.pc.root + "/.governance")
	}
	for _, d := range e.Policy.ConfigDirs {
		add(d)
	}
	add(e.Policy.StateDir)
	// Relative names apply in the root and in every folder from the
	// call's up to it: a harness, an editor or a shell started there
	// reads them there, as the analysis judges them anywhere (see
	// anywhere).
	folders := ev.startFolders(req.Cwd)
	isHeld := ev.holder(req)
	var held []string
	for _, n := range startNamesOnce.get() {
		unit, glob := protectedUnit(n.Name)
		switch {
		case strings.HasPrefix(n.Name, "~/") || strings.HasPrefix(n.Name, "/"):
			add(ev.expandTemplate(unit))
		case glob:
			for _, d := range folders {
				for _, m := range existingMatches(d, unit) {
					add(m)
				}
			}
		default:
			for _, d := range folders {
				p := d + "/" + unit
				add(p)
				switch {
				case isHeld(n, unit, d):
					held = append(held, p)
				case !slices.Contains(checked, p):
					checked = append(checked, p)
				}
			}
		}
	}
	// A name held for one entry and checked for another (.idea, for
	// Copilot's .idea/mcp.json and JetBrains' startup tasks) is held, and
	// so is what is inside a held one.
	checked = slices.DeleteFunc(checked, func(c string) bool {
		return slices.ContainsFunc(held, func(h string) bool { return within(c, h) })
	})
	for _, b := range e.binaries() {
		add(b)
	}
	// governance's program names in a folder of the calls' PATH that
	// calls write (an activated .venv/bin): a harness runs governance-hook
	// by its name, a person types governance, and a file planted there
	// under that name would run in their place, unjudged.
	// So are the names the harnesses and a person's shell run by name
	// (shadowNames) in such a folder inside the project: the harness
	// runs git there for its status line, outside every confinement.
	for _, f := range ev.pathFoldersAt(req.Cwd).folders {
		if f.writable && !f.unknown {
			for _, n := range programNames {
				add(f.dir + "/" + n)
			}
			if ev.pc.root != "" && within(f.dir, ev.pc.root) {
				for _, n := range shadowNames {
					add(f.dir + "/" + n)
				}
			}
		}
	}
	return out, checked
}

// holder returns whether a name of startNames (unit, in the folder d)
// absent is held by a placeholder, rather than checked after the call.
// A placeholder is for a name a program already running reads during
// the call (see [Hold]): where the request names the harness that made
// it (Harness, a dialect of harnessFiles), that harness's names are held
// as their Hold says, and another harness's or an editor's only where
// the person uses it in that folder (one of its marks is there: it may
// be open now), and then only inside a folder that exists: none is made
// to hold it. Another harness started during the call, in a folder
// where it had none of its names, may read one the call made before the
// check moves it aside: that is the window given up for a call that
// makes no folder and fewer placeholders. A request naming no harness
// holds every name as its Hold says.
func (ev *evaluation) holder(req *Request) func(n startName, unit, d string) bool {
	caller := req.Harness
	if !HarnessDialect(caller) {
		caller = ""
	}
	cwd := path.Clean(req.Cwd)
	// Each folder's names looked at once for the call.
	seen := map[string]os.FileInfo{}
	lstat := func(p string) os.FileInfo {
		fi, done := seen[p]
		if !done {
			var err error
			if fi, err = os.Lstat(p); err != nil {
				fi = nil
			}
			seen[p] = fi
		}
		return fi
	}
	exists := func(p string) bool { return lstat(p) != nil }
	isDir := func(p string) bool { fi := lstat(p); return fi != nil && fi.IsDir() }
	return func(n startName, unit, d string) bool {
		if !(n.Hold == HeldAtCwd && d == cwd || n.Hold != Checked && d == ev.pc.root) {
			return false
		}
		if caller == "" || n.of == nil || n.of.dialect == caller {
			return true
		}
		return slices.ContainsFunc(n.of.marks, func(m string) bool { return exists(d + "/" + m) }) && isDir(path.Dir(d+"/"+unit))
	}
}

// protectedUnit returns what of a protected pattern a confined call is
// kept from writing: the pattern's literal part (.github/hooks for
// .github/hooks/*.json); for a file in a tool's own folder
// (.claude/settings.json), the folder, where a missing file could be
// created, and one placeholder stands for all the files in it; a file in
// a folder many tools share (.github/mcp.json) alone. glob is true for a
// pattern whose only element has glob syntax (*.code-workspace): unit is
// that element, matched against what a folder holds.
func protectedUnit(pat string) (unit string, glob bool) {
	if !strings.Contains(pat, "/") && hasMeta(pat) {
		return pat, true
	}
	lit := literalPrefix(pat)
	if dir := path.Dir(lit); lit == pat && dir != "." && dir != "~" && !slices.Contains(sharedFolders, dir) {
		lit = dir
	}
	return lit, false
}

// startFolders returns the project's root and every folder from cwd up
// to it: where the programs that read StartFiles may start.
func (ev *evaluation) startFolders(cwd string) []string {
	root := ev.pc.root
	if root == "" {
		return nil
	}
	out := []string{root}
	if !path.IsAbs(cwd) {
		return out
	}
	for d := path.Clean(cwd); d != root && within(d, root); d = path.Dir(d) {
		out = append(out, d)
	}
	return out
}

// existingMatches returns the entries of the folder dir whose names
// match the glob pattern name.
func existingMatches(dir, name string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if ok, _ := path.Match(name, e.Name()); ok {
			out = append(out, dir+"/"+e.Name())
		}
	}
	return out
}

// SecretsUnder returns the files under root (root itself when it is a
// file) that the policy's rules deny reading, as the analysis judges a
// recursive read of root: the files a confined call must not see.
// Folders that hold secrets are walked, never skipped. complete is false
// when the budget of file system work (in entries, not time) ran out
// before the walk ended.
func (e *Engine) SecretsUnder(req *Request, root string) (found []string, complete bool) {
	return e.SecretsUnderReading(req, root, nil)
}

// SecretsUnderReading is [Engine.SecretsUnder] telling read, when set,
// what the walk looks at before it looks: every folder it lists (dir
// true) and every file whose content it judges (a credential in .npmrc
// or a repository's configuration). While none of them changes, the
// same rules find the same secrets there, so a caller may keep what was
// found (the launcher's index of secrets does).
func (e *Engine) SecretsUnderReading(req *Request, root string, read func(p string, dir bool)) (found []string, complete bool) {
	found, _, _, complete = e.ShownUnder(req, root, read)
	return found, complete
}

// ShownUnder is [Engine.SecretsUnderReading] finding, in the same walk,
// the protected set's relative names wherever they are under root
// (kept): the folders and files [Engine.ProtectedPaths] names in the
// root and the folders up from the request's (web/.claude,
// web/.env.local, a/app.code-workspace), which a harness or an editor
// started in that folder reads there. None inside node_modules or a git
// folder, where nobody starts one. And what makes a folder below a
// project or a repository of its own (see nestedProjectCode). And the
// Python environments under root (venvs: each folder that holds a
// pyvenv.cfg, or a conda prefix's conda-meta folder), whose
// interpreters, activate scripts and site-packages an editor or the
// person runs later, wherever the environment is.
func (e *Engine) ShownUnder(req *Request, root string, read func(p string, dir bool)) (found, kept, venvs []string, complete bool) {
	ev := newEvaluation(e, req)
	units := protectedUnitsOnce.get()
	// Bounded by entries only: a bound in time would make the same folder
	// checkable or not by the load on the machine.
	ev.fsw.deadline = time.Now().Add(24 * time.Hour)
	rules := ev.secretRules()
	probe := &subject{kind: KindRead}
	complete = ev.fsw.walk(root, true, nil, func(p string, link, dir bool) bool {
		if units.match(p, dir) || nestedProjectCode(p, link, dir) || ev.gitFolderCode(p, link, dir) {
			kept = append(kept, p)
		}
		if dir {
			if read != nil {
				read(p, true)
			}
			// A conda or pixi prefix has no pyvenv.cfg: its conda-meta
			// says what it is (see EnvMarks).
			if path.Base(p) == "conda-meta" && !strings.Contains(p, "/node_modules/") && !strings.Contains(p, "/.git/") {
				venvs = append(venvs, path.Dir(p))
			}
			return true
		}
		if path.Base(p) == "pyvenv.cfg" && !link && !strings.Contains(p, "/node_modules/") && !strings.Contains(p, "/.git/") {
			venvs = append(venvs, path.Dir(p))
		}
		probe.file = ev.pc.resolve(p, false, false, "")
		probe.text, probe.kbit = fileText{}, 0
		for _, r := range rules {
			if r.appliesTo(probe, ev.agent, ev.scope) && r.matched(probe, ev.pc, true) >= 0 {
				found = append(found, p)
				return true
			}
		}
		if ev.credentialConfig(p) {
			if read != nil {
				read(p, false)
			}
			if ev.configCredentialAt(p) != "" {
				found = append(found, p)
			}
		}
		return true
	})
	return found, kept, venvs, complete
}

// nestedProjectCode reports whether the path p (a folder when dir) is
// what makes a folder below the root a project of its own, or what a
// repository's own folder there names for the person's later commands
// to run, as the root's are protected: a .governance folder, a .git file
// (naming the git folder), a git folder's config and hooks, and
// [RepoCode]. The write rules protect them in any folder
// (self-protection, git-hooks-and-config). Not a .git link (link): kept
// read-only, what it leads to would be whole, and the root's is followed
// as git follows it (the launcher's gitCode).
func nestedProjectCode(p string, link, dir bool) bool {
	base := path.Base(p)
	switch {
	case dir && base == ".governance":
		return !strings.Contains(p, "/.git/")
	case !dir && base == ".git":
		return !link
	case dir && strings.HasSuffix(p, "/.git/hooks"), !dir && strings.HasSuffix(p, "/.git/config"):
		return true
	}
	return !dir && !strings.Contains(p, "/.git/") && slices.ContainsFunc(RepoCode, func(n string) bool { return strings.HasSuffix(p, "/"+n) })
}

// protectedUnits are the units (see protectedUnit) of the protected
// set's names relative to a folder, by kind.
type protectedUnits struct{ folders, files, globs []string }

var protectedUnitsOnce = lazy[*protectedUnits]{make: func() *protectedUnits {
	u := &protectedUnits{}
	for _, n := range startNamesOnce.get() {
		pat := n.Name
		if strings.HasPrefix(pat, "~/") || strings.HasPrefix(pat, "/") {
			continue
		}
		unit, glob := protectedUnit(pat)
		list := &u.files
		switch {
		case glob:
			list = &u.globs
		case unit != pat:
			// The folder of the pattern's files.
			list = &u.folders
		}
		if !slices.Contains(*list, unit) {
			*list = append(*list, unit)
		}
	}
	return u
}}

// StartName reports whether the path p (a folder when dir) is one of
// the protected set's names relative to a folder (web/.claude,
// web/.env.local, a/app.code-workspace), as [Engine.ShownUnder] finds
// them: none inside node_modules or a git folder.
func StartName(p string, dir bool) bool { return protectedUnitsOnce.get().match(p, dir) }

// match reports whether the path p (a folder when dir) is one of the
// units in some folder, outside node_modules and git folders.
func (u *protectedUnits) match(p string, dir bool) bool {
	if strings.Contains(p, "/node_modules/") || strings.Contains(p, "/.git/") {
		return false
	}
	if dir {
		return slices.ContainsFunc(u.folders, func(f string) bool { return strings.HasSuffix(p, "/"+f) })
	}
	if slices.ContainsFunc(u.files, func(f string) bool { return strings.HasSuffix(p, "/"+f) }) {
		return true
	}
	base := path.Base(p)
	return slices.ContainsFunc(u.globs, func(g string) bool { ok, _ := path.Match(g, base); return ok })
}

// StartWay reports whether the path p, found a link or no folder, is
// named as one of the protected set's folders relative to a folder
// (web/.vscode, web/.claude) or a folder on the way to one of its names
// (web/.config, web/mise, web/.github): a link there leads a program
// started in that folder to what it reads as it starts. None inside
// node_modules or a git folder.
func StartWay(p string) bool {
	if strings.Contains(p, "/node_modules/") || strings.Contains(p, "/.git/") {
		return false
	}
	return slices.ContainsFunc(startWaysOnce.get(), func(w string) bool { return strings.HasSuffix(p, "/"+w) })
}

// startWaysOnce are the folder units and the folders on the way to every
// unit, relative to a folder.
var startWaysOnce = lazy[[]string]{make: func() []string {
	u := protectedUnitsOnce.get()
	var out []string
	add := func(w string) {
		if w != "." && w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, f := range u.folders {
		for w := f; w != "." && w != "/"; w = path.Dir(w) {
			add(w)
		}
	}
	for _, f := range u.files {
		for w := path.Dir(f); w != "." && w != "/"; w = path.Dir(w) {
			add(w)
		}
	}
	return out
}}

// SecretFolders returns the paths outside the project that the
// policy's secret rules name by an absolute or home-relative pattern,
// each up to its first element with glob syntax (/etc/shadow,
// /etc/sudoers.d, /etc/ssh, ~/.ssh): where a confined call shown the
// folder around one needs the secrets in it found with
// [Engine.SecretsUnder].
func (e *Engine) SecretFolders(req *Request) []string {
	ev := newEvaluation(e, req)
	var out []string
	for _, r := range ev.secretRules() {
		for _, m := range r.Match {
			for _, pat := range m.Paths {
				if !strings.HasPrefix(pat, "/") && !strings.HasPrefix(pat, "~/") {
					continue
				}
				var lit []string
				for _, el := range strings.Split(pat, "/") {
					if hasMeta(el) || strings.Contains(el, "{") {
						break
					}
					lit = append(lit, el)
				}
				p := strings.Join(lit, "/")
				if p == "~" {
					continue
				}
				p = ev.expandTemplate(p)
				if p != "" && p != "/" && !slices.Contains(out, p) {
					out = append(out, path.Clean(p))
				}
			}
		}
	}
	return out
}

// GitFile is a file in a git repository's work tree, as the index of
// the repository lists it.
type GitFile struct {
	// Path is the file's absolute path; Top the work tree's folder;
	// GitDir the repository's git folder.
	Path, Top, GitDir string
	// Tracked: the index holds the file, as a regular file, with the
	// content in Object (hex), in mode 0100755 when Executable.
	Tracked    bool
	Object     string
	Executable bool
}

// IndexHolds returns which of paths (from the work tree's top) the git
// index file holds an entry for, at any stage and of any mode; ok is
// false when the file cannot be read as an index (none is an empty one).
func IndexHolds(indexFile string, paths []string) (held []string, ok bool) {
	want := map[string]bool{}
	for _, p := range paths {
		want[p] = true
	}
	w := &fsWork{}
	ok = w.indexPaths(indexFile, func(e indexEntry) bool {
		if n := string(e.name); want[n] {
			held = append(held, n)
			delete(want, n)
		}
		return len(want) > 0
	})
	return held, ok
}

// GitFiles returns those of files (absolute paths) that are in a git
// repository's work tree, each with what the index of the repository
// holds for it. Each repository's index is read once, and only when one
// of files is in it. An index that cannot be read tracks nothing.
func GitFiles(files []string) []GitFile {
	w := &fsWork{}
	byRepo := map[[2]string][]string{}
	var repos [][2]string
	for _, f := range files {
		top, gitDir := w.repoOf(path.Dir(f))
		if gitDir == "" || f == gitDir || strings.HasPrefix(f, gitDir+"/") {
			continue
		}
		k := [2]string{top, gitDir}
		if _, ok := byRepo[k]; !ok {
			repos = append(repos, k)
		}
		byRepo[k] = append(byRepo[k], f)
	}
	var out []GitFile
	for _, k := range repos {
		top, gitDir := k[0], k[1]
		want := map[string]string{}
		for _, f := range byRepo[k] {
			if rel, ok := strings.CutPrefix(f, top+"/"); ok {
				want[rel] = f
			}
		}
		tracked := map[string]GitFile{}
		w.indexPaths(path.Join(gitDir, "index"), func(e indexEntry) bool {
			f, ok := want[string(e.name)]
			// Stage 0 only: a file in a merge's conflict has entries of
			// stages 1 to 3, and no single committed content.
			if ok && e.stage == 0 && (e.mode == 0o100644 || e.mode == 0o100755) {
				tracked[f] = GitFile{Path: f, Top: top, GitDir: gitDir, Tracked: true,
					Object: hex.EncodeToString(e.oid[:]), Executable: e.mode == 0o100755}
			}
			return len(tracked) < len(want)
		})
		for _, f := range byRepo[k] {
			if t, ok := tracked[f]; ok {
				out = append(out, t)
			} else if strings.HasPrefix(f, top+"/") {
				out = append(out, GitFile{Path: f, Top: top, GitDir: gitDir})
			}
		}
	}
	return out
}
