package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/cli"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/confine/landlock"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/testplugin"
	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("u", false, "update testscript golden output")

// managedDirVar moves the managed folder of this test binary, whatever name
// it runs under, so that each script and each simulated machine has its
// own. Only this test binary reads it: the governance programs read no
// variable that moves the managed folder, which an agent could set.
const managedDirVar = "GOVERNANCE_TEST_MANAGED_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(managedDirVar); dir != "" {
		layout.SetManagedDirForTest(dir)
	}
	commands := map[string]func(){
		"governance": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"governance-hook": func() {
			os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
		"governance-test-plugin": func() { testplugin.Serve(os.Args[1:]) },
		"governance-confine": func() {
			os.Exit(confine.MainWith(landlock.Fallback{}, os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
		},
	}
	// Tests that start many processes run this binary as governance or
	// governance-hook through GOVERNANCE_TEST_RUN. A program started by name
	// (the hook runs governance compile) is the program it is named, even
	// with the variable inherited: testscript.Main runs those.
	if run := commands[os.Getenv("GOVERNANCE_TEST_RUN")]; run != nil && commands[filepath.Base(os.Args[0])] == nil {
		run()
		os.Exit(0)
	}
	testscript.Main(m, commands)
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
		Cmds:                map[string]func(ts *testscript.TestScript, neg bool, args []string){"expand": expandCmd},
		Setup:               setupHome,
	})
}

// expandCmd is the scripts' `expand FILE...`: it replaces $VARS in files
// with the script's environment, so that payloads can hold absolute
// paths.
func expandCmd(ts *testscript.TestScript, neg bool, args []string) {
	for _, f := range args {
		out := os.Expand(ts.ReadFile(f), ts.Getenv)
		if err := os.WriteFile(ts.MkAbs(f), []byte(out), 0o644); err != nil {
			ts.Fatalf("expand: %v", err)
		}
	}
}

// setupHome gives a script a private home, and no project of the agent
// that runs the tests.
func setupHome(e *testscript.Env) error {
	home := filepath.Join(e.WorkDir, "home")
	e.Setenv("HOME", home)
	e.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	e.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	e.Setenv("CLAUDE_PROJECT_DIR", "")
	e.Setenv("CLAUDE_CODE_SESSION_ATTENDED", "")
	e.Setenv(managedDirVar, filepath.Join(e.WorkDir, "managed"))
	return os.MkdirAll(home, 0o755)
}
