package programs

import "github.com/agentgov/governance/internal/shell"

// patch applies a diff to the files it names (which only the diff says),
// under the current folder or -d; a dry run (--dry-run, BSD -C) reads them
// and changes nothing. Ed-style diffs (-e) are run by ed, and -g gets files
// from RCS or SCCS by running their commands.

var patchProgram = &Program{Names: []string{"patch"}, Node: Node{Opts: `
-b --backup
--backup-if-mismatch
--no-backup-if-mismatch
-B --prefix=PREFIX
-c --context
-C --check
-d --directory=DIR
-D --ifdef=NAME
--dry-run
-e --ed
-E --remove-empty-files
-f --force
-F --fuzz=NUM
-g --get=NUM
-i --input=FILE           read
-l --ignore-whitespace
--merge[=STYLE]
-n --normal
-N --forward
-o --output=FILE          write
-p --strip=NUM
--posix
--quoting-style=WORD
-r --reject-file=FILE     write
--read-only=BEHAVIOR
--reject-format=FORMAT
-R --reverse
-s --silent --quiet
-t --batch
-T --set-time
-u --unified
-V --version-control=METHOD
--verbose
-x --debug=NUM
-Y --basename-prefix=PREFIX
-z --suffix=SUFFIX
-Z --set-utc
--follow-symlinks
--help                    help
-v --version              help
`, Effects: patchEffects}}

func patchEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	if len(args) > 1 {
		fx.Read(args[1])
	}
	dir := shell.Arg{Value: "."}
	if ds := c.ValueArgs("-d"); len(ds) > 0 {
		dir = ds[len(ds)-1]
	}
	if c.HasAny("--dry-run|-C") {
		if len(args) > 0 {
			fx.Read(args[0])
		} else {
			fx.ReadTree(dir, true)
		}
		return
	}
	if c.Has("-e") {
		fx.Exec("ed", "", "-e runs the diff as an ed script")
	}
	if g, ok := c.Value("-g"); ok && g != "0" {
		fx.Exec("sh", "", "-g gets files from RCS or SCCS")
	}
	switch {
	case len(args) > 0 && !c.Has("-o"):
		fx.Write(args[0], "applies the diff")
	case len(args) == 0:
		fx.Add(Effect{Op: Write, Path: dir, Tree: true, Why: "applies the diff to the files it names"})
	}
}
