package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Two shapes of function make a shell run until it falls over: a fork
// bomb, which spawns copies of itself, and endless recursion, which calls
// itself every time it runs and never returns. Both are read from the
// syntax of the function bodies, with the names of calls after quote
// removal, since 'loop' and \loop call the function loop as loop does.

// spawnsItself reports whether a function body calls the function inside a
// pipeline or in the background, the shape of a fork bomb.
func spawnsItself(name string, body *syntax.Stmt) bool {
	calls, spawns := false, false
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				prog, _ := staticWord(x.Args[0])
				calls = calls || prog == name
			}
		case *syntax.BinaryCmd:
			if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
				spawns = true
			}
		case *syntax.Stmt:
			if x.Background {
				spawns = true
			}
		}
		return true
	})
	return calls && spawns
}

// endless reports a function that, called, never returns: its body calls,
// in statements that always run, a function of the string that in the same
// way always calls ... the function again (loop() { loop; }, or f calling g
// calling f), and no function it may reach has a way out. A call always
// runs when it is a statement of the body, of a block or subshell in it,
// under time, in the condition of an if, the branch of if true, the left
// side of && or ||, or a for loop over words that are written out. A way
// out is a program chosen at run time, a builtin that leaves, loads,
// replaces or redefines code (return, exit, unset, source, eval, exec,
// ...), or a definition in the body; it counts wherever it stands, even
// under a condition that may never hold.
func endless(name string, funcs map[string]*syntax.Stmt) bool {
	// Follow the calls that always run, from name: the recursion is
	// endless when they lead back to it.
	seen := map[string]bool{}
	next := []string{name}
	back := false
	for len(next) > 0 && !back {
		f := next[len(next)-1]
		next = next[:len(next)-1]
		body := funcs[f]
		if body == nil {
			continue
		}
		alwaysCalls(body, func(g string) {
			if g == name {
				back = true
			}
			if _, ok := funcs[g]; ok && !seen[g] {
				seen[g] = true
				next = append(next, g)
			}
		})
	}
	if !back {
		return false
	}
	// No function that a call may reach, under a condition or not, may
	// have a way out.
	seen = map[string]bool{name: true}
	next = []string{name}
	for len(next) > 0 {
		f := next[len(next)-1]
		next = next[:len(next)-1]
		if hasWayOut(funcs[f], func(g string) {
			if _, ok := funcs[g]; ok && !seen[g] {
				seen[g] = true
				next = append(next, g)
			}
		}) {
			return false
		}
	}
	return true
}

// alwaysCalls calls call with the name of every command that the body
// runs each time it runs (see endless).
func alwaysCalls(body *syntax.Stmt, call func(string)) {
	var stmt func(s *syntax.Stmt)
	stmts := func(list []*syntax.Stmt) {
		for _, s := range list {
			stmt(s)
		}
	}
	stmt = func(s *syntax.Stmt) {
		if s == nil || s.Background {
			return
		}
		switch c := s.Cmd.(type) {
		case *syntax.CallExpr:
			if len(c.Args) > 0 {
				if name, ok := staticWord(c.Args[0]); ok {
					call(name)
				}
			}
		case *syntax.Block:
			stmts(c.Stmts)
		case *syntax.Subshell:
			stmts(c.Stmts)
		case *syntax.TimeClause:
			stmt(c.Stmt)
		case *syntax.IfClause:
			stmts(c.Cond)
			if alwaysTrue(c.Cond) {
				stmts(c.Then)
			}
		case *syntax.BinaryCmd:
			stmt(c.X)
			if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
				stmt(c.Y)
			}
		case *syntax.ForClause:
			if wi, ok := c.Loop.(*syntax.WordIter); ok && wi.InPos.IsValid() && len(wi.Items) > 0 {
				for _, it := range wi.Items {
					if v, ok := staticWord(it); !ok || hasGlob(it) || v == "" {
						return
					}
				}
				stmts(c.Do)
			}
		}
	}
	stmt(body)
}

// alwaysTrue reports a condition that is the command true or : alone,
// spelled in any quoting.
func alwaysTrue(cond []*syntax.Stmt) bool {
	if len(cond) != 1 || cond[0].Negated || cond[0].Background || len(cond[0].Redirs) > 0 {
		return false
	}
	c, ok := cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 1 || len(c.Assigns) > 0 {
		return false
	}
	v, ok := staticWord(c.Args[0])
	return ok && (v == "true" || v == ":")
}

// hasWayOut reports whether a function body has a way out (see endless);
// it calls call with the name of every command the body may run.
func hasWayOut(body *syntax.Stmt, call func(string)) bool {
	if body == nil {
		return false
	}
	way := false
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			way = true
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				break
			}
			prog, ok := staticWord(x.Args[0])
			switch {
			case !ok:
				way = true
			case prog == "return" || prog == "exit" || prog == "break" || prog == "logout" || prog == "unset" ||
				prog == "source" || prog == "." || prog == "eval" || prog == "exec" || prog == "kill" || prog == "trap" ||
				prog == "alias":
				way = true
			default:
				call(prog)
			}
		}
		return !way
	})
	return way
}

// staticWord returns the value of a word after quote removal when it has
// no expansion.
func staticWord(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	if lit := w.Lit(); lit != "" && !strings.Contains(lit, `\`) {
		return lit, true
	}
	var b []byte
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			s, _ := unescapeUnquoted(x.Value)
			b = append(b, s...)
		case *syntax.SglQuoted:
			if x.Dollar {
				b = append(b, ansiC(x.Value)...)
			} else {
				b = append(b, x.Value...)
			}
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b = append(b, unescapeDouble(lit.Value)...)
			}
		default:
			return "", false
		}
	}
	return string(b), true
}

// hasGlob reports unquoted glob characters in a word.
func hasGlob(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if _, glob := unescapeUnquoted(x.Value); glob {
				return true
			}
		case *syntax.ExtGlob, *syntax.BraceExp:
			return true
		}
	}
	return false
}
