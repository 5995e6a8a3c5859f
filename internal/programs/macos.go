package programs

import (
	"slices"
	"strings"
)

// macOS tools whose verbs and options do not follow getopt (launchctl
// print, networksetup -getdnsservers, defaults read, hdiutil imageinfo
// -plist) are read word by word by their effects: every word is an
// operand, and a word computed at run time, which could be any verb or
// option, is unknown.

// wordEffects are the effects of a program whose words its Words
// function reads: the words are the operands, without the program name.
func wordEffects(c *Call, fx *Effects) {
	envEffects(c, fx)
	words := make([]string, 0, len(c.Args()))
	for _, a := range c.Args() {
		if a.Dynamic {
			fx.Unknown("a word of " + c.Name + " is computed at run time: " + a.Value)
			return
		}
		words = append(words, a.Value)
	}
	c.Prog.Words(c, fx, words)
}

// wordAt returns the i-th word, or "".
func wordAt(words []string, i int) string {
	if i < 0 || i >= len(words) {
		return ""
	}
	return words[i]
}

// hasWord reports whether one of the names appears as a word, alone or
// as name=value.
func hasWord(words []string, names ...string) bool {
	for _, w := range words {
		name, _, _ := strings.Cut(w, "=")
		if slices.Contains(names, w) || slices.Contains(names, name) {
			return true
		}
	}
	return false
}

// helpWords reports a call that only asks for help or the version.
func helpWords(words []string) bool {
	if len(words) != 1 {
		return false
	}
	switch words[0] {
	case "-h", "-help", "--help", "help", "-version", "--version", "version", "-V":
		return true
	}
	return false
}

// readingVerbs adds the effects of a tool whose first word is a verb:
// reads lists the verbs that only show state; any other verb changes it.
func readingVerbs(c *Call, fx *Effects, words []string, reads ...string) {
	verb := wordAt(words, 0)
	if verb == "" {
		fx.Unknown(c.Name + " without a verb")
		return
	}
	if !slices.Contains(reads, verb) {
		fx.Change(c.Name + " " + verb)
	}
}
