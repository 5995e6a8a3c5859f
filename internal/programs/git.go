package programs

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// git: global options, then a subcommand. Reading subcommands print what
// the repository holds: their path operands (and the path of REV:path)
// are reads of those files' contents, since the output shows them. Some
// refresh the index as they go (a cache). Subcommands that change the
// work tree write the paths they name or, when they name none, the whole
// tree. Configuration given on the command line (-c, --config-env) can
// name programs git runs (core.fsmonitor, core.sshCommand, core.pager,
// diff.external, filters, aliases with !): such a value is a command line
// it runs. Repository hooks run on commit, checkout, merge, push and the
// like.

var gitProgram = &Program{Names: []string{"git"}, Launch: launchGit, OwnSub: gitCallAlias, Fold: foldGit, Node: Node{Opts: `
-C=PATH                        dir
-c=NAME_VALUE
--config-env=NAME_ENVVAR
--exec-path[=PATH]
--html-path
--man-path
--info-path
-p --paginate
-P --no-pager
--git-dir=PATH
--work-tree=PATH
--namespace=NAME
--super-prefix=PATH
--bare
--no-replace-objects
--no-lazy-fetch
--no-optional-locks
--no-advice
--literal-pathspecs
--glob-pathspecs
--noglob-pathspecs
--icase-pathspecs
--list-cmds=GROUPS
--attr-source=TREEISH
-v --version                   help
-h --help                      help
`, Subs: gitSubList, Effects: gitEffects, Exact: true}, HelpEffects: gitHelpEffects, SubHelp: true, SubStart: gitSubStart}

// gitHelpEffects: git's help of a subcommand is its manual page, which
// man formats and caches.
func gitHelpEffects(c *Call, fx *Effects) {
	if c.NSub > 0 {
		fx.Helper("man", "git shows the manual page")
		for _, h := range []string{"sh", "groff", "nroff", "troff", "grotty", "tbl", "preconv", "col", "locale", "less", "pager"} {
			fx.Helper(h, "man formats the page")
		}
		fx.Cache(argOf("/var/cache/man"), "man keeps formatted pages")
	}
}

// foldGit: git rev-parse --show-toplevel prints the top folder of the
// repository it runs in.
func foldGit(c *shell.Simple, m shell.Machine) (string, bool) {
	if len(c.Args) == 3 && c.Args[1].Value == "rev-parse" && c.Args[2].Value == "--show-toplevel" {
		if top := m.Toplevel(c.Cwd); top != "" {
			return top + "\n", true
		}
	}
	return "", false
}

// gitDiffOpts are the options of the diff and log family that do more
// than print: the others (there are hundreds) only change the output.
const gitDiffOpts = `
--output=FILE              write
--ext-diff                 exec
--textconv                 exec
-O=ORDERFILE               read
--show-signature           exec
-n --max-count=N
--skip=N
--since --after=DATE
--until --before=DATE
--author=PATTERN
--committer=PATTERN
--grep=PATTERN
--format --pretty[=FORMAT]
--date=FORMAT
-U --unified=N
-L=RANGE
-S=STRING
-G=REGEX
--find-object=OBJECT
--diff-filter=FILTER
--word-diff-regex=REGEX
--color-words[=REGEX]
--relative[=PATH]
--src-prefix=PREFIX
--dst-prefix=PREFIX
--line-prefix=PREFIX
--encoding=ENCODING
--decorate-refs=PATTERN
--decorate-refs-exclude=PATTERN
--abbrev[=N]
--stat[=N]
--dirstat[=PARAM]
--submodule[=FORMAT]
--anchored=TEXT
--inter-hunk-context=N
--min-parents=N
--max-parents=N
--exclude=GLOB
--branches[=PATTERN]
--tags[=PATTERN]
--remotes[=PATTERN]
--glob=PATTERN
--notes[=REF]
--no-index
--cached --staged
--merge-base
`

// gitCheckoutEnums are checkout's and switch's options that take values.
// git reads an optional value only when it is attached (-tdirect,
// --track=direct): in --track direct, direct is an operand.
const gitCheckoutEnums = `
-t --track[=MODE]
--recurse-submodules[=MODE]
--conflict=STYLE
-U --unified=N
--inter-hunk-context=N
`

// gitSafeConfig are the configuration names that only change how git
// prints or whom it records as the author.
var gitSafeConfig = []string{"user.", "author.", "committer.", "color.", "core.quotepath", "core.abbrev",
	"core.autocrlf", "core.safecrlf", "core.eol", "core.whitespace", "core.ignorecase", "core.precomposeunicode",
	"core.filemode", "core.commentchar", "core.commentstring", "log.", "format.pretty", "format.subjectprefix",
	"advice.", "column.", "i18n.", "init.defaultbranch", "pull.rebase", "pull.ff", "merge.conflictstyle",
	"diff.noprefix", "diff.mnemonicprefix", "diff.renames", "diff.algorithm", "diff.colormoved", "diff.context",
	"diff.indentheuristic", "diff.statgraphwidth", "status.", "branch.sort", "tag.sort", "blame.blankboundary",
	"blame.coloring", "blame.date", "blame.showemail", "blame.showroot", "blame.markunblamablelines",
	"blame.markignoredlines", "grep.linenumber",
	"grep.patterntype", "grep.extendedregexp", "grep.column", "grep.fullname", "grep.fallbacktonoindex",
	"safe.directory", "gc.auto", "maintenance.auto", "fetch.prune", "fetch.parallel", "protocol.version",
	"rerere.enabled", "commit.gpgsign", "tag.gpgsign", "push.default", "push.autosetupremote", "rebase.autosquash",
	"feature.manyfiles", "index.threads", "pack.threads", "checkout.workers", "help.autocorrect"}

// gitConfigRuns reports configuration names whose value is a command line
// git runs (directly, or with ! for aliases and credential helpers).
func gitConfigRuns(name string) bool {
	n := strings.ToLower(name)
	switch n {
	case "core.fsmonitor", "core.sshcommand", "core.pager", "core.editor", "core.askpass", "core.gitproxy",
		"core.hookspath", "diff.external", "credential.helper", "gpg.program", "sequence.editor",
		"uploadpack.packobjectshook", "ssh.variant", "interactive.difffilter", "web.browser", "sendemail.smtpserver",
		"remote.origin.receivepack", "remote.origin.uploadpack", "merge.tool", "diff.tool":
		return true
	}
	for _, prefix := range []string{"alias.", "pager.", "filter.", "diff.", "merge.", "credential.", "gpg.",
		"browser.", "man.", "difftool.", "mergetool.", "remote.", "include.", "includeif."} {
		if strings.HasPrefix(n, prefix) {
			return true
		}
	}
	return false
}

// gitProgramKeys are the last parts of configuration names whose value
// is a program git (or a tool it starts) runs: core.fsmonitor,
// core.sshCommand, core.pager, diff.external, filter.NAME.clean,
// diff.NAME.textconv, gpg.ssh.program, merge.NAME.driver,
// remote.NAME.uploadpack, credential.URL.helper, trailer.NAME.cmd (those
// of gitConfigRuns, by their last part). A name is judged by its last
// part, so that one not spelled out here (gpg.x509.program, a driver of
// a new kind) is caught the same way.
var gitProgramKeys = []string{"program", "command", "cmd", "helper", "driver", "textconv", "clean", "smudge",
	"process", "external", "editor", "pager", "sshcommand", "gitproxy", "askpass", "packobjectshook", "receivepack",
	"uploadpack", "difffilter", "browser", "alternaterefscommand", "defaultkeycommand", "proxycommand", "smtpserver",
	"fsmonitor"}

