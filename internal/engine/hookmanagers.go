package engine

// Git hook managers install a hook that, as the person commits, reads
// what to run from files of the work tree: the installed hook is
// protected (.git/hooks, core.hooksPath), and so must be what it reads,
// or a change to a tracked YAML file runs code in the person's git,
// unconfined. The built-in policy asks before they are written
// (code-run-on-open), and a confined call sees them read-only.

// HookManager is a git hook manager whose hooks read the work tree.
type HookManager struct {
	Name string
	// Marker is a word the hooks it installs hold, by which a
	// repository where it is installed is known.
	Marker string
	// Files are the files and folders it reads, from the top of the
	// work tree.
	Files []string
}

// HookManagers are the hook managers that read their configuration as
// the person commits. husky 5 and later runs the scripts of .husky, the
// folder core.hooksPath names (.husky/_); husky 4 reads its rc files and
// the "husky" key of package.json, which stays writable: an install
// writes it. simple-git-hooks and yorkie copy their commands into
// .git/hooks as they install, which is protected.
var HookManagers = []HookManager{
	{Name: "pre-commit", Marker: "hook-impl", Files: []string{".pre-commit-config.yaml"}},
	// lefthook takes its configuration from one of these (which one is not
	// said) and merges a -local one over it; .lefthook holds its scripts.
	{Name: "lefthook", Marker: "lefthook", Files: []string{
		".lefthook", ".lefthook-local", "lefthook.yml", ".lefthook.yml", ".config/lefthook.yml", "lefthook.yaml",
		".lefthook.yaml", ".config/lefthook.yaml", "lefthook.toml", ".lefthook.toml", ".config/lefthook.toml",
		"lefthook.json", ".lefthook.json", ".config/lefthook.json", "lefthook.jsonc", ".lefthook.jsonc",
		".config/lefthook.jsonc", "lefthook-local.yml", ".lefthook-local.yml", ".config/lefthook-local.yml",
		"lefthook-local.yaml", ".lefthook-local.yaml", ".config/lefthook-local.yaml", "lefthook-local.toml",
		".lefthook-local.toml", ".config/lefthook-local.toml", "lefthook-local.json", ".lefthook-local.json",
		".config/lefthook-local.json", "lefthook-local.jsonc", ".lefthook-local.jsonc", ".config/lefthook-local.jsonc"}},
	{Name: "husky", Marker: "husky", Files: []string{".husky", ".huskyrc", ".huskyrc.json", ".huskyrc.yaml", ".huskyrc.yml",
		".huskyrc.js", ".huskyrc.cjs", "husky.config.js", "husky.config.cjs"}},
	{Name: "overcommit", Marker: "overcommit", Files: []string{".overcommit.yml", ".git-hooks"}},
}
