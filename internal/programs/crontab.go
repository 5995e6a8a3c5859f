package programs

// crontab prints the user's table of scheduled commands with -l. Every
// other form changes it: -e edits it, -r removes it, and a FILE or the
// standard input replaces it; -u picks another user's table. Only -l is
// modelled.

var crontabProgram = &Program{Names: []string{"crontab"}, Node: Node{Opts: `
-l
`, Effects: func(c *Call, fx *Effects) {
	if !c.Has("-l") || len(c.Args()) > 0 {
		fx.Unknown("crontab without -l, or with a file, replaces, edits or removes the table")
	}
}}}
