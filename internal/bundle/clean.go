package bundle

import (
	"fmt"
	"strings"
)

// Clean makes text a bundle's source or manifest chose (a revision, a key
// id, a registry's error message) safe to print on one line of a
// terminal: printable ASCII stays, every other byte or character is
// escaped (\x1b, \n, \u{202E}), so that no escape sequence reaches the
// terminal and no line can be forged. Text is cut at 1,000 characters.
func Clean(s string) string {
	const max = 1000
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n >= max {
			b.WriteString("...")
			break
		}
		n++
		switch {
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u{%04X}`, r)
		}
	}
	return b.String()
}

// cleanError is an error whose text is Clean: what a pull reports (on the
// terminal, in status.json, the daemon's log and the decision log) quotes
// registries, manifests and signatures nothing has verified yet.
type cleanError struct{ err error }

func (e *cleanError) Error() string { return Clean(e.err.Error()) }
func (e *cleanError) Unwrap() error { return e.err }
