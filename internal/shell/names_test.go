package shell_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

// shellWords are the names of programs known to internal/programs that
// the shell package may still write, and why: the shell's own builtins
// and keywords, the shells, whose language the walker reads itself, and
// the languages whose code it scans. Anything else a program does is its
// model's to say (see Launcher).
var shellWords = map[string]string{
	// Builtins and keywords.
	"((": "builtin", ".": "builtin", ":": "builtin", "[": "builtin", "[[": "builtin",
	"alias": "builtin", "cd": "builtin", "command": "builtin", "declare": "builtin",
	"echo": "builtin", "exit": "builtin", "export": "builtin", "false": "builtin",
	"getopts": "builtin", "hash": "builtin", "jobs": "builtin", "kill": "builtin",
	"let": "builtin", "local": "builtin", "mapfile": "builtin", "popd": "builtin",
	"printf": "builtin", "pushd": "builtin", "pwd": "builtin", "read": "builtin",
	"readarray": "builtin", "readonly": "builtin", "return": "builtin", "set": "builtin",
	"shift": "builtin", "shopt": "builtin", "source": "builtin", "test": "builtin",
	"time": "keyword", "true": "builtin", "type": "builtin", "typeset": "builtin",
	"unset": "builtin", "wait": "builtin",
	// Shells.
	"sh": "shell", "bash": "shell", "zsh": "shell", "dash": "shell", "ash": "shell",
	"ksh": "shell", "mksh": "shell", "yash": "shell", "rbash": "shell", "fish": "shell",
	// Languages whose code the walker scans.
	"python": "language", "perl": "language", "ruby": "language", "php": "language",
	"lua": "language", "awk": "language", "powershell": "language",
	// An origin: code read from a script file (bash s.sh, source s.sh).
	"script": "origin",
}

// scanWords are names that only interp.go may write: the programs whose
// name as the first word of another language's code shows that it is a
// shell command (shellPrograms), the commands that stand for what such
// code does to a file (rm -rf, link, tee, cat), and a word of that code.
var scanWords = []string{"rm", "rmdir", "dd", "git", "chmod", "chown", "shred", "find", "curl", "wget", "sudo",
	"mv", "cp", "killall", "truncate", "cat", "xargs", "docker", "kubectl", "link", "tee", "open"}

// languageFiles read the code of JavaScript and Python: their strings are
// those languages' words (find, join, sort), not programs.
var languageFiles = []string{"purejs.go", "purepy.go"}

// TestNoProgramNames: no file of the shell package names a program that
// internal/programs models, but for the shell's own words above, so that
// what a program does has one home, its model.
func TestNoProgramNames(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || slices.Contains(languageFiles, name) {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			ast.Inspect(d, func(n ast.Node) bool {
				l, ok := n.(*ast.BasicLit)
				if !ok || l.Kind != token.STRING {
					return true
				}
				v, err := strconv.Unquote(l.Value)
				if err != nil || !programs.Known(v) || shellWords[v] != "" || name == "interp.go" && slices.Contains(scanWords, v) {
					return true
				}
				t.Errorf("%s names the program %q: ask its model through the Launcher, or, if it is one of the shell's own words, add it to shellWords", fset.Position(l.Pos()), v)
				return true
			})
		}
	}
}

// TestShellWordsAreKnown keeps the lists short: a word the model does
// not know needs no leave.
func TestShellWordsAreKnown(t *testing.T) {
	for v := range shellWords {
		if !programs.Known(v) {
			t.Errorf("shellWords allows %q, which no program model is called: remove it", v)
		}
	}
	for _, v := range scanWords {
		if !programs.Known(v) {
			t.Errorf("scanWords allows %q, which no program model is called: remove it", v)
		}
	}
}
