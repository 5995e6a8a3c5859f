package prefixlog

import (
	"bytes"
	"strings"
	"testing"
)

func TestWriter(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	w := &Writer{W: &out, Prefix: "[x] ", Skip: func(l []byte) bool { return bytes.HasPrefix(l, []byte("debug")) }}
	for _, chunk := range []string{"one\ntw", "o\ndebug noise\n", "three"} {
		if n, err := w.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", chunk, n, err)
		}
	}
	if got, want := out.String(), "[x] one\n[x] two\n"; got != want {
		t.Errorf("got %q, want %q (an unfinished line waits, a skipped one goes)", got, want)
	}
	out.Reset()
	w.Write([]byte(strings.Repeat("a", maxLine+1)))
	if got := out.String(); !strings.HasPrefix(got, "[x] three"+strings.Repeat("a", 10)) || len(got) != len("[x] three")+maxLine+2 {
		t.Errorf("a line longer than %d bytes is not flushed: %d bytes out", maxLine, len(got))
	}
}
