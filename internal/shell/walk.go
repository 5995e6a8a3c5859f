package shell

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"mvdan.cc/sh/v3/syntax"
)

// maxNesting bounds how deep the parser recurses into one string: nested
// statements, word parts, arithmetic and test expressions, and the length
// of a pipeline or an && list, whose trees nest as deep as they are long.
// Past it the string is not analysed (ProblemDepth). The parser's time and
// memory grow faster than the nesting does: 125,000 nested subshells, a
// 250 KB command, took 2.7 s of processor time and 960 MB in the hook;
// stopped at 256 levels, the same command takes under a millisecond
// (BenchmarkAnalyzeWorst). Commands people write nest a few
// levels and chain a few dozen commands.
const maxNesting = 256

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.MaxNesting(maxNesting))
}}

// Analyze finds every simple command that src would execute.
func Analyze(src string, opts Options) *Analysis {
	w := newWalker(opts)
	opts = w.opts
	if len(src) > opts.MaxBytes {
		w.problem(ProblemSize, fmt.Sprintf("the command is %d bytes long; the limit is %d", len(src), opts.MaxBytes))
		return w.out
	}
	ctx := &execCtx{cwd: opts.Cwd}
	w.parse(src, &frame{}, ctx, nil)
	// A function that is defined but never called may still run later
	// (from a trap, or by a name computed at run time): analyse it too.
	// In the order of definition, so that the analysis is deterministic.
	for _, name := range w.funcOrder {
		if body := w.funcDefs[name]; body != nil && !w.called[name] {
			w.called[name] = true
			w.callFunc(name, body, w.funcSrc[name], nil, ctx.sub())
		}
	}
	return w.out
}

// newWalker returns a walker for an analysis with opts, whose time starts
// now.
func newWalker(opts Options) *walker {
	opts.setDefaults()
	w := &walker{opts: opts, out: &Analysis{}}
	if opts.MaxTime > 0 {
		w.deadline = w.now().Add(opts.MaxTime)
	}
	return w
}

type walker struct {
	// simple is the question put to the Launcher, kept here so that
	// asking costs no allocation.
	simple Simple
	// varScopes hold, for each enclosing stretch of code that may not run
	// or runs in a subshell, the variables it assigned.
	varScopes []map[string]bool
	opts      Options
	out       *Analysis
	// aliases maps the aliases defined so far to their bodies, and
	// aliasActive the ones being expanded (bash does not expand an
	// alias inside itself).
	aliases     map[string]string
	aliasActive map[string]bool
	vars        map[string]string
	// numeric holds the variables set to a number (by arithmetic, or to
	// an arithmetic expansion); integer those declared -i, whose values
	// are arithmetic.
	numeric, integer map[string]bool
	// assoc holds the arrays declared -A, whose subscripts are strings,
	// not arithmetic; inAssoc is set while the elements of one are read.
	assoc   map[string]bool
	inAssoc bool
	// substOf maps command and process substitutions to the commands they
	// run and what those write.
	substOf map[syntax.Node]substitution
	// funcs holds the bodies of functions defined so far; a call analyses
	// the body in the caller's context. called records which were called.
	funcDefs  map[string]*syntax.Stmt
	funcSrc   map[string]*frame
	funcOrder []string
	called    map[string]bool
	active    map[string]bool
	// notEndless holds the functions found not to recurse endlessly
	// with the functions defined so far; recursionWork counts the
	// function bodies read to find out (see checkEndless).
	notEndless    map[string]bool
	recursionWork int
	// files holds text written to files earlier in the same string
	// (cat > f <<EOF), so that running f later is analysed.
	files map[string]string
	// fetched maps files that curl or wget download earlier in the same
	// string to the program, so that running one is seen for what it is.
	fetched map[string]string
	stopped bool
	steps   int
	// deadline is when the analysis has run for Options.MaxTime; isLate
	// is set once the clock has passed it (see late).
	deadline time.Time
	isLate   bool
	// words counts the words of the commands emitted (Options.MaxWords).
	words int
	// shells counts the shell processes numbered so far (see frame).
	shells int
	// pwd is the folder of the statement whose words are being expanded,
	// the value of $PWD; "" when unknown.
	pwd string
	// commands and args hold the simple commands of the string and their
	// words, allocated a block at a time.
	commands block[Command]
	args     block[Arg]
	streams  block[stream]
}

// block hands out slices of arrays that it allocates a few elements at a
// time, doubling the size as more are asked for: an analysis makes one
// allocation for many small objects. What it hands out is never handed out
// again; a slice has no room beyond what was asked, so appending to it
// copies.
type block[T any] struct {
	free []T
	size int
}

// take returns a slice of length 0 and capacity n.
func (b *block[T]) take(n int) []T {
	if len(b.free) < n {
		b.size = min(max(2*b.size, 1), 16)
		b.free = make([]T, max(n, b.size))
	}
	s := b.free[:0:n]
	b.free = b.free[n:]
	return s
}

// newCommand returns a zero command.
func (w *walker) newCommand() *Command {
	return &w.commands.take(1)[:1][0]
}

// stepsPerCommand bounds the statements analysed, as a multiple of
// Options.MaxCommands.
const stepsPerCommand = 16

// frame is one parsed source text: the top-level string or a string that a
// command hands to a shell.
type frame struct {
	src    string
	depth  int
	origin string
	// quotes reports that the program of origin quotes the input it
	// pastes into the text (see Nested.QuotesInput).
	quotes bool
	// args are the positional parameters ($0, $1, ...) when known: those
	// given to sh -c, or to a function call; nil when unknown.
	args []Arg
	// shell numbers the shell process the text runs in: code that a
	// command hands to another process (sh -c, xargs) runs in a new one,
	// where the functions of this one are not defined.
	shell int
}

func (f *frame) text(n syntax.Node) string {
	s, e := n.Pos().Offset(), n.End().Offset()
	if int(e) > len(f.src) || s > e {
		return ""
	}
	return f.src[s:e]
}

