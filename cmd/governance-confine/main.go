// Command governance-confine runs a command confined by a profile: see
// internal/confine. Where bubblewrap cannot set up its namespaces, it
// confines with Landlock (internal/confine/landlock).
package main

import (
	"os"

	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/confine/landlock"
)

func main() {
	// First: the launcher may be started again as its sandbox's init.
	confine.HandleInit()
	os.Exit(confine.MainWith(landlock.Fallback{}, os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}
