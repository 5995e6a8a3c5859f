package engine

import (
	"slices"
	"strconv"
	"strings"
)

// FileEdit is what a patch does to one file.
type FileEdit struct {
	// Op is "add", "update" or "delete".
	Op string
	// Path is the file the patch changes; From its old name when a
	// unified diff renames or copies it; MoveTo its new name when an
	// apply_patch update moves it.
	Path, From, MoveTo string
	// Added is the text the patch adds to the file, one line per added
	// line.
	Added string
}

// ParsePatch splits a patch into per-file edits. It reads Codex's
// apply_patch format (*** Begin Patch / *** Update File: path) and
// unified diffs (diff --git, --- a/path, +++ b/path), honouring hunk
// lengths, so that a line inside a hunk that looks like a header is not
// taken for one.
func ParsePatch(patch string) []FileEdit {
	lines := strings.Split(strings.ReplaceAll(patch, "\r\n", "\n"), "\n")
	for _, l := range lines {
		if strings.TrimSpace(l) == "*** Begin Patch" {
			return parseApplyPatch(lines)
		}
	}
	return parseUnifiedDiff(lines)
}

// parseApplyPatch reads Codex's format. Every line of a file's body
// starts with +, - or a space (or @@), so a line that starts with "*** "
// is always a header. Codex trims a header line of the whitespace around
// it (a tab, spaces, a carriage return) before it reads it, so the
// headers are read trimmed too: "\t*** Add File: x" adds x.
func parseApplyPatch(lines []string) []FileEdit {
	var edits []FileEdit
	var added []string
	flush := func() {
		if n := len(edits); n > 0 {
			edits[n-1].Added = strings.Join(added, "\n")
		}
		added = nil
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		header := func(prefix string) (string, bool) {
			rest, ok := strings.CutPrefix(t, prefix)
			return strings.TrimSpace(rest), ok
		}
		if p, ok := header("*** Add File:"); ok {
			flush()
			edits = append(edits, FileEdit{Op: "add", Path: p})
		} else if p, ok := header("*** Update File:"); ok {
			flush()
			edits = append(edits, FileEdit{Op: "update", Path: p})
		} else if p, ok := header("*** Delete File:"); ok {
			flush()
			edits = append(edits, FileEdit{Op: "delete", Path: p})
		} else if p, ok := header("*** Move to:"); ok {
			if n := len(edits); n > 0 {
				edits[n-1].MoveTo = p
			}
		} else if a, ok := strings.CutPrefix(l, "+"); ok && len(edits) > 0 {
			added = append(added, a)
		}
	}
	flush()
	return dropEmpty(edits)
}

// PatchUnparsed returns the first line of a patch in Codex's format that
// is none of the lines the format has (a header, a body line, a blank
// line, the heredoc around a patch Codex accepts), or "" when every line
// is one. A patch with such a line is not judged by the files read from
// the rest: a reader more lenient than this one (or a later Codex) may
// take the line for a header of another file.
func PatchUnparsed(patch string) string {
	lines := strings.Split(strings.ReplaceAll(patch, "\r\n", "\n"), "\n")
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "*** Begin Patch" }) {
		return ""
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "", strings.HasPrefix(l, "+"), strings.HasPrefix(l, "-"), strings.HasPrefix(l, " "), strings.HasPrefix(t, "@@"):
		case t == "*** Begin Patch", t == "*** End Patch", t == "*** End of File":
		case strings.HasPrefix(t, "*** Add File: "), strings.HasPrefix(t, "*** Update File: "),
			strings.HasPrefix(t, "*** Delete File: "), strings.HasPrefix(t, "*** Move to: "):
		case heredocLine(t):
		default:
			return l
		}
	}
	return ""
}

// heredocLine reports the lines of a heredoc around a patch (apply_patch
// <<'EOF' ... EOF), which Codex strips.
func heredocLine(t string) bool {
	switch t {
	case "<<EOF", "<<'EOF'", `<<"EOF"`, "EOF", "apply_patch <<EOF", "apply_patch <<'EOF'", `apply_patch <<"EOF"`:
		return true
	}
	return false
}

