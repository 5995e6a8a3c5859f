package programs_test

import "testing"

func TestScriptAndHelpers(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"script -p session.log", "read session.log"},
		{"script -q /dev/null git log -1", `exec sh:"'git' 'log' '-1'"`},
		{"script -q -c 'git status' /dev/null", `exec sh:"git status"`},
		{"script -q out.log ls", `write out.log; exec sh:"'ls'"`},
		{"script", `write typescript; exec sh:""`},
		{"script -q -c 'ls' -T t.log /dev/null", `write t.log; exec sh:"ls"`},
		{"iconv -f latin1 -t utf-8 in.txt", "read in.txt"},
		{"iconv -l", ""},
		{"iconv -f latin1 -t utf-8 -o out.txt in.txt", "write out.txt; read in.txt"},
		{"iconv --output=out.txt in.txt", "write out.txt; read in.txt"},
		{"mktemp -u /tmp/x.XXXXXX", ""},
		{"mktemp", "write /tmp/tmp.XXXXXXXXXX"},
		{"mktemp -d", "write /tmp/tmp.XXXXXXXXXX"},
		{"mktemp -p /var/tmp x.XXX", "write /var/tmp/x.XXX"},
		{"mktemp x.XXX", "write x.XXX"},
		{"patch --dry-run -p1 -i fix.diff", "read fix.diff; read . (tree, hidden)"},
		{"patch -p1 -i fix.diff", "read fix.diff; write . (tree)"},
		{"patch -d src -p1 < fix.diff", "write src (tree)"},
		{"patch file.c fix.diff", "read fix.diff; write file.c"},
		{"patch -e file.c fix.ed", `read fix.ed; exec ed:""; write file.c`},
		{"patch -o out.c file.c fix.diff", "write out.c; read fix.diff"},
	})
}
