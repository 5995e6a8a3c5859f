package jsonstr

import (
	"bytes"
	"encoding/json"
	"testing"
)

// encodingJSON is what encoding/json writes for s with HTML escaping off.
func encodingJSON(t testing.TB, s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func TestAppendMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]string{
		"empty":        "",
		"plain":        "git status",
		"quotes":       `say "hi" \ there`,
		"controls":     "a\nb\rc\td\be\ff\x00g\x1fh\x7f",
		"html":         "<a href='x'>&amp;</a>",
		"unicode":      "héllo → 世界 🎉",
		"separators":   "line\u2028para\u2029end",
		"invalid utf8": "bad \xff\xfe byte and \xe2\x82 cut",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got, want := string(Append(nil, s)), encodingJSON(t, s); got != want {
				t.Errorf("Append(%q) = %s, want %s", s, got, want)
			}
		})
	}
}

func FuzzAppend(f *testing.F) {
	for _, s := range []string{"", "git status", "a\"b\\c\n", "\xff", "\u2028<>&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(Append(nil, s)), encodingJSON(t, s); got != want {
			t.Errorf("Append(%q) = %s, want %s", s, got, want)
		}
	})
}
