package approvals

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// ShownLines is how many lines of an item's input are shown unless a
// person asks for all of it: enough for a workflow file or an edit.
const ShownLines = 60

// Details renders an item's input for the person who answers it, one
// field a line and texts line by line, sanitized for a terminal: the old
// text of an edit marked "-", text written marked "+". With max > 0, it
// stops after max lines and says how many are left and how to see them.
func (it *Item) Details(max int) []string {
	if len(it.Input) == 0 {
		return []string{"(no input kept: filed by an earlier release; the call is asked again when retried)"}
	}
	var v any
	if err := json.Unmarshal(it.Input, &v); err != nil {
		return []string{"(input unreadable: " + err.Error() + ")"}
	}
	var out []string
	for _, f := range it.Files {
		out = append(out, "runs: "+engine.Sanitize(f.Path)+" (sha256 "+f.Short()+")")
	}
	if it.Unbound != "" {
		// The person approving should know the approval holds only now.
		out = append(out, "not all bound: "+engine.Sanitize(it.Unbound)+"; an approval holds only while the call waits, never for good")
	}
	render(&out, "", v)
	if max > 0 && len(out) > max {
		left := len(out) - max
		out = append(out[:max:max], fmt.Sprintf("... %d more lines: `governance approvals show --full %s` shows all of it", left, it.ID))
	}
	return out
}

// oldTexts and newTexts are the input keys of the text an edit replaces
// and of the text a call writes.
var (
	oldTexts = []string{"old_string", "oldString", "old_str", "old_source"}
	newTexts = []string{"new_string", "newString", "new_str", "new_source", "content", "file_text", "text"}
)

// render appends a value's lines to out, under a key path.
func render(out *[]string, key string, v any) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		// Scalars first, then the texts: the old before the new.
		rank := func(k string) int {
			switch y := x[k].(type) {
			case string:
				switch {
				case slices.Contains(oldTexts, k):
					return 1
				case slices.Contains(newTexts, k) || multiline(y):
					return 2
				}
				return 0
			case map[string]any, []any:
				return 3
			}
			return 0
		}
		slices.SortStableFunc(keys, func(a, b string) int {
			if d := rank(a) - rank(b); d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys {
			render(out, join(key, k), x[k])
		}
		if len(keys) == 0 && key != "" {
			*out = append(*out, key+": {}")
		}
	case []any:
		for i, c := range x {
			render(out, key+"["+strconv.Itoa(i)+"]", c)
		}
		if len(x) == 0 {
			*out = append(*out, key+": []")
		}
	case string:
		last := key[strings.LastIndexAny(key, ".]")+1:]
		mark := "|"
		switch {
		case slices.Contains(oldTexts, last):
			mark = "-"
		case slices.Contains(newTexts, last):
			mark = "+"
		}
		if !multiline(x) && mark == "|" {
			*out = append(*out, key+": "+engine.Sanitize(x))
			return
		}
		lines := strings.Split(x, "\n")
		*out = append(*out, fmt.Sprintf("%s (%s):", key, countLines(x)))
		for _, l := range lines {
			*out = append(*out, "  "+mark+" "+engine.Sanitize(l))
		}
	default:
		data, _ := json.Marshal(x)
		*out = append(*out, key+": "+string(data))
	}
}

func join(key, k string) string {
	if key == "" {
		return k
	}
	return key + "." + k
}

// multiline reports a string shown as a block of lines.
func multiline(s string) bool { return strings.Contains(s, "\n") || len(s) > 100 }

func countLines(s string) string {
	n := strings.Count(s, "\n") + 1
	if n == 1 {
		return fmt.Sprintf("1 line, %d bytes", len(s))
	}
	return fmt.Sprintf("%d lines, %d bytes", n, len(s))
}

// Size describes a text a call writes, for a summary: " (3 lines, 80
// bytes)", or "" for none.
func Size(s string) string {
	if s == "" {
		return ""
	}
	return " (" + countLines(s) + ")"
}

// FirstLine is the first line of s, cut to max bytes, with "..." when
// anything was left out.
func FirstLine(s string, max int) string {
	line, _, more := strings.Cut(s, "\n")
	if len(line) > max {
		line, more = line[:max], true
	}
	if more {
		line += " ..."
	}
	return line
}

// Preview is the input as a page shows it at first: ShownLines lines.
func (it *Item) Preview() string { return strings.Join(it.Details(ShownLines), "\n") }

// Whole is all of the input, for a page's "whole input".
func (it *Item) Whole() string { return strings.Join(it.Details(0), "\n") }

// Cut reports an input longer than its preview.
func (it *Item) Cut() bool { return len(it.Details(0)) > ShownLines }
