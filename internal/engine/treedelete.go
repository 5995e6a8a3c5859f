package engine

import (
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// A recursive delete (rm -r, rm -rf) of a folder that holds secrets is
// for a person to decide. Deleting secrets is rarely what an agent
// means, and a confined call cannot do it: the secrets it sees are
// masks, which cannot be removed (Device or resource busy), so the
// delete would stop half-way, every other file under the folder gone and
// the secrets left. The folder is walked, within the call's budget, as
// for a recursive read, up to a bound; a folder too large to check is
// left to the rest of the decision (a build output, node_modules).

// maxDeleteWalk bounds the entries a recursive delete's walk looks at,
// well within the call's budget, which the rest of the call needs: a
// larger folder (node_modules, a large build output) is left unchecked
// (the launcher still tells a half-way delete). Judging an entry against
// the secret rules costs about 10 microseconds on a loaded machine
// (BenchmarkRecursiveDelete: 1,024 entries 11 to 18 ms, 512 about half).
const maxDeleteWalk = 512

// treeDeleteVerdict judges a recursive delete of a folder by the secrets
// it holds.
func (ev *evaluation) treeDeleteVerdict(s *subject) Verdict {
	root := s.file.abs
	if root == "" || s.op != programs.Delete || !s.tree {
		return Verdict{}
	}
	if real, ok := ev.fsw.realPath(root); ok {
		root = real
	}
	if fi, err := ev.fsw.lstat(root); err != nil || !fi.IsDir() {
		return Verdict{}
	}
	secret := ev.secretProbe()
	var found []string
	seen := 0
	ev.fsw.walk(root, true, nil, func(p string, link, dir bool) bool {
		if !dir && !link && secret(p) {
			found = append(found, p)
		}
		seen++
		return len(found) < 5 && seen < maxDeleteWalk
	})
	if len(found) == 0 {
		return Verdict{}
	}
	what := "`" + s.via + "`"
	if s.via == "" {
		what = "This command"
	}
	return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-delete-secrets", Subject: s.display,
		Message: what + " deletes every file under " + ev.relPath(s.file) + ", which holds secrets (" +
			strings.Join(ev.relPaths(found), ", ") + "). Run confined it could not delete them, and would stop " +
			"half-way with everything else under the folder gone.",
		Suggestion: "Delete the files you mean by name, leaving the secrets, or ask the user to delete the folder."}
}