// execCtx is the shell state that flows through a list: the working
// directory, and redirections and input inherited from enclosing commands.
type execCtx struct {
	cwd string
	// unsure is set by a cd that may fail (its folder does not exist
	// now): the shell is in cwd if it succeeded, in undo if not. A
	// command after && runs only if it succeeded; one after ; or a
	// newline runs in either.
	unsure bool
	undo   string
	redirs []Redirect
	stdin  *Stdin
	in     []string
	// inCmds are the commands behind in.
	inCmds []*Command
	// out collects what the commands write where their output is used (a
	// substitution, a pipe); nil where it is not.
	out *stream
}

func (c *execCtx) sub() *execCtx {
	n := *c
	return &n
}

func (w *walker) problem(k ProblemKind, detail string) {
	for _, p := range w.out.Problems {
		if p.Kind == k && p.Detail == detail {
			return
		}
	}
	w.out.Problems = append(w.out.Problems, Problem{Kind: k, Detail: detail})
}

// parse parses src as a nested string and walks it.
func (w *walker) parse(src string, parent *frame, ctx *execCtx, mk func(*frame)) {
	if w.stopped {
		return
	}
	depth := parent.depth
	if parent.src != "" {
		depth++
	}
	if depth > w.opts.MaxDepth {
		w.problem(ProblemDepth, fmt.Sprintf("commands nest more than %d levels deep", w.opts.MaxDepth))
		return
	}
	p := parserPool.Get().(*syntax.Parser)
	file, err := p.Parse(&deadlineReader{src, w}, "")
	parserPool.Put(p)
	if err != nil {
		if errors.Is(err, errLate) {
			w.tooLate()
			return
		}
		var nesting syntax.NestingError
		if errors.As(err, &nesting) {
			w.problem(ProblemDepth, fmt.Sprintf("the command nests or chains more than %d levels deep", nesting.Max))
			return
		}
		// A command that does not parse is never allowed; what can be
		// recovered of it is still analysed, so that a destructive part
		// is denied.
		w.problem(ProblemParse, err.Error())
		file = w.recoverParse(src)
		if w.late() {
			w.tooLate()
			return
		}
	}
	f := &frame{src: src, depth: depth, origin: parent.origin, quotes: parent.quotes, shell: parent.shell}
	if mk != nil {
		mk(f)
	}
	w.stmts(file.Stmts, f, ctx)
}

// recoverParse parses what it can of broken shell text; the file it
// returns is never nil, but may hold no statements.
func (w *walker) recoverParse(src string) *syntax.File {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8), syntax.MaxNesting(maxNesting))
	f, _ := p.Parse(&deadlineReader{src, w}, "")
	if len(f.Stmts) > 0 {
		return f
	}
	// A leading operator (& cmd, |& cmd) stops even the recovering parser.
	trimmed := strings.TrimLeft(src, " \t;&|")
	if trimmed == src || trimmed == "" {
		return f
	}
	f, _ = p.Parse(&deadlineReader{trimmed, w}, "")
	return f
}

func (w *walker) stmts(list []*syntax.Stmt, f *frame, ctx *execCtx) {
	for _, s := range list {
		w.stmt(s, f, ctx)
		ctx.settle()
	}
}

// settle ends the doubt a cd that may fail leaves: the statements after it
// run whether it failed or not, in one of two folders.
func (c *execCtx) settle() {
	if c.unsure {
		c.cwd = sameDir(c.cwd, c.undo)
		c.unsure = false
	}
}

