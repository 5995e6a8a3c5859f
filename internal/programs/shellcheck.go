package programs

import "strings"

// shellcheck reads the shell scripts it is given (standard input for -)
// and prints what it finds, quoting their lines. With -x (or
// external-sources in its rc file) it also reads the files the scripts
// source, and with -a it reports on them, quoting their lines: those
// files are named by the scripts, not the command, so neither is in the
// model. Its rc file (.shellcheckrc, in the script's folder or one above
// it, or the user's) is read when the call is decided.

var shellcheckProgram = &Program{Names: []string{"shellcheck"}, Node: Node{Opts: `
-C --color[=WHEN]
-i --include=CODES
-e --exclude=CODES
--extended-analysis=BOOL
-f --format=FORMAT
--list-optional
--norc
--rcfile=FILE          unknown
-o --enable=CHECKS
-s --shell=SHELL
-S --severity=SEVERITY
-W --wiki-link-count=N
-V --version           help
-h --help              help
`, Effects: shellcheckEffects}}

func shellcheckEffects(c *Call, fx *Effects) {
	readOperands(c, fx)
	// SHELLCHECK_OPTS are options read before the command line's (-x -a).
	envOptions(c, fx, "SHELLCHECK_OPTS")
	if c.Has("--norc") {
		return
	}
	fx.Add(Effect{Op: Unknown, IfPresent: ".shellcheckrc", Upward: true, Harmless: shellcheckrcHarmless,
		Why: ".shellcheckrc may have shellcheck follow the files the scripts source"})
	for _, f := range []string{"~/.shellcheckrc", "~/.config/shellcheckrc"} {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: shellcheckrcHarmless,
			Why: f + " may have shellcheck follow the files the scripts source"})
	}
}

// shellcheckrcHarmless reports an rc file that names no sources to follow.
func shellcheckrcHarmless(content []byte) bool {
	s := strings.ToLower(string(content))
	return !strings.Contains(s, "external-sources") && !strings.Contains(s, "source")
}
