package governance

import "strings"

// Helpers for the read-only checks of the readonly_*.go files.

// posWords returns the values of a command's positional arguments (the
// words that are not options or option values), subcommands included.
func posWords(cl *cmdline) []string {
	out := make([]string, len(cl.pos))
	for i, a := range cl.pos {
		out[i] = a.Value
	}
	return out
}

// argWords returns the values of a command's arguments, without the
// program name.
func argWords(cl *cmdline) []string {
	return cl.cmd.Words()[1:]
}

// inSorted reports whether w is in a sorted list. The lists it searches
// are checked to be sorted by TestSearchedTablesAreSorted. It runs for
// every simple command, so the search is written out: one string
// comparison per step.
func inSorted(sorted []string, w string) bool {
	lo, hi := 0, len(sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if sorted[m] < w {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(sorted) && sorted[lo] == w
}

// posAt returns the i-th positional word, or "".
func posAt(cl *cmdline, i int) string {
	if i < 0 || i >= len(cl.pos) {
		return ""
	}
	return cl.pos[i].Value
}

// hasPrefixAny reports whether s starts with any of the prefixes.
func hasPrefixAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
