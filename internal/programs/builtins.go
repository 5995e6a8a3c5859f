package programs

import "strings"

// Shell builtins: they change only the shell's own state (its folder, its
// variables, its options) or print it. Those that run other commands
// (eval, exec, command, builtin, source, trap) are read by the analysis,
// which judges what they run on its own.

// shellState is the Effects of a builtin that changes only the shell's
// own state or prints it.
func shellState(*Call, *Effects) {}

var (
	cdProgram     = &Program{Names: []string{"cd", "pushd", "popd", "dirs"}, NoOptions: true, Node: Node{Effects: statOperandsNoOpts}}
	assignProgram = &Program{Names: []string{"unset", "shift", "getopts", "let", "((", "alias", "unalias", "shopt", "times", "jobs",
		"wait", "exit", "return", "read", "mapfile", "readarray", ":"}, NoOptions: true, Node: Node{Effects: shellState}}
	// export, declare and friends set variables; with no names (or -p)
	// they print them, and set with no words prints every variable.
	declareProgram = &Program{Names: []string{"export", "declare", "typeset", "local", "readonly", "set"}, NoOptions: true,
		Node: Node{Effects: func(c *Call, fx *Effects) {
			names := 0
			for _, a := range c.Args() {
				if !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") {
					names++
				}
				if a.Value == "-p" && c.Name != "set" {
					fx.Env("")
					return
				}
			}
			if names == 0 && (c.Name != "set" || len(c.Args()) == 0) {
				fx.Env("")
			}
		}}}
	historyProgram = &Program{Names: []string{"history"}, Node: Node{Opts: `
-c  change
-d=OFFSET  change
-a  change
-n
-r  change
-w  change
-p
-s  change
`, Effects: shellState}}
	commandProgram = &Program{Names: []string{"command"}, Node: Node{POSIX: true, Opts: `
-p
-v
-V
`, Effects: func(c *Call, fx *Effects) {
		// command NAME is unwrapped by the analysis; what is left here
		// is command -v/-V, which only describes.
		if !c.HasAny("-v|-V") {
			fx.Unknown("command runs " + c.Operand(0))
		}
	}}}
	sourceProgram = &Program{Names: []string{"source", "."}, NoOptions: true, Node: Node{Effects: func(c *Call, fx *Effects) {
		if c.Cmd.Runs {
			fx.Found("source runs a script the analysis read")
			return
		}
		if args := c.Args(); len(args) > 0 {
			fx.Read(args[0])
		}
		fx.Exec("sh", "", "source runs a script the analysis did not read")
	}}}
)

// statOperandsNoOpts: cd and friends look at the folder they are given.
func statOperandsNoOpts(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Value == "-" || len(a.Value) > 0 && (a.Value[0] == '-' || a.Value[0] == '+') {
			continue
		}
		fx.Stat(a)
	}
}
