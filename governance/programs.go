package governance

// progSpec is what the engine knows about a program's command line: which
// options take a value, and what its positional arguments are.
type progSpec struct {
	// short lists the short options that take a value; long the long
	// options (without --) that take one.
	short string
	long  []string
	// singleLong programs spell long options with one dash (-name x).
	singleLong bool
	// noOptions programs never read options (echo's words are data).
	noOptions bool
	// global holds the options accepted before the subcommand; when set,
	// the first positional is a subcommand and subs gives its options.
	global *progSpec
	subs   []namedSpec
	// nsub counts leading positional words that are subcommands, for
	// programs without global options.
	nsub int
	// args says what the positional arguments are; writes which of them
	// the program creates or changes.
	args   argRole
	writes writeRole
	// enums are long options whose value is optional: the next word is
	// their value only when it is one of the values listed ("#" stands for
	// a number).
	enums []enumOption
}

// enumOption is a long option with an optional value from a fixed set.
type enumOption struct {
	name   string
	values []string
}

// takesEnum reports whether next is a value of the optional-value option.
func (s *progSpec) takesEnum(name, next string) bool {
	for _, e := range s.enums {
		if e.name != name {
			continue
		}
		for _, v := range e.values {
			if v == next || v == "#" && isNumber("-"+next) {
				return true
			}
		}
	}
	return false
}

// namedSpec is a table entry: a program or subcommand and its spec.
type namedSpec struct {
	name string
	spec *progSpec
}

