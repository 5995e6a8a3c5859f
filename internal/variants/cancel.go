package variants

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The cancel transform changes what a command does, unlike the others: it
// appends, right after the option that puts a program in a harmless mode,
// the option that turns the mode off again, as the program reads its
// options to the end. The shells' syntax check (-n) is undone by +n and
// +o noexec; git's dry runs (-n, --dry-run), git apply's --check, --stat,
// --numstat and --summary, and git config's --list by their --no- forms,
// also abbreviated as git takes them. The variant runs what the original
// only checked, listed or printed, so it is labelled not-allow whatever
// the original's label (see Label).

// harmlessModes are, per program (and git subcommand), the options that
// put it in a harmless mode and the spellings that turn each off.
var harmlessModes = map[string]map[string][]string{
	"sh":         {"-n": {"+n", "+o noexec"}},
	"bash":       {"-n": {"+n", "+o noexec"}},
	"dash":       {"-n": {"+n", "+o noexec"}},
	"zsh":        {"-n": {"+n", "-o exec"}},
	"git apply":  {"--check": {"--no-check", "--no-ch"}, "--stat": {"--no-stat"}, "--numstat": {"--no-numstat"}, "--summary": {"--no-summary"}},
	"git rm":     {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run", "--no-dry"}},
	"git clean":  {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run"}},
	"git config": {"-l": {"--no-list", "--no-li"}, "--list": {"--no-list"}},
	"git add":    {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run"}},
	"git mv":     {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run"}},
	"git push":   {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run"}},
	"git commit": {"--dry-run": {"--no-dry-run"}},
	"git branch": {"-l": {"--no-list"}, "--list": {"--no-list"}},
	"git tag":    {"-l": {"--no-list"}, "--list": {"--no-list"}},
	"git prune":  {"-n": {"--no-dry-run"}, "--dry-run": {"--no-dry-run"}},
}

// listsAlone are the subcommands whose list mode is also what they do
// with no operands (git tag, git branch): cancelling it changes something
// only when operands follow.
var listsAlone = map[string]bool{"git branch": true, "git tag": true, "git config": true}

// cancel appends to an option of a harmless mode each spelling that turns
// the mode off.
func cancel(c *Command) []string {
	var out []string
	for _, k := range c.calls {
		if !c.external(k) {
			continue
		}
		name := k.name()
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		words := k.x.Args[1:]
		modes := harmlessModes[name]
		if name == "git" {
			// The subcommand is the first word that is no option; git's
			// own options before it (-C dir, -c k=v) take a value.
			for i := 0; i < len(words); i++ {
				v, ok := staticValue(words[i])
				if !ok {
					break
				}
				if v == "-C" || v == "-c" {
					i++
					continue
				}
				if strings.HasPrefix(v, "-") {
					continue
				}
				name, modes, words = "git "+v, harmlessModes["git "+v], words[i+1:]
				break
			}
		}
		if len(modes) == 0 || listsAlone[name] && !hasOperand(words) {
			continue
		}
		for _, w := range words {
			v, ok := staticValue(w)
			if !ok || v == "--" {
				break
			}
			if !strings.HasPrefix(v, "-") {
				if cancelShell(name) {
					// A shell reads no option after its first operand.
					break
				}
				continue
			}
			offs := modes[v]
			if offs == nil && cancelShell(name) && !strings.HasPrefix(v, "--") && strings.Contains(v[1:], "n") && !strings.ContainsAny(v[1:], "oOc") {
				// -n in a cluster (-nx).
				offs = modes["-n"]
			}
			p := off(w.End())
			for _, o := range offs {
				out = append(out, c.splice(edit{p, p, " " + o}))
			}
		}
	}
	return out
}

// cancelShell reports whether name is one of the shells of harmlessModes.
func cancelShell(name string) bool {
	switch name {
	case "sh", "bash", "dash", "zsh":
		return true
	}
	return false
}

// hasOperand reports a word that is no option among words.
func hasOperand(words []*syntax.Word) bool {
	for _, w := range words {
		if v, ok := staticValue(w); !ok || !strings.HasPrefix(v, "-") {
			return true
		}
	}
	return false
}
