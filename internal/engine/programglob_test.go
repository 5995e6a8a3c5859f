package engine_test

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// A pattern in program position is judged as every program it could
// name: the files it matches, the names along PATH for a bare one, and
// governance wherever it could name it; a pattern that names nothing the
// analysis sees is never allowed.
func TestProgramGlobs(t *testing.T) {
	t.Parallel()
	prog := &fstest.MapFile{Data: []byte("\x7fELF"), Mode: 0o755}
	fsys := rootedFS{mapFS{fstest.MapFS{
		"usr/bin/rm": prog, "usr/bin/rmdir": prog, "usr/bin/ls": prog, "usr/bin/bash": prog,
		"bin/rm": prog, "bin/ls": prog, "bin/bash": prog,
		strings.TrimPrefix(root, "/") + "/README.md": {Data: []byte("x")},
	}}}
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = fsys
	e.LookupEnv = func(k string) (string, bool) {
		if k == "PATH" {
			return "/usr/bin:/bin", true
		}
		return "", false
	}
	for _, tc := range []struct {
		cmd  string
		want []engine.Outcome
		rule string
	}{
		{`/u??/b??/r? -rf ~`, blocked, "rm-root-or-home"},
		{`/usr/bin/rm* -rf ~`, blocked, "rm-root-or-home"},
		{`/bin/[r]m -rf ~`, blocked, "rm-root-or-home"},
		{`/*/*/r[m] -rf /`, blocked, "rm-root-or-home"},
		// echo prints the names the pattern matches, split into words
		// (r* would make rmdir an argument): not a pattern in program
		// position, but words nobody has seen.
		{`$(echo /usr/bin/r?) -rf ~`, stopped, "analysis-dynamic-program"},
		{`r? -rf ~`, blocked, "rm-root-or-home"},
		{`/bin/ba?h -c 'rm -rf ~'`, blocked, "rm-root-or-home"},
		{`sudo /usr/bin/r* -rf /`, blocked, "rm-root-or-home"},
		// Could name governance: whether or not such a file is there.
		{`~/go/bin/gov* trust`, blocked, "never-exposed-to-ai"},
		{`/usr/local/bin/g?vernance compile`, blocked, "never-exposed-to-ai"},
		{`gover* compile`, blocked, "never-exposed-to-ai"},
		{`/opt/*/governance-ho?k claude`, blocked, "self-protection"},
		// Names nothing that can be seen: not allowed.
		{`/nowhere/x* foo`, stopped, "analysis-dynamic-program"},
		{`zz?q -la`, stopped, "analysis-dynamic-program"},
		// Every program it names is read-only: allowed as they are.
		{`/usr/bin/l? README.md`, allowed, ""},
		{`/bin/l[s] README.md`, allowed, ""},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			t.Parallel()
			d := e.Decide(context.Background(), shellReq(tc.cmd))
			if !slices.Contains(tc.want, d.Outcome) || tc.rule != "" && d.Rule != tc.rule {
				t.Errorf("%q: got %s by %s/%s (%s), want one of %v by %q", tc.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tc.want, tc.rule)
			}
		})
	}
}

// rootedFS is a mapFS whose root folder can be read too.
type rootedFS struct{ mapFS }

func (f rootedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == "/" {
		return fs.ReadDir(f.m, ".")
	}
	return f.mapFS.ReadDir(name)
}
