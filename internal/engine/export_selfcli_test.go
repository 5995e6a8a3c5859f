package engine

// CLIWords and HookDialects are the words that select what governance and
// governance-hook do, as the identity check knows them.
var (
	CLIWords     = cliWords
	HookDialects = hookDialects
)