func (w *walker) stmt(s *syntax.Stmt, f *frame, ctx *execCtx) {
	if w.stopped || s == nil {
		return
	}
	// Loops over words and function calls analyse a body again each time,
	// so the work can grow exponentially with statements that run no
	// command (nested loops, functions calling functions): bound it too.
	w.steps++
	if w.steps%64 == 0 && w.late() {
		w.tooLate()
		return
	}
	if w.steps > w.opts.MaxCommands*stepsPerCommand {
		w.problem(ProblemSize, fmt.Sprintf("the command takes more than %d steps to analyse: loops or function calls nest too much", w.opts.MaxCommands*stepsPerCommand))
		w.stopped = true
		return
	}
	if s.Background {
		// A command in the background runs in a subshell: a cd there
		// does not move this shell, and what it writes mixes with what
		// runs after it.
		ctx = ctx.sub()
		s2 := *s
		s2.Background = false
		w.maybe(ctx, func() { w.stmt(&s2, f, ctx) })
		return
	}
	// $PWD in the words of this statement is the folder it runs in.
	w.pwd = ctx.cwd
	inner := ctx
	if len(s.Redirs) > 0 {
		inner = ctx.sub()
		w.redirects(s.Redirs, f, inner)
	}
	switch c := s.Cmd.(type) {
	case nil:
		// Redirections alone (> file) still write.
		if len(s.Redirs) > 0 {
			cmd := &Command{Name: "", Text: f.text(s)}
			w.emit(cmd, f, inner)
			w.wrote(cmd, inner)
		}
	case *syntax.CallExpr:
		if len(c.Args) == 0 && len(c.Assigns) == 0 {
			break // recovered parses can leave empty calls
		}
		w.call(c, f, inner)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			start := len(w.out.Commands)
			left := inner.sub()
			left.out = w.newStream()
			// Each side of a pipe runs in a subshell of its own.
			w.subshell(func() { w.stmt(c.X, f, left) })
			up := append([]string(nil), inner.in...)
			upCmds := append([]*Command(nil), inner.inCmds...)
			for _, cmd := range w.out.Commands[start:] {
				if cmd.Name != "" {
					up = append(up, cmd.Name)
				}
				up = append(up, cmd.InputFrom...)
				upCmds = append(upCmds, cmd)
			}
			right := inner.sub()
			right.in = dedupe(up)
			right.inCmds = upCmds
			right.stdin = pipeStdin
			if text, ok := left.out.known(); ok && c.Op == syntax.Pipe {
				right.stdin = &Stdin{Kind: StdinPipe, text: &pipeText{text: text}}
			}
			w.subshell(func() { w.stmt(c.Y, f, right) })
		case syntax.OrStmt:
			w.stmt(c.X, f, inner)
			// The right side runs only when the left side fails: the
			// folder after both is one of two.
			left := inner.cwd
			if inner.unsure {
				// cd nope || exit: the right side runs where the failed
				// cd left the shell; when it ends the shell, what
				// follows runs only where the cd went.
				right := inner.sub()
				right.cwd, right.unsure = inner.undo, false
				w.maybe(right, func() { w.stmt(c.Y, f, right) })
				right.settle()
				inner.unsure = false
				if !exits(c.Y) {
					inner.cwd = sameDir(left, right.cwd)
				}
				break
			}
			w.maybe(inner, func() { w.stmt(c.Y, f, inner) })
			inner.settle()
			inner.cwd = sameDir(left, inner.cwd)
		default:
			w.stmt(c.X, f, inner)
			if !inner.unsure {
				w.maybe(inner, func() { w.stmt(c.Y, f, inner) })
				break
			}
			// cd dir && ...: the right side runs only where the cd went;
			// what follows the list runs there, or where the shell was
			// if the cd failed.
			undo := inner.undo
			inner.unsure = false
			w.maybe(inner, func() { w.stmt(c.Y, f, inner) })
			if inner.unsure {
				undo = sameDir(undo, inner.undo)
			}
			inner.unsure, inner.undo = true, undo
		}
	case *syntax.Subshell:
		// What a subshell assigns is gone after it.
		sub := inner.sub()
		w.subshell(func() { w.stmts(c.Stmts, f, sub) })
	case *syntax.Block:
		w.stmts(c.Stmts, f, inner)
	case *syntax.IfClause:
		w.ifClause(c, f, inner)
	case *syntax.WhileClause:
		w.loop(inner, func(body *execCtx) {
			w.stmts(c.Cond, f, body)
			w.stmts(c.Do, f, body)
		})
	case *syntax.ForClause:
		w.substs(c.Loop, f, inner)
		if cs, ok := c.Loop.(*syntax.CStyleLoop); ok {
			// The loop computes with its expressions, as (( )) does.
			var uses []Arg
			for _, x := range []syntax.ArithmExpr{cs.Init, cs.Cond, cs.Post} {
				uses = w.valueUses(uses, x, f, true)
			}
			if len(uses) > 0 {
				w.emit(&Command{Name: "((", Args: []Arg{{Value: "(("}}, Uses: uses, Text: f.text(cs)}, f, inner)
			}
		}
		wi, ok := c.Loop.(*syntax.WordIter)
		if ok && wi.Name != nil {
			for _, word := range wi.Items {
				w.copies(wi.Name.Value, f.text(word))
			}
		}
		if ok && wi.Name != nil && c.Select {
			w.setsVar(wi.Name.Value, Arg{Dynamic: true}, "select")
		}
		if !ok || wi.Name == nil || c.Select {
			w.loop(inner, func(body *execCtx) { w.stmts(c.Do, f, body) })
			break
		}
		// for x in a b c: when the items are literal and few, analyse the
		// body once per value, so that $x is known.
		var items []Arg
		literal := wi.InPos.IsValid()
		for _, word := range wi.Items {
			items = w.appendFields(items, word, f)
		}
		for _, a := range items {
			if a.Dynamic || a.Glob {
				literal = false
			}
		}
		if literal && len(items) > 0 && len(items) <= 16 {
			// The body runs once per item, each time in the folder the
			// time before left.
			body := inner.sub()
			for _, it := range items {
				w.setsVar(wi.Name.Value, it, "for")
				w.setVar(wi.Name.Value, it)
				w.stmts(c.Do, f, body)
			}
			inner.cwd = body.cwd
			if jumps(c.Do) {
				// break or continue may end a round early.
				inner.cwd = sameDir(inner.cwd, "")
				if inner.out != nil {
					inner.out.opaque = true
				}
			}
		} else {
			w.setsVar(wi.Name.Value, Arg{Dynamic: true}, "for")
			w.setVar(wi.Name.Value, Arg{Dynamic: true})
			w.loop(inner, func(body *execCtx) { w.stmts(c.Do, f, body) })
		}
	case *syntax.CaseClause:
		w.substs(c.Word, f, inner)
		if uses := w.caseUses(c, f); len(uses) > 0 {
			// The match reads the values compared, as [[ $x == p ]].
			test := &Command{Name: "[[", Args: []Arg{{Value: "[["}}, Uses: uses, Text: "case " + f.text(c.Word) + " in"}
			w.emit(test, f, inner)
		}
		start := inner.cwd
		for _, item := range c.Items {
			for _, p := range item.Patterns {
				w.substs(p, f, inner)
			}
			body := inner.sub()
			body.cwd = start
			w.maybe(body, func() { w.stmts(item.Stmts, f, body) })
			// No pattern may match, or any one may.
			inner.cwd = sameDir(inner.cwd, body.cwd)
		}
	case *syntax.FuncDecl:
		if w.funcDefs == nil {
			w.funcDefs, w.funcSrc, w.called = map[string]*syntax.Stmt{}, map[string]*frame{}, map[string]bool{}
		}
		names := c.Names
		if c.Name != nil {
			names = append(names, c.Name)
		}
		for _, n := range names {
			// A later definition replaces an earlier one, as in the shell.
			if w.funcDefs[n.Value] == nil {
				w.funcOrder = append(w.funcOrder, n.Value)
			}
			w.funcDefs[n.Value] = c.Body
			w.funcSrc[n.Value] = f
			w.notEndless = nil
			delete(w.called, n.Value)
			if spawnsItself(n.Value, c.Body) {
				w.out.ForkBomb = n.Value
			}
		}
	case *syntax.ArithmCmd:
		w.substs(c, f, inner)
		text := f.text(c)
		arith := &Command{Name: "((", Args: []Arg{{Value: "(("}}, Uses: w.valueUses(nil, c.X, f, true), Text: text}
		w.emit(arith, f, inner)
		w.wrote(arith, inner)
		// (( rm -rf / )) is an arithmetic error, but its author meant a
		// command: analyse it as one, as with interpreter code.
		body := strings.TrimSuffix(strings.TrimPrefix(text, "(("), "))")
		if slices.Contains(shellPrograms, firstWord(body)) {
			w.codeQuiet(&Command{Cwd: inner.cwd, Text: text}, body, "arithmetic", f, inner)
		}
	case *syntax.TestClause:
		w.substs(c, f, inner)
		test := &Command{Name: "[[", Args: []Arg{{Value: "[["}}, Uses: w.testUses(nil, c.X, f), Text: f.text(c)}
		if strings.Contains(test.Text, "=~") {
			w.copies("BASH_REMATCH", test.Text)
		}
		w.emit(test, f, inner)
		w.wrote(test, inner)
	case *syntax.DeclClause:
		w.decl(c, f, inner)
	case *syntax.LetClause:
		w.substs(c, f, inner)
		let := &Command{Name: "let", Args: []Arg{{Value: "let"}}, Text: f.text(c)}
		for _, x := range c.Exprs {
			let.Uses = w.valueUses(let.Uses, x, f, true)
		}
		w.emit(let, f, inner)
		w.wrote(let, inner)
	case *syntax.TimeClause:
		w.stmt(c.Stmt, f, inner)
	case *syntax.CoprocClause:
		// A coprocess writes to a pipe of its own.
		co := inner.sub()
		co.out = nil
		w.subshell(func() { w.stmt(c.Stmt, f, co) })
	case *syntax.TestDecl:
		w.stmt(c.Body, f, inner.sub())
	default:
		w.problem(ProblemParse, fmt.Sprintf("unsupported shell construct %T", c))
	}
	// Redirections of a command that runs in this shell do not keep it
	// from moving the shell to another folder.
	ctx.cwd, ctx.unsure, ctx.undo = inner.cwd, inner.unsure, inner.undo
}

