package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// ripgrep searches the files under its paths (the current folder when it
// has none). By default it skips hidden files and the files its ignore
// files name; --hidden or -uu reads dot files too. It runs programs for
// --pre (a preprocessor for every file), --hostname-bin and -z (the
// decompressors gzip, xz, zstd, ... it finds on PATH).

var rgProgram = &Program{Names: []string{"rg"}, Node: Node{Opts: `
-A --after-context=NUM
-B --before-context=NUM
-C --context=NUM
--auto-hybrid-regex
--no-auto-hybrid-regex
--binary
--no-binary
--block-buffered
--no-block-buffered
-b --byte-offset
--no-byte-offset
-s --case-sensitive
--color=WHEN
--colors=SPEC
--column
--no-column
--context-separator=SEP
--no-context-separator
-c --count
--count-matches
--crlf
--no-crlf
--debug
--trace
--dfa-size-limit=NUM
-E --encoding=ENCODING
--no-encoding
--engine=ENGINE
--field-context-separator=SEP
--field-match-separator=SEP
-f --file=PATTERNFILE            read
--files
-l --files-with-matches
--files-without-match
-F --fixed-strings
--no-fixed-strings
-L --follow
--no-follow
--generate=KIND
-g --glob=GLOB
--glob-case-insensitive
--no-glob-case-insensitive
-h --help                        help
--heading
--no-heading
-. --hidden
--no-hidden
--hostname-bin=COMMAND           exec
--hyperlink-format=FORMAT
--iglob=GLOB
-i --ignore-case
--ignore-file=PATH               read
--ignore-file-case-insensitive
--no-ignore-file-case-insensitive
--include-zero
--no-include-zero
-v --invert-match
--no-invert-match
--json
--no-json
--line-buffered
--no-line-buffered
-n --line-number
-N --no-line-number
-x --line-regexp
-M --max-columns=NUM
--max-columns-preview
--no-max-columns-preview
-m --max-count=NUM
-d --max-depth --maxdepth=NUM
--max-filesize=NUM
--mmap
--no-mmap
-U --multiline
--no-multiline
--multiline-dotall
--no-multiline-dotall
--no-config
-I --no-filename
--no-ignore
--ignore
--no-ignore-dot
--ignore-dot
--no-ignore-exclude
--ignore-exclude
--no-ignore-files
--ignore-files
--no-ignore-global
--ignore-global
--no-ignore-messages
--ignore-messages
--no-ignore-parent
--ignore-parent
--no-ignore-vcs
--ignore-vcs
--no-messages
--messages
--no-pcre2-unicode
--pcre2-unicode
--no-require-git
--require-git
--no-unicode
--unicode
-0 --null
--null-data
--one-file-system
--no-one-file-system
-o --only-matching
--passthru --passthrough
--path-separator=SEP
-P --pcre2
--no-pcre2
--pcre2-version
--pre=COMMAND                    exec
--no-pre
--pre-glob=GLOB
-p --pretty
-q --quiet
--regex-size-limit=NUM
-e --regexp=PATTERN
-r --replace=REPLACEMENT
-z --search-zip                  exec
--no-search-zip
-S --smart-case
--sort=SORTBY
--sortr=SORTBY
--sort-files
--no-sort-files
--stats
--no-stats
--stop-on-nonmatch
-a --text
--no-text
-j --threads=NUM
--trim
--no-trim
-t --type=TYPE
-T --type-not=TYPE
--type-add=SPEC
--type-clear=TYPE
--type-list
-u --unrestricted
-V --version                     help
--vimgrep
-H --with-filename
-w --word-regexp
`, Effects: rgEffects}}

func rgEffects(c *Call, fx *Effects) {
	// The configuration file RIPGREP_CONFIG_PATH names holds more
	// options, --pre among them.
	if !c.Has("--no-config") {
		envOptions(c, fx, "RIPGREP_CONFIG_PATH")
	}
	if c.HasAny("--type-list|--pcre2-version|--generate") {
		return
	}
	unrestricted := 0
	for i := range c.Opts {
		if s := c.Opts[i].Spec; s != nil && s.Is("-u") {
			unrestricted++
		}
	}
	hidden := c.Has("--hidden") || unrestricted >= 2
	filter := rgFilter(c)
	if filter == nil && c.HasAny("-g|--glob|--iglob") {
		// A glob computed at run time may name any file.
		hidden = true
	}
	for _, g := range filterGlobs(filter) {
		if !g.Exclude {
			// A file a glob names is searched even when it is hidden:
			// the globs override every other rule of what is skipped.
			hidden = true
		}
	}
	if c.Has("--files") {
		// It lists the files it would search: names only.
		paths := c.Args()
		if len(paths) == 0 {
			paths = []shell.Arg{{Value: "."}}
		}
		for _, a := range paths {
			fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: hidden})
		}
		return
	}
	paths := patternOperands(c, fx, "-e|--regexp|-f|--file")
	if len(paths) == 0 && c.Cmd.Stdin.Kind == shell.StdinInherited {
		// With no path and no input given, it searches the current
		// folder.
		paths = []shell.Arg{{Value: "."}}
	}
	start := len(fx.List)
	readFiles(fx, paths, true, hidden)
	fx.filterTrees(start, filter)
}

// rgFilter returns the globs of -g and --iglob, in order, or nil for none
// or one computed at run time.
func rgFilter(c *Call) *NameFilter {
	f := &NameFilter{Whitelist: true}
	fold := c.Has("--glob-case-insensitive")
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil || !o.HasValue || !o.Spec.Is("-g") && !o.Spec.Is("--iglob") {
			continue
		}
		if o.Value.Dynamic {
			return nil
		}
		glob, exclude := strings.CutPrefix(o.Value.Value, "!")
		f.Globs = append(f.Globs, NameGlob{Glob: glob, Exclude: exclude, Fold: fold || o.Spec.Is("--iglob"), Path: true})
	}
	if len(f.Globs) == 0 {
		return nil
	}
	return f
}

func filterGlobs(f *NameFilter) []NameGlob {
	if f == nil {
		return nil
	}
	return f.Globs
}
