package engine

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Messages are plain ASCII markdown so that every terminal UI shows them as
// written: no emoji, no box drawing, no ANSI escapes. Text that comes from
// configuration or from the call itself goes through [Sanitize].

// Render returns the decision as the text an agent or a human reads.
func (d *Decision) Render() string {
	var b strings.Builder
	title := ""
	switch d.Outcome {
	case Deny:
		title = "BLOCKED"
	case Abort:
		title = "STOPPED"
	case Ask:
		title = "APPROVAL NEEDED"
	case Warn:
		title = "WARNING"
	default:
		title = "ALLOWED"
	}
	fmt.Fprintf(&b, "## %s: %s\n\n", title, headline(d.Subject))
	if d.Message != "" {
		fmt.Fprintf(&b, "**Reason:** %s\n", Sanitize(d.Message))
	}
	if d.Rule != "" {
		rule := Sanitize(d.Rule)
		if d.Source != "" {
			rule += " (" + Sanitize(d.Source) + ")"
		}
		fmt.Fprintf(&b, "**Rule:** %s [layer: %s]\n", rule, d.Layer)
	}
	if d.Suggestion != "" {
		fmt.Fprintf(&b, "**Suggestion:** %s\n", Sanitize(d.Suggestion))
	}
	for _, w := range d.Warnings {
		fmt.Fprintf(&b, "**Warning:** %s\n", Sanitize(w))
	}
	if d.Outcome == Abort {
		b.WriteString("**Next steps:**\n1. Stop working on this task.\n2. Report to the user what you tried and why it was stopped.\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// headline renders a subject on one short line.
func headline(s string) string {
	s = Sanitize(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " ..."
	}
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	if s == "" {
		return "tool call"
	}
	return s
}

// ansi matches terminal escape sequences: CSI (colors, cursor moves) and
// OSC (titles, links). It is compiled on first use.
var ansiOnce = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)`)
}}

func ansi() *regexp.Regexp { return ansiOnce.get() }

var punctOnce = lazy[*strings.Replacer]{make: func() *strings.Replacer {
	return strings.NewReplacer(
		"\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`, "\u2013", "-", "\u2014", "--",
		"\u2026", "...", "\u00a0", " ", "\u2192", "->", "\u2190", "<-", "\u2022", "*",
	)
}}

func punct() *strings.Replacer { return punctOnce.get() }

// Sanitize makes text safe for a terminal UI: it removes ANSI escapes and
// control characters (keeping newlines and tabs), turns common typographic
// punctuation into ASCII, and shows any other non-ASCII character as \u{XXXX}
// so that look-alike letters cannot hide.
func Sanitize(s string) string {
	if isPlainASCII(s) {
		return s
	}
	s = ansi().ReplaceAllString(s, "")
	s = punct().Replace(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
		case r == utf8.RuneError:
			b.WriteString(`\u{FFFD}`)
		case r >= 0x80:
			fmt.Fprintf(&b, `\u{%04X}`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}
