package engine

import (
	"testing"

	"github.com/agentgov/governance/internal/shell"
)

// TestShellURLVerdictIdleWords: the words of an ordinary command (git
// status, ls -la, a path, a revision) are not parsed as URLs: judging
// them allocates nothing, as every shell command goes through it.
func TestShellURLVerdictIdleWords(t *testing.T) {
	ev := &evaluation{}
	for _, line := range [][]string{{"git", "status"}, {"ls", "-la", "src/"}, {"git", "show", "HEAD:src/main.go"},
		{"git", "log", "--format=%H:%s"}, {"grep", "-rn", "TODO", "internal/"}} {
		cmd := &shell.Command{Name: line[0]}
		for _, w := range line {
			cmd.Args = append(cmd.Args, shell.Arg{Value: w})
		}
		s := &subject{kind: KindShell, cl: &cmdline{cmd: cmd, name: line[0]}}
		if n := testing.AllocsPerRun(100, func() { ev.shellURLVerdict(s) }); n != 0 {
			t.Errorf("%v: %v allocations, want none", line, n)
		}
	}
}
