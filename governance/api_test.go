package governance_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// api is every exported name of the package. The root stays small on
// purpose: a plugin or an embedding program needs these, and the engine
// under internal/ is free to change. A name added here is a promise to
// keep it.
var api = []string{
	"Abort", "Allow", "Ask", "BuiltinPolicy", "Confined", "Decision", "Defer", "Deny",
	"Engine", "ErrConfig", "ErrEvaluator", "ErrInternal", "ErrTimeout", "Evaluator",
	"FindSecret", "Input", "Kind", "KindAgent", "KindEdit", "KindMCP", "KindOther",
	"KindRead", "KindShell", "KindWeb", "KindWrite", "NewEngine", "NoOpinion", "Outcome",
	"Policy", "Request", "Step", "Tool", "Verdict", "Warn",
}

// TestAPI pins the package's exported names to api.
func TestAPI(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			got = append(got, exported(d)...)
		}
	}
	slices.Sort(got)
	for _, n := range got {
		if !slices.Contains(api, n) {
			t.Errorf("%s is exported but not in the public API: unexport it, or add it to api if plugins or embedders need it", n)
		}
	}
	for _, n := range api {
		if !slices.Contains(got, n) {
			t.Errorf("%s is in api but not exported", n)
		}
	}
}

// exported returns the exported top-level names a declaration declares.
func exported(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil && d.Name.IsExported() {
			out = append(out, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					out = append(out, s.Name.Name)
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() {
						out = append(out, n.Name)
					}
				}
			}
		}
	}
	return out
}
