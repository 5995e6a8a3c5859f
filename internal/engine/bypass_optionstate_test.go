package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassOptionState: a program's options set from its environment
// (RUFF_OUTPUT_FILE=x ruff check) or from the configuration files it
// finds (ruff.toml's output-file, cache-dir, fix = true, extend) are
// judged as the same options on the command line: a write to a shell's
// start-up file is denied, any other write or an unknown makes the call
// more than a read. Variables and settings that only choose what is
// printed leave it a read.
func TestBypassOptionState(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tt := range []struct {
		file, content, cwd, cmd string
		allow                   bool
	}{
		// The environment, set for the call or exported before it.
		{"", "", "", "RUFF_OUTPUT_FILE=~/.bashrc ruff check .", false},
		{"", "", "", "RUFF_OUTPUT_FILE=/tmp/report.txt ruff check .", false},
		{"", "", "", "env RUFF_OUTPUT_FILE=/home/user/.bashrc ruff check .", false},
		{"", "", "", "export RUFF_OUTPUT_FILE=~/.bashrc; ruff check .", false},
		{"", "", "", "export RUFF_OUTPUT_FILE=~/.bashrc && ruff check .", false},
		{"", "", "", "declare -x RUFF_CACHE_DIR=~/.claude; ruff format --check .", false},
		{"", "", "", "RUFF_CACHE_DIR=~/.claude ruff check .", false},
		{"", "", "", "RUFF_CACHE_DIR=~/.ssh ruff clean", false},
		{"", "", "", "RUFF_OUTPUT_FORMAT=json ruff check .", true},
		{"", "", "", "RUFF_NO_CACHE=1 ruff check .", true},
		{"", "", "", "export RUFF_OUTPUT_FORMAT=json; ruff check .", true},
		{"", "", "", "ruff check .", true},
		// The project's configuration, found from the folder upwards.
		{"./ruff.toml", "output-file = \"/home/user/.bashrc\"\n", "", "ruff check .", false},
		{"./.ruff.toml", "cache-dir = \"~/.claude\"\n", "", "ruff check .", false},
		{"./ruff.toml", "fix = true\n", "", "ruff check .", false},
		{"./ruff.toml", "extend = \"/tmp/other.toml\"\n", "", "ruff check .", false},
		{"./ruff.toml", "extend-include = [\"*.env\"]\n", "", "ruff check .", false},
		{"./pyproject.toml", "[project]\nname = \"x\"\n\n[tool.ruff]\nfix = true\n", "", "ruff check src", false},
		{"./pyproject.toml", "[tool.ruff]\noutput-file = \"/tmp/x\"\n", "", "ruff check .", false},
		{"./pyproject.toml", "[tool]\nruff = { cache-dir = \"/tmp/c\" }\n", "", "ruff check .", false},
		{"./pyproject.toml", "[tool.ruff]\nfix = true\n", root + "/src", "ruff check .", false},
		{"./r.toml", "output-file = \"/home/user/.bashrc\"\n", "", "ruff check --config r.toml .", false},
		{".config/ruff/ruff.toml", "cache-dir = \"/home/user/.claude\"\n", "", "ruff check .", false},
		{"./ruff.toml", "fix = true\n", "", "ruff check --no-fix .", true},
		{"./ruff.toml", "fix = true\n", "", "ruff check --diff .", true},
		{"./ruff.toml", "fix = true\n", "", "ruff format --check .", true},
		{"./ruff.toml", "output-file = \"/tmp/x\"\n", "", "ruff check --isolated .", true},
		{"./ruff.toml", "fix = false\nline-length = 100\n[lint]\nselect = [\"E\", \"F\"]\nextend-select = [\"I\"]\n", "", "ruff check .", true},
		{"./ruff.toml", "extend-include = [\"*.ipynb\", \"*.pyw\"]\n", "", "ruff check .", true},
		{"./pyproject.toml", "[tool.setuptools.packages.find]\ninclude = [\"pkg*\"]\n[tool.black]\ninclude = '\\.pyi?$'\n[tool.ruff]\nline-length = 100\n", "", "ruff check .", true},
		{"./pyproject.toml", "[tool.ruff.lint]\nselect = [\"E\"]\n[tool.ruff.lint.per-file-ignores]\n\"src/extension.py\" = [\"E501\"]\n", "", "ruff check .", true},
		// black: its cache from the environment, and include from its
		// configuration (files that are not Python, read and quoted).
		{"", "", "", "BLACK_CACHE_DIR=~/.claude black --check .", false},
		{"", "", "", "export BLACK_CACHE_DIR=~/.claude; black --check .", false},
		{"", "", "", "black --check .", true},
		{"./pyproject.toml", "[tool.black]\ninclude = '.*'\n", "", "black --check .", false},
		{"./pyproject.toml", "[tool]\nblack = { include = '.*' }\n", "", "black --check .", false},
		{".config/black", "include = '.*'\n", "", "black --check .", false},
		{"./pyproject.toml", "[tool.black]\ninclude = '.*'\n", "", "black --check --config other.toml .", true},
		{"", "", "", "black --include '.*' --check .", false},
		{"./pyproject.toml", "[tool.black]\ninclude = '\\.pyi?$'\nline-length = 100\n", "", "black --check .", true},
		// shellcheck reads options from SHELLCHECK_OPTS (-x -a follow and
		// quote the files the scripts source).
		{"", "", "", "SHELLCHECK_OPTS='-x -a' shellcheck a.sh", false},
		{"", "", "", "export SHELLCHECK_OPTS='-x -a'; shellcheck a.sh", false},
		{"", "", "", "shellcheck a.sh", true},
	} {
		t.Run(tt.file+" "+tt.cmd, func(t *testing.T) {
			t.Parallel()
			fsys := fstest.MapFS{strings.TrimPrefix(root, "/") + "/src/a.py": {Data: []byte("x = 1\n")},
				strings.TrimPrefix(root, "/") + "/.env": {Data: []byte("API_TOKEN=x\n")}}
			switch {
			case strings.HasPrefix(tt.file, "./"):
				fsys[strings.TrimPrefix(root, "/")+"/"+tt.file[2:]] = &fstest.MapFile{Data: []byte(tt.content)}
			case tt.file != "":
				fsys[strings.TrimPrefix(home, "/")+"/"+tt.file] = &fstest.MapFile{Data: []byte(tt.content)}
			}
			e := engine.NewEngine(p)
			e.FS = mapFS{fsys}
			req := shellReq(tt.cmd)
			if tt.cwd != "" {
				req.Cwd = tt.cwd
			}
			d := e.Decide(context.Background(), req)
			if got := d.Outcome == engine.Allow; got != tt.allow {
				t.Errorf("%s %q, %q: got %s by %s/%s (%s), want allowed=%v", tt.file, tt.content, tt.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tt.allow)
			}
		})
	}
}