// hiddenRune returns the first character of s that displays as nothing or
// moves text around: line and paragraph separators, zero-width and
// bidirectional controls, other format characters, fillers, and control
// characters other than blanks.
func hiddenRune(s string) (rune, bool) {
	for _, r := range s {
		switch {
		case r >= 0x20 && r < 0x7f:
			// Printable ASCII, which most names are.
		case r == '\t' || r == '\n' || r == ' ':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			return r, true
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r):
			return r, true
		case r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0 || r == 0x2800 || r == 0x180e:
			return r, true
		}
	}
	return 0, false
}

// substs walks the command and process substitutions inside a node and
// returns the names of the programs they run.
func (w *walker) substs(n syntax.Node, f *frame, ctx *execCtx) []string {
	if n == nil {
		return nil
	}
	if word, ok := n.(*syntax.Word); ok {
		if word == nil {
			return nil // recovered parses leave some words out
		}
		if literalWord(word) {
			return nil // most words: nothing to walk
		}
	}
	var names []string
	var evaluated []syntax.Node
	// The statements of a substitution change $PWD for their own words.
	pwd := w.pwd
	defer func() { w.pwd = pwd }()
	defer func() { w.evaluates(evaluated, f) }()
	syntax.Walk(n, func(node syntax.Node) bool {
		switch s := node.(type) {
		case *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.LetClause, *syntax.CStyleLoop, *syntax.TestClause,
			*syntax.ParamExp, *syntax.ArrayElem:
			// Checked once the substitutions in them are known.
			evaluated = append(evaluated, node)
		case *syntax.CmdSubst:
			got := w.nested(s, s.Stmts, f, ctx, "$(...)")
			names = append(names, commandNames(got)...)
			return false
		case *syntax.ProcSubst:
			origin := "<(...)"
			if s.Op == syntax.CmdOut {
				origin = ">(...)"
			}
			got := w.nested(s, s.Stmts, f, ctx, origin)
			names = append(names, commandNames(got)...)
			return false
		}
		return true
	})
	return names
}

// literalWord reports a word that holds no substitution: literal text,
// quoted or not, and plain parameter expansions ($x, ${x}).
func literalWord(w *syntax.Word) bool {
	return literalParts(w.Parts)
}