// GitConfigNamesProgram reports a setting of a repository's configuration
// (as its files spell it, read before a git call) that makes git run a
// program or code: core.fsmonitor (not a boolean, which is git's own
// daemon), a pager, an editor, a filter, a diff or merge driver, a
// credential helper, an ssh command; an alias only for the subcommand it
// names (git runs its own commands before an alias of the same name); a
// submodule's update command spelled with !. core.hooksPath names the
// folder of hooks, which run only with the commands that run hooks (their
// models say so), and git lfs's own filter is known.
func GitConfigNamesProgram(name, value, sub string) bool {
	n := strings.ToLower(name)
	v := strings.TrimSpace(value)
	last := n[strings.LastIndexByte(n, '.')+1:]
	switch {
	case strings.HasPrefix(n, "alias."):
		return sub != "" && n == "alias."+strings.ToLower(sub)
	case strings.HasPrefix(n, "pager."):
		return true
	case strings.HasPrefix(n, "submodule.") && last == "update":
		return strings.HasPrefix(v, "!")
	case !slices.Contains(gitProgramKeys, last):
		return false
	case last == "fsmonitor":
		return !slices.Contains([]string{"", "true", "false", "yes", "no", "on", "off", "1", "0"}, strings.ToLower(v))
	case strings.HasPrefix(n, "filter.lfs."):
		return !gitLFSFilter(v)
	}
	return true
}

// gitLFSFilter reports the value git lfs install sets for its filter.
func gitLFSFilter(value string) bool {
	switch strings.Join(strings.Fields(value), " ") {
	case "git-lfs clean -- %f", "git-lfs smudge -- %f", "git-lfs filter-process", "true", "false":
		return true
	}
	return false
}

// gitConfigExec records the command line a configuration value names, as
// git runs it: a pager reads what git prints and gets no words; every
// other program gets words of git's own (diff.external paths and hashes,
// core.sshCommand a host and a remote command, core.gitProxy a host and
// a port, core.fsmonitor a version and a token, a credential helper its
// action) and most read git's data or protocol on their standard input.
// A credential helper not spelled with ! is git's credential-NAME, and
// core.hooksPath names a folder of hooks, not a command.
func gitConfigExec(fx *Effects, name, value, why string) {
	n := strings.ToLower(name)
	switch {
	case n == "core.pager" || strings.HasPrefix(n, "pager."):
		fx.Runs(value, why, false, true)
		return
	case n == "core.hookspath":
		fx.Runs("", why+" (the hooks in "+value+")", true, true)
		return
	case n == "credential.helper" || strings.HasPrefix(n, "credential.") && strings.HasSuffix(n, ".helper"):
		switch {
		case value == "":
			return
		case strings.HasPrefix(value, "!"):
			value = value[1:]
		case !strings.HasPrefix(value, "/"):
			value = "git credential-" + value
		}
	default:
		value = strings.TrimPrefix(value, "!")
	}
	fx.Runs(value, why, true, true)
}

