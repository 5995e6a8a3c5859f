package programs

// Registry returns the modelled programs by name, for tests.
func Registry() map[string]*Program {
	m := make(map[string]*Program, len(registry))
	for _, e := range registry {
		m[e.name] = e.prog
	}
	return m
}

// RegistryNames returns the registry's names in its order, for tests.
func RegistryNames() []string {
	out := make([]string, len(registry))
	for i, e := range registry {
		out[i] = e.name
	}
	return out
}

// CheckGrammar parses a node's option table, for tests.
func CheckGrammar(n *Node) error {
	_, err := parseGrammar(n.Opts)
	return err
}

// SubsOf returns a node's subcommands, for tests.
func SubsOf(n *Node) []*Sub { return n.subs() }
