package engine

import "strings"

// An MCP tool's arguments that name files (a filesystem server's path,
// source and destination) are judged as the kernel will see them: the
// rules on arguments match the place the path resolves to, links
// followed, so that a link inside an allowed folder does not carry a
// write outside it; and each such path is a file subject of its own,
// read or written as the tool's name says, for the rules on secrets and
// for self-protection.

// pathKeys are argument names that hold paths.
var pathKeys = []string{"path", "paths", "file", "files", "file_path", "filepath", "filename", "source", "destination",
	"dest", "target", "dir", "directory", "root", "cwd", "from", "to", "old_path", "new_path", "src", "dst"}

// writerWords are words of tool names that change the files they name.
var writerWords = []string{"write", "edit", "create", "move", "rename", "delete", "remove", "upload", "put", "save",
	"mkdir", "append", "patch", "copy", "chmod", "replace", "insert", "update"}

// argPaths returns the paths in an MCP call's arguments, by key.
func argPaths(args map[string]any) map[string][]string {
	out := map[string][]string{}
	for k, v := range args {
		pathKey := false
		for _, pk := range pathKeys {
			if strings.EqualFold(k, pk) {
				pathKey = true
			}
		}
		var vals []string
		switch x := v.(type) {
		case string:
			vals = []string{x}
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					vals = append(vals, s)
				}
			}
		}
		for _, s := range vals {
			s = strings.TrimPrefix(s, "file://")
			if s != "" && (pathKey || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/")) {
				out[k] = append(out[k], s)
			}
		}
	}
	return out
}

// mcpSubjects returns the subject of an MCP call and those of the files
// its arguments name, and records for the call the resolved forms of its
// path arguments.
func (ev *evaluation) mcpSubjects(s *subject) []*subject {
	out := []*subject{s}
	paths := argPaths(s.arguments)
	if len(paths) == 0 {
		return out
	}
	kind := KindRead
	lower := strings.ToLower(s.tool)
	for _, w := range writerWords {
		if strings.Contains(lower, w) {
			kind = KindWrite
		}
	}
	s.argForms = map[string][]string{}
	for k, vals := range paths {
		for _, v := range vals {
			pl := ev.pc.resolve(v, false, false, ev.req.Cwd)
			if pl.abs == "" {
				continue
			}
			real := pl.abs
			if r, ok := ev.fsw.realPath(pl.abs); ok {
				real = r
			}
			if real == pl.abs {
				// No link on the way: the text names the place too.
				s.argForms[k] = append(s.argForms[k], argString(v))
			}
			s.argForms[k] = append(s.argForms[k], real)
			if root := ev.pc.root; root != "" && within(real, root) && real != root {
				s.argForms[k] = append(s.argForms[k], strings.TrimPrefix(real, root+"/"))
			}
			f := &subject{kind: kind, file: pl, display: v, via: s.display, derived: true}
			out = append(out, f)
			out = ev.appendKernelSubjects(out, f)
		}
	}
	return out
}

// argMatches reports whether an MCP argument matches a glob: a path
// argument by the place it resolves to (absolute, or relative to the
// project), any other by its text.
func (s *subject) argMatches(key, pat string, v any) bool {
	if forms, ok := s.argForms[key]; ok {
		for _, f := range forms {
			if glob(pat, f) {
				return true
			}
		}
		return false
	}
	return glob(pat, argString(v))
}