// gitSafeName reports a configuration name that only changes output.
func gitSafeName(name string) bool {
	n := strings.ToLower(name)
	for _, p := range gitSafeConfig {
		if n == p || strings.HasSuffix(p, ".") && strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// gitChangeEffects: a subcommand that changes the repository.
func gitChangeEffects(c *Call, fx *Effects) { fx.Change("git changes the repository") }

// gitTreeEffects: a subcommand that rewrites the work tree: the paths it
// names after --, else the whole tree; and runs hooks.
func gitTreeEffects(c *Call, fx *Effects) { gitTreeWrites(c, fx, false) }

// gitTreePathsEffects is gitTreeEffects for a subcommand whose every
// operand is a path (restore).
func gitTreePathsEffects(c *Call, fx *Effects) { gitTreeWrites(c, fx, true) }

func gitTreeWrites(c *Call, fx *Effects, pathsOnly bool) {
	why := "git " + c.Sub() + " rewrites files of the work tree"
	paths := gitPaths(c, pathsOnly)
	if len(paths) == 0 {
		fx.Add(Effect{Op: Write, Path: gitIn(c, argOf(".")), Tree: true, Why: why})
	}
	for _, p := range paths {
		fx.Add(p.on(Effect{Op: Write, Tree: true, Why: why}))
	}
	fx.Hooks("git runs the repository's hooks")
}

// gitSubList are git's subcommands (gitSubStart says what every one
// does first). It is static data: git is the command most often judged,
// and building its hundred nodes on each call cost more than judging one.
var gitSubList = []*Sub{
	// Reading.
	{"status", &Node{Opts: `
-s --short
-b --branch
--show-stash
--ahead-behind
--porcelain[=VERSION]
--long
-v --verbose
-z --null
-u --untracked-files[=MODE]
--ignored[=MODE]
--ignore-submodules[=WHEN]
--column[=OPTIONS]
--no-renames --renames
-M --find-renames[=N]
-h --help  help
`, Effects: gitReadEffects}},
	{"log", &Node{Opts: gitDiffOpts + `--follow`, Flags: true, Effects: gitReadEffects}},
	{"whatchanged|show|diff|diff-tree|diff-files|diff-index", &Node{Opts: gitDiffOpts, Flags: true, Effects: gitReadEffects}},
	{"shortlog", &Node{Opts: "-n --numbered\n-s --summary\n-e --email\n-c --committer\n-w[=WIDTH]\n--group=TYPE\n--format=FORMAT\n--date=FORMAT\n--since --after=DATE\n--until --before=DATE\n--author=PATTERN\n--all\n--no-merges\n--merges\n--first-parent", Effects: gitReadEffects}},
	{"range-diff|cherry|rev-list", &Node{Opts: gitDiffOpts, Flags: true, Effects: gitReadEffects}},
	{"format-patch", &Node{Opts: gitDiffOpts + "-o --output-directory=DIR  write\n--signature-file=FILE  read\n--description-file=FILE  read\n--in-reply-to=ID\n--subject-prefix=PREFIX\n--to=ADDRESS\n--cc=ADDRESS\n--from=IDENT\n--add-header=HEADER\n--base=COMMIT\n--interdiff=REV\n--range-diff=REV\n--creation-factor=N\n--filename-max-length=N\n-v --reroll-count=N\n--signature=TEXT", Flags: true, Effects: func(c *Call, fx *Effects) {
		if len(c.ValueArgs("-o")) == 0 && !c.Has("--stdout") {
			fx.Write(gitIn(c, argOf(".")), "git format-patch writes patch files")
		}
		gitCommittedReads(c, fx)
	}}},
	{"blame|annotate", &Node{Opts: `
--incremental
-b
--root
--show-stats
--progress
--score-debug
-f --show-name
-n --show-number
-p --porcelain
--line-porcelain
-e --show-email
-c
-l
-s
-t
-w
--ignore-rev=REV
--ignore-revs-file=FILE    read
--color-lines
--color-by-age
--minimal
--contents=FILE            read
-S=REVS_FILE               read
-L=RANGE
-M[=SCORE]
-C[=SCORE]
--abbrev[=N]
--date=FORMAT
--since=DATE
--textconv                 exec
--encoding=ENCODING
-h --help help
`, Effects: gitReadEffects}},
	{"grep", &Node{Effects: gitGrepEffects, Opts: `
--cached
--no-index
--untracked
--exclude-standard
--recurse-submodules
-v --invert-match
-i --ignore-case
-w --word-regexp
-a --text
-I
--textconv                 exec
-r --recursive
--max-depth=N
-E --extended-regexp
-G --basic-regexp
-F --fixed-strings
-P --perl-regexp
-n --line-number
--column
--full-name
-l --files-with-matches --name-only
-L --files-without-match
-o --only-matching
-c --count
--color[=WHEN]
--break
--heading
-C --context=N
-B --before-context=N
-A --after-context=N
--threads=N
-p --show-function
-W --function-context
--and
--or
--not
-q --quiet
--all-match
-m --max-count=N
-e=PATTERN
-f=FILE                    read
-O --open-files-in-pager[=PAGER]  exec
-z --null
-h
-H
--index
`}},
	{"ls-files", &Node{Opts: `
-c --cached
-d --deleted
-m --modified
-o --others
-i --ignored
-s --stage
-k --killed
--directory
--eol
--empty-directory
-u --unmerged
--resolve-undo
-x --exclude=PATTERN
-X --exclude-from=FILE     read
--exclude-per-directory=FILE
--exclude-standard
--full-name
--recurse-submodules
--error-unmatch
--with-tree=TREEISH
--abbrev[=N]
--debug
--deduplicate
--sparse
--format=FORMAT
-z
-t
-v
-f
`, Effects: gitReadEffects}},
	{"ls-tree", &Node{Opts: `
-d
-r
-t
-l --long
-z
--name-only --name-status
--object-only
--full-name
--full-tree
--format=FORMAT
--abbrev[=N]
`, Effects: gitReadEffects}},
	{"cat-file", &Node{Opts: `
-t
-s
-e
-p
--allow-unknown-type
--use-mailmap
--batch[=FORMAT]
--batch-check[=FORMAT]
--batch-command[=FORMAT]
--batch-all-objects
--buffer
--follow-symlinks
--unordered
--textconv                 exec
--filters                  exec
--path=PATH
-Z
-z
`, Effects: gitReadEffects}},
	{"verify-commit|verify-tag", &Node{Flags: true, Effects: func(c *Call, fx *Effects) { fx.Helper("gpg", "git verifies a signature with gpg") }}},
	{"replace", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		if len(c.Args()) == 0 && !c.HasLocal("-d|--delete|-f|--force|-e|--edit|-g|--graft|--convert-graft-file") || c.HasLocal("-l|--list") {
			return
		}
		fx.Change("git replace changes a replacement ref")
	}}},
	{"rev-parse", &Node{Opts: `--git-path=PATH` + "\n--show-toplevel\n--show-prefix\n--show-cdup\n--git-dir\n--absolute-git-dir\n--git-common-dir\n--is-inside-work-tree\n--is-inside-git-dir\n--is-bare-repository\n--is-shallow-repository\n--short[=N]\n--abbrev-ref[=MODE]\n--symbolic\n--symbolic-full-name\n--verify\n-q --quiet\n--sq\n--sq-quote\n--not\n--all\n--branches[=PATTERN]\n--tags[=PATTERN]\n--remotes[=PATTERN]\n--glob=PATTERN\n--exclude=PATTERN\n--since=DATE\n--until=DATE\n--default=ARG\n--prefix=ARG\n--revs-only\n--no-revs\n--flags\n--no-flags\n--local-env-vars\n--resolve-git-dir=PATH\n--show-object-format[=MODE]\n--show-ref-format\n--shared-index-path\n--parseopt\n--keep-dashdash\n--stop-at-non-option\n--stuck-long\n--disambiguate=PREFIX\n--path-format=FORMAT\n--show-superproject-working-tree\n--", Effects: gitReadEffects}},
	{"describe", &Node{Opts: "--all\n--tags\n--contains\n--abbrev=N\n--candidates=N\n--exact-match\n--debug\n--long\n--match=PATTERN\n--exclude=PATTERN\n--always\n--first-parent\n--dirty[=MARK]\n--broken[=MARK]", Effects: gitReadEffects}},
	{"merge-base|name-rev|count-objects|show-ref|show-branch|for-each-ref|var|check-ignore|check-attr|check-mailmap|get-tar-commit-id|check-ref-format|patch-id|stripspace|column|show-index|verify-pack", &Node{Flags: true, Effects: gitReadEffects}},
	{"fsck", &Node{Opts: "--unreachable\n--dangling\n--no-dangling\n--tags\n--root\n--cache\n--no-reflogs\n--full\n--no-full\n--connectivity-only\n--strict\n--verbose\n--lost-found  write\n--name-objects\n--progress\n--no-progress", Effects: gitReadEffects}},
	{"ls-remote", &Node{Opts: "-h --heads\n-t --tags\n-b --branches\n--refs\n-q --quiet\n--upload-pack=EXEC  exec\n--exit-code\n--get-url\n--sort=KEY\n--symref\n-o --server-option=OPTION", Effects: gitRemoteEffects}},
	{"version", &Node{Opts: "--build-options", Effects: gitReadEffects}},
	{"symbolic-ref", &Node{Flags: true, Opts: "-m=REASON", Effects: func(c *Call, fx *Effects) {
		if len(c.Args()) == 1 && !c.HasAny("-d|--delete") {
			return
		}
		fx.Change("git symbolic-ref sets a ref")
	}}},
	{"hash-object", &Node{Flags: true, Opts: "-t=TYPE\n--path=FILE\n-w  change", Effects: func(c *Call, fx *Effects) { readOperandsIn(c, fx) }}},
	{"bundle", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		if w := c.Operand(0); (w == "list-heads" || w == "verify") && len(c.Args()) > 1 {
			fx.Read(gitIn(c, c.Args()[1]))
			return
		}
		fx.Change("git bundle " + c.Operand(0) + " writes a bundle or the repository")
	}}},
	{"help", &Node{Flags: true, Effects: func(c *Call, fx *Effects) { fx.Helper("man", "git help shows a manual page") }}},
	{"config", &Node{Flags: true, Opts: "--file -f=FILE  read\n--blob=BLOB\n--type=TYPE\n--default=VALUE\n-e --edit  exec", Effects: gitConfigEffects}},
	{"branch", &Node{Flags: true, Opts: "-l --list\n--set-upstream-to -u=UPSTREAM\n--contains[=COMMIT]\n--no-contains[=COMMIT]\n--merged[=COMMIT]\n--no-merged[=COMMIT]\n--points-at=OBJECT\n--sort=KEY\n--format=FORMAT\n--column[=OPTIONS]\n--abbrev[=N]\n--color[=WHEN]", Effects: gitBranchEffects}},
	{"tag", &Node{Flags: true, Opts: "-l --list\n-m --message=MESSAGE\n-F --file=FILE  read\n-u --local-user=KEYID\n--cleanup=MODE\n--sort=KEY\n--format=FORMAT\n--contains[=COMMIT]\n--no-contains[=COMMIT]\n--points-at[=OBJECT]\n--merged[=COMMIT]\n--no-merged[=COMMIT]\n--column[=OPTIONS]\n-n[=NUM]\n--color[=WHEN]", Effects: gitTagEffects}},
	{"remote", &Node{Flags: true, Effects: gitRemoteSubEffects}},
	// stash list takes log's options and stash show diff's, reflog
	// show log's: --output=FILE among them.
	{"stash", &Node{Flags: true, Opts: gitDiffOpts + "-m --message=MESSAGE\n--pathspec-from-file=FILE  read", Effects: gitStashEffects}},
	{"worktree", &Node{Flags: true, Opts: "-b=BRANCH\n-B=BRANCH\n--reason=STRING\n--expire=TIME", Effects: func(c *Call, fx *Effects) { gitWordEffects(c, fx, "worktree", "list") }}},
	{"submodule", &Node{Flags: true, Effects: func(c *Call, fx *Effects) { gitWordEffects(c, fx, "submodule", "status", "summary", "") }}},
	{"reflog", &Node{Flags: true, Opts: gitDiffOpts, Effects: func(c *Call, fx *Effects) { gitWordEffects(c, fx, "reflog", "show", "exists", "") }}},
	{"notes", &Node{Flags: true, Opts: "--ref=REF", Effects: func(c *Call, fx *Effects) { gitWordEffects(c, fx, "notes", "list", "show", "") }}},
	// git-bisect is a shell script (before git 2.40), which runs
	// coreutils, gettext and git as it goes. log and terms only
	// print the bisection's state; the others move HEAD, check
	// files out and (run, visualize) run programs.
	{"bisect", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		for _, h := range []string{"git-bisect", "sh", "git", "gettext", "envsubst", "sed", "cat", "basename", "uname"} {
			fx.Helper(h, "git bisect is a script of its own")
		}
		switch c.Operand(0) {
		case "log", "terms", "help":
			fx.Read(shell.Arg{Value: ".git/BISECT_LOG"})
		default:
			fx.Exec("sh", "", "git bisect "+c.Operand(0)+" checks files out and may run programs")
		}
	}}},
	{"lfs", &Node{Flags: true, Effects: gitLfsEffects}},
	{"archive", &Node{Opts: "--format=FMT\n-l --list\n-v --verbose\n--prefix=PREFIX\n--add-file=FILE  read\n--add-virtual-file=PATH\n-o --output=FILE  write\n--worktree-attributes\n--remote=REPO  unknown\n--exec=EXEC  exec\n--mtime=TIME\n-0\n-1\n-2\n-3\n-4\n-5\n-6\n-7\n-8\n-9", Effects: gitReadEffects}},
	{"fetch", &Node{Opts: "-v --verbose\n-q --quiet\n--all\n--set-upstream  change\n-a --append\n--atomic\n--upload-pack=EXEC  exec\n-f --force  change\n-m --multiple\n-t --tags\n-n --no-tags\n-j --jobs=N\n--prefetch\n-p --prune\n-P --prune-tags  change\n--recurse-submodules[=WHEN]\n--dry-run\n--write-fetch-head\n-k --keep\n-u --update-head-ok  change\n--progress\n--depth=DEPTH\n--shallow-since=DATE\n--shallow-exclude=REF\n--deepen=N\n--unshallow\n--refetch\n--update-shallow\n--refmap=REFSPEC  change\n-o --server-option=OPTION\n-4 --ipv4\n-6 --ipv6\n--negotiation-tip=REV\n--negotiate-only\n--filter=SPEC\n--auto-maintenance\n--auto-gc\n--show-forced-updates\n--write-commit-graph\n--stdin", Effects: gitFetchEffects}},
	{"clean", &Node{Flags: true, Opts: "-n --dry-run\n-i --interactive\n-e --exclude=PATTERN", Effects: gitCleanEffects}},
	{"rm", &Node{Flags: true, Opts: "-n --dry-run\n--pathspec-from-file=FILE  read", Effects: gitRmEffects}},
	{"apply", &Node{Flags: true, Opts: "--check\n--stat\n--numstat\n--summary\n--apply\n-p=N\n-C=N\n--directory=ROOT\n--include=PATH\n--exclude=PATH\n--build-fake-ancestor=FILE  write", Effects: gitApplyEffects}},
	// Changing the work tree, the index, the refs, or a remote.
	{"checkout", &Node{Flags: true, Opts: "-b=BRANCH\n-B=BRANCH\n--orphan=BRANCH\n--pathspec-from-file=FILE  read\n" + gitCheckoutEnums, Effects: gitTreeEffects}},
	{"switch", &Node{Flags: true, Opts: "-c --create=BRANCH\n-C --force-create=BRANCH\n--orphan=BRANCH\n" + gitCheckoutEnums, Effects: gitTreeEffects}},
	{"restore", &Node{Flags: true, Opts: "-s --source=TREE\n--pathspec-from-file=FILE  read\n--conflict=STYLE\n-U --unified=N\n--inter-hunk-context=N", Effects: gitTreePathsEffects}},
	{"reset", &Node{Flags: true, Opts: "--pathspec-from-file=FILE  read", Effects: gitTreeEffects}},
	{"merge", &Node{Flags: true, Opts: "-m --message=MESSAGE\n-F --file=FILE  read\n-s --strategy=STRATEGY\n-X --strategy-option=OPTION\n--into-name=BRANCH\n--cleanup=MODE", Effects: gitTreeEffects}},
	{"pull", &Node{Flags: true, Opts: "-s --strategy=STRATEGY\n-X --strategy-option=OPTION\n--depth=DEPTH\n--deepen=N\n--shallow-since=DATE\n--shallow-exclude=REF\n--upload-pack=EXEC  exec\n-o --server-option=OPTION\n-j --jobs=N", Effects: gitTreeEffects}},
	{"rebase", &Node{Flags: true, Opts: "-s --strategy=STRATEGY\n-X --strategy-option=OPTION\n-x --exec=CMD  exec\n--onto=NEWBASE\n--empty=MODE\n-C=N", Effects: gitTreeEffects}},
	{"cherry-pick|revert|am|sparse-checkout|read-tree|checkout-index", &Node{Flags: true, Opts: "-m --mainline=PARENT\n-X --strategy-option=OPTION\n-s --strategy=STRATEGY", Effects: gitTreeEffects}},
	{"commit", &Node{Flags: true, Opts: "-m --message=MESSAGE\n-F --file=FILE  read\n-C --reuse-message=COMMIT\n-c --reedit-message=COMMIT\n--author=AUTHOR\n--date=DATE\n-t --template=FILE  read\n--fixup=COMMIT\n--squash=COMMIT\n--trailer=TRAILER\n--cleanup=MODE\n--pathspec-from-file=FILE  read\n-S --gpg-sign[=KEYID]\n-u --untracked-files[=MODE]", Effects: func(c *Call, fx *Effects) {
		fx.Change("git commit records a commit")
		fx.Hooks("git runs the repository's hooks")
	}}},
	{"mv", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		args := c.Args()
		if len(args) >= 2 {
			for _, a := range args[:len(args)-1] {
				fx.Move(gitIn(c, a), gitIn(c, args[len(args)-1]))
			}
		}
	}}},
	{"add|stage|update-index|update-ref|write-tree|commit-tree|mktag|mktree|gc|prune|repack|maintenance|pack-refs|prune-packed|notes-add|merge-file|merge-tree|rerere|filter-branch|fast-import|fast-export|unpack-objects|index-pack|pack-objects", &Node{Flags: true, Effects: gitChangeEffects}},
	{"push|send-email|send-pack|request-pull|svn|p4|cvsimport|cvsexportcommit|quiltimport|http-push", &Node{Flags: true, Opts: "-o --push-option=OPTION\n--repo=REPO\n--receive-pack --exec=PROGRAM  exec\n--force-with-lease[=REF]\n--signed[=WHEN]", Effects: func(c *Call, fx *Effects) {
		fx.Network("", c.Args()...)
		fx.Change("git sends to a remote")
		fx.Hooks("git runs the repository's hooks")
	}}},
	{"clone", &Node{Flags: true, Opts: "-o --origin=NAME\n-b --branch=NAME\n-u --upload-pack=EXEC  exec\n--template=DIR  exec\n-c --config=NAME_VALUE\n--depth=DEPTH\n--shallow-since=DATE\n--shallow-exclude=REF\n--reference=REPO\n--reference-if-able=REPO\n--separate-git-dir=DIR\n-j --jobs=N\n--filter=SPEC\n--server-option=OPTION\n--bundle-uri=URI\n--ref-format=FORMAT", Effects: func(c *Call, fx *Effects) {
		args := c.Args()
		if len(args) > 0 {
			fx.Network("", args[0])
		}
		if len(args) > 1 {
			fx.Add(Effect{Op: Write, Path: gitIn(c, args[1]), Tree: true, Why: "git clone"})
		} else {
			fx.Write(gitIn(c, argOf(".")), "git clone makes a folder")
		}
	}}},
	{"init", &Node{Flags: true, Opts: "--template=DIR  exec\n--separate-git-dir=DIR\n-b --initial-branch=NAME\n--object-format=FORMAT\n--ref-format=FORMAT\n--shared[=PERMISSIONS]", Effects: func(c *Call, fx *Effects) {
		dir := argOf(".")
		if args := c.Args(); len(args) > 0 {
			dir = args[0]
		}
		fx.Write(gitIn(c, dir), "git init")
	}}},
	{"credential|credential-cache|credential-store|credential-osxkeychain", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		fx.Unknown("git credential reads or stores passwords")
	}}},
	{"difftool|mergetool|gui|citool|gitk|instaweb|daemon|web--browse|shell|upload-pack|receive-pack|upload-archive|http-backend|imap-send|archimport", &Node{Flags: true, Effects: func(c *Call, fx *Effects) {
		fx.Exec("sh", "", "git runs a tool or a server")
	}}},
}

