package programs_test

import "testing"

func TestGrep(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"grep foo a b", "read a; read b"},
		{"grep foo", ""},
		{"grep -rn foo src", "read src (tree, hidden)"},
		{"grep -rn foo", "read . (tree, hidden)"},
		{"grep -R --include='*.go' foo .", "read . (tree, hidden, *.go)"},
		{"grep -rn TODO --exclude=.env --exclude='.env.*' .", "read . (tree, hidden, not .env, not .env.*)"},
		{"grep -r --include '*.ts' --exclude-dir=node_modules foo src", "read src (tree, hidden, *.ts)"},
		{"grep -r --include=\"$X\" foo .", "read . (tree, hidden)"},
		// A recursive grep reads what the folder holds: its secrets too,
		// which the rules judge by the folder's name.
		{"grep -r x ~/.aws", "read /h/.aws (tree, hidden)"},
		{"grep -d recurse x d", "read d (tree, hidden)"},
		{"grep --directories=rec x d", "read d (tree, hidden)"},
		{"grep -d skip x d", "read d"},
		{"grep -e a -e b f1 f2", "read f1; read f2"},
		{"grep --regexp=a f1", "read f1"},
		{"grep -f ~/.ssh/id_rsa x", "read /h/.ssh/id_rsa; read x"},
		{"grep -rf pats src", "read pats; read src (tree, hidden)"},
		{"grep --exclude-from=ex -r x .", "read ex; read . (tree, hidden)"},
		{"grep -5 foo a", "read a"},
		{"grep -A 3 -B2 -C1 foo a", "read a"},
		{"grep -c foo -- -f", "read -f"},
		{"grep foo -", ""},
		{"grep -X x f", "read f"},
		{"grep --colour=always -Hin foo a", "read a"},
		{"grep --help", ""},
		{"grep -V", ""},
		{"GREP_OPTIONS=-r grep x y", "unknown (GREP_OPTIONS is set for grep: it gives the program options or a command of the caller's choosing); read y"},
		{"grep --frobnicate x y", "unknown (the option --frobnicate is not in the model of grep); read y"},
		{"egrep -r 'a|b' .", "read . (tree, hidden)"},
		{"fgrep -l x a", "read a"},
		{"zgrep foo f.gz", "read f.gz"},
		// A pattern computed at run time may be an option (-f FILE).
		{"grep \"$p\" f", "unknown (the word $p is computed at run time and may be any option); unknown (the word $p is computed at run time where grep reads options); read f"},
		{"grep -e \"$p\" f", "read f"},
		{"grep -- \"$p\" f", "read f"},
		{"grep \"x$p\" f", "read f"},
	})
}
