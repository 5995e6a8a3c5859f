package programs_test

import "testing"

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
