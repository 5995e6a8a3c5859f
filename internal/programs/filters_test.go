package programs_test

import "testing"

func TestFilters(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tr a-z A-Z", ""},
		{"tr -d '\\n'", ""},
		{"tr -cs A-Za-z '\\n'", ""},
		{"tr a-z A-Z /etc/passwd", ""},
		{"expand -t 4 f", "read f"},
		{"expand -4 f", "read f"},
		{"unexpand -a f", "read f"},
		{"fold -w 80 -s f", "read f"},
		{"fold -80 f", "read f"},
		{"fmt -w 72 f", "read f"},
		{"fmt -72 f", "read f"},
		// BSD fmt -p is a flag: a file after it is read.
		{"fmt -p ~/.ssh/id_rsa", "read /h/.ssh/id_rsa"},
		{"fmt -t 4 f", "read 4; read f"},
		{"nl -ba -w3 f", "read f"},
		{"rev f", "read f"},
		{"tsort deps", "read deps"},
	})
}

// TestRevFold: rev of known text prints each line reversed.
func TestRevFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`cat "$(echo vne. | rev)"`, []string{"cat", ".env"}},
		{`cat $(printf 'a.\nb.\n' | rev)`, []string{"cat", ".a", ".b"}},
		{`cat "$(rev <<< vne.)"`, []string{"cat", ".env"}},
		{`cat "$(echo vne. | rev -0)"`, []string{"cat", "$(echo vne. | rev -0)"}},
		{`cat "$(rev)"`, []string{"cat", "$(rev)"}},
	})
}