// gitSubStart is what every git subcommand does first: what git's own -c
// and --config-env do, and what the repository it finds makes it do.
func gitSubStart(c *Call, fx *Effects) {
	gitGlobalEffects(c, fx)
	gitRepository(c, fx)
}

// gitRepository records what the repository git finds makes it do. git
// looks for one in the folder it starts in (-C) and those above it: a
// folder with a HEAD file may be a bare repository, whose config is then
// read, and a bare repository may be a folder the project holds (a
// committed one) and not the user's: its core.fsmonitor, core.pager or
// aliases are anyone's. --git-dir names the repository (its config is
// read unless it is a .git folder); --work-tree makes the files under
// that folder the work tree, which status and diff show.
func gitRepository(c *Call, fx *Effects) {
	const why = "git runs the programs the config of a bare repository names"
	start := "."
	for _, d := range c.ValueArgs("-C") {
		if d.Dynamic {
			fx.Unknown("git -C names a folder only known at run time")
			return
		}
		if strings.HasPrefix(d.Value, "/") {
			start = d.Value
		} else {
			start = path.Join(start, d.Value)
		}
	}
	start = path.Clean(start)
	for d := start; d != "."; d = path.Dir(d) {
		fx.Add(Effect{Op: Exec, IfPresent: path.Join(d, "HEAD"), Why: why})
		if d == "/" || d == ".." || strings.HasSuffix(d, "/..") {
			break
		}
	}
	if !strings.HasPrefix(start, "/") {
		// The folder the call runs in and those above it.
		fx.Add(Effect{Op: Exec, IfPresent: "HEAD", Upward: true, Why: why})
	}
	for _, g := range c.ValueArgs("--git-dir") {
		if g.Dynamic || path.Base(path.Clean(g.Value)) != ".git" {
			fx.Unknown("git --git-dir " + g.Value + " reads the configuration of a repository that may not be the user's")
		}
	}
	for _, w := range c.ValueArgs("--work-tree") {
		fx.ReadTree(w, true)
	}
}

