package programs_test

import "testing"

func TestDiff(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"diff a b", "read a; read b"},
		{"diff -u a b", "read a; read b"},
		{"diff -U 5 a b", "read a; read b"},
		{"diff --unified=5 a b", "read a; read b"},
		{"diff -cr old new", "read old (tree, hidden); read new (tree, hidden)"},
		{"diff -ruN -x '*.o' old new", "read old (tree, hidden); read new (tree, hidden)"},
		{"diff -X ex -r a b", "read ex; read a (tree, hidden); read b (tree, hidden)"},
		{"diff --from-file=a b c", "read a; read b; read c"},
		{"diff - b", "read b"},
		{"diff --color=always -y -W 200 a b", "read a; read b"},
		{"diff --label x --label y a b", "read a; read b"},
		{"diff --frob a b", "unknown (the option --frob is not in the model of diff); read a; read b"},
		{"colordiff -u a b", "read a; read b"},
		// colordiff's configuration names the diff program it runs.
		{"XDG_CONFIG_HOME=. colordiff a b", "unknown (XDG_CONFIG_HOME is set for colordiff: it gives the program options or a command of the caller's choosing); read a; read b"},
		{"HOME=/tmp/x colordiff a b", "unknown (HOME is set for colordiff: it gives the program options or a command of the caller's choosing); read a; read b"},
		{"diff3 a b c", "read a; read b; read c"},
		{"diff3 -m mine old yours", "read mine; read old; read yours"},
		{"diff3 --diff-program=evil a b c", "exec sh:\"evil\"; read a; read b; read c"},
		{"sdiff a b", "read a; read b"},
		{"sdiff -o out a b", "write out; unknown (sdiff -o merges as its input directs, and an e command starts an editor); read a; read b"},
		{"sdiff --diff-program=x a b", "exec sh:\"x\"; read a; read b"},
		{"cmp a b", "read a; read b"},
		{"cmp -l a b 10 20", "read a; read b"},
		{"cmp -n 10 a -", "read a"},
		{"wdiff a b", "read a; read b"},
		{"wdiff -a a b", "exec sh:\"\"; read a; read b"},
		{"PAGER=x wdiff a b", "unknown (PAGER is set for wdiff: it gives the program options or a command of the caller's choosing); read a; read b"},
		// vimdiff is vim: it edits and runs commands.
		{"vimdiff a b", "unknown (vimdiff is an editor: it can write the files it opens and run commands); write a; write b"},
	})
}
