// Package shellquote writes words as a shell command line.
package shellquote

import "strings"

// Join quotes each word where the shell would otherwise split or expand
// it, and joins them with spaces.
func Join(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

// Quote returns a word as the shell reads it back unchanged.
func Quote(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '=' || r == ':' || r == ',' || r == '@' || r == '+' || r == '%' ||
			r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// Split reads back a command line [Join] wrote: its words, and false
// when s is not one Join writes (so that Join(words) == s).
func Split(s string) ([]string, bool) {
	var words []string
	var w strings.Builder
	started, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, started = true, true
		case c == '\\' && i+1 < len(s) && s[i+1] == '\'':
			w.WriteByte('\'')
			i++
		case c == ' ':
			words = append(words, w.String())
			w.Reset()
			started = false
		default:
			w.WriteByte(c)
			started = true
		}
	}
	if quoted {
		return nil, false
	}
	if started || w.Len() > 0 {
		words = append(words, w.String())
	}
	return words, len(words) > 0 && Join(words) == s
}
