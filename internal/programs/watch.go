package programs

// watch (procps) runs a command again and again and shows its output on
// the terminal. Its words are joined with blanks into a string that sh -c
// runs, or run as they are with -x; the analysis finds that command and
// judges it on its own (Runs), as if it ran once. Newer releases add
// --shotsdir, where a key press saves the screen to a file, and --follow:
// both stay unknown.

var watchProgram = &Program{Names: []string{"watch"}, Node: Node{POSIX: true, Opts: `
-b --beep
-c --color
-C --no-color
-d --differences[=PERMANENT]
-e --errexit
-g --chgexit
-q --equexit=CYCLES
-n --interval=SECONDS
-p --precise
-r --no-rerun
-t --no-title
-w --no-wrap
-x --exec
-h --help                help
-v --version             help
`, Effects: func(c *Call, fx *Effects) {
	switch {
	case len(c.Args()) == 0:
		// watch with no command prints its usage.
	case c.Cmd.Runs:
		if !c.Has("-x") {
			fx.Helper("sh", "watch runs its command with sh -c")
		}
		fx.Found("watch runs, again and again, the command the analysis found")
	default:
		fx.Exec("sh", "", "watch runs a command the analysis could not read in full")
	}
}}}