func literalParts(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if !literalParts(x.Parts) {
				return false
			}
		case *syntax.ParamExp:
			// As syntax's own ParamExp.simple: a name and nothing more.
			if x.Param == nil || x.Flags != nil || x.Excl || x.Length || x.Width || x.IsSet || x.NestedParam != nil ||
				x.Index != nil || len(x.Modifiers) > 0 || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Exp != nil {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// substitution is what the analysis found of a command or process
// substitution: the commands it runs, and what they write.
type substitution struct {
	cmds []*Command
	out  *stream
}

// commandNames returns the program names of commands, skipping unknown
// ones.
func commandNames(cmds []*Command) []string { return appendNames(nil, cmds) }

// appendNames appends the names of the commands that have one to dst.
func appendNames(dst []string, cmds []*Command) []string {
	for _, cmd := range cmds {
		if cmd.Name != "" {
			dst = append(dst, cmd.Name)
		}
	}
	return dst
}

// nested walks the statements of a substitution n in a subshell context,
// records what it found and returns the commands they run.
func (w *walker) nested(n syntax.Node, list []*syntax.Stmt, f *frame, ctx *execCtx, origin string) []*Command {
	start := len(w.out.Commands)
	sub := *f
	sub.origin, sub.quotes = origin, false
	c := ctx.sub()
	c.redirs, c.stdin, c.in, c.inCmds = nil, nil, nil, nil
	c.out = w.newStream()
	if origin == ">(...)" {
		// cmd > >(bash): what the outer command writes is the input of
		// the commands inside.
		c.stdin = pipeStdin
	}
	w.stmts(list, &sub, c)
	// Commands are only ever appended: the part found here stays as it is.
	end := len(w.out.Commands)
	cmds := w.out.Commands[start:end:end]
	if w.substOf == nil {
		w.substOf = map[syntax.Node]substitution{}
	}
	w.substOf[n] = substitution{cmds: cmds, out: c.out}
	return cmds
}

// redirects evaluates a statement's redirections into ctx.
func (w *walker) redirects(rs []*syntax.Redirect, f *frame, ctx *execCtx) {
	ctx.redirs = append([]Redirect(nil), ctx.redirs...)
	for _, r := range rs {
		fd := ""
		if r.N != nil {
			fd = r.N.Value
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			from := w.substs(r.Hdoc, f, ctx)
			body, dyn := w.heredocBody(r.Hdoc, f)
			if r.Op == syntax.DashHdoc {
				body = trimTabs(body)
			}
			ctx.stdin = &Stdin{Kind: StdinHeredoc, Body: body, Dynamic: dyn}
			ctx.in = append(append([]string(nil), ctx.in...), from...)
			continue
		case syntax.WordHdoc:
			from := w.substs(r.Word, f, ctx)
			a := w.literal(r.Word, f)
			ctx.stdin = &Stdin{Kind: StdinHereString, Body: a.Value, Dynamic: a.Dynamic}
			ctx.in = append(append([]string(nil), ctx.in...), from...)
			continue
		}
		if r.Word == nil {
			continue
		}
		w.substs(r.Word, f, ctx)
		target := w.literal(r.Word, f)
		red := Redirect{Op: r.Op.String(), Fd: fd, Target: target}
		switch r.Op {
		case syntax.RdrIn:
			ctx.stdin = &Stdin{Kind: StdinFile, Path: target}
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
			syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob, syntax.RdrInOut:
			red.Write = true
		case syntax.DplOut:
			// >&2 duplicates a descriptor; >&file (bash) writes a file.
			red.Write = !isFd(target.Value)
		case syntax.DplIn:
			// <&file (with a file, not a descriptor) reads it.
			if !isFd(target.Value) {
				ctx.stdin = &Stdin{Kind: StdinFile, Path: target}
			}
		}
		ctx.redirs = append(ctx.redirs, red)
	}
}

// isFd reports a duplication target that names a file descriptor (2,
// 3-) or closes one (-), not a file.
func isFd(s string) bool {
	return s == "-" || isDigits(strings.TrimSuffix(s, "-"))
}

func trimTabs(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "\n")
}

// decl turns export/declare/local/readonly/typeset into a command whose
// arguments are the assignments, and records literal values.
func (w *walker) decl(d *syntax.DeclClause, f *frame, ctx *execCtx) {
	cmd := &Command{Args: []Arg{{Value: d.Variant.Value}}, Text: f.text(d)}
	how := d.Variant.Value
	integer, assoc, changesCase := false, false, false
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if o := w.literal(a.Value, f); !o.Dynamic && len(o.Value) > 1 && (o.Value[0] == '-' || o.Value[0] == '+') &&
				!strings.Contains(o.Value, "=") {
				if strings.Contains(o.Value, "n") && how != "export" {
					// A nameref: what it names is set and read through it.
					w.problem(ProblemShellState, how+" -n makes a name stand for another variable")
				}
				integer = integer || o.Value[0] == '-' && strings.Contains(o.Value, "i")
				assoc = assoc || o.Value[0] == '-' && strings.Contains(o.Value, "A")
				changesCase = changesCase || o.Value[0] == '-' && strings.ContainsAny(o.Value, "luc")
			}
		}
	}
	if how == "nameref" {
		w.problem(ProblemShellState, "nameref makes a name stand for another variable")
	}
	for _, a := range d.Args {
		if assoc && a.Name != nil && f.origin != "function" {
			// Declared in a function, the array is the function's own.
			w.declareAssoc(a.Name.Value)
		}
		if a.Value != nil {
			w.substs(a.Value, f, ctx)
		}
		if a.Array != nil {
			w.inAssoc = a.Name != nil && w.assoc[a.Name.Value]
			w.substs(a.Array, f, ctx)
			w.inAssoc = false
		}
		if a.Index != nil {
			w.substs(a.Index, f, ctx)
			if !w.assoc[a.Name.Value] {
				w.arith(a.Index, f)
			}
		}
		switch {
		case a.Name != nil && a.Value != nil:
			v := w.literal(a.Value, f)
			w.setsVar(a.Name.Value, v, how)
			w.assign(a, v, changesCase)
			w.intValue(a.Name.Value, a.Value, integer, f)
			cmd.Args = append(cmd.Args, Arg{Value: a.Name.Value + "=" + v.Value, Dynamic: v.Dynamic})
		case a.Name != nil:
			if a.Array != nil {
				w.setsVar(a.Name.Value, Arg{Dynamic: true}, how)
				w.copies(a.Name.Value, f.text(a.Array))
			}
			if integer {
				w.declareInteger(a.Name.Value)
			}
			cmd.Args = append(cmd.Args, Arg{Value: a.Name.Value})
		case a.Value != nil:
			v := w.literal(a.Value, f)
			if !v.Dynamic && (strings.HasPrefix(v.Value, "-") || strings.HasPrefix(v.Value, "+")) && !strings.Contains(v.Value, "=") {
				cmd.Args = append(cmd.Args, v)
				continue
			}
			name, val, set := strings.Cut(v.Value, "=")
			if v.Dynamic && !set || !w.plainName(name, f) {
				w.problem(ProblemShellState, fmt.Sprintf("%s names the variable %q, which the analysis cannot read", how, v.Value))
			} else if set {
				w.setsVar(name, Arg{Value: val, Dynamic: v.Dynamic}, how)
				// declare "x=v": the word is split after expansion, and
				// x+=v appends: what x holds is not known.
				w.setVar(name, Arg{Dynamic: true})
				if integer || w.integer[name] {
					if v.Dynamic || !w.arithText(val, f, 0) {
						w.problem(ProblemShellState, fmt.Sprintf("%s evaluates %q as arithmetic", how, val))
					}
				}
			}
			cmd.Args = append(cmd.Args, v)
		}
	}
	cmd.Name = d.Variant.Value
	w.emit(cmd, f, ctx)
	w.wrote(cmd, ctx)
}

// assign records an assignment's effect on a variable's value: x+=v
// appends to what x held, x[i]=v sets an element (x itself, its first
// element, stays as it was unless i is 0), and declare -l/-u/-c change
// the case of what is stored.
func (w *walker) assign(a *syntax.Assign, v Arg, changesCase bool) {
	name := a.Name.Value
	switch {
	case a.Index != nil || a.Array != nil || changesCase:
		v = Arg{Dynamic: true}
	case a.Append:
		old, known := w.vars[name]
		if !known || old == dynamicValue || v.Dynamic {
			v = Arg{Dynamic: true}
		} else {
			v.Value = old + v.Value
		}
	}
	w.setVar(name, v)
}

// subshell walks code that runs in a subshell: what it assigns is not
// what this shell holds afterwards.
func (w *walker) subshell(walk func()) {
	w.varScopes = append(w.varScopes, nil)
	walk()
	set := w.varScopes[len(w.varScopes)-1]
	w.varScopes = w.varScopes[:len(w.varScopes)-1]
	for name := range set {
		w.setVar(name, Arg{Dynamic: true})
	}
}

