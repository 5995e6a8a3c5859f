// Command governance sets up, checks and explains governance for AI agent
// CLIs. See package cli.
package main

import (
	"os"

	"github.com/agentgov/governance/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
