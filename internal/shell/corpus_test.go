package shell

import (
	"testing"

	"github.com/agentgov/governance/internal/corpus"
)

// corpusCommands returns the commands of the labeled corpus.
func corpusCommands(tb testing.TB) []string { return corpus.Commands(tb) }