// copies records that the shell sets a variable to a value computed
// from text, when the text expands anything (see Analysis.Copies).
func (w *walker) copies(name, from string) {
	if strings.ContainsAny(from, "$`") {
		w.out.Copies = append(w.out.Copies, Copy{Name: name, From: from})
	}
}

func (w *walker) setVar(name string, v Arg) {
	for i := range w.varScopes {
		if w.varScopes[i] == nil {
			w.varScopes[i] = map[string]bool{}
		}
		w.varScopes[i][name] = true
	}
	delete(w.numeric, name)
	if w.vars == nil {
		w.vars = map[string]string{}
	}
	if v.Dynamic {
		w.vars[name] = dynamicValue
		return
	}
	w.vars[name] = v.Value
}

// call builds the command of a simple command, unwraps it and emits it.
func (w *walker) call(c *syntax.CallExpr, f *frame, ctx *execCtx) {
	// Each word as written is one word or more once expanded: a command
	// past the bound on words stops the analysis before its words are.
	// The elements of an array it assigns are words as well.
	n := len(c.Args)
	for _, a := range c.Assigns {
		if a.Array != nil {
			n += len(a.Array.Elems)
		}
	}
	if w.words+n > w.opts.MaxWords {
		w.tooManyWords()
		return
	}
	// The command's own words are counted as it is emitted.
	w.words += n - len(c.Args)
	for _, a := range c.Assigns {
		if a.Value != nil {
			w.substs(a.Value, f, ctx)
		}
		if a.Array != nil {
			w.inAssoc = a.Name != nil && w.assoc[a.Name.Value]
			w.substs(a.Array, f, ctx)
			w.inAssoc = false
		}
		if a.Index != nil {
			w.substs(a.Index, f, ctx)
			if a.Name == nil || !w.assoc[a.Name.Value] {
				w.arith(a.Index, f)
			}
		}
	}
	for _, word := range c.Args {
		w.substs(word, f, ctx)
	}
	var assigns []string
	for _, a := range c.Assigns {
		if a.Name == nil {
			continue
		}
		v := w.literal(a.Value, f)
		if len(c.Args) == 0 {
			w.setsVar(a.Name.Value, v, "an assignment")
			w.assign(a, v, false)
			if a.Array != nil {
				w.copies(a.Name.Value, f.text(a.Array))
			} else if a.Value != nil {
				w.copies(a.Name.Value, f.text(a.Value))
			}
			w.intValue(a.Name.Value, a.Value, false, f)
		} else if prog := w.literal(c.Args[0], f).Value; a.Name.Value == "CDPATH" && (prog == "cd" || prog == "pushd") {
			// CDPATH=... cd name looks for name in other folders.
			w.problem(ProblemShellState, "CDPATH is set for cd, which then looks for the folder elsewhere")
		} else if w.runsHere(c.Args[0], f) && UnsafeEnv(a.Name.Value, v.Value) {
			// The variable reaches every command the code runs.
			w.problem(ProblemShellState, fmt.Sprintf("%s is set for code that runs in this shell", a.Name.Value))
		}
		assigns = append(assigns, a.Name.Value+"="+v.Value)
	}
	if len(c.Args) == 0 {
		if len(assigns) > 0 {
			w.emit(&Command{Assigns: assigns, Text: f.text(c)}, f, ctx)
		}
		return
	}
	args := w.args.take(len(c.Args))
	for _, word := range c.Args {
		args = w.appendFields(args, word, f)
	}
	if len(args) == 0 {
		return
	}
	cmd := w.newCommand()
	cmd.Args, cmd.Assigns, cmd.Text = args, assigns, f.text(c)
	w.run(cmd, f, ctx)
}

// run resolves a command's program through wrappers and the programs that
// run other programs, then emits it.
func (w *walker) run(cmd *Command, f *frame, ctx *execCtx) {
	if w.stopped {
		return
	}
	for {
		if len(cmd.Args) == 0 {
			return
		}
		prog := cmd.Args[0]
		if !prog.Dynamic && (prog.Input || prog.WholeInput) {
			// A program named by input the analysis knows (echo ok |
			// xargs sudo --) is still chosen by the input, not by the
			// command: a program only known at run time, as in sudo
			// "$X". What the known text would run is judged too, so
			// that echo rm -rf ~ | xargs sudo is still denied.
			w.problem(ProblemDynamicProgram, fmt.Sprintf("the program %q comes from the input of the command that runs it", prog.Value))
		}
		if prog.Dynamic {
			cmd.Name = ""
			if prog.Input {
				// The program is chosen by what xargs, parallel or find
				// read: whatever arrives there runs.
				cmd.RunsInput, cmd.RunsInputWhy = true, "the program to run comes from its input ("+prog.Value+")"
			} else {
				w.problem(ProblemDynamicProgram, fmt.Sprintf("the program %q is computed at run time", prog.Value))
			}
			w.emit(cmd, f, ctx)
			w.wrote(cmd, ctx)
			return
		}
		if prog.Glob && isPattern(prog.Value) {
			w.programGlob(cmd, f, ctx)
			return
		}
		cmd.Name = path.Base(prog.Value)
		if r, ok := hiddenRune(prog.Value); ok {
			// A program name never needs an invisible character: one there
			// hides what runs from whoever reads the command.
			w.problem(ProblemObfuscated, fmt.Sprintf("the program name %q contains the invisible character U+%04X", prog.Value, r))
		}
		if strings.ContainsAny(prog.Value, " \t\n;|&\u2028\u2029") {
			// A whole command line quoted as one word ("$CMD" holding
			// "rm -rf ~"): it fails to run as written, but analyse what it
			// says, since that is what was meant.
			text := strings.NewReplacer("\u2028", "\n", "\u2029", "\n").Replace(prog.Value)
			w.emit(cmd, f, ctx)
			w.codeQuiet(cmd, text, "quoted command", f, ctx)
			w.wrote(cmd, ctx)
			return
		}
		if !strings.Contains(prog.Value, "/") {
			if body, ok := w.funcDefs[cmd.Name]; ok {
				// A function defined in the same string runs in the
				// caller's shell: analyse its body here, with the call's
				// arguments, so that a cd inside it moves the caller.
				// Run through a wrapper, or in another process, the name
				// is a program's: the body is analysed all the same, but
				// what the call writes is not known.
				if ctx.out != nil && (len(cmd.Wrappers) > 0 || w.funcSrc[cmd.Name].shell != f.shell) {
					ctx.out.opaque = true
				}
				w.called[cmd.Name] = true
				if w.out.Endless == "" && !w.active[cmd.Name] && !w.notEndless[cmd.Name] {
					w.checkEndless(cmd.Name)
				}
				// What the function assigns may be local to it: not known
				// after the call.
				w.subshell(func() { w.callFunc(cmd.Name, body, w.funcSrc[cmd.Name], cmd.Args, ctx) })
				return
			}
			if body, ok := w.aliases[cmd.Name]; ok && !w.aliasActive[cmd.Name] {
				// An alias defined in the same string (bash expands it
				// in a later line, or wherever aliases are on): its
				// body followed by the words after it is what runs
				// (alias g=rm; g -rf ~ is rm -rf ~). The body names
				// the words "$@". One that may change folders leaves
				// this shell in one not known.
				if w.aliasActive == nil {
					w.aliasActive = map[string]bool{}
				}
				w.aliasActive[cmd.Name] = true
				text := body
				if len(cmd.Args) > 1 {
					text += ` "$@"`
				}
				w.code(cmd, Arg{Value: text}, "alias use", f, ctx, cmd.Args...)
				delete(w.aliasActive, cmd.Name)
				if strings.Contains(body, "cd") || strings.Contains(body, "popd") {
					ctx.cwd = ""
				}
				if ctx.out != nil {
					ctx.out.opaque = true
				}
				return
			}
		}
		if !w.unwrap(cmd, ctx) {
			break
		}
	}
	w.emit(cmd, f, ctx)
	w.builtinState(cmd, f)
	if !asksForHelp(cmd) {
		w.special(cmd, f, ctx)
	}
	w.wrote(cmd, ctx)
	w.remember(cmd)
}

