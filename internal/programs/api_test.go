package programs_test

import (
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// onlyReads reports whether a command line's first simple command only
// reads, as the engine's safe set judges a modelled command: every effect
// is a read, a look at names, commands found on their own, or a request
// whose words are all known before it runs.
func onlyReads(t *testing.T, cmd string) bool {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h"})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	// The command itself, not one of its substitutions.
	cmdAt := a.Commands[len(a.Commands)-1]
	for _, c := range a.Commands {
		if c.Origin == "" {
			cmdAt = c
			break
		}
	}
	for _, e := range programs.Parse(cmdAt).Effects().List {
		switch e.Op {
		case programs.Read, programs.Stat:
		case programs.Exec:
			if !e.Found {
				return false
			}
		case programs.Network:
			for _, d := range e.Data {
				if d.Dynamic || len(d.Subst) > 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// readCase is a command and whether it only reads.
type readCase struct {
	cmd  string
	read bool
}

// checkReads runs a table of read cases.
func checkReads(t *testing.T, cases []readCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := onlyReads(t, tt.cmd); got != tt.read {
				t.Errorf("%q: only reads %v, want %v (%s)", tt.cmd, got, tt.read, effects(t, tt.cmd))
			}
		})
	}
}
