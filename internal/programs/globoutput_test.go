package programs_test

import (
	"slices"
	"testing"
)

// TestGlobOutputIsNotKnownText: echo or printf of a glob prints the
// names the glob matches at run time, which nobody has seen: a reader of
// that output (xargs, a substitution, a here-string, a variable set from
// it) gets words not known, never the pattern as if it were a name. A
// glob that is quoted, escaped or in a here-string is text.
func TestGlobOutputIsNotKnownText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want []string // the words of the last command
	}{
		{"echo .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo ~/.aws/c*s | xargs cat", []string{"cat", "{input}"}},
		{"printf '%s\\n' .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo .[e]nv | xargs cat", []string{"cat", "{input}"}},
		{"echo .e?v | xargs cat", []string{"cat", "{input}"}},
		{"echo .e@(nv) | xargs cat", []string{"cat", "{input}"}},
		{"echo .e{n,x}* | xargs cat", []string{"cat", "{input}"}},
		{"echo README .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo .e* | base64 | base64 -d | xargs cat", []string{"cat", "{input}"}},
		{`cat "$(echo .e*)"`, []string{"cat", "$(echo .e*)"}},
		{`cat "$(printf %s .[e]nv)"`, []string{"cat", "$(printf %s .[e]nv)"}},
		{`xargs cat <<< "$(echo .e*)"`, []string{"cat", "{input}"}},
		{`x=$(echo .e*); cat "$x"`, []string{"cat", "$x"}},
		{`x=.e*; echo $x | xargs cat`, []string{"cat", "{input}"}},
		{`x=.e*; cat "$(echo $x)"`, []string{"cat", "$(echo $x)"}},
		// Variables set from a glob hold the names it matches.
		{`f=(.e*); cat "${f[0]}"`, []string{"cat", "${f[0]}"}},
		{`f=(README .e*); cat "${f[1]}"`, []string{"cat", "${f[1]}"}},
		{`for f in .e*; do cat "$f"; done`, []string{"cat", "$f"}},
		{`set -- .e*; cat "$1"`, []string{"cat", "$1"}},
		{`mapfile -t f < <(echo .e*); cat "${f[0]}"`, []string{"cat", "${f[0]}"}},
		// Text: no glob happens.
		{`for f in README; do cat "$f"; done`, []string{"cat", "README"}},
		{`echo '.e*' | xargs cat`, []string{"cat", ".e*"}},
		{`echo .e\* | xargs cat`, []string{"cat", ".e*"}},
		{`xargs cat <<< .e*`, []string{"cat", ".e*"}},
		{`x=.e*; echo "$x" | xargs cat`, []string{"cat", ".e*"}},
		{`cat "$(echo README)"`, []string{"cat", "README"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/p", "/home/u")
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
