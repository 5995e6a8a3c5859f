package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// setupCode answers the walker's question of a command that prints shell
// set-up code (see shell.Launcher): all its words are known, and the
// first is one of its program's Setup words (pyenv init -, kubectl
// completion bash).
func setupCode(c *shell.Simple) bool {
	if len(c.Args) < 2 {
		return false
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return false
		}
	}
	return setupWord(setupWords(c.Name), c.Args[1].Value)
}

// setupWords returns the Setup words of the program called name: its
// model's, or those of the table of programs with no model yet.
func setupWords(name string) string {
	if p := lookupAny(name); p != nil {
		return p.Setup
	}
	lo, hi := 0, len(unmodelledSetup)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if unmodelledSetup[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(unmodelledSetup) && unmodelledSetup[lo].name == name {
		return unmodelledSetup[lo].words
	}
	return ""
}

// setupWord reports whether sub is one of words (see Program.Setup).
func setupWord(words, sub string) bool {
	for words != "" {
		var w string
		w, words, _ = strings.Cut(words, " ")
		if prefix, ok := strings.CutSuffix(w, "*"); ok && strings.HasPrefix(sub, prefix) || w == sub {
			return true
		}
	}
	return false
}

// The words with which the programs that print shell set-up code print
// it: the init hooks of version managers and prompts, their environment
// exports, and completion scripts.
const (
	setupInit       = "init virtualenv-init --alias widget"
	setupCompletion = "completion completions --completion"
)

// unmodelledSetup lists, sorted by name, the programs that print shell
// set-up code and have no model yet, with their Setup words. A program
// modelled later takes its words into its Program (TestSetupTable).
var unmodelledSetup = [...]struct{ name, words string }{
	{"argocd", setupCompletion},
	{"atuin", setupInit},
	{"cobra-cli", setupCompletion},
	{"direnv", "hook export"},
	{"doctl", setupCompletion},
	{"fasd", setupInit},
	{"flux", setupCompletion},
	{"fnm", "env path"},
	{"goenv", setupInit},
	{"hugo", setupCompletion},
	{"istioctl", setupCompletion},
	{"jenv", setupInit},
	{"just", setupCompletion},
	{"k3d", setupCompletion},
	{"k9s", setupCompletion},
	{"luarocks", "env path"},
	{"mcfly", setupInit},
	{"mise", "activate env hook-env completion"},
	{"navi", setupInit},
	{"ng", setupCompletion},
	{"nodenv", setupInit},
	{"oh-my-posh", setupInit},
	{"opam", "env path"},
	{"phpenv", setupInit},
	{"plenv", setupInit},
	{"pyenv", setupInit},
	{"pyenv-virtualenv", setupInit},
	{"rbenv", setupInit},
	{"rtx", "activate env hook-env completion"},
	{"skaffold", setupCompletion},
	{"starship", setupInit},
	{"stern", setupCompletion},
	{"task", setupCompletion},
	{"thefuck", setupInit},
	{"tilt", setupCompletion},
	{"velero", setupCompletion},
	{"vue", setupCompletion},
	{"zoxide", setupInit},
}
