package programs

import (
	"fmt"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Registry returns the modelled programs by name, for tests.
func Registry() map[string]*Program {
	m := make(map[string]*Program, len(registry))
	for _, e := range registry {
		m[e.name] = *e.prog
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
	g, err := parseGrammar(n.Opts)
	if err != nil {
		return err
	}
	// Each variable of Env names an option of the node.
	for line := range strings.SplitSeq(n.Env, "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		_, opt, ok := strings.Cut(line, " ")
		if spec, _ := g.lookupLong(strings.TrimPrefix(strings.TrimSpace(opt), "--")); !ok || spec == nil || !spec.Is(strings.TrimSpace(opt)) {
			return fmt.Errorf("Env line %q names no option of the node", line)
		}
	}
	return nil
}

// ParseWith reads cmd with the model p in place of the registry's, for
// tests of the parser.
func ParseWith(p *Program, cmd *shell.Command) *Call {
	c := &Call{Cmd: cmd, Name: cmd.Name, DashDash: -1, Prog: p}
	var args []shell.Arg
	if len(cmd.Args) > 0 {
		args = normalizeDashes(cmd.Args[1:])
	}
	c.read(args)
	return c
}

// SubsOf returns a node's subcommands, for tests.
func SubsOf(n *Node) []*Sub { return n.subs() }

// SQLReadOnly is sqlReadOnly, for tests.
func SQLReadOnly(q string, dialect byte) bool { return sqlReadOnly(q, dialect) }

// SQL dialects, for tests.
const (
	DialectSQLite    = dialectSQLite
	DialectDuckDB    = dialectDuckDB
	DialectPostgres  = dialectPostgres
	DialectMySQL     = dialectMySQL
	DialectSQLServer = dialectSQLServer
)

// UnmodelledSetup returns the names of the table of programs that print
// shell set-up code and have no model, in its order, for tests.
func UnmodelledSetup() []string {
	out := make([]string, len(unmodelledSetup))
	for i, e := range unmodelledSetup {
		out[i] = e.name
	}
	return out
}
