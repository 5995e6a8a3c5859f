package programs

// pre-commit runs the hooks its configuration names (programs, scripts
// and repositories it installs): run, and bare pre-commit, run them and
// they may rewrite files. Only validating configurations and printing the
// sample configuration read.

var precommitProgram = &Program{Names: []string{"pre-commit"}, Node: Node{Effects: precommitRuns, Opts: `
-h --help                        help
-V --version                     help
--color=WHEN
-c --config=FILE                 read
`, Subs: []*Sub{
	{"validate-config|validate-manifest", &Node{Inherit: true, Effects: readsFiles}},
	{"sample-config|help", &Node{Inherit: true, Effects: printsOnly}},
	{"run|install|install-hooks|uninstall|autoupdate|clean|gc|init-templatedir|migrate-config|try-repo|hook-impl|" +
		"hazmat", &Node{Inherit: true, Loose: true, Effects: precommitRuns}},
}}}

func precommitRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "pre-commit installs and runs the hooks the configuration names")
}
