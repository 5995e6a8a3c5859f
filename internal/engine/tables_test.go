package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSearchedTablesAreSorted checks, in the source, every table that is
// searched by binary search: the program and subcommand tables
// ([]namedSpec), the wrappers ([]namedWrapper), and every []string list
// handed to slices.BinarySearch, inSorted or sortedHas (in this package,
// the shell analysis and the program models), whether a variable
// or a field of a table entry. An entry out of order is silently never
// found, so the check covers tables added later too.
func TestSearchedTablesAreSorted(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, dir := range []string{".", filepath.Join("..", "shell"), filepath.Join("..", "programs")} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("no Go files in %s: has a package moved?", dir)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}

	// The names of the variables and fields that are searched.
	searched := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn := ""
			switch x := call.Fun.(type) {
			case *ast.Ident:
				fn = x.Name
			case *ast.SelectorExpr:
				if pkg, ok := x.X.(*ast.Ident); ok {
					fn = pkg.Name + "." + x.Sel.Name
				}
			}
			if fn != "slices.BinarySearch" && fn != "inSorted" && fn != "sortedHas" {
				return true
			}
			switch a := call.Args[0].(type) {
			case *ast.Ident:
				searched[a.Name] = true
			case *ast.SelectorExpr:
				searched[a.Sel.Name] = true
			}
			return true
		})
	}
	for _, skip := range []string{"sorted", "table"} {
		delete(searched, skip) // the helpers' own parameters
	}

	checked := 0
	check := func(what string, pos token.Pos, keys []string) {
		checked++
		for i := 1; i < len(keys); i++ {
			if keys[i-1] >= keys[i] {
				t.Errorf("%s: %s is not sorted: %q comes before %q", fset.Position(pos), what, keys[i-1], keys[i])
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				arr, ok := x.Type.(*ast.ArrayType)
				if !ok {
					return true
				}
				if elt, ok := arr.Elt.(*ast.Ident); ok && (elt.Name == "namedSpec" || elt.Name == "namedWrapper") {
					var keys []string
					for _, e := range x.Elts {
						if entry, ok := e.(*ast.CompositeLit); ok && len(entry.Elts) > 0 {
							if s, ok := stringLit(entry.Elts[0]); ok {
								keys = append(keys, s)
							}
						}
					}
					check("a []"+elt.Name+" table", x.Pos(), keys)
				}
			case *ast.ValueSpec:
				for i, name := range x.Names {
					if searched[name.Name] && i < len(x.Values) {
						if keys, ok := stringList(x.Values[i]); ok {
							check(name.Name, name.Pos(), keys)
						}
					}
				}
			case *ast.KeyValueExpr:
				if key, ok := x.Key.(*ast.Ident); ok && searched[key.Name] {
					if keys, ok := stringList(x.Value); ok {
						check("field "+key.Name, key.Pos(), keys)
					}
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Errorf("only %d searched tables found in the source; has the way tables are searched changed?", checked)
	}
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// stringList returns the strings of a []string literal.
func stringList(e ast.Expr) ([]string, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var out []string
	for _, el := range lit.Elts {
		s, ok := stringLit(el)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
