package engine

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// Self-protection, stated as effects: no AI caller may write, delete,
// move (either end), link (either end), chmod or extract into the
// protected set, nor delete, move or chmod a folder that holds part of
// it. The protected set is the governance configuration and state, the
// settings and hook files of every harness, the agent files of every
// format (they are policy), and the installed governance binaries.

// harnessFiles are, by harness, the files that configure its hooks,
// permissions or plugins, relative to the project root ("~/" for the
// home directory), and its agent files. One table: harnessSettings and
// agentFiles are its flat lists, and the confinement holds a harness's
// absent names by whether that harness made the call (see
// [Engine.ProtectedHolds]).
var harnessFiles = []harnessGroup{
	// What carries hooks, commands or servers the harness runs later, in
	// a session nobody watches with no call judged: Claude Code's skills
	// (hooks in their frontmatter), slash commands (!`cmd` lines run as
	// the command expands) and plugins (hooks/hooks.json).
	{dialect: "claude", marks: []string{".claude"}, settings: []string{
		".claude/settings.json", ".claude/settings.local.json", ".claude/hooks/**", "~/.claude/settings.json",
		"~/.claude/settings.local.json", "~/.claude/hooks/**", "~/.claude.json", ".mcp.json",
		".claude/skills/**", "~/.claude/skills/**", ".claude/commands/**", "~/.claude/commands/**", "~/.claude/plugins/**",
	}, agents: []string{".claude/agents/**", "~/.claude/agents/**"}},
	// Codex's own permission rules (execpolicy).
	{dialect: "codex", marks: []string{".codex"}, settings: []string{
		".codex/hooks.json", ".codex/config.toml", "~/.codex/hooks.json", "~/.codex/config.toml",
		".codex/rules/**", "~/.codex/rules/**",
	}},
	// Gemini's extensions (hooks, servers), commands (!{cmd}) and
	// policies; the folders it trusts, whose .env and settings it then
	// loads.
	{dialect: "gemini", marks: []string{".gemini"}, settings: []string{
		".gemini/settings.json", "~/.gemini/settings.json",
		".gemini/extensions/**", "~/.gemini/extensions/**", ".gemini/commands/**", "~/.gemini/commands/**",
		".gemini/policies/**", "~/.gemini/policies/**", "~/.gemini/trustedFolders.json",
	}},
	// The MCP servers Cursor starts, its CLI's permissions, and the setup
	// commands it runs in a new worktree.
	{dialect: "cursor", marks: []string{".cursor"}, settings: []string{
		".cursor/hooks.json", ".cursor/hooks/**", "~/.cursor/hooks.json", "~/.cursor/hooks/**",
		".cursor/mcp.json", "~/.cursor/mcp.json", ".cursor/cli.json", "~/.cursor/cli-config.json", ".cursor/worktrees.json",
	}},
	// Copilot CLI's repository settings (allowed URLs, the shell's
	// environment), the MCP servers it starts in a trusted folder, and
	// its custom agents. .github is shared: its own names there say it
	// is used here.
	{dialect: "copilot", marks: []string{".github/hooks", ".github/copilot", ".github/agents", ".github/mcp.json"}, settings: []string{
		".github/hooks/*.json", "~/.copilot/hooks/*.json", "~/.copilot/settings.json", "~/.copilot/config.json",
		".github/mcp.json", ".github/copilot/settings.json", ".github/copilot/settings.local.json",
		"~/.copilot/mcp-config.json", ".github/agents/**", "~/.copilot/agents/**",
	}},
	// OpenCode runs every plugin in these folders; one could rewrite a
	// call after the governance plugin allowed it. Its configuration
	// names plugins and permissions; its commands run !`cmd` lines; its
	// custom tools are imported into its own process, and the
	// dependencies its package.json names installed, scripts and all.
	{dialect: "opencode", marks: []string{".opencode", "opencode.json", "opencode.jsonc"}, settings: []string{
		".opencode/plugins/*", ".opencode/plugin/*", "~/.config/opencode/plugins/*", "~/.config/opencode/plugin/*",
		"opencode.json", "opencode.jsonc", ".opencode/opencode.json", "~/.config/opencode/opencode.json",
		"~/.config/opencode/opencode.jsonc", "~/.opencode.json",
		".opencode/command/**", ".opencode/commands/**", "~/.config/opencode/command/**", "~/.config/opencode/commands/**",
		".opencode/tool/**", ".opencode/tools/**", "~/.config/opencode/tool/**", "~/.config/opencode/tools/**",
		".opencode/package.json", "~/.config/opencode/package.json",
	}, agents: []string{".opencode/agent/**", ".opencode/agents/**", "~/.config/opencode/agent/**", "~/.config/opencode/agents/**"}},
	// Other agents' and editors' project files that start a server or
	// run a command without the person, as the project is opened or a
	// file saved: Kiro starts the servers of .kiro/settings/mcp.json and
	// runs the commands of its hooks (.kiro/hooks: a runCommand on a
	// file edited, a command on PostFileSave); Roo Code loads
	// .roo/mcp.json as it finds it; Amazon Q the workspace's
	// .amazonq/mcp.json and .amazonq/default.json, and the CLI's agents
	// their servers; Continue every server file of .continue/mcpServers;
	// Junie .junie/mcp/mcp.json; Copilot in JetBrains IDEs .idea/mcp.json;
	// aider runs the lint-cmd (and test-cmd) of .aider.conf.yml at the
	// git root after every edit it makes.
	{marks: []string{".kiro"}, settings: []string{
		".kiro/settings/mcp.json", "~/.kiro/settings/mcp.json", ".kiro/hooks/**", "~/.kiro/hooks/**", ".kiro/agents/**",
	}},
	{marks: []string{".roo"}, settings: []string{".roo/mcp.json"}},
	{marks: []string{".amazonq"}, settings: []string{
		".amazonq/mcp.json", ".amazonq/default.json", ".amazonq/cli-agents/**", "~/.aws/amazonq/mcp.json",
	}},
	{marks: []string{".continue"}, settings: []string{".continue/mcpServers/**", "~/.continue/mcpServers/**"}},
	{marks: []string{".junie"}, settings: []string{".junie/mcp/**", "~/.junie/mcp/**"}},
	{marks: []string{".idea"}, settings: []string{".idea/mcp.json"}},
	{settings: []string{".aider.conf.yml", "~/.aider.conf.yml"}},
	// Windsurf's Cascade hooks (a command before or after each read,
	// write and command, whose exit code blocks or lets it through) in
	// the workspace and the user's folder, and the MCP servers it
	// starts; Cline's hooks, executable scripts named by their event;
	// Kilo Code's MCP servers and configuration (servers, permissions).
	{marks: []string{".windsurf"}, settings: []string{
		".windsurf/hooks.json", "~/.codeium/windsurf/hooks.json", "~/.codeium/windsurf/mcp_config.json",
	}},
	{marks: []string{".clinerules"}, settings: []string{".clinerules/hooks/**", "~/Documents/Cline/Hooks/**"}},
	{marks: []string{".kilocode", ".kilo", "kilo.json", "kilo.jsonc"}, settings: []string{
		".kilocode/mcp.json", "kilo.json", "kilo.jsonc", ".kilo/kilo.json", ".kilo/kilo.jsonc", "~/.config/kilo/kilo.json",
		"~/.config/kilo/kilo.jsonc",
	}},
}

