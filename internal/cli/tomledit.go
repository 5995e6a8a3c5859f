package cli

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// A harness's user settings in TOML (Codex's config.toml) are edited as
// text, so that its comments and layout stay as the person left them: a
// key is set in its table's [header] section, and a table that has no
// section gets one at the end. The result is parsed again and must say
// what was set; a file that defines the table some other way (an inline
// table, dotted keys) is not edited.

// tomlSet sets key = value (value written as TOML) in the table named by
// the path of keys, and returns the new text.
func tomlSet(text string, table []string, key, value string) string {
	lines := strings.SplitAfter(text, "\n")
	start, end := -1, len(lines)
	for i, l := range lines {
		h, ok := tomlHeader(l)
		if !ok {
			continue
		}
		if start >= 0 {
			end = i
			break
		}
		if slices.Equal(h, table) {
			start = i
		}
	}
	line := tomlKey(key) + " = " + value + "\n"
	if start < 0 {
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if text != "" {
			text += "\n"
		}
		text += "[" + tomlPath(table) + "]\n" + line
	} else {
		done := false
		for i := start + 1; i < end; i++ {
			if k, ok := tomlLineKey(lines[i]); ok && k == key {
				lines[i] = line
				done = true
				break
			}
		}
		if !done {
			lines = append(lines[:start+1], append([]string{line}, lines[start+1:]...)...)
		}
		text = strings.Join(lines, "")
	}
	return text
}

// tomlDecode parses a TOML document into nested maps.
func tomlDecode(text string) (map[string]any, error) {
	doc := map[string]any{}
	if _, err := toml.Decode(text, &doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// tomlLookup returns the value at a path of keys, nil when there is none.
func tomlLookup(doc map[string]any, path ...string) any {
	var v any = doc
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// errTOMLShape means a file defines a table in a way tomlSet does not edit.
var errTOMLShape = errors.New("the table is not defined by a [section] of its own")

// tomlSetChecked is tomlSet, then a check that the new text parses and
// holds the value.
func tomlSetChecked(text string, table []string, key string, value any) (string, error) {
	enc, err := tomlValue(value)
	if err != nil {
		return "", err
	}
	out := tomlSet(text, table, key, enc)
	doc, err := tomlDecode(out)
	if err != nil {
		return "", fmt.Errorf("[%s]: %w (%w)", tomlPath(table), errTOMLShape, err)
	}
	if got := tomlLookup(doc, append(append([]string{}, table...), key)...); got != value {
		return "", fmt.Errorf("[%s]: %w", tomlPath(table), errTOMLShape)
	}
	return out, nil
}

// tomlValue writes a string or a bool as TOML.
func tomlValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return tomlString(v), nil
	case bool:
		return strconv.FormatBool(v), nil
	}
	return "", fmt.Errorf("cannot write %T as TOML", v)
}

// tomlString is a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlKey writes a key bare when it may be, else quoted.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return tomlString(k)
		}
	}
	return k
}

func tomlPath(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = tomlKey(k)
	}
	return strings.Join(parts, ".")
}

// tomlHeader reads a [table] header line into its keys; an array of
// tables ([[x]]) is a header too, with no keys.
func tomlHeader(line string) ([]string, bool) {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "[") {
		return nil, false
	}
	if strings.HasPrefix(s, "[[") {
		return nil, true
	}
	keys, rest, ok := tomlKeys(s[1:])
	rest = strings.TrimSpace(rest)
	if !ok || !strings.HasPrefix(rest, "]") {
		return nil, true
	}
	return keys, true
}

// tomlLineKey returns the key a key = value line sets, when it sets one
// key (not a dotted one).
func tomlLineKey(line string) (string, bool) {
	keys, rest, ok := tomlKeys(line)
	if !ok || len(keys) != 1 || !strings.HasPrefix(strings.TrimSpace(rest), "=") {
		return "", false
	}
	return keys[0], true
}

// tomlKeys reads a dotted key from the start of s and returns its parts
// and the text after it.
func tomlKeys(s string) ([]string, string, bool) {
	var keys []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return nil, "", false
		}
		var k string
		switch s[0] {
		case '"':
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, "", false
			}
			var err error
			if k, err = tomlUnquote(s[:end+1]); err != nil {
				return nil, "", false
			}
			s = s[end+1:]
		case '\'':
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return nil, "", false
			}
			k, s = s[1:end+1], s[end+2:]
		default:
			end := 0
			for end < len(s) && (s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z' ||
				s[end] >= '0' && s[end] <= '9' || s[end] == '_' || s[end] == '-') {
				end++
			}
			if end == 0 {
				return nil, "", false
			}
			k, s = s[:end], s[end:]
		}
		keys = append(keys, k)
		s = strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(s, ".") {
			return keys, s, true
		}
		s = s[1:]
	}
}

// tomlUnquote reads a TOML basic string through the TOML parser.
func tomlUnquote(q string) (string, error) {
	var v struct{ K string }
	if _, err := toml.Decode("K = "+q, &v); err != nil {
		return "", err
	}
	return v.K, nil
}

// tomlRemoveTable removes the [header] section of a table, and returns the
// new text; the result must parse and no longer hold the table.
func tomlRemoveTable(text string, table []string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	var out []string
	in := false
	for _, l := range lines {
		if h, ok := tomlHeader(l); ok {
			in = slices.Equal(h, table)
		}
		if !in {
			out = append(out, l)
		}
	}
	res := strings.Join(out, "")
	doc, err := tomlDecode(res)
	if err != nil {
		return "", fmt.Errorf("[%s]: %w (%w)", tomlPath(table), errTOMLShape, err)
	}
	if tomlLookup(doc, table...) != nil {
		return "", fmt.Errorf("[%s]: %w", tomlPath(table), errTOMLShape)
	}
	return res, nil
}
