package programs

import (
	"path"

	"github.com/agentgov/governance/internal/shell"
)

// make runs the recipes of the targets it is asked for, or of the first
// target of the makefile: any target (help, print, all) is a recipe, and
// reading the makefile alone runs its $(shell ...) calls, so even -n, -p
// and -q run code of the project's. Only its help and version do not.

var makeProgram = &Program{Names: []string{"make", "gmake"}, Node: Node{Opts: `
-b -m
-B --always-make
-C --directory=DIRECTORY      dir
-d
--debug[=FLAGS]
-e --environment-overrides
-E --eval=STRING              code
-f --file --makefile=FILE     read
-h --help                     help
-i --ignore-errors
-I --include-dir=DIRECTORY
-j --jobs[=N]
-k --keep-going
-l --load-average --max-load[=N]
-L --check-symlink-times
-n --just-print --dry-run --recon
-o --old-file --assume-old=FILE
-O --output-sync[=TYPE]
-p --print-data-base
-q --question
-r --no-builtin-rules
-R --no-builtin-variables
-s --silent --quiet
--no-silent
-S --no-keep-going --stop
-t --touch
--trace
-v --version                  help
-w --print-directory
--no-print-directory
-W --what-if --new-file --assume-new=FILE
--warn-undefined-variables
--shuffle[=MODE]
--jobserver-style=STYLE
`, Effects: func(c *Call, fx *Effects) {
	fx.Exec("sh", "", "make runs the recipes and $(shell) calls of the makefile")
	makefiles(c, fx)
}}}

// makefiles records the makefiles make reads: those -f names, or the
// first of GNUmakefile, makefile and Makefile in the folder it runs in.
func makefiles(c *Call, fx *Effects) {
	if files := c.ValueArgs("-f"); len(files) > 0 {
		for _, f := range files {
			fx.Source(f)
		}
		return
	}
	dir := ""
	for _, d := range c.ValueArgs("-C") {
		if d.Dynamic {
			return
		}
		dir = path.Join(dir, d.Value)
	}
	for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
		fx.Source(shell.Arg{Value: path.Join(dir, name)})
	}
}
