// Command equiv records the decision governance check --jsonl gives every
// shell command it can gather: the shared corpus, the variants of its
// commands the accuracy run makes, and the command strings written in the
// tables of the repository's tests. Each line holds a command (quoted as
// a Go string), its outcome, layer and rule, separated by tabs. With
// -compare, it prints the lines of the two records that differ, and their
// count: a change that should move no decision shows none.
//
//	go run ./internal/bench/equiv -governance bin/governance -out before.tsv
//	go run ./internal/bench/equiv -governance bin/governance -compare before.tsv
//
// The commands are decided in the accuracy run's virtual context (a
// project at /home/user/project, an empty home, a fixed environment), so
// that a record does not depend on the machine.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentgov/governance/internal/variants"
)

// variantSeed and perCase make the variants the accuracy run makes
// (internal/bench/accuracy, make accuracy).
const (
	variantSeed = 20250101
	perCase     = 5
)

// testDirs hold the tests whose tables of command strings are decided.
var testDirs = []string{"governance", "internal/engine", "internal/shell", "internal/programs", "internal/pipeline", "hooks"}

func main() {
	gov := flag.String("governance", "bin/governance", "the governance binary")
	corpusDir := flag.String("corpus", "testdata/corpus", "the corpus folder")
	out := flag.String("out", "", "write the record to this file (default: standard output)")
	compare := flag.String("compare", "", "compare with this record and print the differences")
	list := flag.Bool("commands", false, "print the gathered commands only, one quoted a line, undecided")
	flag.Parse()
	if err := run(*gov, *corpusDir, *out, *compare, *list); err != nil {
		fmt.Fprintln(os.Stderr, "equiv:", err)
		os.Exit(1)
	}
}

func run(gov, corpusDir, out, compare string, list bool) error {
	cmds, counts, err := gather(corpusDir)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "equiv: %d commands (corpus %d, variants %d, tests %d)\n", len(cmds), counts[0], counts[1], counts[2])
	var old []byte
	if compare != "" {
		// The record's commands are decided again, whatever the tests
		// hold now: a test added since adds commands, and removes none.
		if old, err = os.ReadFile(compare); err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, c := range cmds {
			seen[c] = true
		}
		recorded, err := recordCommands(old)
		if err != nil {
			return err
		}
		for _, c := range recorded {
			if !seen[c] {
				cmds = append(cmds, c)
			}
		}
	}
	if list {
		for _, c := range cmds {
			fmt.Println(strconv.Quote(c))
		}
		return nil
	}
	lines, err := decide(gov, cmds)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	for i, c := range cmds {
		fmt.Fprintf(&buf, "%s\t%s\n", strconv.Quote(c), lines[i])
	}
	if compare != "" {
		n, compared, added := diff(os.Stdout, old, buf.Bytes())
		fmt.Printf("%d commands compared, %d differences (%d commands not in the record)\n", compared, n, added)
		if out == "" {
			return nil
		}
	}
	if out == "" {
		_, err := os.Stdout.Write(buf.Bytes())
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// gather returns the commands to decide, each once, in a fixed order,
// with how many each source added.
func gather(corpusDir string) ([]string, [3]int, error) {
	var counts [3]int
	seen := map[string]bool{}
	var cmds []string
	add := func(src int, c string) {
		if c == "" || seen[c] {
			return
		}
		seen[c] = true
		cmds = append(cmds, c)
		counts[src]++
	}
	f, err := os.Open(filepath.Join(corpusDir, "commands.jsonl"))
	if err != nil {
		return nil, counts, err
	}
	cases, err := variants.ReadCases(f)
	f.Close()
	if err != nil {
		return nil, counts, err
	}
	for _, c := range cases {
		add(0, c.Cmd)
	}
	g := &variants.Generator{PerCase: perCase, MaxSteps: 3, Seed: variantSeed}
	for _, c := range cases {
		if c.Cmd == "" {
			continue
		}
		// As the accuracy run, a command that does not parse, or whose
		// transforms break it, has the variants that were made.
		vs, _ := g.Generate(c)
		for _, v := range vs {
			add(1, v.Cmd)
		}
	}
	for _, dir := range testDirs {
		found, err := testCommands(dir)
		if err != nil {
			return nil, counts, err
		}
		for _, c := range found {
			add(2, c)
		}
	}
	return cmds, counts, nil
}

// testCommands returns the string literals of the tables in the tests of
// dir (the elements of composite literals) that read as shell commands.
func testCommands(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	fset := token.NewFileSet()
	var out []string
	for _, name := range names {
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				b, ok := e.(*ast.BasicLit)
				if !ok || b.Kind != token.STRING {
					continue
				}
				s, err := strconv.Unquote(b.Value)
				if err == nil && isCommand(s) {
					out = append(out, s)
				}
			}
			return true
		})
	}
	return out, nil
}

