// Package yamlx reads YAML through yaml.Node so that every error names the
// file, line and column it is about.
package yamlx

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// Error is a problem at a position in a configuration file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
	// Hint says what to do about it.
	Hint string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString(" (hint: ")
		b.WriteString(e.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// At returns an error about node n in file.
func At(file string, n *yaml.Node, format string, args ...any) *Error {
	e := &Error{File: file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	return e
}

// WithHint sets the error's hint and returns it.
func (e *Error) WithHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// Parse parses a YAML document and returns its top node, or nil for an
// empty document.
func Parse(file string, data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(file, err)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

// syntaxError turns a yaml error ("yaml: line 3: ...") into an Error.
func syntaxError(file string, err error) *Error {
	msg := err.Error()
	e := &Error{File: file, Msg: msg}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if strings.HasPrefix(msg, "line ") {
		rest := msg[len("line "):]
		if i := strings.Index(rest, ":"); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				e.Line = n
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	e.Msg = "invalid YAML: " + msg
	return e
}

// Pair is one key and value of a mapping.
type Pair struct {
	Key   string
	KeyN  *yaml.Node
	Value *yaml.Node
}

// Map returns the pairs of a mapping node, in order.
func Map(file string, n *yaml.Node) ([]Pair, error) {
	if n == nil {
		return nil, nil
	}
	n = deref(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, At(file, n, "expected a mapping, found %s", describe(n))
	}
	out := make([]Pair, 0, len(n.Content)/2)
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if prev, dup := seen[k.Value]; dup {
			return nil, At(file, k, "key %q appears twice (first at line %d)", k.Value, prev.Line)
		}
		seen[k.Value] = k
		out = append(out, Pair{Key: k.Value, KeyN: k, Value: v})
	}
	return out, nil
}

// Items reads a versioned list file: a mapping with the keys version and
// key, key holding a list. It returns the list's items, none for an empty
// document or an empty key. hint, when not empty, goes with the error for
// a key that holds something else than a list.
func Items(file string, data []byte, key, hint string) ([]*yaml.Node, error) {
	top, err := Parse(file, data)
	if err != nil || top == nil {
		return nil, err
	}
	pairs, err := Map(file, top)
	if err != nil {
		return nil, err
	}
	if err := CheckKeys(file, pairs, "version", key); err != nil {
		return nil, err
	}
	for _, p := range pairs {
		if p.Key != key || p.Value.Tag == "!!null" {
			continue
		}
		if p.Value.Kind != yaml.SequenceNode {
			e := At(file, p.Value, "%s must be a list", key)
			e.Hint = hint
			return nil, e
		}
		return p.Value.Content, nil
	}
	return nil, nil
}

// CheckKeys reports the first key of a mapping that is not allowed.
func CheckKeys(file string, pairs []Pair, allowed ...string) error {
	for _, p := range pairs {
		ok := false
		for _, a := range allowed {
			if p.Key == a {
				ok = true
				break
			}
		}
		if !ok {
			e := At(file, p.KeyN, "unknown key %q", p.Key)
			if s := suggest.Closest(p.Key, allowed); s != "" {
				return e.WithHint("did you mean %q?", s)
			}
			return e.WithHint("allowed keys here: %s", strings.Join(allowed, ", "))
		}
	}
	return nil
}

// String reads a scalar string.
func String(file string, n *yaml.Node) (string, error) {
	n = deref(n)
	if n.Kind != yaml.ScalarNode {
		return "", At(file, n, "expected a string, found %s", describe(n))
	}
	if n.Tag == "!!null" {
		return "", nil
	}
	return n.Value, nil
}

// Strings reads a string or a list of strings.
func Strings(file string, n *yaml.Node) ([]string, error) {
	n = deref(n)
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil, nil
		}
		return []string{n.Value}, nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(n.Content))
		for _, c := range n.Content {
			s, err := String(file, c)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, At(file, n, "expected a string or a list of strings, found %s", describe(n))
}

// Bool reads a boolean.
func Bool(file string, n *yaml.Node) (bool, error) {
	n = deref(n)
	var b bool
	if n.Kind != yaml.ScalarNode || n.Decode(&b) != nil {
		return false, At(file, n, "expected true or false, found %s", describe(n))
	}
	return b, nil
}

// Int reads an integer.
func Int(file string, n *yaml.Node) (int, error) {
	n = deref(n)
	var v int
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil {
		return 0, At(file, n, "expected a whole number, found %s", describe(n))
	}
	return v, nil
}

func deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}
