package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// script runs a shell, or a command, and records the terminal session in a
// typescript file (Linux: the command of -c; macOS and the BSDs: the words
// after the file). Playing a recording back (-p) only reads it. The options
// of util-linux and of the BSDs are listed; -t takes a file attached on
// Linux and a time on the BSDs, so a BSD time reads as the file.

var scriptProgram = &Program{Names: []string{"script"}, Node: Node{POSIX: true, Opts: `
-a --append
-c --command=COMMAND
-d
-E --echo=WHEN
-e --return
-f --flush
-F
-B --log-io=FILE           write
-I --log-in=FILE           write
-O --log-out=FILE          write
-T --log-timing=FILE       write
-m --logging-format=FORMAT
-o --output-limit=SIZE
-k
-p                                 # plays a recording back
-q --quiet
-r
-t --timing[=FILE]         write
-h --help                  help
-V --version               help
`, Effects: scriptEffects}}

func scriptEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	file := shell.Arg{Value: "typescript"}
	if len(args) > 0 {
		file = args[0]
	}
	if c.Has("-p") {
		fx.Read(file)
		return
	}
	writeUnlessNotFile(fx, file, "records the session")
	switch cmds := c.ValueArgs("-c"); {
	case len(cmds) > 0:
		for _, cmd := range cmds {
			code := cmd.Value
			if cmd.Dynamic {
				code = ""
			}
			fx.Exec("sh", code, "-c")
		}
	case len(args) > 1:
		fx.Exec("sh", quoteWords(args[1:]), "runs the command after the file")
	default:
		fx.Exec("sh", "", "runs an interactive shell")
	}
}

// quoteWords joins words into a command line that a shell reads back as
// the same words; "" when one of them is computed at run time.
func quoteWords(args []shell.Arg) string {
	var b strings.Builder
	for i, a := range args {
		if a.Dynamic {
			return ""
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("'" + strings.ReplaceAll(a.Value, "'", `'\''`) + "'")
	}
	return b.String()
}