// parseUnifiedDiff reads headers only outside hunks.
func parseUnifiedDiff(lines []string) []FileEdit {
	var edits []FileEdit
	var cur *FileEdit
	var added []string
	// start begins a file at "diff --git" or at a "---" header that does
	// not follow one.
	start := func() {
		if cur != nil {
			cur.Added = strings.Join(added, "\n")
			edits = append(edits, *cur)
		}
		cur, added = &FileEdit{Op: "update"}, nil
	}
	sawGit := false
	remOld, remNew := 0, 0
	for _, l := range lines {
		if remOld > 0 || remNew > 0 {
			switch {
			case strings.HasPrefix(l, "-"):
				remOld--
			case strings.HasPrefix(l, "+"):
				remNew--
				added = append(added, l[1:])
			case strings.HasPrefix(l, `\`):
			default:
				remOld--
				remNew--
			}
			continue
		}
		switch {
		case strings.HasPrefix(l, "diff --git "):
			start()
			sawGit = true
			fields := strings.Fields(strings.TrimPrefix(l, "diff --git "))
			if len(fields) >= 2 {
				cur.From, cur.Path = stripDiffPrefix(fields[0]), stripDiffPrefix(fields[len(fields)-1])
			} else if len(fields) == 1 {
				cur.Path = stripDiffPrefix(fields[0])
			}
		case strings.HasPrefix(l, "--- "):
			if !sawGit {
				start()
			}
			sawGit = false
			if name := diffName(l); name == "/dev/null" {
				cur.Op, cur.From = "add", ""
			} else {
				cur.From = name
			}
		case strings.HasPrefix(l, "+++ ") && cur != nil:
			if name := diffName(l); name == "/dev/null" {
				cur.Op, cur.Path = "delete", cur.From
			} else {
				cur.Path = name
			}
		case (strings.HasPrefix(l, "rename from ") || strings.HasPrefix(l, "copy from ")) && cur != nil:
			_, cur.From, _ = strings.Cut(l, " from ")
		case (strings.HasPrefix(l, "rename to ") || strings.HasPrefix(l, "copy to ")) && cur != nil:
			_, cur.Path, _ = strings.Cut(l, " to ")
		case strings.HasPrefix(l, "new file mode") && cur != nil:
			cur.Op = "add"
		case strings.HasPrefix(l, "deleted file mode") && cur != nil:
			cur.Op = "delete"
		case strings.HasPrefix(l, "@@ "):
			remOld, remNew = hunkLengths(l)
		}
	}
	if cur != nil {
		cur.Added = strings.Join(added, "\n")
		edits = append(edits, *cur)
	}
	for i := range edits {
		e := &edits[i]
		if e.Path == "" {
			e.Path, e.From = e.From, ""
		}
		if e.From == e.Path || e.From == "/dev/null" {
			e.From = ""
		}
	}
	return dropEmpty(edits)
}

func dropEmpty(edits []FileEdit) []FileEdit {
	out := edits[:0]
	for _, e := range edits {
		if e.Path != "" && e.Path != "/dev/null" {
			out = append(out, e)
		}
	}
	return out
}

// patchFiles returns the files a patch changes, in order: each edited
// file, and the old and new names of renames and moves.
func patchFiles(patch string) []string {
	var files []string
	for _, e := range ParsePatch(patch) {
		for _, p := range []string{e.From, e.Path, e.MoveTo} {
			if p != "" {
				files = appendNew(files, p)
			}
		}
	}
	return files
}

// diffName reads the file name of a ---/+++ header, without its a/ or b/
// prefix and any tab-separated timestamp.
func diffName(l string) string {
	name := l[4:]
	if i := strings.IndexByte(name, '\t'); i >= 0 {
		name = name[:i]
	}
	return stripDiffPrefix(strings.TrimSpace(name))
}

func stripDiffPrefix(p string) string {
	if strings.HasPrefix(p, "a/") || strings.HasPrefix(p, "b/") {
		return p[2:]
	}
	return p
}

// hunkLengths reads "@@ -l,s +l,s @@"; a missing length is 1.
func hunkLengths(l string) (int, int) {
	fields := strings.Fields(l)
	if len(fields) < 3 {
		return 0, 0
	}
	length := func(f string) int {
		_, n, ok := strings.Cut(f[1:], ",")
		if !ok {
			return 1
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			return 0
		}
		return v
	}
	return length(fields[1]), length(fields[2])
}

// appendNew appends s to list unless the list holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
