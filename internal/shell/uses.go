package shell

import "mvdan.cc/sh/v3/syntax"

// A test or a computation reads the values it compares: [[ $TOKEN == a* ]]
// && echo a prints whether the token starts with a, and a loop over the
// letters prints the whole token, one bit at a time, though no command
// is handed the value. The words [[ ]], (( )), let and case compare or
// compute with are kept as the Uses of the command that stands for them,
// so that a policy sees what they read as it sees echo $TOKEN. A test of
// presence ([[ -n $TOKEN ]], [[ $TOKEN ]], -z, -v) tells only whether
// the variable is set, which scripts check all the time: it uses no value.

// testUses returns the expansions whose values a [[ ]] expression uses.
func (w *walker) testUses(dst []Arg, x syntax.TestExpr, f *frame) []Arg {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest, syntax.OrTest:
			dst = w.testUses(dst, x.X, f)
			return w.testUses(dst, x.Y, f)
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			dst = w.valueUses(dst, x.X, f, true)
			return w.valueUses(dst, x.Y, f, true)
		case syntax.TsMatchShort, syntax.TsMatch, syntax.TsNoMatch:
			// [[ $x == "" ]] is [[ -z $x ]].
			if w.emptyWord(x.Y, f) || w.emptyWord(x.X, f) {
				return dst
			}
		}
		dst = w.valueUses(dst, x.X, f, false)
		return w.valueUses(dst, x.Y, f, false)
	case *syntax.UnaryTest:
		switch x.Op {
		case syntax.TsNot:
			return w.testUses(dst, x.X, f)
		case syntax.TsEmpStr, syntax.TsNempStr, syntax.TsVarSet, syntax.TsRefVar:
			return dst
		}
		// A file test uses the value as a path.
		return w.valueUses(dst, x.X, f, false)
	case *syntax.ParenTest:
		return w.testUses(dst, x.X, f)
	}
	// A word alone tests that it is not empty.
	return dst
}

// emptyWord reports a word that is the empty text, quoted.
func (w *walker) emptyWord(x syntax.Node, f *frame) bool {
	wd, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	v := w.literal(wd, f)
	return v.Value == "" && !v.Dynamic && !v.Glob
}

// valueUses returns the expansions in node, and in arithmetic (arith,
// or inside $(( ))) the variables named bare, as $NAME.
func (w *walker) valueUses(dst []Arg, node syntax.Node, f *frame, arith bool) []Arg {
	if node == nil {
		return dst
	}
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			dst = append(dst, Arg{Value: f.text(n), Dynamic: true})
			return false
		case *syntax.ArithmExp:
			dst = w.valueUses(dst, n.X, f, true)
			return false
		case *syntax.CmdSubst, *syntax.ProcSubst:
			// Commands of their own, judged on their own.
			return false
		case *syntax.Word:
			if lit := n.Lit(); arith && validName(lit) {
				dst = append(dst, Arg{Value: "$" + lit, Dynamic: true})
			}
		}
		return true
	})
	return dst
}

// caseUses returns the expansions a case compares: its word and its
// patterns.
func (w *walker) caseUses(c *syntax.CaseClause, f *frame) []Arg {
	dst := w.valueUses(nil, c.Word, f, false)
	for _, item := range c.Items {
		for _, p := range item.Patterns {
			dst = w.valueUses(dst, p, f, false)
		}
	}
	return dst
}
