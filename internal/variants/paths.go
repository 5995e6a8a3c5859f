package variants

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The path transforms respell the words that name files: the operands of
// the programs in the table that are paths (rm's, cp's, chmod's after the
// mode, git add's), cd's, and the targets of redirections. They take the
// working directory to have no symbolic link on its way, so that ..
// names its parent, as the policy does.
//
// A word is respelled only when it is one unquoted literal of plain
// characters and globs, with at most a leading ~ and leading ../
// components, and no . or .. or empty component after them (but a
// trailing slash): rm refuses . and .., and a path that ends in one must
// keep it.

// pathWord is a word that names a file. here reports that a relative
// path in it names a file of the working directory: no cd, pushd or popd
// came before, and the program reads it from there (not git -C).
type pathWord struct {
	w    *syntax.Word
	here bool
}

// pathWords returns the words of the command that name files.
func (c *Command) pathWords() []pathWord {
	var out []pathWord
	for _, cl := range c.commandLines() {
		for _, i := range cl.pathOperands() {
			out = append(out, pathWord{cl.args[i], !c.chdir && !cl.elsewhere})
		}
	}
	syntax.Walk(c.file, func(n syntax.Node) bool {
		if r, ok := n.(*syntax.Redirect); ok && r.Word != nil {
			switch r.Op {
			case syntax.RdrOut, syntax.AppOut, syntax.RdrIn, syntax.RdrInOut, syntax.ClbOut, syntax.RdrAll, syntax.AppAll:
				if l, ok := r.Word.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "*?[") {
					out = append(out, pathWord{r.Word, !c.chdir})
				}
			}
		}
		return true
	})
	return out
}

// pathValue returns the text of a word that may be respelled.
func pathValue(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	v := l.Value
	if v == "" || v[0] == '-' || v[0] == ':' {
		return "", false
	}
	rest := v
	switch {
	case rest == "~":
		return v, true
	case strings.HasPrefix(rest, "~/"):
		rest = rest[2:]
	case strings.HasPrefix(rest, "/"):
		rest = rest[1:]
	case strings.HasPrefix(rest, "./"):
		rest = rest[2:]
	}
	for strings.HasPrefix(rest, "../") {
		rest = rest[3:]
	}
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" {
		return v, v == "/" || strings.HasPrefix(v, "~")
	}
	for _, comp := range strings.Split(rest, "/") {
		if comp == "" || comp == "." || comp == ".." {
			return "", false
		}
		for i := 0; i < len(comp); i++ {
			if !plainChar(comp[i]) && strings.IndexByte("*?[]", comp[i]) < 0 {
				return "", false
			}
		}
	}
	return v, true
}

// abs returns the absolute path a path word names, with its trailing
// slash.
func (c *Command) abs(v string) string {
	var p string
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		p = c.Env.Home + v[1:]
	case strings.HasPrefix(v, "/"):
		p = v
	default:
		p = c.Env.Cwd + "/" + v
	}
	slash := strings.HasSuffix(p, "/") && p != "/"
	p = path.Clean(p)
	if slash && p != "/" {
		p += "/"
	}
	return p
}

// under returns p relative to dir when p is dir or below it ("" for dir
// itself).
func under(p, dir string) (string, bool) {
	if p == dir || p == dir+"/" {
		return "", true
	}
	rest, ok := strings.CutPrefix(p, dir+"/")
	return rest, ok
}

func lastElem(dir string) string { return path.Base(dir) }

// cwdUse says how a spelling depends on the working directory.
type cwdUse uint8

const (
	// cwdNone: the spelling means the same in any working directory.
	cwdNone cwdUse = iota
	// cwdRelative: it does when the path is relative.
	cwdRelative
	// cwdAlways: it does whatever the path (it writes relative paths).
	cwdAlways
)