// gitEffects is for git with no subcommand: it prints help, a version or
// a path.
func gitEffects(c *Call, fx *Effects) {
	gitGlobalEffects(c, fx)
}

// gitGlobalEffects records what -c, --config-env and --exec-path given
// to git do.
func gitGlobalEffects(c *Call, fx *Effects) {
	for _, o := range c.Opts {
		if o.Level != 0 || !o.HasValue {
			continue
		}
		switch {
		case o.Spec != nil && o.Spec.Is("-c"):
			name, value, _ := strings.Cut(o.Value.Value, "=")
			switch {
			case o.Value.Dynamic:
				fx.Unknown("git -c " + o.Value.Value + " sets configuration only known at run time")
			case strings.HasPrefix(strings.ToLower(name), "alias.") && !strings.HasPrefix(value, "!"):
				// An alias of git's own commands: its Launch expands
				// it, and the git command it becomes is judged.
			case gitConfigRuns(name):
				gitConfigExec(fx, name, value, "git -c "+name+" names a program git runs")
			case !gitSafeName(name):
				fx.Unknown("git -c " + name + " sets configuration the model does not know")
			}
		case o.Spec != nil && o.Spec.Is("--config-env"):
			name, _, _ := strings.Cut(o.Value.Value, "=")
			if !gitSafeName(name) {
				fx.Unknown("git --config-env " + name + " sets configuration from the environment")
			}
		case o.Spec != nil && o.Spec.Is("--exec-path"):
			fx.Exec("sh", "", "git --exec-path runs git's commands from "+o.Value.Value)
		}
	}
}

// gitIn resolves a path operand against git -C.
func gitIn(c *Call, a shell.Arg) shell.Arg {
	dirs := c.ValueArgs("-C")
	if len(dirs) == 0 || strings.HasPrefix(a.Value, "/") || strings.HasPrefix(a.Value, "~") {
		return a
	}
	d := dirs[len(dirs)-1]
	out := a
	out.Value = strings.TrimSuffix(d.Value, "/") + "/" + a.Value
	out.Dynamic = a.Dynamic || d.Dynamic
	return out
}

// gitPaths returns what the pathspec operands reach: those after --, or
// every operand when all is set. None means the whole tree (no pathspec,
// or exclusions only).
func gitPaths(c *Call, all bool) []gitPath {
	var specs []shell.Arg
	for i, a := range c.Pos {
		if i < c.NSub {
			continue
		}
		if all || c.DashDash >= 0 && i >= c.DashDash {
			specs = append(specs, a)
		}
	}
	return gitSpecPaths(c, specs)
}

// gitLineLog: git log -L RANGE:FILE prints the history of those lines of
// FILE, as commits hold them. The range may hold colons (-L :func:FILE, a
// regex), so the file is read both after the first colon and after the
// last.
func gitLineLog(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-L") {
		if v.Dynamic {
			fx.Unknown("git log -L prints the history of lines of a file named at run time")
			continue
		}
		first := strings.IndexByte(v.Value, ':')
		if first < 0 {
			continue
		}
		last := strings.LastIndexByte(v.Value, ':')
		for _, i := range []int{first, last} {
			f := v
			f.Value = v.Value[i+1:]
			if f.Value == "" {
				continue
			}
			fx.Read(gitIn(c, f))
			fx.Add(Effect{Op: Read, Path: gitIn(c, f), Tree: true, Hidden: true, Committed: true,
				Why: "git log -L prints the lines of the file as commits hold them"})
			if first == last {
				break
			}
		}
	}
}

