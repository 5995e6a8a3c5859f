package engine

import (
	"fmt"
	"strings"
)

// Positional places: a learned entry lists a command's positional
// arguments in order, one place each, so that it covers the arguments
// its approvals had and no others. A place is literal text, optionally
// followed by one of the kinds below, which stands for a varying rest:
//
//	<number>  digits and dots (1, 42, 1.2.3)
//	<word>    a letter or digit, then letters, digits and . _ - / (main,
//	          feat/a, v1.2); never a word that starts with - or holds
//	          $, spaces, quotes or other shell or make syntax
//	<path>    a path the command reads or writes; its path classes are
//	          judged by targets_within
//
// "V=<number>" matches V=7 and not V=$(shell id); "release" matches
// release only.

// positionalKinds are the kinds a place may end with.
var positionalKinds = []string{"<number>", "<word>", "<path>"}

// splitPlace returns a place's literal text and its kind ("" for none).
func splitPlace(place string) (lit, kind string) {
	for _, k := range positionalKinds {
		if strings.HasSuffix(place, k) {
			return strings.TrimSuffix(place, k), k
		}
	}
	return place, ""
}

// checkPositionals reports a place that is not literal text with at
// most one kind at its end.
func checkPositionals(places []string) error {
	for _, p := range places {
		lit, _ := splitPlace(p)
		if strings.Contains(lit, "<") && strings.Contains(lit, ">") {
			for _, k := range positionalKinds {
				if strings.Contains(lit, k) {
					return fmt.Errorf("positional %q: a kind (%s) may only end a place", p, strings.Join(positionalKinds, ", "))
				}
			}
		}
	}
	return nil
}

// KindOf returns the narrowest kind of positionalKinds other than <path>
// that every value is, or "".
func KindOf(values []string) string {
	for _, k := range []string{"<number>", "<word>"} {
		all := len(values) > 0
		for _, v := range values {
			if !isKind(k, v) {
				all = false
				break
			}
		}
		if all {
			return k
		}
	}
	return ""
}

func isKind(kind, v string) bool {
	if v == "" {
		return false
	}
	switch kind {
	case "<number>":
		for i := 0; i < len(v); i++ {
			if c := v[i]; (c < '0' || c > '9') && c != '.' {
				return false
			}
		}
		return v[0] != '.'
	case "<word>":
		for i := 0; i < len(v); i++ {
			c := v[i]
			alnum := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
			if !alnum && (i == 0 || c != '.' && c != '_' && c != '-' && c != '/') {
				return false
			}
		}
		return true
	}
	return false
}

// positionalsMatch reports whether a command's positional arguments after
// its subcommand are exactly as many as the places and each fits its
// place. isPath reports whether a word is a path the command reads or
// writes.
func positionalsMatch(places []string, args []string, isPath func(string) bool) bool {
	if len(args) != len(places) {
		return false
	}
	for i, p := range places {
		lit, kind := splitPlace(p)
		a := args[i]
		if !strings.HasPrefix(a, lit) {
			return false
		}
		rest := a[len(lit):]
		switch kind {
		case "":
			if rest != "" {
				return false
			}
		case "<path>":
			if lit != "" || !isPath(a) {
				return false
			}
		default:
			if !isKind(kind, rest) {
				return false
			}
		}
	}
	return true
}
