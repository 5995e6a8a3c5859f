package shell

import "mvdan.cc/sh/v3/syntax"

// Control flow decides which statements run, and so the folder a later
// command runs in. The analysis follows a cd wherever it is certain to run
// in this shell (a list, a block, a function called here, eval of a
// constant string, the branch of if true, a loop over words written out);
// where a cd may or may not have run (an if on a real condition, a while
// loop, a case, the right side of ||), the folder after it is unknown
// unless every way leads to the same one. A folder that may be wrong is
// never kept.

// ifClause walks an if statement. The branch of a condition that is
// always true is certain to run, and the branches after it never do.
func (w *walker) ifClause(c *syntax.IfClause, f *frame, ctx *execCtx) {
	cond := ctx.sub()
	var ends []string
	sure := false
	for cl := c; cl != nil; cl = cl.Else {
		branch := cond
		if sure {
			// Never runs: analysed all the same, with nothing after it
			// depending on it.
			branch = cond.sub()
			branch.out = nil
		}
		if !cl.ThenPos.IsValid() {
			// else
			body := branch.sub()
			w.maybe(body, func() { w.stmts(cl.Then, f, body) })
			if !sure {
				ends = append(ends, body.cwd)
			}
			sure = true
			break
		}
		start := len(w.out.Commands)
		first := cl == c
		if first {
			w.stmts(cl.Cond, f, branch)
		} else {
			w.maybe(branch, func() { w.stmts(cl.Cond, f, branch) })
		}
		always := !sure && !negated(cl.Cond) && isTrue(w.out.Commands[start:])
		body := branch.sub()
		if first && always {
			w.stmts(cl.Then, f, body)
		} else {
			w.maybe(body, func() { w.stmts(cl.Then, f, body) })
		}
		if !sure {
			ends = append(ends, body.cwd)
		}
		sure = sure || always
	}
	if !sure {
		// No condition held: the folder is where the conditions left it.
		ends = append(ends, cond.cwd)
	}
	ctx.cwd = ends[0]
	for _, e := range ends[1:] {
		ctx.cwd = sameDir(ctx.cwd, e)
	}
}

// negated reports a list whose last statement is negated with !.
func negated(list []*syntax.Stmt) bool {
	return len(list) > 0 && list[len(list)-1].Negated
}

// isTrue reports commands that are the command true or : alone, through
// wrappers that do not change its status: a condition that always holds.
func isTrue(cmds []*Command) bool {
	if len(cmds) != 1 {
		return false
	}
	c := cmds[0]
	return (c.Name == "true" || c.Name == ":") && len(c.Redirects) == 0 && transparent(c)
}

// loop walks the body of a loop that runs any number of times. When a
// round moves to another folder, the next round starts in a folder that is
// not known: the body is walked again from there, and the folder after the
// loop is unknown.
func (w *walker) loop(ctx *execCtx, body func(*execCtx)) {
	first := ctx.sub()
	w.maybe(first, func() { body(first) })
	if first.cwd == ctx.cwd {
		return
	}
	again := ctx.sub()
	again.cwd = ""
	w.maybe(again, func() { body(again) })
	ctx.cwd = ""
}

// sameDir returns the folder when two ways lead to the same one, else ""
// (unknown).
func sameDir(a, b string) string {
	if a == b {
		return a
	}
	return ""
}

// exits reports a statement that always ends the shell: exit, or a block
// whose last statement is exit. (return outside a function does not end
// the shell, and in one ends only the function.)
func exits(s *syntax.Stmt) bool {
	if s == nil || s.Background || s.Negated {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return false
		}
		v, ok := staticWord(c.Args[0])
		return ok && v == "exit"
	case *syntax.Block:
		return len(c.Stmts) > 0 && exits(c.Stmts[len(c.Stmts)-1])
	}
	return false
}

// jumps reports a break or continue in a loop body, which may end a round
// before its end.
func jumps(list []*syntax.Stmt) bool {
	found := false
	for _, s := range list {
		syntax.Walk(s, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
				if v, _ := staticWord(c.Args[0]); v == "break" || v == "continue" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// inShell reports a command that runs in this shell, not in a child
// process: a builtin such as cd or eval called plainly or through
// command, builtin or time. Run by env, nice or sudo, cd is a program in
// a process of its own, which moves nothing.
func inShell(c *Command) bool {
	for _, wr := range c.Wrappers {
		switch wr {
		case "command", "builtin", "time", "noglob", "nocorrect":
		default:
			return false
		}
	}
	return true
}

// transparent reports a command whose wrappers change neither what it
// writes nor whether it succeeds: the shell's command, builtin, noglob
// and nocorrect, and the programs whose Launcher says so (env without
// assignments, nice, timeout).
func transparent(c *Command) bool {
	return !c.Privileged && len(c.Assigns) == 0 && !c.altered
}