// gitReadEffects records what a reading subcommand reads: every operand
// may be a path whose content it prints (REV:path names the path), and
// the index may be refreshed.
func gitReadEffects(c *Call, fx *Effects) {
	readOperandsIn(c, fx)
	gitCommittedReads(c, fx)
	if c.Sub() == "log" {
		gitLineLog(c, fx)
	}
	if c.Sub() == "diff" && c.Has("--no-index") {
		// Two paths on disk, folders compared file by file: every file
		// under them, dot files too, is printed.
		for _, a := range c.Args() {
			fx.ReadTree(gitIn(c, a), true)
		}
	}
	switch c.Sub() {
	case "status", "describe", "diff":
		if !c.Has("--no-optional-locks") {
			fx.Cache(gitIn(c, argOf(".git/index")), "git refreshes its index")
		}
	case "var":
		if c.Has("-l") {
			// git var -l lists the configuration too.
			gitPrintsConfig(c, fx, gitScopesAll)
		}
	}
}

// readOperandsIn records a read of each operand of a git subcommand that
// could be a path: a REV:path reads path, a revision reads nothing (but
// it is not told apart from a path here).
func readOperandsIn(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if _, path, ok := strings.Cut(a.Value, ":"); ok && !strings.Contains(a.Value, "://") && !gitMagic(a.Value) {
			// REV:path, :path, and :N:path (a stage of the index).
			if len(path) >= 2 && path[0] >= '0' && path[0] <= '3' && path[1] == ':' && strings.HasPrefix(a.Value, ":") {
				path = path[2:]
			}
			p := a
			p.Value = path
			if path != "" {
				fx.Read(gitIn(c, p))
			}
			continue
		}
		if a.Value == "" || a.Value == "-" {
			continue
		}
		if !gitNamesOnly(c) {
			gitPatternRead(c, fx, a)
		}
		s := parseGitSpec(c, a.Value)
		if s.exclude {
			// It takes files away from the others.
			continue
		}
		// The path as written (a pattern, the engine matches): the
		// contents a pathspec reaches are gitCommittedReads'.
		p := gitPath{path: a}
		p.path.Value = cmp.Or(s.path, ".")
		if s.top {
			p.topOf = gitIn(c, argOf(".")).Value
			p.path.Dynamic = p.path.Dynamic || gitIn(c, argOf(".")).Dynamic
		} else {
			p.path = gitIn(c, p.path)
		}
		fx.Add(p.on(Effect{Op: Read}))
	}
}

// gitNamesOnly reports a call that prints, for the paths it is given,
// names, counts or commits, never the lines files hold: a pattern among
// its pathspecs only picks which names (ls-files '*.go', log -- '*.py',
// diff --stat -- '*.ts'). A word with a colon may be REV:path, whose file
// show prints.
func gitNamesOnly(c *Call) bool {
	for _, a := range c.Args() {
		if a.Dynamic || strings.Contains(a.Value, ":") {
			return false
		}
	}
	switch c.Sub() {
	case "ls-files", "status":
		return true
	case "log", "whatchanged", "shortlog", "rev-list", "show", "diff", "diff-tree", "diff-index", "diff-files":
		return !gitPrintsContents(c) && !c.Has("-L")
	}
	return false
}

// gitPatternRead records an unknown read for a pathspec that is a
// pattern: a wildcard (*.pypirc, .pypir[c]) or magic other than
// exclusion and top (:(icase), :(glob), :(attr)) matches names in the
// history the model cannot list, secrets among them.
func gitPatternRead(c *Call, fx *Effects, a shell.Arg) {
	if s := parseGitSpec(c, a.Value); !s.exclude && (s.pattern || s.anywhere) {
		fx.Unknown("the pathspec " + a.Value + " matches files in the history by a pattern")
	}
}

// gitRemoteEffects is ls-remote: a query of a remote.
func gitRemoteEffects(c *Call, fx *Effects) {
	if c.Has("--get-url") {
		// It prints the remote's URL as configured (rewritten by
		// url.*.insteadOf of every scope), and asks nobody.
		gitPrintsConfig(c, fx, gitScopesAll)
		return
	}
	if len(c.Args()) == 0 && !c.HasAny("-q|--quiet") {
		// With no remote named it asks the default one, and says
		// "From URL", the URL as configured, on its error output.
		gitPrintsConfig(c, fx, gitScopesAll)
	}
	fx.Network("", c.Args()...)
	gitTransport(fx)
}

// gitTransport records the programs git runs to reach a remote: ssh, its
// remote helpers, and (for a remote that is a folder) upload-pack through
// the shell.
func gitTransport(fx *Effects) {
	for _, h := range []string{"ssh", "sh", "git", "git-upload-pack", "git-remote-https", "git-remote-http", "git-remote-ftp"} {
		fx.Helper(h, "git reaches the remote")
	}
}

// gitFetchEffects: fetch downloads objects and moves only remote-tracking
// refs and FETCH_HEAD; a refspec with a destination (main:main, +x:y)
// writes local refs. Moving a ref runs the reference-transaction hook,
// and the maintenance fetch starts runs pre-auto-gc: the repository's
// hooks, as on commit.
func gitFetchEffects(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Dynamic {
			fx.Unknown("git fetch's refspec or remote is only known at run time")
			continue
		}
		if strings.Contains(a.Value, ":") && !strings.Contains(a.Value, "://") && !strings.HasPrefix(a.Value, "git@") ||
			strings.HasPrefix(a.Value, "+") {
			fx.Change("git fetch " + a.Value + " writes a local ref")
		}
	}
	fx.Network("", c.Args()...)
	gitTransport(fx)
	fx.Cache(gitIn(c, argOf(".git")), "git fetch stores objects and remote-tracking refs")
	fx.Exec("sh", "", "git fetch runs the repository's hooks (reference-transaction, pre-auto-gc)")
}

// gitConfigEffects: reading forms print; the others write a
// configuration file.
func gitConfigEffects(c *Call, fx *Effects) {
	for _, b := range c.ValueArgs("--blob") {
		if _, path, ok := strings.Cut(b.Value, ":"); ok && path != "" {
			b.Value = path
			fx.Read(gitIn(c, b))
		} else {
			fx.Unknown("git config --blob " + b.Value + " reads a blob the model cannot name")
		}
	}
	if c.Has("--includes") && c.HasAny("-f|--blob") {
		fx.Unknown("git config --includes reads the files the configuration includes")
	}
	// Reading prints values of every scope, unless one is named.
	reads := func() {
		scopes := gitScopesAll
		switch {
		case c.HasAny("--local|--worktree"):
			scopes = gitScopeRepo
		case c.Has("--global"):
			scopes = gitScopeUser
		case c.Has("--system"):
			scopes = gitScopeSystem
		}
		gitPrintsConfig(c, fx, scopes)
	}
	if c.HasAny("--get|--get-all|--get-regexp|--list|-l|--get-urlmatch") {
		if !c.Has("--name-only") {
			reads()
		}
		return
	}
	switch c.Operand(0) {
	case "get", "list":
		if !c.Has("--name-only") {
			reads()
		}
		return
	}
	if len(c.Args()) == 1 && !c.HasAny("--unset|--unset-all|--remove-section|--rename-section|--add|--replace-all|-e|--edit") &&
		c.Operand(0) != "set" && c.Operand(0) != "unset" {
		// git config NAME reads NAME.
		reads()
		return
	}
	file := argOf(".git/config")
	switch {
	case c.Has("--global"):
		file = argOf("~/.gitconfig")
	case c.Has("--system"):
		file = argOf("/etc/gitconfig")
	case c.Has("-f"):
		file = c.ValueArgs("-f")[0]
	}
	fx.Write(gitIn(c, file), "git config sets a value")
}