// harnessGroup is one harness's files in [harnessFiles].
type harnessGroup struct {
	// dialect is the hook's dialect of the harness, which names it in a
	// confined call's rewrite (--harness); "" for a harness no hook of
	// governance runs in.
	dialect string
	// marks are the harness's own names in a folder (.claude) whose
	// presence says the person uses it there: it may be running now.
	marks []string
	// settings configure its hooks, permissions, plugins and servers;
	// agents are its agent definitions.
	settings, agents []string
}

// harnessSettings and agentFiles are harnessFiles' settings and agents,
// made on first use: the hook does no work at start.
var (
	harnessSettingsOnce = lazy[[]string]{make: func() []string { return groupFiles(func(g *harnessGroup) []string { return g.settings }) }}
	agentFilesOnce      = lazy[[]string]{make: func() []string { return groupFiles(func(g *harnessGroup) []string { return g.agents }) }}
)

func harnessSettings() []string { return harnessSettingsOnce.get() }
func agentFiles() []string      { return agentFilesOnce.get() }

// groupFiles returns one list of every group's names.
func groupFiles(of func(*harnessGroup) []string) []string {
	var out []string
	for i := range harnessFiles {
		out = append(out, of(&harnessFiles[i])...)
	}
	return out
}

// HarnessDialect reports whether name is a harness's dialect in
// [harnessFiles]: a confined call's rewrite names the harness that made
// it so (--harness), and the launcher holds that harness's names.
func HarnessDialect(name string) bool {
	return name != "" && slices.ContainsFunc(harnessFiles, func(g harnessGroup) bool { return g.dialect == name })
}

