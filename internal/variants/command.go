package variants

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
	osexec "os/exec"
	"path/filepath"
)

// Env is where a command runs: its working directory and the user's home.
// Both are absolute, clean, and free of characters the shell treats
// specially, so that they can be written into a command unquoted.
type Env struct {
	Cwd, Home string
}

// DefaultEnv is the context the accuracy measurement decides in: a
// project at /home/user/project, a home at /home/user.
var DefaultEnv = Env{Cwd: "/home/user/project", Home: "/home/user"}

// ErrEnv is returned for an Env whose folders cannot be written into a
// command as they are.
var ErrEnv = errors.New("variants: the working directory and home must be clean absolute paths of plain characters")

func (e Env) valid() bool {
	for _, p := range []string{e.Cwd, e.Home} {
		if !path.IsAbs(p) || path.Clean(p) != p || p == "/" || !plainText(p) {
			return false
		}
	}
	return true
}

// Command is a shell command parsed for transforming: its text, its
// syntax tree, and what the transforms need to know about it.
type Command struct {
	Text string
	Env  Env

	file  *syntax.File
	calls []*call
	// funcs are the names of the functions the command defines.
	funcs map[string]bool
	// pipeElems are the statements that are elements of a pipeline.
	pipeElems map[*syntax.Stmt]bool
	// topLast is the simple command the command runs last at top level,
	// after which nothing else runs; nil when there is none.
	topLast *call
	// heredoc, comment, background, aliases, trap, setBuiltin,
	// exitStatus and positional report what the command contains
	// anywhere: a here-document, a comment, a command run in the
	// background (&), an alias or shopt (alias expansion may be on), a
	// trap, the set builtin, $?, and positional parameters.
	heredoc, comment, background, aliases, trap, setBuiltin, exitStatus, positional bool
	// chdir reports a cd, pushd or popd (or a source that might run
	// one), after which relative paths name other files; homeSet an
	// assignment to HOME.
	chdir, homeSet bool
	// declares reports a declare, typeset, local or nameref, which inside
	// a function makes a local variable.
	declares bool
}

// call is a simple command with where it stands.
type call struct {
	x    *syntax.CallExpr
	stmt *syntax.Stmt
	// pipeIn and pipeOut report that the command reads the previous
	// command of a pipeline or writes to the next one.
	pipeIn, pipeOut bool
	// top reports that the statement is one of the command's top-level
	// statements, not part of a list, pipeline or compound command.
	top bool
}

// ErrParse is wrapped by errors for text the shell parser rejects.
var ErrParse = errors.New("variants: the command does not parse")

func newParser() *syntax.Parser {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}

// Parse parses a bash command for transforming. Text with a NUL byte,
// which no command string can hold, does not parse.
func Parse(text string, env Env) (*Command, error) {
	if !env.valid() {
		return nil, ErrEnv
	}
	if strings.IndexByte(text, 0) >= 0 {
		return nil, fmt.Errorf("%w: a NUL byte", ErrParse)
	}
	f, err := newParser().Parse(strings.NewReader(text), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParse, err)
	}
	c := &Command{Text: text, Env: env, file: f, funcs: map[string]bool{}, pipeElems: map[*syntax.Stmt]bool{}}
	c.index()
	return c, nil
}

