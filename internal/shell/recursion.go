package shell

import (
	"slices"
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
// under a condition that may never hold. It adds to *visits the function
// bodies it reads, so that a caller can bound the work over many calls.
func endless(name string, funcs map[string]*syntax.Stmt, visits *int) bool {
	// Follow the calls that always run, from name: the recursion is
	// endless when they lead back to it. Most functions call none of the
	// string's functions: the common case allocates nothing.
	var orderBuf, callsBuf [8]string
	order := nameSet{list: append(orderBuf[:0], name)}
	back := false
	for i := 0; i < len(order.list) && !back; i++ {
		*visits++
		for _, g := range alwaysCalls(funcs[order.list[i]], callsBuf[:0]) {
			if g == name {
				back = true
				break
			}
			if _, ok := funcs[g]; ok {
				order.add(g)
			}
		}
	}
	if !back {
		return false
	}
	// No function that a call may reach, under a condition or not, may
	// have a way out.
	reach := nameSet{list: []string{name}}
	for i := 0; i < len(reach.list); i++ {
		*visits++
		if hasWayOut(funcs[reach.list[i]], func(g string) {
			if _, ok := funcs[g]; ok {
				reach.add(g)
			}
		}) {
			return false
		}
	}
	return true
}

// nameSet is a list of names without repeats. A string may define
// thousands of functions that call each other: past a few names, a map
// answers whether one is in the list, so that following the calls takes
// time in proportion to the functions, not to their square.
type nameSet struct {
	list []string
	in   map[string]bool
}

// add appends name unless the set has it.
func (s *nameSet) add(name string) {
	const small = 16
	if s.in == nil {
		if slices.Contains(s.list, name) {
			return
		}
		if len(s.list) >= small {
			s.in = make(map[string]bool, 2*len(s.list))
			for _, n := range s.list {
				s.in[n] = true
			}
		}
	} else if s.in[name] {
		return
	}
	s.list = append(s.list, name)
	if s.in != nil {
		s.in[name] = true
	}
}

// alwaysCalls appends to dst the name of every command that the body runs
// each time it runs (see endless).
func alwaysCalls(s *syntax.Stmt, dst []string) []string {
	if s == nil || s.Background {
		return dst
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			if name, ok := staticWord(c.Args[0]); ok {
				dst = append(dst, name)
			}
		}
	case *syntax.Block:
		dst = alwaysCallsList(c.Stmts, dst)
	case *syntax.Subshell:
		dst = alwaysCallsList(c.Stmts, dst)
	case *syntax.TimeClause:
		dst = alwaysCalls(c.Stmt, dst)
	case *syntax.IfClause:
		dst = alwaysCallsList(c.Cond, dst)
		if alwaysTrue(c.Cond) {
			dst = alwaysCallsList(c.Then, dst)
		}
	case *syntax.BinaryCmd:
		dst = alwaysCalls(c.X, dst)
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			dst = alwaysCalls(c.Y, dst)
		}
	case *syntax.ForClause:
		if wi, ok := c.Loop.(*syntax.WordIter); ok && wi.InPos.IsValid() && len(wi.Items) > 0 {
			for _, it := range wi.Items {
				if v, ok := staticWord(it); !ok || hasGlob(it) || v == "" {
					return dst
				}
			}
			dst = alwaysCallsList(c.Do, dst)
		}
	}
	return dst
}

func alwaysCallsList(list []*syntax.Stmt, dst []string) []string {
	for _, s := range list {
		dst = alwaysCalls(s, dst)
	}
	return dst
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
