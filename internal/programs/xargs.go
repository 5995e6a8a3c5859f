package programs

// xargs runs its command with words of its input appended; the analysis
// finds the command and judges it on its own (Runs). With no command it
// runs echo, which prints its input.

var xargsProgram = &Program{Names: []string{"xargs"}, Node: Node{POSIX: true, Opts: `
-0 --null
-a --arg-file=FILE       read
-d --delimiter=DELIM
-E=EOF
-e --eof[=EOF]
-I=REPLACE
-i --replace[=REPLACE]
-L=MAXLINES
-l --max-lines[=MAXLINES]
-n --max-args=MAXARGS
-o --open-tty
-P --max-procs=MAXPROCS
-p --interactive         unknown
--process-slot-var=NAME
-r --no-run-if-empty
-s --max-chars=MAXCHARS
--show-limits
-t --verbose
-x --exit
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	switch {
	case len(c.Args()) == 0:
		// It runs echo with the words of its input: what it prints is
		// only known from the input, and nobody types it.
		fx.Unknown("xargs with no command runs echo with its input")
	case c.Cmd.Runs:
		fx.Found("xargs runs the command the analysis found")
	default:
		fx.Exec("sh", "", "xargs runs a command the analysis could not read in full")
	}
}}}

var yesProgram = &Program{Names: []string{"yes"}, NoOptions: true, Node: Node{Effects: printsOnly}}

var pwdProgram = &Program{Names: []string{"pwd"}, Node: Node{Opts: `
-L
-P
` + gnuHelp, Effects: printsOnly}}