// lookup finds name in a table sorted by name. It is called for every
// simple command: the search is written out rather than given a compare
// function to call at each step.
func lookup(table []namedSpec, name string) *progSpec {
	lo, hi := 0, len(table)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if table[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(table) && table[lo].name == name {
		return table[lo].spec
	}
	return nil
}

func (s *progSpec) takesLong(name string) bool {
	for _, l := range s.long {
		if l == name {
			return true
		}
	}
	return false
}

// argRole says what positional arguments are.
type argRole uint8

const (
	argPaths        argRole = iota // files the program reads (the default)
	argData                        // text, not files (echo, printf)
	argPatternFirst                // a pattern or program text, then files (grep, sed, awk)
	argOperands                    // key=value operands (dd)
)

// writeRole says which positional arguments a program writes.
type writeRole uint8

const (
	writeNone       writeRole = iota
	writeAll                  // every positional (rm, touch, mkdir)
	writeLast                 // the destination (cp, mv, ln)
	writeAfterFirst           // all but a leading mode or owner (chmod, chown)
)

// psSpec: PowerShell spells options with one dash (-Command, -File).
var psSpec = &progSpec{singleLong: true, long: []string{"Command", "File", "c", "f", "EncodedCommand", "enc", "e", "ec"}}

// editorSpec: an editor writes the files it opens.
var editorSpec = &progSpec{short: "c", writes: writeAll}

// gitCheckoutEnums are checkout's options with optional values.
var gitCheckoutEnums = []enumOption{
	{"track", []string{"direct", "inherit"}},
	{"recurse-submodules", []string{"on-demand", "yes", "no", "check"}},
	{"conflict", []string{"merge", "diff3", "zdiff3"}},
	{"unified", []string{"#"}},
	{"inter-hunk-context", []string{"#"}},
}

var gitSpec = &progSpec{
	global: &progSpec{
		short: "Cc",
		long:  []string{"git-dir", "work-tree", "namespace", "config-env", "super-prefix", "exec-path", "list-cmds"},
	},
	subs: []namedSpec{
		{"branch", &progSpec{short: "mMcCu", long: []string{"set-upstream-to", "contains", "no-contains", "merged", "no-merged", "points-at", "sort", "format"}, args: argData}},
		{"checkout", &progSpec{short: "bBU", long: []string{"orphan", "pathspec-from-file"}, enums: gitCheckoutEnums}},
		{"clone", &progSpec{short: "bocu", long: []string{"branch", "origin", "config", "upload-pack", "depth", "reference", "separate-git-dir", "jobs", "filter", "template"}}},
		{"commit", &progSpec{short: "mFCct", long: []string{"message", "file", "reuse-message", "reedit-message", "author", "date", "template", "fixup", "squash", "trailer", "cleanup", "pathspec-from-file"}, args: argData}},
		{"config", &progSpec{short: "f", long: []string{"file", "blob", "default", "type", "comment"}, args: argData}},
		{"diff", &progSpec{short: "U", long: []string{"unified", "output", "diff-filter", "word-diff-regex", "color-words"}}},
		{"fetch", &progSpec{short: "j", long: []string{"depth", "deepen", "shallow-since", "shallow-exclude", "jobs", "refmap", "negotiation-tip"}, args: argData}},
		{"grep", &progSpec{short: "efABC", long: []string{"max-depth", "context", "after-context", "before-context"}, args: argPatternFirst}},
		{"log", &progSpec{short: "n", long: []string{"max-count", "skip", "since", "until", "after", "before", "author", "committer", "grep", "format", "pretty", "date", "output"}, args: argData}},
		{"merge", &progSpec{short: "mFsX", long: []string{"message", "file", "strategy", "strategy-option", "into-name"}, args: argData}},
		{"pull", &progSpec{short: "sX", long: []string{"strategy", "strategy-option", "depth", "deepen", "shallow-since", "shallow-exclude"}, args: argData}},
		{"push", &progSpec{short: "o", long: []string{"push-option", "repo", "receive-pack", "exec", "force-with-lease"}, args: argData}},
		{"rebase", &progSpec{short: "sXx", long: []string{"onto", "strategy", "strategy-option", "exec", "empty"}, args: argData}},
		{"remote", &progSpec{args: argData}},
		{"reset", &progSpec{long: []string{"pathspec-from-file"}}},
		{"restore", &progSpec{short: "sU", long: []string{"source", "pathspec-from-file", "inter-hunk-context", "unified", "conflict"}}},
		{"rev-parse", &progSpec{args: argData}},
		{"show", &progSpec{long: []string{"format", "pretty", "output"}, args: argData}},
		{"stash", &progSpec{short: "m", long: []string{"message", "pathspec-from-file"}, args: argData}},
		{"switch", &progSpec{short: "cC", long: []string{"create", "force-create", "orphan"}, enums: gitCheckoutEnums}},
		{"tag", &progSpec{short: "mFu", long: []string{"message", "file", "local-user", "cleanup", "sort", "format", "contains", "no-contains", "points-at", "merged", "no-merged"}, args: argData}},
		{"worktree", &progSpec{short: "b", long: []string{"reason"}}},
	},
}

// programs is sorted by name; TestProgramTablesSorted checks it.
var programTable = []namedSpec{
	{"[", &progSpec{noOptions: true, args: argData}},
	{"[[", &progSpec{noOptions: true, args: argData}},
	{"ack", &progSpec{short: "ABC", args: argPatternFirst}},
	{"ag", &progSpec{short: "ABCGg", args: argPatternFirst}},
	{"alias", &progSpec{args: argData}},
	{"awk", &progSpec{short: "fvF", args: argPatternFirst}},
	{"base64", &progSpec{short: "wbo", long: []string{"wrap", "break", "output", "input"}}},
	{"basename", &progSpec{short: "s", args: argData}},
	{"cargo", &progSpec{nsub: 1}},
	{"cd", &progSpec{args: argData}},
	{"chgrp", &progSpec{long: []string{"reference"}, writes: writeAfterFirst}},
	{"chmod", &progSpec{long: []string{"reference"}, writes: writeAfterFirst}},
	{"chown", &progSpec{long: []string{"reference", "from"}, writes: writeAfterFirst}},
	{"code", editorSpec},
	{"command", &progSpec{args: argData}},
	{"cp", &progSpec{short: "tS", long: []string{"target-directory", "suffix", "backup", "reflink", "sparse", "preserve", "no-preserve"}, writes: writeLast}},
	{"date", &progSpec{short: "dfr", long: []string{"date", "file", "reference"}, args: argData}},
	{"dd", &progSpec{noOptions: true, args: argOperands}},
	{"declare", &progSpec{args: argData}},
	{"dirname", &progSpec{args: argData}},
	{"docker", &progSpec{global: &progSpec{short: "cHl", long: []string{"config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey"}}, args: argData}},
	{"echo", &progSpec{noOptions: true, args: argData}},
	{"ed", editorSpec},
	{"egrep", &progSpec{short: "efmABC", args: argPatternFirst}},
	{"emacs", editorSpec},
	{"exit", &progSpec{args: argData}},
	{"export", &progSpec{args: argData}},
	{"expr", &progSpec{noOptions: true, args: argData}},
	{"false", &progSpec{args: argData}},
	{"fgrep", &progSpec{short: "efmABC", args: argPatternFirst}},
	{"gawk", &progSpec{short: "fvF", args: argPatternFirst}},
	{"gedit", editorSpec},
	{"git", gitSpec},
	{"go", &progSpec{nsub: 1}},
	{"grep", &progSpec{short: "efmABCdD", long: []string{"regexp", "file", "max-count", "after-context", "before-context", "context", "include", "exclude", "exclude-dir", "label", "color", "colour", "binary-files", "devices", "directories"}, args: argPatternFirst}},
	{"helm", &progSpec{global: &progSpec{short: "n", long: []string{"namespace", "kube-context", "kubeconfig", "registry-config", "repository-config", "repository-cache"}},
		short: "fno", long: []string{"values", "namespace", "output", "set", "set-string", "set-file"}, args: argData}},
	{"hx", editorSpec},
	{"install", &progSpec{short: "gmotS", long: []string{"group", "mode", "owner", "target-directory", "suffix"}, writes: writeLast}},
	{"joe", editorSpec},
	{"jq", &progSpec{short: "fL", long: []string{"arg", "argjson", "slurpfile", "rawfile", "indent", "from-file"}, args: argPatternFirst}},
	{"kak", editorSpec},
	{"kill", &progSpec{short: "sn", args: argData}},
	{"kubectl", &progSpec{global: &progSpec{short: "nsc", long: []string{"namespace", "context", "kubeconfig", "server", "cluster", "user", "token", "as", "as-group", "request-timeout", "cache-dir"}},
		short: "fon", long: []string{"filename", "output", "namespace"}, args: argData}},
	{"ln", &progSpec{short: "tS", long: []string{"target-directory", "suffix", "backup"}, writes: writeLast}},
	{"local", &progSpec{args: argData}},
	{"make", &progSpec{short: "CfIjlWo", long: []string{"directory", "file", "makefile", "include-dir", "jobs", "load-average", "old-file", "what-if"}, args: argData}},
	{"mawk", &progSpec{short: "fvF", args: argPatternFirst}},
	{"micro", editorSpec},
	{"mkdir", &progSpec{short: "m", long: []string{"mode", "context"}, writes: writeAll}},
	{"mv", &progSpec{short: "tS", long: []string{"target-directory", "suffix", "backup"}, writes: writeLast}},
	{"nano", editorSpec},
	{"nawk", &progSpec{short: "fvF", args: argPatternFirst}},
	{"node", &progSpec{short: "er", long: []string{"eval", "print", "require", "import", "loader", "input-type"}}},
	{"npm", &progSpec{global: &progSpec{short: "w", long: []string{"prefix", "workspace", "registry", "cache", "userconfig", "loglevel"}}}},
	{"nvim", editorSpec},
	{"pico", editorSpec},
	{"powershell", psSpec},
	{"printf", &progSpec{short: "v", args: argData}},
	{"pushd", &progSpec{args: argData}},
	{"pwsh", psSpec},
	{"python", &progSpec{short: "cmWX"}},
	{"read", &progSpec{short: "aDdinNpt", args: argData}},
	{"readonly", &progSpec{args: argData}},
	{"return", &progSpec{args: argData}},
	{"rg", &progSpec{short: "efmABCgtTrEjM", long: []string{"regexp", "file", "max-count", "after-context", "before-context", "context", "glob", "iglob",
		"type", "type-not", "replace", "encoding", "threads", "max-columns", "max-depth", "max-filesize", "sort", "sortr", "colors", "color",
		"path-separator", "pre", "pre-glob", "type-add", "ignore-file", "engine", "context-separator", "field-match-separator"}, args: argPatternFirst}},
	{"rm", &progSpec{writes: writeAll}},
	{"rmdir", &progSpec{writes: writeAll}},
	{"rsync", &progSpec{short: "e", long: []string{"rsh", "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "rsync-path", "log-file", "backup-dir", "suffix", "chmod", "chown", "timeout", "port", "password-file"}, writes: writeLast}},
	{"scp", &progSpec{short: "cFiJloPS", writes: writeLast}},
	{"sed", &progSpec{short: "ef", long: []string{"expression", "file", "line-length"}, args: argPatternFirst}},
	{"seq", &progSpec{short: "sf", args: argData}},
	{"set", &progSpec{noOptions: true, args: argData}},
	{"shift", &progSpec{args: argData}},
	{"shred", &progSpec{short: "ns", long: []string{"iterations", "size", "random-source"}, writes: writeAll}},
	{"sleep", &progSpec{args: argData}},
	{"sort", &progSpec{short: "oktTS", long: []string{"output", "key", "field-separator", "temporary-directory", "buffer-size",
		"parallel", "files0-from", "compress-program", "random-source", "batch-size", "sort"}}},
	{"ssh", &progSpec{short: "BbcDEeFIiJLlmOopQRSWw", args: argData}},
	{"subl", editorSpec},
	{"sudo", &progSpec{args: argData}},
	{"tee", &progSpec{writes: writeAll}},
	{"test", &progSpec{noOptions: true, args: argData}},
	{"touch", &progSpec{short: "dtr", long: []string{"date", "reference", "time"}, writes: writeAll}},
	{"true", &progSpec{args: argData}},
	{"truncate", &progSpec{short: "sr", long: []string{"size", "reference"}, writes: writeAll}},
	{"type", &progSpec{args: argData}},
	{"typeset", &progSpec{args: argData}},
	{"unlink", &progSpec{writes: writeAll}},
	{"unset", &progSpec{args: argData}},
	{"vi", editorSpec},
	{"vim", editorSpec},
	{"wait", &progSpec{args: argData}},
	{"which", &progSpec{args: argData}},
	{"xargs", &progSpec{short: "adEIJLnPsSR", long: []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"}, args: argData}},
	{"yes", &progSpec{args: argData}},
	{"yq", &progSpec{args: argPatternFirst}},
}
