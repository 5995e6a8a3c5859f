package cli

import (
	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
)

// sweep removes, from folders a command writes, what killed processes
// left behind: lock files no process holds, and temporary files of atomic
// writes that no writer holds and that were not touched for a while. It
// is best effort: what cannot be removed now is removed by a later run.
func (a *App) sweep(dirs ...string) {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		atomicfile.Sweep(d, atomicfile.MinOrphanAge, a.Now())
		filelock.Sweep(d)
	}
}
