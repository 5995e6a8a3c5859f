package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoOPA keeps Open Policy Agent out of the governance binary: it
// would add about 20 MB and its initialisation to every command (and to
// every hook call that compiles a snapshot). Teams use it through the
// OPA example plugin, a module of its own.
func TestNoOPA(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/open-policy-agent") {
			t.Errorf("governance links %s", dep)
		}
	}
}
