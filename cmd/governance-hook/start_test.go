package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookStartsIdle keeps the hook's start free of this module's work:
// Go runs the init of every linked package as each hook process starts,
// and a package-level variable the compiler cannot lay out (a map, a
// function's result, a sync.OnceValue) is built in every one of them, for
// every tool call. It builds the hook and runs it with the runtime's init
// trace: a package whose variables are all static has no init to trace.
// Make such a variable static (a slice, a switch) or lazy (a function
// that builds it on first use).
func TestHookStartsIdle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hook")
	}
	bin := filepath.Join(t.TempDir(), "hook-under-test")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "claude")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "init ") {
		t.Skip("the runtime printed no init trace")
	}
	// Packages whose start still does work, with the reason.
	allowed := map[string]string{
		// Dialects, an exported map the CLI and tests range over.
		"github.com/agentgov/governance/hooks": "",
	}
	for line := range strings.Lines(string(out)) {
		pkg, ok := strings.CutPrefix(line, "init ")
		if !ok || !strings.HasPrefix(pkg, "github.com/agentgov/governance/") {
			continue
		}
		pkg, _, _ = strings.Cut(pkg, " @")
		if _, ok := allowed[pkg]; !ok {
			t.Errorf("the hook's start runs %s's init: %s", pkg, line)
		}
	}
}