func (c *Command) index() {
	top := map[*syntax.Stmt]bool{}
	for _, s := range c.file.Stmts {
		top[s] = true
	}
	pipeIn, pipeOut := map[*syntax.Stmt]bool{}, map[*syntax.Stmt]bool{}
	syntax.Walk(c.file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Comment:
			c.comment = true
		case *syntax.Stmt:
			if len(n.Comments) > 0 {
				c.comment = true
			}
			if n.Background || n.Coprocess || n.Disown {
				c.background = true
			}
			for _, r := range n.Redirs {
				if r.Hdoc != nil {
					c.heredoc = true
				}
			}
			if x, ok := n.Cmd.(*syntax.CallExpr); ok && len(x.Args) > 0 {
				c.calls = append(c.calls, &call{x: x, stmt: n})
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				c.pipeElems[n.X], c.pipeElems[n.Y] = true, true
				pipeOut[lastOfPipe(n.X)] = true
				pipeIn[firstOfPipe(n.Y)] = true
			}
		case *syntax.FuncDecl:
			c.funcs[n.Name.Value] = true
		case *syntax.CoprocClause:
			c.background = true
		case *syntax.Assign:
			if n.Name != nil && n.Name.Value == "HOME" {
				c.homeSet = true
			}
		case *syntax.DeclClause:
			if v := n.Variant.Value; v != "export" && v != "readonly" {
				c.declares = true
			}
		case *syntax.ParamExp:
			if n.Param != nil {
				switch v := n.Param.Value; {
				case v == "?":
					c.exitStatus = true
				case v == "@" || v == "*" || v == "#" || isDigits(v):
					c.positional = true
				}
			}
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				switch lit, _ := staticValue(n.Args[0]); lit {
				case "alias", "shopt", "enable":
					c.aliases = true
				case "trap":
					c.trap = true
				case "set":
					c.setBuiltin = true
				}
			}
		}
		return true
	})
	for _, k := range c.calls {
		k.pipeIn, k.pipeOut, k.top = pipeIn[k.stmt], pipeOut[k.stmt], top[k.stmt]
	}
	c.chdir = chdirWord.MatchString(c.Text)
	if n := len(c.file.Stmts); n > 0 {
		c.topLast = c.lastCall(c.file.Stmts[n-1])
	}
}

// lastCall returns the simple command that runs last in s when s is an
// and-or list of simple commands, or nil.
func (c *Command) lastCall(s *syntax.Stmt) *call {
	for s != nil && !s.Negated && !s.Background && !s.Coprocess && !s.Disown {
		switch x := s.Cmd.(type) {
		case *syntax.BinaryCmd:
			if x.Op != syntax.AndStmt && x.Op != syntax.OrStmt {
				return nil
			}
			s = x.Y
		case *syntax.CallExpr:
			for _, k := range c.calls {
				if k.x == x {
					return k
				}
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

func lastOfPipe(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			return s
		}
		s = b.Y
	}
}

func firstOfPipe(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			return s
		}
		s = b.X
	}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// edit replaces the bytes [start, end) of a command's text.
type edit struct {
	start, end int
	text       string
}

func off(p syntax.Pos) int { return int(p.Offset()) }

// splice applies non-overlapping edits to the command's text.
func (c *Command) splice(edits ...edit) string {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b edit) int { return b.start - a.start })
	out := c.Text
	for _, e := range edits {
		out = out[:e.start] + e.text + out[e.end:]
	}
	return out
}

// src returns the text of a node.
func (c *Command) src(n syntax.Node) string { return c.Text[off(n.Pos()):off(n.End())] }

// stmtEnd returns where a statement's text ends, without the ';' or '&'
// that may follow it.
func stmtEnd(s *syntax.Stmt) int {
	end := off(s.Cmd.End())
	for _, r := range s.Redirs {
		end = max(end, off(r.End()))
	}
	return end
}

