package programs

import "github.com/agentgov/governance/internal/shell"

// fd lists the names under its search paths (the current folder when
// none is given) that match its pattern, skipping hidden and ignored
// files unless -H, -I or -u. -x and -X run a command for the files found:
// the analysis reads that command (up to ;) and judges it on its own.
// -l lists them with ls -l, a fixed program.

var fdProgram = &Program{Names: []string{"fd", "fdfind"}, Parse: parseFd, Node: Node{Opts: `
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