// maxProgramGlob bounds the programs a pattern in program position is
// judged as; one that names more is not known.
const maxProgramGlob = 64

// programGlob runs a command whose program is a pattern (/u??/b??/r? -rf
// ~) as each program the pattern could name, and as the words the shell
// expands it to now (the other matches are the first one's arguments). A
// pattern that names nothing the analysis can see runs a program nobody
// knows.
func (w *walker) programGlob(cmd *Command, f *frame, ctx *execCtx) {
	prog := cmd.Args[0]
	var progs []string
	ok := false
	if w.opts.ProgramGlob != nil {
		progs, ok = w.opts.ProgramGlob(prog.Value, ctx.cwd)
	}
	if !ok || len(progs) == 0 || len(progs) > maxProgramGlob {
		cmd.Name = ""
		w.problem(ProblemDynamicProgram, fmt.Sprintf("the program %q is a pattern, and which programs it names is not known", prog.Value))
		w.emit(cmd, f, ctx)
		w.wrote(cmd, ctx)
		return
	}
	each := func(words []string) {
		c := w.newCommand()
		*c = *cmd
		c.Args = make([]Arg, 0, len(words)+len(cmd.Args)-1)
		for _, v := range words {
			c.Args = append(c.Args, Arg{Value: v})
		}
		c.Args = append(c.Args, cmd.Args[1:]...)
		w.run(c, f, ctx)
	}
	for _, p := range progs {
		each([]string{p})
	}
	if len(progs) > 1 {
		each(progs)
	}
}

// isPattern reports a word the shell expands as a pattern: a * or a ?, or
// a [ closed by a later ] (a lone [ is the test program).
func isPattern(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && i+2 <= len(s) && strings.IndexByte(s[i+2:], ']') >= 0
}

// asksForHelp reports a command that only prints its help or version.
func asksForHelp(cmd *Command) bool {
	for i, a := range cmd.Args {
		if i > 0 && !a.Dynamic && (a.Value == "--help" || a.Value == "--version" && i == len(cmd.Args)-1) {
			return true
		}
	}
	return false
}

// remember records the files a command writes that a later command in
// the same string may run: those a download tool saves what it fetches
// to, and those a command that copies its input writes a literal
// here-document to (cat > s.sh <<EOF), as the Launcher says.
func (w *walker) remember(cmd *Command) {
	w.simple = Simple{Name: cmd.Name, Args: cmd.Args, Assigns: cmd.Assigns, Cwd: cmd.Cwd, Origin: cmd.Origin}
	if saved, ok := w.opts.Launcher.Downloads(&w.simple); ok {
		for _, t := range append(outputFiles(cmd), saved...) {
			if w.fetched == nil {
				w.fetched = map[string]string{}
			}
			w.fetched[Join(cmd.Cwd, t)] = cmd.Name
			delete(w.files, Join(cmd.Cwd, t))
		}
		return
	}
	if cmd.Stdin.Kind != StdinHeredoc || cmd.Stdin.Dynamic {
		return
	}
	copies, ok := w.opts.Launcher.Copies(&w.simple)
	if !ok {
		return
	}
	var targets []string
	for _, r := range cmd.Redirects {
		if r.Write && !r.Target.Dynamic {
			targets = append(targets, r.Target.Value)
		}
	}
	for _, t := range append(targets, copies...) {
		if w.files == nil {
			w.files = map[string]string{}
		}
		w.files[Join(cmd.Cwd, t)] = cmd.Stdin.Body
		delete(w.fetched, Join(cmd.Cwd, t))
	}
}

// checkEndless records name in the analysis when calling it recurses
// endlessly (see endless). Each call of a function asks: the answer is
// kept until a function is defined again, and the bodies read to find it
// are bounded as the statements analysed are, since thousands of
// functions calling each other would otherwise be read again on every
// call.
func (w *walker) checkEndless(name string) {
	limit := w.opts.MaxCommands * stepsPerCommand
	if w.recursionWork > limit {
		return
	}
	if endless(name, w.funcDefs, &w.recursionWork) {
		w.out.Endless = name
		return
	}
	if w.recursionWork > limit {
		w.problem(ProblemSize, fmt.Sprintf("functions call each other through more than %d function bodies", limit))
		w.stopped = true
		return
	}
	if w.notEndless == nil {
		w.notEndless = map[string]bool{}
	}
	w.notEndless[name] = true
}

