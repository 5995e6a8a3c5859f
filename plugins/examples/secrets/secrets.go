package main

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins"
)

// Version is the plugin's version.
const Version = "1.0.0"

// Evaluator finds secrets in what a call writes.
type Evaluator struct{}

// Describe asks for the calls that write text: file writes and edits, and
// shell commands (for their heredocs).
func (Evaluator) Describe(context.Context) (plugins.Info, error) {
	return plugins.Info{Name: "secrets", Version: Version,
		Kinds: []governance.Kind{governance.KindWrite, governance.KindEdit, governance.KindShell}}, nil
}

// Evaluate denies a call that writes a secret.
func (Evaluator) Evaluate(_ context.Context, req *governance.Request) (plugins.Verdict, error) {
	in := req.Tool.Input
	switch req.Tool.Kind {
	case governance.KindWrite, governance.KindEdit:
		f, ok := Find(in.Content)
		if !ok {
			return plugins.Verdict{}, nil
		}
		where := "the text to write"
		if len(in.Paths) > 0 {
			where = "the text to write to " + in.Paths[0]
		}
		return deny(f, fmt.Sprintf("%s holds %s on line %d", where, f.Kind, f.Line)), nil
	case governance.KindShell:
		for _, doc := range heredocs(in.Command) {
			if f, ok := Find(doc.body); ok {
				return deny(f, fmt.Sprintf("a heredoc in this command holds %s on line %d of the command",
					f.Kind, doc.line+f.Line-1)), nil
			}
		}
	}
	return plugins.Verdict{}, nil
}

func deny(f Finding, where string) plugins.Verdict {
	v := plugins.Deny("Writing credentials into files leaks them: "+where+". The value is not shown here.",
		"Keep the secret out of the file: read it at run time from the environment or a secret manager and refer to it by name (for example $AWS_SECRET_ACCESS_KEY), or write a placeholder the user fills in.")
	v.Rule = f.Rule
	return v
}

// Finding is a secret found in text: its kind and line, never its value.
type Finding struct {
	// Kind says what was found ("a private key").
	Kind string
	// Line is the line it is on, from 1.
	Line int
	// Rule is "known-format" or "entropy".
	Rule string
}

// Find returns a secret in text: the first of a known format, else the
// first value that looks random. A known format may span lines (a
// service account key file), so it is looked for in the whole text.
func Find(text string) (Finding, bool) {
	if text == "" {
		return Finding{}, false
	}
	if kind, line := knownFormat(text); kind != "" {
		return Finding{Kind: kind, Line: line, Rule: "known-format"}, true
	}
	for i, line := range strings.Split(text, "\n") {
		if name, ok := randomAssignment(line); ok {
			return Finding{Kind: "what looks like a secret (a random value assigned to " + name + ")", Line: i + 1, Rule: "entropy"}, true
		}
	}
	return Finding{}, false
}

// knownFormat returns the kind of the first credential of a known format
// in text and the line its match starts on, or "" when there is none.
// governance.FindSecret does not say where it matched, so the match is
// narrowed down to whole lines: first the fewest lines from the top that
// hold one, then the fewest of those, counted from the bottom, that still
// do. A line's edges read as the text's edges do, so cutting there
// changes no match.
func knownFormat(text string) (string, int) {
	if governance.FindSecret(text) == "" {
		return "", 0
	}
	// Line i is text[starts[i]:ends[i]].
	var starts, ends []int
	for start := 0; ; {
		starts = append(starts, start)
		i := strings.IndexByte(text[start:], '\n')
		if i < 0 {
			ends = append(ends, len(text))
			break
		}
		ends = append(ends, start+i)
		start += i + 1
	}
	holds := func(first, last int) bool { return governance.FindSecret(text[starts[first]:ends[last]]) != "" }
	last := sort.Search(len(starts), func(i int) bool { return holds(0, i) })
	first := last - sort.Search(last+1, func(n int) bool { return holds(last-n, last) })
	return governance.FindSecret(text[starts[first]:ends[last]]), first + 1
}

// An assignment to a secret-sounding name: NAME = value, NAME: value,
// "name": "value". The first group is the name, the second the value.
var (
	assignOnce sync.Once
	assignRe   *regexp.Regexp
)

func assignment() *regexp.Regexp {
	assignOnce.Do(func() {
		assignRe = regexp.MustCompile(`(?i)([A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|passwd|api[_-]?key|access[_-]?key|private[_-]?key|credential|auth)[A-Za-z0-9_.-]*)["']?\s*[:=]\s*["']?([A-Za-z0-9+/=_\-.~]{20,})`)
	})
	return assignRe
}

// Thresholds of the entropy check: a value of at least minLen characters
// with at least minEntropy bits per character is random enough to be a
// credential rather than a word, a path or a placeholder.
const (
	minLen     = 20
	minEntropy = 3.5
)

// randomAssignment reports a line that assigns a random-looking value to
// a secret-sounding name, and the name.
func randomAssignment(line string) (string, bool) {
	for _, m := range assignment().FindAllStringSubmatch(line, -1) {
		name, value := m[1], m[2]
		if len(value) >= minLen && entropy(value) >= minEntropy && !placeholder(value) {
			return name, true
		}
	}
	return "", false
}

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// placeholder reports values that stand for a secret rather than hold
// one.
func placeholder(v string) bool {
	l := strings.ToLower(v)
	for _, w := range []string{"example", "placeholder", "changeme", "your", "xxxx", "redacted", "dummy"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// heredoc is the body of a here-document (or here-string) and the line of
// the command it starts on.
type heredoc struct {
	body string
	line int
}

// heredocs returns the here-documents and here-strings of a command. A
// command that does not parse has none here: the policy never allows it
// anyway.
func heredocs(cmd string) []heredoc {
	if !strings.Contains(cmd, "<<") {
		return nil
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil
	}
	var out []heredoc
	syntax.Walk(f, func(n syntax.Node) bool {
		r, ok := n.(*syntax.Redirect)
		if !ok {
			return true
		}
		w := r.Hdoc
		if r.Op == syntax.WordHdoc {
			w = r.Word
		}
		if w == nil || (r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc && r.Op != syntax.WordHdoc) {
			return true
		}
		start, end := int(w.Pos().Offset()), int(w.End().Offset())
		if start < end && end <= len(cmd) {
			out = append(out, heredoc{body: cmd[start:end], line: int(w.Pos().Line())})
		}
		return true
	})
	return out
}
