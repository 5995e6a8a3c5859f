package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/cli"
	"github.com/agentgov/governance/internal/testplugin"
	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("u", false, "update testscript golden output")

func TestMain(m *testing.M) {
	// Tests that start many processes run this binary as governance or
	// governance-hook through this variable; a program started by name
	// (the hook runs governance compile) is the program it is named.
	switch name := filepath.Base(os.Args[0]); {
	case name == "governance":
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case name == "governance-hook":
		os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	switch os.Getenv("GOVERNANCE_TEST_RUN") {
	case "governance":
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "governance-hook":
		os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"governance": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"governance-hook": func() {
			os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
		"governance-test-plugin": func() { testplugin.Serve(os.Args[1:]) },
	})
}

// TestScripts runs the end-to-end scenarios in testdata/script: each is a
// txtar archive with the hook or CLI invocation, its stdin, and the
// expected stdout, stderr and exit status.
func TestScripts(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// expand FILE... replaces $VARS in files with the script's
			// environment, so that payloads can hold absolute paths.
			"expand": func(ts *testscript.TestScript, neg bool, args []string) {
				for _, f := range args {
					data := ts.ReadFile(f)
					out := os.Expand(data, ts.Getenv)
					if err := os.WriteFile(ts.MkAbs(f), []byte(out), 0o644); err != nil {
						ts.Fatalf("expand: %v", err)
					}
				}
			},
		},
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			e.Setenv("HOME", home)
			e.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
			e.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
			e.Setenv("CLAUDE_PROJECT_DIR", "")
			return os.MkdirAll(home, 0o755)
		},
	})
}