// callFunc analyses a function body for a call with args (nil when the
// arguments are unknown).
func (w *walker) callFunc(name string, body *syntax.Stmt, src *frame, args []Arg, ctx *execCtx) {
	if w.active == nil {
		w.active = map[string]bool{}
	}
	if w.active[name] {
		// Recursion: the body is being analysed already, and what this
		// call writes is not known.
		if ctx.out != nil {
			ctx.out.opaque = true
		}
		return
	}
	w.active[name] = true
	defer delete(w.active, name)
	f := *src
	f.origin, f.quotes = "function", false
	f.args = args
	w.stmt(body, &f, ctx)
}

// tooManyWords stops the analysis at the bound on words.
func (w *walker) tooManyWords() {
	w.problem(ProblemSize, fmt.Sprintf("the commands have more than %d words", w.opts.MaxWords))
	w.stopped = true
}

// emit records a finished command.
func (w *walker) emit(cmd *Command, f *frame, ctx *execCtx) {
	if w.stopped {
		return
	}
	if len(w.out.Commands) >= w.opts.MaxCommands {
		w.problem(ProblemSize, fmt.Sprintf("the command runs more than %d simple commands", w.opts.MaxCommands))
		w.stopped = true
		return
	}
	if w.words += len(cmd.Args); w.words > w.opts.MaxWords {
		w.tooManyWords()
		return
	}
	if !cmd.cwdSet {
		cmd.Cwd = ctx.cwd
	}
	cmd.Redirects = append(cmd.Redirects, ctx.redirs...)
	if ctx.stdin != nil && cmd.Stdin.Kind == StdinInherited {
		cmd.Stdin = *ctx.stdin
		if t := cmd.Stdin.text; t != nil {
			// The first command that reads a pipe takes what is known
			// to flow in; one after it reads what is left.
			switch {
			case t.taken:
				cmd.Stdin.text = nil
			case w.readsStdin(cmd):
				t.taken = true
			}
		}
	}
	if len(ctx.inCmds) > 0 {
		// The upstream commands of a pipeline are shared by the commands
		// on its right, never changed in place.
		if len(cmd.Upstream) == 0 {
			cmd.Upstream = slices.Clip(ctx.inCmds)
		} else {
			cmd.Upstream = append(slices.Clip(cmd.Upstream), ctx.inCmds...)
		}
	}
	// Appending never writes into an array that another command shares.
	in := append(slices.Clip(cmd.InputFrom), ctx.in...)
	for _, a := range cmd.Args {
		in = appendNames(in, a.Subst)
	}
	cmd.InputFrom = dedupe(in)
	if cmd.Origin == "" {
		cmd.Origin, cmd.quotesInput = f.origin, f.quotes
	}
	cmd.Depth = f.depth
	w.out.Commands = append(w.out.Commands, cmd)
	if (cmd.Name == "cd" || cmd.Name == "pushd" || cmd.Name == "popd") && inShell(cmd) {
		to := w.chdir(cmd, ctx.cwd)
		if to != "" && to != ctx.cwd && w.opts.IsDir != nil && !w.opts.IsDir(to) {
			// The folder is not there now: the cd may fail, and the shell
			// stay where it is.
			if ctx.unsure {
				ctx.undo = sameDir(ctx.undo, ctx.cwd)
			} else {
				ctx.undo = ctx.cwd
			}
			ctx.unsure = true
		}
		ctx.cwd = to
	}
}

// chdir returns the working directory after a cd, "" when unknown.
func (w *walker) chdir(cmd *Command, cwd string) string {
	if cmd.Name == "popd" {
		return ""
	}
	var target *Arg
	for i := 1; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if cmd.Name == "pushd" && (a.Dynamic || a.Value == "-n" || strings.HasPrefix(a.Value, "+") ||
			strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && a.Value != "--") {
			// pushd +N and -N rotate the stack to a folder pushed before;
			// -n only edits the stack. The model keeps no stack.
			return ""
		}
		if a.Value == "--" {
			if i+1 < len(cmd.Args) {
				target = &cmd.Args[i+1]
			}
			break
		}
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			continue
		}
		target = &cmd.Args[i]
		break
	}
	if target == nil {
		if cmd.Name == "cd" && w.opts.Home != "" {
			return w.opts.Home
		}
		return ""
	}
	if target.Dynamic || target.Glob || target.Value == "-" {
		return ""
	}
	return Join(cwd, target.Value)
}

// Join resolves p against dir; it returns "" when p is relative and dir is
// unknown.
func Join(dir, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	if dir == "" {
		return ""
	}
	return path.Join(dir, p)
}

// pipeStdin is the input of a command that reads a pipe. It is shared:
// an execCtx's stdin is never changed in place.
var pipeStdin = &Stdin{Kind: StdinPipe}

// dedupe returns s without repeated values, in the order of their first
// appearance. It returns s itself when nothing repeats.
func dedupe(s []string) []string {
	if len(s) > 16 {
		// Long pipelines: a map, so that the cost stays linear.
		return dedupeMap(s)
	}
	// The usual sets are small (the programs of one pipeline): a scan is
	// faster than a map.
	for i := 1; i < len(s); i++ {
		if slices.Contains(s[:i], s[i]) {
			out := make([]string, i, len(s)-1)
			copy(out, s)
			for _, v := range s[i+1:] {
				if !slices.Contains(out, v) {
					out = append(out, v)
				}
			}
			return out
		}
	}
	return s
}

func dedupeMap(s []string) []string {
	out := s[:0:0]
	seen := make(map[string]bool, len(s))
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// outputFiles returns the files a command's standard output is
// redirected to, when they are known.
func outputFiles(cmd *Command) []string {
	var out []string
	for _, r := range cmd.Redirects {
		if r.Write && !r.Target.Dynamic && (r.Fd == "" || r.Fd == "1") {
			out = append(out, r.Target.Value)
		}
	}
	return out
}
