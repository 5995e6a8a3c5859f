package programs_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNoWorkAtStart checks that the models cost a process nothing as it
// starts: every table is static data the linker lays out, or is made on
// first use. The hook starts once per tool call, and a package-level
// variable the compiler cannot lay out (a map, a function's result) is
// built in every one of them; worse, the first such variable makes the
// compiler copy every later reference to a table at run time, each first
// write to a page of the binary a copy-on-write fault. It runs this test
// binary again with the runtime's init trace: a package whose variables
// are all static has no init to trace.
func TestNoWorkAtStart(t *testing.T) {
	if os.Getenv("PROGRAMS_INIT_CHILD") != "" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoWorkAtStart$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "PROGRAMS_INIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "init ") {
		t.Skip("the runtime printed no init trace")
	}
	for line := range strings.Lines(string(out)) {
		if strings.HasPrefix(line, "init github.com/agentgov/governance/internal/programs @") {
			t.Errorf("the package does work as a process starts: %s"+
				"a package-level variable is computed (a map literal, a call, a method value, a field of another variable); make it static or lazy", line)
		}
	}
}