// respell applies spell to every path word of the command, but not where
// the spelling depends on a working directory that is not known there.
func (c *Command) respell(use cwdUse, spell func(v string) []string) []string {
	var out []string
	for _, pw := range c.pathWords() {
		v, ok := pathValue(pw.w)
		if !ok || !pw.here && (use == cwdAlways || use == cwdRelative && relative(v)) {
			continue
		}
		for _, s := range spell(v) {
			if s != v && s != "" {
				out = append(out, c.splice(edit{off(pw.w.Pos()), off(pw.w.End()), s}))
			}
		}
	}
	return out
}

func relative(v string) bool {
	return v != "~" && !strings.HasPrefix(v, "~/") && !strings.HasPrefix(v, "/")
}

// pathDot adds or takes away the ./ of a relative path: x and ./x. It does
// not take it away when what is left starts with - (an option) or is
// empty, and does not add it to a path that starts with ../.
func pathDot(c *Command) []string {
	return c.respell(cwdNone, func(v string) []string {
		switch {
		case !relative(v) || strings.HasPrefix(v, "../"):
			return nil
		case strings.HasPrefix(v, "./"):
			if rest := v[2:]; rest != "" && rest[0] != '-' && rest != "/" {
				return []string{rest}
			}
			return nil
		}
		return []string{"./" + v}
	})
}

// pathAbsolute writes a relative path as the absolute path it names from
// the working directory, and an absolute path below the working
// directory as relative, with and without ./ (the working directory
// itself is not written ., which rm refuses).
func pathAbsolute(c *Command) []string {
	return c.respell(cwdAlways, func(v string) []string {
		if relative(v) {
			return []string{c.abs(v)}
		}
		if strings.HasPrefix(v, "~") {
			return nil
		}
		rel, ok := under(c.abs(v), c.Env.Cwd)
		if !ok || rel == "" || rel[0] == '-' {
			return nil
		}
		return []string{rel, "./" + rel}
	})
}

// pathParent writes a path below the working directory (or the working
// directory itself) through its parent: x becomes ../project/x.
func pathParent(c *Command) []string {
	return c.respell(cwdAlways, func(v string) []string {
		rel, ok := under(c.abs(v), c.Env.Cwd)
		if !ok {
			return nil
		}
		p := "../" + lastElem(c.Env.Cwd)
		if rel != "" || strings.HasSuffix(v, "/") {
			p += "/" + rel
		}
		return []string{p}
	})
}

// pathHome writes a path below the home (or the home itself) with ~,
// $HOME, ${HOME} and "$HOME", and a path written with ~ as absolute.
func pathHome(c *Command) []string {
	if c.homeSet {
		return nil
	}
	return c.respell(cwdRelative, func(v string) []string {
		a := c.abs(v)
		rel, ok := under(a, c.Env.Home)
		if !ok {
			return nil
		}
		out := []string{"~", "$HOME", "${HOME}", `"$HOME"`}
		if rel != "" || strings.HasSuffix(a, "/") {
			for i := range out {
				out[i] += "/" + rel
			}
		}
		if strings.HasPrefix(v, "~") {
			out = append(out, a)
		}
		return out
	})
}

// pathSlashes adds a redundant / or /./ between two components of a
// path, or after its leading / or ~/: /etc/x becomes /etc//x or
// /./etc/x. A path never starts with // (which POSIX leaves to the
// system), and a slash is not added at the end.
func pathSlashes(c *Command) []string {
	return c.respell(cwdNone, func(v string) []string {
		var out []string
		for i := 0; i < len(v)-1; i++ {
			if v[i] != '/' || v[i+1] == '/' {
				continue
			}
			if i > 0 && v[i-1] == '.' && (i == 1 || v[i-2] == '/' || v[i-2] == '.') {
				// After ./ or ../: the next component is what counts.
				continue
			}
			if i > 0 {
				out = append(out, v[:i]+"//"+v[i+1:])
			}
			out = append(out, v[:i]+"/./"+v[i+1:])
		}
		return out
	})
}
