// Command governance-confine runs a command confined by a profile: see
// internal/confine.
package main

import (
	"os"

	"github.com/agentgov/governance/internal/confine"
)

func main() {
	os.Exit(confine.Main(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}