// StartFiles are the files and folders, relative to a folder, that a
// program run later outside any confinement reads as it starts in that
// folder or opens it: a harness, an editor, the person's shell. A
// confined call may not write them in the project's root, nor in any
// folder from where it runs up to the root (see
// [Engine.ProtectedPaths]); the built-in policy denies or asks before a
// file tool writes them anywhere (secrets-env-files, code-run-on-open;
// TestStartFilesAsked keeps the two together). A name with glob syntax
// in its last element (*.code-workspace) is kept read-only where it
// exists: no placeholder can stand for every name it matches. Each says
// how a confined call is kept from making it where it is absent (see
// [Hold]).
var StartFiles = []StartFile{
	// Claude Code's native build and OpenCode are Bun executables: Bun
	// loads these into the harness's own environment as it starts
	// (.env.$NODE_ENV and its .local form by NODE_ENV, development
	// unless set), and every hook and command it runs inherits them
	// (BASH_ENV, NODE_OPTIONS); bunfig.toml's preload runs scripts in
	// every bun process started there. Gemini CLI loads the first .env
	// (or .gemini/.env, a harness file) from its folder up, and a running
	// shell's direnv loads .envrc, once allowed, as the prompt comes
	// back in its folder: both held where the running ones read them.
	{".env", HeldAtRoot}, {".env.local", Checked}, {".env.development", Checked}, {".env.development.local", Checked},
	{".env.production", Checked}, {".env.production.local", Checked}, {".env.test", Checked}, {".env.test.local", Checked},
	{".envrc", HeldAtCwd}, {"bunfig.toml", Checked},
	// What an editor runs as it opens the folder (code-run-on-open): VS
	// Code's folder-open tasks, settings (the interpreter, the terminal's
	// environment, the linters' programs) and MCP servers; a dev
	// container's initializeCommand, on the host; Zed's settings (the
	// language servers it starts, by path and arguments); a workspace
	// file's tasks, run as the person opens it; JetBrains' startup tasks
	// and file watchers, kept in .idea.
	// An editor open on the project watches its folder's settings and
	// applies them as they change, during the call: held at the root,
	// where it is opened.
	{".vscode/tasks.json", HeldAtRoot}, {".vscode/settings.json", HeldAtRoot}, {".vscode/mcp.json", HeldAtRoot},
	{".devcontainer/**", Checked}, {".devcontainer.json", Checked}, {".zed/settings.json", HeldAtRoot}, {".idea/**", HeldAtRoot},
	{"*.code-workspace", Checked},
	// Version managers, whose shims start the harnesses built on Node and
	// the person's tools by the configuration of the folder they start
	// in: mise's configuration ([env] templates and _.source, [hooks]) is
	// trusted by its path, and mise run, install and exec trust it
	// themselves; a .tool-versions version may be a path: (asdf, mise),
	// whose bin holds the program the shim then runs.
	{"mise.toml", Checked}, {".mise.toml", Checked}, {"mise.local.toml", Checked}, {".mise.local.toml", Checked},
	{".mise/**", Checked}, {"mise/config.toml", Checked}, {".config/mise/**", Checked}, {".config/mise.toml", Checked},
	{".tool-versions", Checked},
	// Files that name, by path, the program a tool runs in place of its
	// own as it starts in that folder or below: rustup's toolchain file
	// (path = a folder whose cargo and rustc the proxies then run; an
	// editor's rust-analyzer runs cargo as it opens the folder), cargo's
	// configuration (build.rustc-wrapper, build.rustc, a target's
	// runner), and the Yarn release .yarnrc.yml's yarnPath or Yarn 1's
	// .yarnrc yarn-path names, which the person's yarn runs instead.
	{"rust-toolchain.toml", Checked}, {"rust-toolchain", Checked}, {".cargo/config.toml", Checked}, {".cargo/config", Checked},
	{".yarnrc.yml", Checked}, {".yarnrc", Checked},
}

