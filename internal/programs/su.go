package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// su runs a shell as another user: the string of -c (--command), or an
// interactive one. It is judged as itself, privileged; the code of -c is
// analysed as nested code.
var suProgram = &Program{Names: []string{"su"}, LaunchOnly: true, Launch: launchSu}

func launchSu(c *shell.Simple) (shell.Launched, bool) {
	l := shell.Launched{Keep: true, Privileged: true}
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-c" || v == "--command") && i+1 < len(args):
			code := args[i+1]
			l.Nested = []shell.Nested{{Origin: "su -c", Code: &code}}
			return l, true
		case strings.HasPrefix(v, "--command="):
			l.Nested = []shell.Nested{{Origin: "su -c", Code: &shell.Arg{Value: v[len("--command="):], Dynamic: args[i].Dynamic}}}
			return l, true
		}
	}
	return l, true
}
