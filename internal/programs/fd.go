package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// fd lists the names under its search paths (the current folder when
// none is given) that match its pattern, skipping hidden and ignored
// files unless -H, -I or -u. -x and -X run a command for the files found:
// the analysis reads that command (up to ;) and judges it on its own.
// -l lists them with ls -l, a fixed program.

var fdProgram = &Program{Names: []string{"fd", "fdfind"}, Launch: launchFd, Lists: listFd, Parse: parseFd, Node: Node{Opts: `
-H --hidden
--no-hidden
-I --no-ignore
--ignore
--no-ignore-vcs
--ignore-vcs
--no-require-git
--require-git
--no-ignore-parent
--no-global-ignore-file
-u --unrestricted
-s --case-sensitive
-i --ignore-case
-g --glob
--regex
-F --fixed-strings
--and=PATTERN
-a --absolute-path
--relative-path
-l --list-details
-L --follow
--no-follow
-p --full-path
-0 --print0
-d --max-depth --maxdepth=DEPTH
--min-depth=DEPTH
--exact-depth=DEPTH
-E --exclude=PATTERN
--prune
-t --type=FILETYPE
-e --extension=EXT
-S --size=SIZE
--changed-within --change-newer-than --newer --changed-after=DATE
--changed-before --change-older-than --older=DATE
-o --owner=USER
--format=FMT
-x --exec
-X --exec-batch
--batch-size=SIZE
--ignore-file=PATH          read
-c --color=WHEN
--hyperlink[=WHEN]
-j --threads=NUM
--max-buffer-time=TIME
--max-results=COUNT
-1
-q --quiet
--show-errors
--base-directory=PATH
--path-separator=SEPARATOR
--search-path=PATH
--strip-cwd-prefix[=WHEN]
--one-file-system --mount --xdev
--gen-completions[=SHELL]
-h --help                   help
-V --version                help
`, Effects: fdEffects}}

// parseFd reads fd's words, leaving out the command of -x and -X (the
// words up to ; or the end), which the analysis reads.
func parseFd(c *Call, args []shell.Arg) {
	var rest []shell.Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		rest = append(rest, a)
		if a.Dynamic {
			continue
		}
		if a.Value == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		switch a.Value {
		case "-x", "--exec", "-X", "--exec-batch":
			for i+1 < len(args) && args[i+1].Value != ";" {
				i++
			}
			i++
		}
	}
	c.parse(rest)
}

func fdEffects(c *Call, fx *Effects) {
	if c.HasAny("--exec|--exec-batch") {
		if c.Cmd.Runs {
			fx.Found("fd -x")
		} else {
			fx.Exec("sh", "", "fd -x runs a command the analysis could not read in full")
		}
	}
	hidden := c.HasAny("--hidden|--unrestricted")
	dataMayBeOption(c, fx, 0)
	paths := operandsAfter(c, 1)
	paths = append(paths, c.ValueArgs("--search-path")...)
	if bases := c.ValueArgs("--base-directory"); len(bases) > 0 {
		// Search paths are relative to it; so is what it lists.
		paths = append(paths, bases[len(bases)-1])
	} else if len(paths) == 0 {
		paths = []shell.Arg{{Value: "."}}
	}
	for _, a := range paths {
		fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: hidden})
	}
}

// launchFd says what fd runs: the words after -x/--exec and
// -X/--exec-batch up to a ";" run for the files fd finds, which take the
// place of {}, {/}, {//}, {.} and {/.}, or are appended.
func launchFd(c *shell.Simple) (shell.Launched, bool) {
	l := shell.Launched{Keep: true}
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		if v := args[i].Value; v == "-x" || v == "--exec" || v == "-X" || v == "--exec-batch" {
			j := i + 1
			for j < len(args) && args[j].Value != ";" {
				j++
			}
			if words := args[i+1 : j]; len(words) > 0 {
				l.Nested = append(l.Nested, shell.Nested{Origin: "fd -x", Args: fdCommand(words, fdHint(fdListing(args)))})
				l.Runs = true
			}
			i = j
		}
	}
	return l, true
}

// fdCommand returns the words of one fd -x command, with the files found
// as input.
func fdCommand(words []shell.Arg, hint string) []shell.Arg {
	sub := append([]shell.Arg(nil), words...)
	replaced := false
	for j, a := range sub {
		for _, ph := range []string{"{//}", "{/.}", "{/}", "{.}", "{}"} {
			if strings.Contains(a.Value, ph) {
				sub[j].WholeInput = a.Value == ph
				sub[j].Value = strings.ReplaceAll(sub[j].Value, ph, "{input}")
				sub[j].Dynamic, sub[j].Input = true, true
				sub[j].Hint = strings.ReplaceAll(a.Value, ph, hint)
				replaced = true
			}
		}
	}
	if !replaced {
		sub = append(sub, shell.Arg{Value: "{input}", Dynamic: true, Input: true, WholeInput: true, Hint: hint})
	}
	return sub
}

// listFd returns a glob for the files fd prints, one to a line, when it
// runs nothing and prints them plainly.
func listFd(c *shell.Simple) ([]string, bool) {
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Value == "-x" || a.Value == "--exec" || a.Value == "-X" || a.Value == "--exec-batch" ||
			a.Value == "-0" || a.Value == "--print0" || strings.HasPrefix(a.Value, "--format") {
			return nil, false
		}
	}
	return []string{fdHint(fdListing(c.Args[1:]))}, true
}

// fdListing reads what fd's words say of the files it finds: its
// operands (pattern, then search paths), whether the pattern is a glob,
// and the extension it selects. The words of -x and -X are skipped.
func fdListing(args []shell.Arg) (pos []shell.Arg, glob bool, ext string) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-x" || v == "--exec" || v == "-X" || v == "--exec-batch":
			for i+1 < len(args) && args[i+1].Value != ";" {
				i++
			}
			i++
		case v == "-g" || v == "--glob":
			glob = true
		case v == "-e" || v == "--extension":
			if i+1 < len(args) {
				i++
				ext = args[i].Value
			}
		case fdTakesValue(v):
			i++
		case v == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(v, "-"):
		default:
			pos = append(pos, args[i])
		}
	}
	return pos, glob, ext
}

// fdTakesValue reports fd's options that take the next word as a value.
func fdTakesValue(v string) bool {
	switch v {
	case "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "--min-depth", "--exact-depth", "-S", "--size",
		"--changed-within", "--changed-before", "-o", "--owner", "-j", "--threads", "--max-results", "-c", "--color",
		"--base-directory", "--path-separator", "--search-path", "--ignore-file", "--format", "--batch-size",
		"--max-buffer-time", "--and":
		return true
	}
	return false
}

// fdHint returns a glob for the files fd finds: under its search paths
// (. when none), named by its pattern when that is a glob, or with its
// extension.
func fdHint(pos []shell.Arg, glob bool, ext string) string {
	name := "*"
	switch {
	case len(pos) > 0 && glob && !pos[0].Dynamic:
		name = pos[0].Value
	case ext != "":
		name = "*." + strings.TrimPrefix(ext, ".")
	}
	dir := "."
	if len(pos) > 1 && !pos[1].Dynamic {
		dir = pos[1].Value
	}
	return strings.TrimSuffix(dir, "/") + "/" + name
}