// StartFile is a name of [StartFiles] and how one absent is kept.
type StartFile struct {
	Name string
	Hold Hold
}

// Hold says how a confined call is kept from making a protected name
// relative to a folder where it is absent; one that exists is read-only
// wherever it is named. A placeholder (an empty read-only file or folder
// over the name) costs a mount and a file made and removed on the host
// each call, and is kept for where a program ALREADY running reads the
// name during the call: checked after the call, a name the call made
// would be read before the check. A name read only as a program starts
// is checked once the call and every job it left have ended, and one
// made is moved aside before anything starts.
type Hold uint8

const (
	// Checked: no placeholder; looked for after the call.
	Checked Hold = iota
	// HeldAtRoot: a placeholder in the project's root, checked in the
	// other folders.
	HeldAtRoot
	// HeldAtCwd: a placeholder in the root and in the call's own folder,
	// where the running harness or shell is; checked in the folders
	// between.
	HeldAtCwd
)

// startNames is what [Engine.ProtectedPaths] names in a folder, each
// with how one absent is kept: the harnesses' settings and agent files
// are held where the running harness reads them (Claude Code, Gemini
// CLI and others watch their settings, and find a folder's skills and
// commands as the agent works there, during the session), StartFiles as
// each says.
var startNamesOnce = lazy[[]startName]{make: func() []startName {
	var out []startName
	for i := range harnessFiles {
		g := &harnessFiles[i]
		for _, pat := range slices.Concat(g.settings, g.agents) {
			out = append(out, startName{StartFile{pat, HeldAtCwd}, g})
		}
	}
	for _, f := range StartFiles {
		n := startName{StartFile: f}
		if dir, _, ok := strings.Cut(f.Name, "/"); ok && f.Hold != Checked {
			// An editor's settings in its folder (.vscode): held as
			// another harness's are.
			n.of = &harnessGroup{marks: []string{dir}}
		}
		out = append(out, n)
	}
	return out
}}

// startName is a name of startNames, with the harness or editor it is
// of (nil for none).
type startName struct {
	StartFile
	of *harnessGroup
}

// RepoCode are the files of a Mercurial or Jujutsu repository's own
// folder, relative to its work tree's top, that name programs the
// person's later commands there run, outside any confinement, as
// .git/config and .git/hooks do for git: Mercurial's hooks and
// extensions in .hg/hgrc (and hgrc-not-shared, and the hgrc of the
// repository a share's sharedpath names); Jujutsu's fix tools, pager
// and editor in its repository's and workspace's configuration, and
// .jj/repo, a file in a workspace that names the repository whose
// configuration counts. A confined call may not write them where the
// folder exists; the built-in policy denies a file tool's write of them
// anywhere (git-hooks-and-config; TestRepoCodeDenied keeps the two
// together).
var RepoCode = []string{".hg/hgrc", ".hg/hgrc-not-shared", ".hg/sharedpath", ".jj/repo", ".jj/repo/config.toml", ".jj/workspace-config.toml"}

// VenvFolders are the folders at a project's root where editors look
// for its Python virtual environment, whose interpreter and activate
// scripts they run as they open the project (code-run-on-open).
var VenvFolders = []string{".venv", "venv", "env"}

// sharedFolders hold files of many tools, most of them a call may write
// (.github/workflows), or have a name many projects give a folder of
// their own (mise): a protected file in one is protected alone, never
// the folder with it.
var sharedFolders = []string{".github", ".config", "mise"}

