// Command governance-hook is the per-event hook that agent harnesses run
// before every tool call. See package hooks.
package main

import (
	"os"

	"github.com/agentgov/governance/hooks"
)

func main() {
	os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
