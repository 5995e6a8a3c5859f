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
