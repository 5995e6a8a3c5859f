package engine

import (
	"strings"
)

// A tool that reads many files at once (Gemini's read_many_files) takes
// globs and folders, and puts the content of every file they name before
// the model. Each is judged as what it reads: the folder the glob starts
// from is walked as a recursive read is, and every file under it that
// the glob may match is judged by the rules that deny reading secrets.
// The tool's own excludes (its default list, .gitignore) are left out:
// the call can turn them off. The glob is matched loosely, folding case
// and taking a class or a set of choices for any text, so that a pattern
// that can match a secret (.en?, **/.e*, *.ENV) counts as reading it.

// manyFilesTool reports a tool whose paths are globs and folders, all of
// whose files it reads.
func manyFilesTool(name string) bool {
	return strings.EqualFold(name, "read_many_files")
}

// manyFilesKeys are the inputs of read_many_files that name no file to
// read, or name them under include and paths.
var manyFilesKeys = map[string]bool{"include": true, "paths": true, "exclude": true, "recursive": true,
	"useDefaultExcludes": true, "file_filtering_options": true}

// ManyFilesPaths returns the globs and paths a read of many files takes:
// those under include and under paths (the older name), both.
func ManyFilesPaths(input map[string]any) []string {
	var out []string
	for _, k := range []string{"include", "paths"} {
		switch x := input[k].(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	return NonEmpty(out...)
}

// manyFilesSubjects returns a tree read for each glob or path a read of
// many files takes, and asks about an input of a shape it does not know:
// the files it reads could be named where this reading does not look.
func (ev *evaluation) manyFilesSubjects() ([]*subject, []Verdict) {
	name := ev.req.Tool.Name
	var out []*subject
	var problems []Verdict
	odd := func(why string) {
		problems = append(problems, Verdict{Outcome: Ask, Layer: LayerAnalysis, Rule: "many-files-unknown", Subject: name,
			Message:    "`" + name + "` reads many files, and " + why + ": the files it would read cannot all be told.",
			Suggestion: "Name the files or folders to read under include, each a path or a glob relative to the project."})
	}
	for k, v := range ev.req.Tool.Raw {
		if !manyFilesKeys[k] {
			odd("its input has " + k + ", which it is not known to take")
			continue
		}
		if list, ok := v.([]any); ok && (k == "include" || k == "paths") {
			for _, e := range list {
				if _, ok := e.(string); !ok {
					odd(k + " holds something other than a path")
				}
			}
		}
	}
	for _, p := range ev.req.Tool.Input.Paths {
		root, rest, ok := globRoot(p)
		if !ok {
			odd("the glob " + p + " goes up a folder after a wildcard")
			continue
		}
		s := &subject{kind: KindRead, file: ev.pc.resolve(root, false, false, ev.req.Cwd), display: p,
			tree: true, hidden: true, treeGlob: rest}
		out = append(out, s)
		out = ev.appendKernelSubjects(out, s)
	}
	if len(out) == 0 && len(problems) == 0 {
		odd("it names no file, folder or glob to read")
	}
	if len(out) == 0 {
		out = append(out, &subject{kind: KindRead, file: place{classes: []string{ClassUnknown}}, display: name})
	}
	return out, problems
}

// globRoot splits a glob into the folder it starts from, its segments
// before the first with a wildcard, and the rest, "" for a path with no
// wildcard (a file, or a folder all of whose files are read). A glob that
// climbs (..) after a wildcard starts from no one folder: not ok.
func globRoot(p string) (root, rest string, ok bool) {
	if strings.HasPrefix(p, "!") || strings.HasPrefix(p, "#") {
		// A negated pattern, or one a matcher may take for a comment.
		return ".", "**", true
	}
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		if !strings.ContainsAny(seg, "*?[]{}()\\") {
			continue
		}
		root = strings.Join(segs[:i], "/")
		if root == "" && i > 0 {
			root = "/"
		}
		if root == "" {
			root = "."
		}
		for _, s := range segs[i:] {
			if s == ".." {
				return "", "", false
			}
		}
		return root, strings.Join(segs[i:], "/"), true
	}
	return p, "", true
}

// globReads reports whether a glob may match a path under the folder it
// starts from. It errs toward a match: case is folded, a class [...]
// stands for any one character, a set of choices {a,b} for any text, **
// for any folders or none, and a pattern it cannot read (an extended
// glob, an escape) matches every path.
func globReads(glob, rel string) bool {
	if strings.ContainsAny(glob, "()\\") || strings.HasPrefix(glob, "!") {
		return true
	}
	var b strings.Builder
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '[':
			// A ] first in the class is one of its characters.
			j := i + 1
			if j < len(glob) && (glob[j] == '!' || glob[j] == '^') {
				j++
			}
			if j < len(glob) && glob[j] == ']' {
				j++
			}
			end := strings.IndexByte(glob[j:], ']')
			if end < 0 {
				return true
			}
			b.WriteByte('?')
			i = j + end
		case '{':
			end := closingBrace(glob, i)
			if end < 0 {
				return true
			}
			b.WriteByte('*')
			i = end
		default:
			b.WriteByte(c)
		}
	}
	pat := strings.ToLower(b.String())
	for _, s := range []string{"**/", "/**", "**"} {
		pat = strings.ReplaceAll(pat, s, "*")
	}
	return wildcard(pat, strings.ToLower(rel))
}

// closingBrace returns the index of the } that closes the { at i, sets
// nested, or -1.
func closingBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}
