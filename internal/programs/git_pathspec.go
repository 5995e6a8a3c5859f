package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// A pathspec is how git names the files a subcommand works on
// (gitglossary(7), "pathspec"): a path, optionally led by magic. Short
// magic is a colon and signs: :/x is x from the top of the work tree,
// :!x and :^x take x away, and a lone : names no path at all. Long magic
// is :(word,...)x: top, exclude, literal, glob, icase, attr:... Magic
// never narrows what the model says a call reads: an exclusion takes
// files away from the others (alone, from everything the call would
// read with no pathspec), top moves the path to the top of the work
// tree, and a pattern (glob, icase, attr, wildcards) may match any file
// under the folder its literal part names.

// gitSpec is one pathspec as git reads it.
type gitSpec struct {
	// path is the path part, magic stripped.
	path string
	// top: path is relative to the top of the work tree, not to the
	// folder the call runs in.
	top bool
	// exclude: the pathspec takes files away from the others.
	exclude bool
	// pattern: path matches names by a pattern (glob or wildcards);
	// anywhere: it may match any file under the folder (icase, attr,
	// magic git does not define).
	pattern, anywhere bool
}

// parseGitSpec reads a word as git reads a pathspec.
func parseGitSpec(c *Call, v string) gitSpec {
	if c.Has("--literal-pathspecs") {
		// No magic, no wildcards: the word is a path.
		return gitSpec{path: v}
	}
	var s gitSpec
	literal := false
	switch {
	case strings.HasPrefix(v, ":("):
		magic, rest, ok := strings.Cut(v[2:], ")")
		if !ok {
			// git refuses it; the model does not guess.
			return gitSpec{anywhere: true}
		}
		s.path = rest
		for _, m := range strings.Split(magic, ",") {
			name, _, _ := strings.Cut(m, ":")
			switch strings.TrimSpace(name) {
			case "top":
				s.top = true
			case "exclude":
				s.exclude = true
			case "literal":
				literal = true
			case "glob":
				s.pattern = true
			case "icase", "attr":
				s.anywhere = true
			case "prefix", "":
			default:
				s.anywhere = true
			}
		}
	case strings.HasPrefix(v, ":"):
		i := 1
	short:
		for ; i < len(v); i++ {
			switch v[i] {
			case '/':
				s.top = true
			case '!', '^':
				s.exclude = true
			case ':':
				i++
				break short
			default:
				break short
			}
		}
		s.path = v[i:]
		if v == ":" {
			// "There is no pathspec": the whole tree.
			s.top = true
		}
	default:
		s.path = v
	}
	if c.Has("--icase-pathspecs") {
		s.anywhere = true
	}
	if !literal && !c.Has("--noglob-pathspecs") && strings.ContainsAny(s.path, "*?[") {
		s.pattern = true
	}
	return s
}

// reach returns the path whose files a pathspec may match, relative to
// the folder it is read from, and whether they are all the files under
// it: a pattern's reach is the folder before its first wildcard.
func (s gitSpec) reach() (string, bool) {
	switch {
	case s.anywhere:
		return ".", true
	case s.pattern:
		lit := s.path
		if i := strings.IndexAny(lit, "*?["); i >= 0 {
			lit = lit[:i]
		}
		if i := strings.LastIndexByte(lit, '/'); i > 0 {
			return lit[:i], true
		}
		return ".", true
	case s.path == "":
		return ".", true
	}
	return s.path, false
}

// gitPath is what a pathspec reaches: a path, relative to the folder the
// call runs in or, with topOf, to the top of the work tree that holds
// the folder topOf; tree says every file under it.
type gitPath struct {
	path  shell.Arg
	topOf string
	tree  bool
}

// on fills an effect's path with p.
func (p gitPath) on(e Effect) Effect {
	e.Path, e.TopOf = p.path, p.topOf
	e.Tree = e.Tree || p.tree
	return e
}

// gitSpecPaths returns what pathspecs reach. Exclusions reach nothing of
// their own: when every pathspec is one (or there is none), the result
// is empty and the call reads what it reads with no pathspec.
func gitSpecPaths(c *Call, words []shell.Arg) []gitPath {
	var out []gitPath
	for _, a := range words {
		s := parseGitSpec(c, a.Value)
		if s.exclude {
			continue
		}
		rel, tree := s.reach()
		p := a
		p.Value = rel
		if !s.top {
			out = append(out, gitPath{path: gitIn(c, p), tree: tree})
			continue
		}
		base := gitIn(c, argOf("."))
		p.Dynamic = p.Dynamic || base.Dynamic
		out = append(out, gitPath{path: p, topOf: base.Value, tree: tree})
	}
	return out
}

// gitMagic reports a word that starts with pathspec magic rather than
// naming a revision's file (REV:path, :path, :N:path).
func gitMagic(v string) bool {
	return v == ":" || strings.HasPrefix(v, ":(") || strings.HasPrefix(v, ":!") || strings.HasPrefix(v, ":^") ||
		strings.HasPrefix(v, ":/")
}
