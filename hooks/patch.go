package hooks

import (
	"strconv"
	"strings"
)

// PatchFiles returns the files a patch changes. It reads Codex's
// apply_patch format (*** Begin Patch / *** Update File: path) and unified
// diffs (diff --git, --- a/path, +++ b/path), honouring hunk lengths, so
// that a line inside a hunk that looks like a header is not taken for one.
func PatchFiles(patch string) []string {
	lines := strings.Split(strings.ReplaceAll(patch, "\r\n", "\n"), "\n")
	var files []string
	add := func(p string) {
		p = strings.TrimSpace(p)
		if p == "" || p == "/dev/null" {
			return
		}
		for _, f := range files {
			if f == p {
				return
			}
		}
		files = append(files, p)
	}
	applyPatch := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "*** Begin Patch" {
			applyPatch = true
			break
		}
	}
	if applyPatch {
		for _, l := range lines {
			for _, prefix := range []string{"*** Update File:", "*** Add File:", "*** Delete File:", "*** Move to:"} {
				if rest, ok := strings.CutPrefix(l, prefix); ok {
					add(rest)
				}
			}
		}
		return files
	}
	// Unified diff: headers only outside hunks.
	remOld, remNew := 0, 0
	for _, l := range lines {
		if remOld > 0 || remNew > 0 {
			switch {
			case strings.HasPrefix(l, "-"):
				remOld--
			case strings.HasPrefix(l, "+"):
				remNew--
			case strings.HasPrefix(l, `\`):
			default:
				remOld--
				remNew--
			}
			continue
		}
		switch {
		case strings.HasPrefix(l, "diff --git "):
			fields := strings.Fields(strings.TrimPrefix(l, "diff --git "))
			for _, f := range fields {
				add(stripDiffPrefix(f))
			}
		case strings.HasPrefix(l, "--- "), strings.HasPrefix(l, "+++ "):
			name := l[4:]
			if i := strings.IndexByte(name, '\t'); i >= 0 {
				name = name[:i]
			}
			add(stripDiffPrefix(name))
		case strings.HasPrefix(l, "rename to "), strings.HasPrefix(l, "rename from "), strings.HasPrefix(l, "copy to "):
			_, name, _ := strings.Cut(l, " to ")
			if name == "" {
				_, name, _ = strings.Cut(l, " from ")
			}
			add(name)
		case strings.HasPrefix(l, "@@ "):
			remOld, remNew = hunkLengths(l)
		}
	}
	return files
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
