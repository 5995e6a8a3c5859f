package programs

import (
	"path"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// mktemp creates a file (or with -d a folder) with a unique name and
// prints the name; -u only prints a name. The options of GNU coreutils
// and of the BSDs are listed (the BSDs' -t takes a prefix, GNU's does
// not, so a BSD prefix reads as the template).

var mktempProgram = &Program{Names: []string{"mktemp"}, Node: Node{Opts: `
-d --directory
-u --dry-run
-q --quiet
--suffix=SUFFIX
-p=DIR
--tmpdir[=DIR]
-t
-h --help                 help
--version                 help
`, Effects: mktempEffects}}

func mktempEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	if c.Has("-u") {
		return
	}
	templates := c.Args()
	if len(templates) == 0 {
		templates = []shell.Arg{{Value: "tmp.XXXXXXXXXX"}}
	}
	dir := shell.Arg{Value: "/tmp"}
	if ds := c.ValueArgs("-p|--tmpdir"); len(ds) > 0 {
		dir = ds[len(ds)-1]
	}
	for _, t := range templates {
		p := t
		if !strings.Contains(t.Value, "/") && (len(c.Args()) == 0 || c.HasAny("-p|--tmpdir|-t")) {
			p = shell.Arg{Value: path.Join(dir.Value, t.Value), Dynamic: t.Dynamic || dir.Dynamic}
		}
		fx.Write(p, "creates a file with a unique name")
	}
}