// anywhere returns patterns relative to the project root made to match
// in any folder: another project's settings (or an outer one's, from a
// nested repository) configure the harness that runs there as much as
// the current project's do. Home and absolute patterns stay as they are.
func anywhere(patterns []string) []string {
	out := make([]string, len(patterns))
	for i, pat := range patterns {
		if strings.Contains(pat, "/") && !strings.HasPrefix(pat, "~/") && !strings.HasPrefix(pat, "/") {
			pat = "**/" + pat
		}
		out[i] = pat
	}
	return out
}

// harnessSettingsAnywhere and agentFilesAnywhere are harnessSettings and
// agentFiles in any folder (see anywhere); governanceAnywhere is the
// governance folder of any project.
// They are made on first use: the hook does no work at start.
var (
	harnessSettingsAnywhereOnce = lazy[[]string]{make: func() []string { return anywhere(harnessSettings()) }}
	agentFilesAnywhereOnce      = lazy[[]string]{make: func() []string { return anywhere(agentFiles()) }}
	governanceAnywhere          = []string{".governance/**"}
)

func harnessSettingsAnywhere() []string { return harnessSettingsAnywhereOnce.get() }
func agentFilesAnywhere() []string      { return agentFilesAnywhereOnce.get() }

// harnessSettingLits are the literal runs of harnessSettingsAnywhere.
var harnessSettingLitsOnce = lazy[*pathLits]{make: func() *pathLits {
	l := newPathLits(harnessSettingsAnywhere(), true)
	return &l
}}

func harnessSettingLits() *pathLits { return harnessSettingLitsOnce.get() }

// protectedKind names a part of the protected set, for messages.
type protectedKind uint8

const (
	notProtected protectedKind = iota
	protectedGovernance
	protectedHarness
	protectedAgent
	protectedBinary
	protectedPlanted
)

// protectedAt reports which part of the protected set a place is in.
func (ev *evaluation) protectedAt(p place) protectedKind {
	switch {
	case p.abs == "":
		return notProtected
	case p.is(ClassGovernance) && !(ev.scope == "meta" && ev.brainPath(p)):
		return protectedGovernance
	case anyPath(governanceAnywhere, p, ev.pc, true) && !p.is(ClassGovernance):
		// Another project's (the current one's is classed so).
		return protectedGovernance
	case anyPathLit(harnessSettingsAnywhere(), harnessSettingLits(), p, nil, ev.pc, true):
		return protectedHarness
	case anyPath(agentFilesAnywhere(), p, ev.pc, true):
		return protectedAgent
	case ev.e.isBinary(p.abs):
		return protectedBinary
	case ev.plantedBinary(p.abs):
		return protectedPlanted
	}
	return notProtected
}

// programNames are the programs cmd/ builds, installed side by side:
// the CLI, the hook the harness settings run, and the confinement
// launcher the hook's rewrites run. Each enforces policy, so each is in
// the protected set wherever it is installed (TestProgramNamesComplete
// keeps the list whole).
var programNames = []string{"governance", "governance-confine", "governance-hook"}

// programName reports a file name that is one of programNames, in any
// case (as the protected set is matched).
func programName(base string) bool {
	for _, n := range programNames {
		if strings.EqualFold(base, n) {
			return true
		}
	}
	return false
}

// shadowNames are programs that run outside every confinement by their
// bare name: the harnesses start git (for their status line), MCP
// clients npx, and a person's shell the rest. A file of such a name in a
// folder of the project that goes on PATH (an activated .venv/bin) would
// run in their place, with the person's full power, after a confined
// call put it there. Names a virtual environment or node_modules/.bin
// holds by right (python, pip, node, uv) are not among them: protecting
// those would break installs.
var shadowNames = []string{"git", "ssh", "sudo", "npx", "gh", "bash", "sh", "zsh", "rg"}

// shadowName reports a file name that is one of shadowNames, in any
// case (as programName).
func shadowName(base string) bool {
	for _, n := range shadowNames {
		if strings.EqualFold(base, n) {
			return true
		}
	}
	return false
}

