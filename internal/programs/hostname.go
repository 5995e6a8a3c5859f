package programs

// hostname prints the host's names and addresses; with an operand it
// sets the host name (with -y, the NIS domain), with -F it sets it from a
// file, and -b sets a default one.
var hostnameProgram = &Program{Names: []string{"hostname"}, Node: Node{Opts: `
-a --alias
-A --all-fqdns
-b --boot         change
-d --domain
-f --fqdn --long
-F --file=FILE    read
-i --ip-address
-I --all-ip-addresses
-s --short
-v --verbose
-y --yp --nis
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	if len(c.Args()) > 0 || c.Has("-F") {
		fx.Change("hostname sets the host name (with -y, the NIS domain)")
	}
	if c.HasAny("-a|-A|-d|-f|-i|-I|-y") {
		// Names and addresses are looked up.
		fx.Network("")
	}
}}}
