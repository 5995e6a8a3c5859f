package brain

import (
	"path/filepath"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
)

// sweep removes what killed processes left in the brain's folders and in
// the folder of the decision log at logPath ("" for none): lock files no
// process holds, and temporary files of atomic writes that no writer
// holds and that were not touched for atomicfile.MinOrphanAge.
func (b *Brain) sweep(logPath string, r *Report) error {
	dirs := []string{b.Dir, b.sessionsDir(), b.historyDir(), b.archiveDir(), filepath.Join(b.archiveDir(), "sessions")}
	if logPath != "" {
		dirs = append(dirs, filepath.Dir(logPath))
	}
	var firstErr error
	keep := func(err error) {
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	for _, d := range dirs {
		tmps, err := atomicfile.Sweep(d, atomicfile.MinOrphanAge, r.Now)
		keep(err)
		for _, f := range tmps {
			r.Moves = append(r.Moves, Move{What: "temporary file", Action: "removed", From: rel(b.Dir, f)})
		}
		locks, err := filelock.Sweep(d)
		keep(err)
		for _, f := range locks {
			r.Moves = append(r.Moves, Move{What: "lock file", Action: "removed", From: rel(b.Dir, f)})
		}
	}
	return firstErr
}