// isCommand reports a string that parses as bash and starts with a
// simple command whose program is a plain word: a command line rather
// than a name, a path or a message.
func isCommand(s string) bool {
	if len(s) > 4096 || strings.IndexByte(s, 0) >= 0 || strings.TrimSpace(s) == "" {
		return false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(s), "")
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		// A pipeline, a list, a loop: a command line all the same.
		return f.Stmts[0].Cmd != nil
	}
	if len(call.Args) == 0 {
		return len(call.Assigns) > 0
	}
	prog := call.Args[0].Lit()
	if prog == "" {
		return len(call.Args[0].Parts) > 0
	}
	for _, c := range prog {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.ContainsRune("._-/+[~", c)) {
			return false
		}
	}
	// A lone word of letters is as often a name as a command; it counts
	// when it has arguments or is followed by more.
	return len(call.Args) > 1 || len(f.Stmts) > 1 || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0
}

// decide sends every command through governance check --jsonl and returns
// "outcome\tlayer\trule" for each.
func decide(gov string, cmds []string) ([]string, error) {
	tmp, err := os.MkdirTemp("", "equiv-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cmds {
		if err := enc.Encode(map[string]string{"cmd": c}); err != nil {
			return nil, err
		}
	}
	if abs, err := filepath.Abs(gov); err == nil {
		gov = abs
	}
	cmd := variants.DefaultEnv.Check(gov, tmp)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var lines []string
	dec := json.NewDecoder(stdout)
	for {
		var r struct {
			Decision string `json:"decision"`
			Layer    string `json:"layer"`
			Rule     string `json:"rule"`
		}
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		lines = append(lines, r.Decision+"\t"+r.Layer+"\t"+r.Rule)
	}
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	if len(lines) != len(cmds) {
		return nil, fmt.Errorf("governance check --jsonl answered %d of %d requests", len(lines), len(cmds))
	}
	return lines, nil
}

// recordCommands returns the commands of a record, in its order.
func recordCommands(b []byte) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		q, _, _ := strings.Cut(sc.Text(), "\t")
		c, err := strconv.Unquote(q)
		if err != nil {
			return nil, fmt.Errorf("a record line does not start with a quoted command: %.80s", sc.Text())
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// diff writes the commands of the old record whose decision differs in
// the new one, and returns their count, how many commands were compared
// and how many the new record adds.
func diff(w io.Writer, old, cur []byte) (n, compared, added int) {
	parse := func(b []byte) (map[string]string, []string) {
		m := map[string]string{}
		var order []string
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
		for sc.Scan() {
			cmd, rest, _ := strings.Cut(sc.Text(), "\t")
			if _, ok := m[cmd]; !ok {
				order = append(order, cmd)
			}
			m[cmd] = rest
		}
		return m, order
	}
	om, oorder := parse(old)
	cm, corder := parse(cur)
	for _, c := range oorder {
		now, ok := cm[c]
		compared++
		switch {
		case !ok:
			fmt.Fprintf(w, "%s\n\tgone:   %s\n", c, om[c])
			n++
		case om[c] != now:
			fmt.Fprintf(w, "%s\n\tbefore: %s\n\tafter:  %s\n", c, om[c], now)
			n++
		}
	}
	for _, c := range corder {
		if _, ok := om[c]; !ok {
			added++
		}
	}
	return n, compared, added
}
