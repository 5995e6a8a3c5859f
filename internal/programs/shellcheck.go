package programs

// shellcheck reads the shell scripts it is given (standard input for -)
// and prints what it finds, quoting their lines. Its rc file
// (.shellcheckrc, --rcfile) holds only directives. With -x it also reads
// the files the scripts source, and with -a it reports on them, quoting
// their lines: those files are named by the scripts, not the command.

var shellcheckProgram = &Program{Names: []string{"shellcheck"}, Node: Node{Opts: `
-a --check-sourced
-C --color[=WHEN]
-i --include=CODES
-e --exclude=CODES
--extended-analysis=BOOL
-f --format=FORMAT
--list-optional
--norc
--rcfile=FILE          read
-o --enable=CHECKS
-P --source-path=PATHS
-s --shell=SHELL
-S --severity=SEVERITY
-W --wiki-link-count=N
-x --external-sources
-V --version           help
-h --help              help
`, Effects: shellcheckEffects}}

func shellcheckEffects(c *Call, fx *Effects) {
	readOperands(c, fx)
	if c.Has("-a") && c.Has("-x") {
		fx.Unknown("shellcheck -a -x quotes the lines of the files the scripts source")
	}
}