// stmtText returns a statement's text without what separates it from the
// next, or "" when the statement cannot be moved as a piece of text: it
// has a here-document (whose body lies after the rest of the line), a
// comment, runs in the background, or ends with a backslash (which would
// escape what follows).
func (c *Command) stmtText(s *syntax.Stmt) string {
	if s.Background || s.Coprocess || s.Disown || len(s.Comments) > 0 {
		return ""
	}
	for _, r := range s.Redirs {
		if r.Hdoc != nil {
			return ""
		}
	}
	t := c.Text[off(s.Pos()):stmtEnd(s)]
	if strings.HasSuffix(t, `\`) {
		return ""
	}
	return t
}

// redirsAfter reports whether every redirection of the call's statement
// comes after the call's words, so that the words can be rewritten as one
// piece of text.
func (k *call) redirsAfter() bool {
	end := off(k.x.End())
	for _, r := range k.stmt.Redirs {
		if off(r.Pos()) < end {
			return false
		}
	}
	return true
}

// readsRedirect reports whether the call's statement redirects its
// standard input.
func (k *call) readsRedirect() bool {
	for _, r := range k.stmt.Redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		}
	}
	return false
}

// plainChar reports whether the shell reads b as itself wherever it
// stands in a word, quoted or not.
func plainChar(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("_./+,:@%-", b) >= 0
}

func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if !plainChar(s[i]) {
			return false
		}
	}
	return s != ""
}

// plainWord returns the value of a word that is one unquoted literal of
// plain characters (and '=' anywhere but first): a word that means the
// same quoted or not, and wherever it stands.
func plainWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || l.Value == "" || l.Value[0] == '=' {
		return "", false
	}
	for i := 0; i < len(l.Value); i++ {
		if !plainChar(l.Value[i]) && l.Value[i] != '=' {
			return "", false
		}
	}
	return l.Value, true
}

// staticValue returns the value of a word that expands to one fixed
// string: literals without glob, brace or tilde characters or
// backslashes, and quoted text without expansions.
func staticValue(w *syntax.Word) (string, bool) {
	var b strings.Builder
	part := func(p syntax.WordPart) bool {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\*?[{~") {
				return false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return false
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.Contains(l.Value, "\\") {
					return false
				}
				b.WriteString(l.Value)
			}
		default:
			return false
		}
		return true
	}
	for _, p := range w.Parts {
		if !part(p) {
			return "", false
		}
	}
	return b.String(), true
}

// firstByte returns the first byte of a word's expansion when it is known
// without knowing the rest: a literal, quoted text, ~ and $HOME start a
// path with '/'. ok is false when it is not known, or when the word may
// expand to several words or none.
func firstByte(w *syntax.Word) (b byte, ok bool) {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if p.Value == "" {
				continue
			}
			switch c := p.Value[0]; c {
			case '~':
				return '/', true
			case '*', '?', '[', '{', '\\':
				return 0, false
			default:
				return c, true
			}
		case *syntax.SglQuoted:
			if p.Value != "" && !p.Dollar {
				return p.Value[0], true
			}
			if p.Dollar {
				return 0, false
			}
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				continue
			}
			switch q := p.Parts[0].(type) {
			case *syntax.Lit:
				if q.Value != "" && q.Value[0] != '\\' {
					return q.Value[0], true
				}
			case *syntax.ParamExp:
				if homeParam(q) {
					return '/', true
				}
			}
			return 0, false
		case *syntax.ParamExp:
			if homeParam(p) {
				return '/', true
			}
			return 0, false
		default:
			return 0, false
		}
	}
	return 0, false
}

func homeParam(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "HOME" && p.Exp == nil && !p.Excl && !p.Length && p.Index == nil &&
		p.Slice == nil && p.Repl == nil && len(p.Modifiers) == 0
}

// singleQuote quotes s for the shell in single quotes.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// doubleQuote quotes s for the shell in double quotes, so that the text
// inside is s again.
func doubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\\"$`", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// printed returns the canonical text of a syntax tree, for comparing two
// parses of the same code.
func printed(n syntax.Node) string {
	var b bytes.Buffer
	if err := syntax.NewPrinter().Print(&b, n); err != nil {
		return "\x00" + err.Error()
	}
	return b.String()
}

// Check returns the command that decides calls in this context with the
// governance binary gov: `check --jsonl` in the project, with an
// environment of its own (commands expand $SHELL, $TMPDIR or $HOME, so
// none of it comes from the machine), and the configuration and state of
// a user under tmp. args follow --jsonl.
func (e Env) Check(gov, tmp string, args ...string) *osexec.Cmd {
	cmd := osexec.Command(gov, append([]string{"check", "--jsonl", "--dir", e.Cwd}, args...)...)
	cmd.Dir = tmp
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "SHELL=/bin/bash", "USER=user", "LOGNAME=user",
		"LANG=C.UTF-8", "HOME=" + e.Home, "XDG_CONFIG_HOME=" + filepath.Join(tmp, "config"),
		"XDG_STATE_HOME=" + filepath.Join(tmp, "state"), "TMPDIR=/tmp"}
	return cmd
}
