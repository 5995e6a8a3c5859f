package engine_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestSourceFilesUnbound: the files an approval binds are all the code
// the call runs, or the call says why not (unbound): sourced files,
// python -m's module, what a makefile, package.json or python script
// runs in turn, a script that sources or runs others, a program found
// through a PATH folder of the project's. A self-contained script is
// bound whole; npm --prefix binds that folder's package.json.
func TestSourceFilesUnbound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"deploy.sh":          ". ./lib.sh\necho deploy\n",
		"lib.sh":             "echo lib\n",
		"runs.sh":            "bash self.sh\n",
		"self.sh":            "echo hi\ngit status\n",
		"node.sh":            "#!/usr/bin/env node\nconsole.log(1)\n",
		"Makefile":           "include deploy.mk\ndeploy:\n\t./scripts/deploy.sh\n",
		"package.json":       `{"scripts":{"deploy":"node scripts/deploy.js"}}`,
		"sub/package.json":   `{"scripts":{"deploy":"node x.js"}}`,
		"deploy.py":          "import helper\n",
		".venv/bin/deployer": "#!/bin/sh\necho\n",
		"prog":               "\x7fELF\x00\x00",
		"assign.sh":          "X=1\necho $X\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, ".venv/bin") + ":/usr/bin:/bin"
	for _, tc := range []struct {
		cmd     string
		files   []string // relative to dir; all of them must be bound
		unbound string   // in the reason, "" for a complete binding
	}{
		{cmd: "bash self.sh", files: []string{"self.sh"}},
		{cmd: "bash runs.sh", files: []string{"runs.sh", "self.sh"}},
		{cmd: "./self.sh", files: []string{"self.sh"}},
		{cmd: "ls -la"},
		{cmd: "bash deploy.sh", files: []string{"deploy.sh"}, unbound: "sources"},
		{cmd: ". ./deploy.sh v2", unbound: "sources"},
		{cmd: "source deploy.sh", unbound: "sources"},
		{cmd: "sh -c '. ./deploy.sh'", unbound: "sources"},
		{cmd: "python3 -m deploy v2", unbound: "python"},
		{cmd: "python3 deploy.py", files: []string{"deploy.py"}, unbound: "deploy.py"},
		{cmd: "make deploy", files: []string{"Makefile"}, unbound: "Makefile"},
		{cmd: "npm run deploy", files: []string{"package.json"}, unbound: "package.json"},
		{cmd: "npm --prefix sub run deploy -- v2", files: []string{"sub/package.json"}, unbound: "package.json"},
		{cmd: "./node.sh", files: []string{"node.sh"}, unbound: "node.sh"},
		{cmd: "deployer --prod v2", unbound: "deployer"},
		{cmd: "go test ./...", unbound: "go test"},
		{cmd: "./prog", files: []string{"prog"}, unbound: "program"},
		{cmd: "bash assign.sh", files: []string{"assign.sh"}},
	} {
		req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
		e := engine.NewEngine(builtin(engine.DefaultSettings()))
		e.LookupEnv = func(k string) (string, bool) {
			if k == "PATH" {
				return path, true
			}
			return "", false
		}
		files, unbound := e.SourceFiles(req)
		for _, f := range tc.files {
			if !slices.Contains(files, filepath.Join(dir, f)) {
				t.Errorf("%s: binds %v, not %s", tc.cmd, files, f)
			}
		}
		if tc.unbound == "" && unbound != "" || tc.unbound != "" && !strings.Contains(unbound, tc.unbound) {
			t.Errorf("%s: unbound %q, want %q", tc.cmd, unbound, tc.unbound)
		}
	}
}
