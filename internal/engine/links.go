package engine

import (
	"strconv"

	"github.com/agentgov/governance/internal/programs"
)

// A file is what its inode is, under any of its names. A hard link made
// by an earlier call (ln, os.link, cp -l) gives a protected file a name
// outside the protected set; a write through that name changes the
// protected file. So a change of a file that has other names is judged
// as a change of the protected file it is, found among the protected
// set's files by device and inode; one whose other names are not found
// there may be a secret's, and is asked. Symbolic links are resolved
// with the rest of the path (see kernelPlaces).

// linkedVerdict judges a change of the contents or mode of an existing
// file with more than one name; it says ok=false for a file with one.
// Deleting or renaming one of its names leaves the others as they were.
func (ev *evaluation) linkedVerdict(s *subject) (Verdict, bool) {
	p := s.file
	if p.abs == "" || s.op == programs.Delete || s.op == programs.Move || !ev.fsw.take(1) {
		return Verdict{}, false
	}
	fi, err := ev.fsw.lstat(p.abs)
	if err != nil || !fi.Mode().IsRegular() {
		return Verdict{}, false
	}
	id, nlink, ok := fileID(fi)
	if !ok || nlink < 2 {
		return Verdict{}, false
	}
	if other, found := ev.protectedFileWithID(id); found && ev.protectedAt(ev.pc.resolve(other, false, false, "")) != notProtected {
		q := ev.pc.resolve(other, false, false, "")
		sub := *s
		sub.file = q
		v := ev.selfProtection(&sub)
		if v.Outcome != NoOpinion {
			v.Subject = s.display
			v.Message = ev.relPath(p) + " is another name (a hard link) of " + ev.relPath(q) + ": writing it writes that file. " + v.Message
			return v, true
		}
	}
	return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "hard-link", Subject: s.display,
		Message: ev.relPath(p) + " has " + strconv.FormatUint(nlink, 10) + " names (hard links); writing it writes the file under all of them, " +
			"and the others may be a secret or a protected file.",
		Suggestion: "Write a copy instead (cp --remove-destination, or delete the name and write a new file), or ask the user to confirm."}, true
}

// protectedFileWithID returns a file of the protected set with the device
// and inode id, walking its folders within the call's budget.
func (ev *evaluation) protectedFileWithID(id fileKey) (string, bool) {
	var found string
	for _, r := range ev.protectedRoots() {
		ev.fsw.walk(r, true, nil, func(p string, link, dir bool) bool {
			if dir || link {
				return true
			}
			fi, err := ev.fsw.lstat(p)
			if err != nil {
				return true
			}
			if other, _, ok := fileID(fi); ok && other == id {
				found = p
				return false
			}
			return true
		})
		if found != "" {
			return found, true
		}
	}
	return "", false
}

// fileKey is a file's device and inode.
type fileKey struct{ dev, ino uint64 }

// protectedRoots are the files and folders the protected set is made of:
// the project's and the user's governance folders, the harness settings
// and agent folders, the installed binaries. They are worked out once a
// call: each folder a call deletes, moves or writes into asks for them.
func (ev *evaluation) protectedRoots() []string {
	if ev.roots != nil {
		return ev.roots
	}
	var roots []string
	if ev.pc.root != "" {
		roots = append(roots, ev.pc.root+"/.governance")
	}
	roots = append(roots, ev.pc.configDirs...)
	for _, pats := range [][]string{harnessSettings(), agentFiles()} {
		for _, pat := range pats {
			if t := ev.expandTemplate(literalPrefix(pat)); t != "" {
				roots = append(roots, t)
			}
		}
	}
	ev.roots = append(roots, ev.e.binaries()...)
	return ev.roots
}