// plantedBinary reports a file named as a governance program (the names
// harness hook settings and hook rewrites run) in a folder of PATH or one that goes on it
// (a virtual environment's bin, node_modules/.bin, ~/.local/bin): put
// there, it would run instead of the installed program, found first. So
// is a file of one of shadowNames in such a folder inside the project.
func (ev *evaluation) plantedBinary(abs string) bool {
	base := path.Base(abs)
	dir := path.Dir(abs)
	if !programName(base) {
		return shadowName(base) && ev.pc.root != "" && within(dir, ev.pc.root) && ev.binFolder(dir)
	}
	if ev.binFolder(dir) {
		return true
	}
	switch dir {
	case "/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/opt/homebrew/bin":
		return true
	}
	if h := ev.pc.home; h != "" {
		for _, d := range []string{"/.local/bin", "/bin", "/go/bin", "/.cargo/bin"} {
			if dir == h+d {
				return true
			}
		}
	}
	return false
}

// binFolder reports a folder that goes on PATH: a virtual environment's
// bin, node_modules/.bin, or a folder of the calls' PATH.
func (ev *evaluation) binFolder(dir string) bool {
	for _, suffix := range []string{"/.venv/bin", "/venv/bin", "/node_modules/.bin"} {
		if strings.HasSuffix(dir, suffix) {
			return true
		}
	}
	if ev.e.LookupEnv != nil {
		pathVar, _ := ev.e.LookupEnv("PATH")
		for _, d := range filepath.SplitList(pathVar) {
			if d != "" && path.Clean(d) == dir {
				return true
			}
		}
	}
	return false
}

// protectedInside returns a protected path that lies inside the folder
// abs, or "": deleting or moving the folder takes it along. A root may be
// abs itself: a pattern that names a folder's contents (.github/hooks/*.json)
// has that folder as its root, and deleting it deletes them.
func (ev *evaluation) protectedInside(abs string) string {
	if abs == "" {
		return ""
	}
	for _, r := range ev.protectedRoots() {
		// In any case, as the protected set is matched (see anyPath):
		// rm -rf .CLAUDE deletes .claude where names ignore case.
		if r != "" && withinFold(r, abs) && ev.parentMayExist(r) && ev.mayExist(r) {
			return r
		}
	}
	return ""
}

// parentMayExist reports whether the folder a path is written in may
// exist: where it does not, neither does the path. Most roots share a
// folder (.claude, .gemini, .opencode) that most projects lack, so one
// lstat, kept for the call, stands for several.
func (ev *evaluation) parentMayExist(abs string) bool {
	i := strings.LastIndexByte(abs, '/')
	return i <= 0 || ev.mayExist(abs[:i])
}

// mayExist reports whether a path exists, or may: past the bound on the
// file system work, or when the file system cannot tell.
func (ev *evaluation) mayExist(abs string) bool {
	if !ev.fsw.take(1) {
		return true
	}
	_, err := ev.fsw.lstat(abs)
	return !isNotExist(err)
}

// literalPrefix returns the part of a path pattern before its first
// element with glob syntax.
func literalPrefix(pat string) string {
	if i := strings.IndexAny(pat, "*?[{"); i >= 0 {
		pat = pat[:i]
	}
	return strings.TrimSuffix(pat, "/")
}