// gitBranchEffects: listing forms print; others change refs.
func gitBranchEffects(c *Call, fx *Effects) {
	if c.HasLocal("-d|-D|--delete|-m|-M|--move|-c|-C|--copy|-f|--force|-u|--set-upstream-to|--unset-upstream|--edit-description|--track|-t") {
		fx.Change("git branch changes a branch")
		return
	}
	if len(c.Args()) == 0 || c.HasLocal("-l|--list|--contains|--no-contains|--merged|--no-merged|--points-at|--show-current") {
		return
	}
	fx.Change("git branch makes a branch")
}

// gitTagEffects: listing and verifying print; others change refs.
func gitTagEffects(c *Call, fx *Effects) {
	if c.HasLocal("-d|--delete|-a|--annotate|-s|--sign|-u|-f|--force|-m|-F|-e|--edit") {
		fx.Change("git tag changes a tag")
		return
	}
	if c.HasLocal("-v|--verify") {
		fx.Helper("gpg", "git tag -v verifies a signature with gpg")
		return
	}
	if len(c.Args()) == 0 || c.HasLocal("-l|--list|--contains|--no-contains|--points-at|--merged|--no-merged") {
		return
	}
	fx.Change("git tag makes a tag")
}

// gitRemoteSubEffects: listing and show read (show asks the remote);
// others change the configuration.
func gitRemoteSubEffects(c *Call, fx *Effects) {
	switch c.Operand(0) {
	// The URLs printed are rewritten by url.*.insteadOf of every scope,
	// and remotes may be defined in the user's configuration.
	case "":
		if c.HasAny("-v|--verbose") {
			gitPrintsConfig(c, fx, gitScopesAll)
		}
		return
	case "get-url":
		gitPrintsConfig(c, fx, gitScopesAll)
		return
	case "show":
		if len(c.Args()) > 1 {
			// Without a remote named, it prints the remotes' names.
			gitPrintsConfig(c, fx, gitScopesAll)
		}
		if !c.Has("-n") {
			fx.Network("", c.Args()[1:]...)
			gitTransport(fx)
		}
		return
	}
	fx.Write(gitIn(c, argOf(".git/config")), "git remote "+c.Operand(0)+" changes the configuration")
}

// Scopes of git's configuration a call prints.
const (
	gitScopeRepo = 1 << iota
	gitScopeUser
	gitScopeSystem
	gitScopesAll = gitScopeRepo | gitScopeUser | gitScopeSystem
)

// gitPrintsConfig records that a call prints values of git's
// configuration, of the scopes given: a credential kept there (a token in
// a remote's URL) is printed.
func gitPrintsConfig(c *Call, fx *Effects, scopes int) {
	const why = "git prints values of its configuration"
	for _, f := range c.ValueArgs("-f|--file") {
		// The option's own read: mark it.
		marked := false
		for i := range fx.List {
			if e := &fx.List[i]; e.Op == Read && e.Path.Value == f.Value {
				e.Values, marked = true, true
			}
		}
		if !marked {
			fx.Add(Effect{Op: Read, Path: f, Values: true, Why: why})
		}
	}
	if c.HasAny("-f|--file|--blob") {
		return
	}
	if scopes&gitScopeRepo != 0 {
		dir := gitIn(c, argOf(".git"))
		if dirs := c.ValueArgs("--git-dir"); len(dirs) > 0 {
			// The repository named, not the one the folder is in.
			dir = gitIn(c, dirs[len(dirs)-1])
		}
		for _, f := range []string{"config", "config.worktree"} {
			p := dir
			p.Value = strings.TrimSuffix(p.Value, "/") + "/" + f
			fx.Add(Effect{Op: Read, Path: p, Values: true, Why: why})
		}
	}
	if scopes&gitScopeUser != 0 {
		for _, p := range []string{"~/.gitconfig", "~/.config/git/config"} {
			fx.Add(Effect{Op: Read, Path: argOf(p), Values: true, Why: why})
		}
	}
	if scopes&gitScopeSystem != 0 {
		fx.Add(Effect{Op: Read, Path: argOf("/etc/gitconfig"), Values: true, Why: why})
	}
}

// gitStashEffects: list and show print; the rest change the work tree.
func gitStashEffects(c *Call, fx *Effects) {
	switch c.Operand(0) {
	case "list", "show":
		if gitStashPrintsContents(c) {
			// A stash holds the files it saved, untracked ones too
			// (-u), as commits do: the history index names them.
			fx.Add(gitHistoryRead(c, "git stash "+c.Operand(0)+" prints the contents of the files stashes hold"))
		}
		return
	}
	fx.Add(Effect{Op: Write, Path: gitIn(c, argOf(".")), Tree: true, Why: "git stash rewrites the work tree"})
}

// gitStashPrintsContents reports a stash show or list that prints the
// files stashes hold: a patch. stash show's -u is --include-untracked
// (with -p, the untracked files' lines are printed too); stash list
// takes log's options, where -u is a patch.
func gitStashPrintsContents(c *Call) bool {
	patch := gitPatchOpts
	if c.Operand(0) == "list" {
		patch += "|-u"
	}
	return c.HasAny(patch)
}

// gitHistoryRead is a read of every file the repository's commits (and
// stashes, and reflogs) hold, wherever in it the call runs.
func gitHistoryRead(c *Call, why string) Effect {
	// :/ is git's name for the top of the work tree.
	return Effect{Op: Read, Path: gitIn(c, argOf(":/")), Tree: true, Hidden: true, Committed: true, Why: why}
}

// gitWordEffects is for subcommands whose first operand is a verb: the
// listed verbs print, the others change something.
func gitWordEffects(c *Call, fx *Effects, name string, reads ...string) {
	if slices.Contains(reads, c.Operand(0)) {
		return
	}
	fx.Change("git " + name + " " + c.Operand(0) + " changes the repository")
}

// gitLfsEffects: listing and status read; fetch downloads into .git/lfs.
func gitLfsEffects(c *Call, fx *Effects) {
	switch c.Operand(0) {
	case "ls-files", "status", "env", "version", "logs":
		return
	case "fetch":
		fx.Network("", c.Args()[1:]...)
		fx.Cache(gitIn(c, argOf(".git/lfs")), "git lfs fetch stores objects")
		return
	}
	fx.Change("git lfs " + c.Operand(0) + " changes files or the configuration")
}

// gitCleanEffects: a dry run lists what it would remove; otherwise it
// deletes untracked files under the paths (or the whole tree).
func gitCleanEffects(c *Call, fx *Effects) {
	if c.HasLocal("-n|--dry-run") && !c.HasLocal("-i|--interactive") {
		return
	}
	paths := gitPaths(c, true)
	if len(paths) == 0 {
		paths = []gitPath{{path: gitIn(c, argOf("."))}}
	}
	for _, p := range paths {
		fx.Add(p.on(Effect{Op: Delete, Tree: true}))
	}
}

// gitRmEffects: git rm deletes the files it names unless --cached (the
// index only); a dry run deletes nothing.
func gitRmEffects(c *Call, fx *Effects) {
	if c.HasLocal("-n|--dry-run") {
		return
	}
	if c.HasLocal("--cached") {
		fx.Change("git rm --cached removes files from the index")
		return
	}
	tree := c.HasLocal("-r")
	paths := gitPaths(c, true)
	if len(paths) == 0 && len(c.Args()) > 0 {
		// Exclusions only: every other tracked file.
		paths, tree = []gitPath{{path: gitIn(c, argOf("."))}}, true
	}
	for _, p := range paths {
		fx.Add(p.on(Effect{Op: Delete, Tree: tree}))
	}
}

