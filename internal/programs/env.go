package programs

// env with a command runs it (env X=1 cmd runs cmd, with X set: see
// wrapper); what is left here is env with no command, which prints the
// environment: every variable, secrets included. --block-signal,
// --default-signal and --ignore-signal take a value only when it is
// attached (--ignore-signal=INT): the next word is the program.
var envProgram = &Program{Names: []string{"env"}, wraps: &wrapper{short: "uCSP", long: []string{"unset", "chdir", "split-string"},
	assigns: true, chdir: "C", split: 'S', altPath: 'P', dashIgnoresEnv: true, transparent: true}, Node: Node{POSIX: true, Opts: `
-i --ignore-environment
-0 --null
-u --unset=NAME
-C --chdir=DIR
-S --split-string=STRING  unknown
-P=PATH
-v --debug
--block-signal[=SIG]
--default-signal[=SIG]
--ignore-signal[=SIG]
--list-signal-handling
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if !isAssign(a.Value) {
			fx.Unknown("env runs " + a.Value + ", which the analysis did not find")
			return
		}
	}
	if !c.Has("-i") {
		fx.Env("")
	}
}}}

// isAssign reports a NAME=value word.
func isAssign(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '=':
			return i > 0
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return false
}