// selfProtection denies an AI caller's effect on the protected set.
func (ev *evaluation) selfProtection(s *subject) Verdict {
	p := s.file
	deny := func(rule, msg, sug string) Verdict {
		return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: rule, Message: msg, Suggestion: sug}
	}
	kind := ev.protectedAt(p)
	if kind == notProtected {
		if v, ok := ev.linkedVerdict(s); ok {
			return v
		}
	}
	switch kind {
	case protectedGovernance:
		return deny("self-protection", "The governance configuration and state ("+ev.relPath(p)+") may only be changed by a human.",
			"Describe the change you need and let the user make it (they can check it with `governance lint`).")
	case protectedHarness:
		return deny("hook-settings", "The harness file "+ev.relPath(p)+" configures the hooks that enforce policy, or code the harness runs later (a skill, a command, a plugin, a server); an agent may not change it.",
			"Ask the user to change harness settings themselves (governance install does it safely).")
	case protectedAgent:
		return deny("agent-files", "The agent file "+ev.relPath(p)+" is policy: it says what that agent may do, and an agent may not change it.",
			"Tell the user which change to the agent's permissions you need.")
	case protectedBinary:
		return deny("self-protection", "The governance program "+p.abs+" enforces policy; an agent may not change, move or link it.",
			"Ask the user to install or update governance themselves.")
	case protectedPlanted:
		if !programName(path.Base(p.abs)) {
			return deny("self-protection", "A program named "+path.Base(p.abs)+" in "+path.Dir(p.abs)+", a folder of programs found along PATH, would run instead of the real "+path.Base(p.abs)+" when the harness or the user runs it by name, unjudged and unconfined; an agent may not put one there.",
				"Name the file differently, or run the program by its path.")
		}
		return deny("self-protection", "A program named "+path.Base(p.abs)+" in "+path.Dir(p.abs)+", a folder of programs found along PATH, could run instead of the governance program that enforces policy; an agent may not put one there.",
			"Name the file differently, or ask the user to install governance themselves.")
	}
	if p.is(ClassRoot) || p.is(ClassHome) {
		// The root and the home are the catastrophic invariants'.
		return Verdict{}
	}
	inner := ev.protectedInside(p.abs)
	if inner == "" {
		return Verdict{}
	}
	top := p.abs == ev.pc.root || p.abs == ev.pc.home
	if s.vcs && top {
		// git rewrites only what it tracks in the whole tree, which the
		// git rules judge.
		return Verdict{}
	}
	switch {
	case s.op == programs.Delete || s.op == programs.Move || s.op == programs.Chmod && s.tree || s.op == programs.Link:
		return deny("self-protection", describeOp(s.op)+" "+ev.relPath(p)+" would take "+ev.relPath(place{abs: inner})+
			" with it, which only a human may change.",
			"Act on the files you need inside the folder, not on the folder that holds the governance or harness settings.")
	case !top:
		// A folder of settings (.claude, .github, ~/.config): what is
		// written into it may land on them.
		return deny("self-protection", "Writing into "+ev.relPath(p)+", the folder of "+ev.relPath(place{abs: inner})+
			", may change it, which only a human may do.",
			"Write somewhere that holds no governance or harness settings.")
	case s.op == programs.Write && s.tree && !s.vcs:
		return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "self-protection", Message: "Writing the files under " +
			ev.relPath(p) + " (an archive extracted, a tree copied) may overwrite " + ev.relPath(place{abs: inner}) +
			", which only a human may change.",
			Suggestion: "Extract or copy into a folder that holds no governance or harness settings."}
	}
	return Verdict{}
}

// describeOp names an effect for a message.
func describeOp(op programs.Op) string {
	switch op {
	case programs.Delete:
		return "Deleting"
	case programs.Move:
		return "Moving"
	case programs.Chmod:
		return "Changing the permissions of"
	case programs.Link:
		return "Linking"
	}
	return "Writing"
}

// isBinary reports an installed governance program.
func (e *Engine) isBinary(abs string) bool {
	for _, b := range e.binaries() {
		if b == abs {
			return true
		}
	}
	return false
}

// binaries returns the installed governance programs: the running one
// and the others beside it, as found, with links resolved.
func (e *Engine) binaries() []string {
	e.binOnce.Do(func() {
		if e.Binaries != nil {
			e.bins = e.Binaries
			return
		}
		exe, err := os.Executable()
		if err != nil {
			return
		}
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		name := filepath.Base(exe)
		if !strings.HasPrefix(name, "governance") {
			// A test binary or another host: nothing of governance's is
			// installed beside it.
			return
		}
		dir := filepath.Dir(exe)
		for _, n := range programNames {
			p := filepath.Join(dir, n)
			if _, err := os.Stat(p); err == nil {
				e.bins = append(e.bins, filepath.ToSlash(p))
			}
		}
	})
	return e.bins
}

// governanceName reports a program name or path that is governance's CLI.
func governanceName(name string) bool {
	return name == "governance" || name == "governance-hook" || path.Base(name) == "governance"
}