// gitApplyEffects: --check, --stat, --numstat and --summary only read the
// patch; otherwise the files it patches are only known from the patch.
func gitApplyEffects(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		fx.Read(gitIn(c, a))
	}
	if c.HasLocal("--check|--stat|--numstat|--summary") && !c.HasLocal("--apply") {
		return
	}
	if c.HasLocal("--cached") {
		fx.Change("git apply --cached changes the index")
		return
	}
	fx.Add(Effect{Op: Write, Path: gitIn(c, argOf(".")), Tree: true, Why: "git apply writes the files its patch names"})
}

// gitGrepEffects: the first operand is the pattern (unless -e or -f give
// it); the search reads every tracked file under the paths (or the whole
// tree), and the files of REV:path.
func gitGrepEffects(c *Call, fx *Effects) {
	args := c.Args()
	if !c.HasLocal("-e|-f") && len(args) > 0 {
		args = args[1:]
	}
	const why = "git grep searches the files of a commit"
	var paths []gitPath
	var specs []shell.Arg
	var revs []Effect
	for i, a := range args {
		if _, path, ok := strings.Cut(a.Value, ":"); ok && !strings.HasPrefix(a.Value, ":") {
			// REV:path searches the path as that commit holds it.
			a.Value = path
			h := gitHistoryRead(c, why)
			if path != "" {
				h.Path = gitIn(c, a)
				paths = append(paths, gitPath{path: gitIn(c, a)})
			}
			fx.Add(h)
		} else if c.DashDash < 0 || len(c.Pos)-len(args)+i < c.DashDash {
			// A revision: grep reads every file of its tree. Without --,
			// an operand that names a file is that file (git refuses
			// one that is both).
			e := Effect{Op: Read, Path: gitIn(c, argOf(".")), Tree: true, Hidden: true, WorkTree: true}
			// The tree is a commit's, or a stash's: files the work
			// tree no longer has, secrets among them, are searched too.
			h := gitHistoryRead(c, why)
			if c.DashDash < 0 && !a.Dynamic {
				e.IfAbsent = gitIn(c, a).Value
				h.IfAbsent = e.IfAbsent
			}
			fx.Add(e)
			revs = append(revs, h)
			if a.Value != "" {
				// Or a file, when one has that name.
				paths = append(paths, gitPath{path: gitIn(c, a)})
			}
			if c.DashDash < 0 && gitMagic(a.Value) {
				// Or a pathspec: git takes a word with magic for one
				// without -- (:/ from a folder below the top).
				specs = append(specs, a)
			}
		} else {
			specs = append(specs, a)
		}
		gitPatternRead(c, fx, a)
	}
	// The pathspecs after -- name what is searched, as far as they
	// reach: exclusions alone leave the whole tree.
	pathspecs := gitSpecPaths(c, specs)
	for _, h := range revs {
		if len(pathspecs) == 0 {
			fx.Add(h)
			continue
		}
		for _, p := range pathspecs {
			h.IfAbsent = ""
			fx.Add(p.on(h))
		}
		break
	}
	paths = append(paths, pathspecs...)
	if len(paths) == 0 || len(pathspecs) == 0 && len(specs) > 0 {
		paths = append(paths, gitPath{path: gitIn(c, argOf("."))})
	}
	for _, p := range paths {
		// git grep searches the work tree (its files, and with
		// --untracked or --no-index the others), never git's folder.
		fx.Add(p.on(Effect{Op: Read, Tree: true, Hidden: true, WorkTree: true, Why: "git grep searches the files"}))
	}
}

// gitCommittedReads records what a git command that prints files as
// commits hold them reads: the files git tracks, in the whole repository,
// or under the paths it names. A word after -- is a path; before it, a
// word that names a file on disk is one too (git log -p src), and a
// revision names none.
func gitCommittedReads(c *Call, fx *Effects) {
	if !gitPrintsContents(c) {
		return
	}
	why := "git " + c.Sub() + " prints the contents of the files commits hold"
	whole := gitHistoryRead(c, why)
	ops := c.Args()
	// git diff with no revision compares the work tree with the index
	// (diff-files always does): it prints no file the index does not
	// hold.
	before := len(ops)
	if c.DashDash >= 0 {
		before = max(0, min(len(ops), c.DashDash-c.NSub))
	}
	whole.IndexOnly = c.Sub() == "diff-files" ||
		c.Sub() == "diff" && before == 0 && !c.HasAny("--cached|--staged|--merge-base")
	if c.Sub() == "archive" || c.Sub() == "cat-file" {
		fx.Add(whole)
		return
	}
	afterDash := c.DashDash >= 0 && c.DashDash < len(c.Pos)
	named := false // a pathspec after -- names files to print
	for i, a := range ops {
		if gitIn(c, a).Dynamic {
			fx.Unknown("git " + c.Sub() + " prints the history of a path named at run time")
			named = true
			continue
		}
		for _, p := range gitSpecPaths(c, []shell.Arg{a}) {
			fx.Add(p.on(Effect{Op: Read, Tree: true, Hidden: true, Committed: true, IndexOnly: whole.IndexOnly, Why: why}))
			named = named || i >= before
		}
		if !afterDash && i == len(ops)-1 {
			// With no path, the whole history is printed.
			whole.IfAbsent = gitIn(c, a).Value
		}
	}
	if !afterDash || !named {
		// Exclusions alone take files away from the whole history.
		fx.Add(whole)
	}
}

// gitPatchOpts are the options that have the diff and log family print
// patches (and -u, but for stash show, where it is --include-untracked).
const gitPatchOpts = "-p|--patch|--patch-with-stat|--patch-with-raw|--cc|--word-diff|--color-words|--unified|-U|--binary|--ext-diff|--check"

// gitPrintsContents reports a git command that prints the contents of
// files as commits or the index hold them, for every path: a patch (log
// -p, show, diff, diff-tree -p), an archive, or the objects named on
// standard input (cat-file --batch). A pathspec after -- names what is
// printed instead: readOperandsIn reads those paths.
func gitPrintsContents(c *Call) bool {
	// --check prints the lines it finds fault with; --exit-code and
	// --oneline leave the patch as it is.
	patch := c.HasAny("-u|" + gitPatchOpts)
	noPatch := c.HasAny("-s|--no-patch|--stat|--numstat|--shortstat|--name-only|--name-status|--raw|--summary|--dirstat|-q|--quiet")
	switch c.Sub() {
	case "log", "whatchanged", "diff-tree", "diff-index", "diff-files", "range-diff":
		if !patch {
			return false
		}
	case "show", "diff":
		if noPatch && !patch {
			return false
		}
	case "format-patch":
		if !c.Has("--stdout") {
			return false
		}
	case "archive":
		if c.Has("-l") {
			return false
		}
	case "cat-file":
		if c.HasAny("--batch|--batch-command|--batch-all-objects") {
			return true
		}
		// -p, or a type, prints the object named: a blob named by its
		// hash is the content of a file of any commit or stash.
		switch c.Operand(0) {
		case "blob", "tree", "commit", "tag":
		default:
			if !c.HasLocal("-p") {
				return false
			}
		}
	default:
		return false
	}
	for _, a := range c.Args() {
		if strings.Contains(a.Value, ":") && !strings.Contains(a.Value, "://") && !gitMagic(a.Value) {
			// git show HEAD:.env prints that file (readOperandsIn).
			return false
		}
	}
	return true
}
