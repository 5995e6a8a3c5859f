package programs_test

import (
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

func TestNames(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"basename /a/b.c .c", ""},
		{"basename -a -s .go a.go b.go", ""},
		{"dirname /a/b", ""},
		{"realpath a", "stat a"},
		{"realpath --relative-to=/x -e a b", "stat /x; stat a; stat b"},
		{"readlink -f x", "stat x"},
		{"readlink ~/.ssh/id_rsa", "stat /h/.ssh/id_rsa"},
		{"stat f", "stat f"},
		{"stat -c %s f", "stat f"},
		{"stat --printf='%s\\n' f", "stat f"},
		// BSD stat -f takes a format: here a flag, and the format a name.
		{"stat -f %z f", "stat %z; stat f"},
		{"stat -L -t f", "stat f"},
	})
}

func TestFile(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"file f", "read f"},
		{"file -b --mime-type *.png", "read *.png"},
		{"file -L -k f", "read f"},
		{"file -m magic:more f", "read magic; read more; read f"},
		{"file -C -m m", "read m; change (file -C writes compiled magic files in the current folder)"},
		{"file -f list", "read list"},
		{"file -z f.gz", "exec sh:\"\"; read f.gz"},
		{"file -Z f.gz", "exec sh:\"\"; read f.gz"},
		{"file -", ""},
		{"file -v", ""},
	})
}

// TestNamesFold: basename and dirname of known names print their parts.
func TestNamesFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`cat "$(dirname /a/b/c)/x"`, []string{"cat", "/a/b/x"}},
		{`cat "$(basename /a/b/.env)"`, []string{"cat", ".env"}},
		{`cat "$(basename /a/.env.bak .bak)"`, []string{"cat", ".env"}},
		{`cat "$(basename -a /a/x /a/y)"`, []string{"cat", "$(basename -a /a/x /a/y)"}},
		{`cat "$(basename /a/x -s)"`, []string{"cat", "$(basename /a/x -s)"}},
		{`cat "$(dirname /a/b /c/d)"`, []string{"cat", "$(dirname /a/b /c/d)"}},
		{`cat "$(dirname "$X")"`, []string{"cat", "$(dirname \"$X\")"}},
	})
}

// TestNamesIgnoreStdin: basename and dirname read no input, so the text
// known to flow into a pipe is left to the command after them.
func TestNamesIgnoreStdin(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{"basename": true, "dirname": true, "cat": false, "nosuchprogram": false} {
		if got := programs.Launcher.IgnoresStdin(name); got != want {
			t.Errorf("IgnoresStdin(%s) = %v, want %v", name, got, want)
		}
	}
}
