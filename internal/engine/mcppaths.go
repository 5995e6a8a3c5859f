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
	paths := argPaths(s.arguments)
	return append(ev.mcpPathSubjects(s, paths), ev.namedSecrets(s, paths)...)
}

// mcpPathSubjects returns the subject of an MCP call and those of the
// files its path arguments name.
func (ev *evaluation) mcpPathSubjects(s *subject, paths map[string][]string) []*subject {
	out := []*subject{s}
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

// namedSecrets returns a read for each argument of an MCP call that names
// a secret file under a key that holds no path, or in a form no path
// takes: a git revision and path
// (mcp-server-git's git_show of HEAD:.env prints the blob), or any other
// word of one string. Such a word is taken as a path relative to the
// folders the call's path arguments name, and to the call's folder; only
// a secret is made a subject, so that a branch or a message that happens
// to look like a path changes nothing.
func (ev *evaluation) namedSecrets(s *subject, paths map[string][]string) []*subject {
	var bases []string
	for _, vals := range paths {
		for _, v := range vals {
			if pl := ev.pc.resolve(v, false, false, ev.req.Cwd); pl.abs != "" {
				bases = append(bases, pl.abs)
			}
		}
	}
	bases = append(bases, ev.req.Cwd)
	secret := ev.secretProbe()
	var out []*subject
	seen := map[string]bool{}
	left := 256
	var visit func(v any, depth int)
	visit = func(v any, depth int) {
		if depth > 4 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, c := range x {
				visit(c, depth+1)
			}
		case []any:
			for _, c := range x {
				visit(c, depth+1)
			}
		case string:
			if left--; left < 0 {
				// Past what a call's arguments hold: the rest unread, as
				// a path under another key would be.
				return
			}
			for _, name := range namedPaths(x) {
				for _, b := range bases {
					pl := ev.pc.resolve(name, false, false, b)
					if pl.abs == "" || seen[pl.abs] || !secret(pl.abs) {
						continue
					}
					seen[pl.abs] = true
					out = append(out, &subject{kind: KindRead, file: pl, display: x, via: s.display, derived: true})
				}
			}
		}
	}
	// A path argument too: its value may be a revision and a path.
	visit(s.arguments, 0)
	return out
}

// namedPaths returns the paths a string argument may name: itself, when
// it is one word, and the path of a git REV:PATH (HEAD:.env, :0:.env,
// v1.2:config/.env), after the first colon and after the last.
func namedPaths(v string) []string {
	if v == "" || len(v) > 4096 || strings.ContainsAny(v, " \t\n\r") || strings.Contains(v, "://") {
		return nil
	}
	out := []string{v}
	if i := strings.IndexByte(v, ':'); i >= 0 {
		out = append(out, v[i+1:])
		if j := strings.LastIndexByte(v, ':'); j > i {
			out = append(out, v[j+1:])
		}
	}
	return NonEmpty(out...)
}
