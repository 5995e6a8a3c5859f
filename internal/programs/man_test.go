package programs_test

import "testing"

func TestMan(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"man ls", ""},
		{"man 5 crontab", ""},
		{"man -k socket", ""},
		{"man -f ls", ""},
		{"man -w ls", ""},
		{"man -P cat ls", "exec sh:\"cat\""},
		{"man --pager='sh -c id' ls", "exec sh:\"sh -c id\""},
		{"man -H ls", "exec sh:\"\""},
		{"man --html=firefox ls", "exec sh:\"firefox\""},
		{"man -X ls", "exec sh:\"\""},
		{"man -C conf ls", "unknown (-C runs code the model does not read)"},
		{"man -c ls", "change (-c writes files)"},
		// A page's .so request includes any file.
		{"man -l page.1", "read page.1; unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man --local-file page.1", "read page.1; unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man ./page.1", "read ./page.1; unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man -M . x", "unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man -M. x", "unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man --manpath=man x", "unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man --manp man x", "unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"MANPATH=. man x", "unknown (a page file that is not the system's may include any file in what man prints (.so))"},
		{"man 1 ls", ""},
		{"man -t ls", ""},
		{"MANOPT=-Pid man ls", "unknown (MANOPT is set for man: it gives the program options or a command of the caller's choosing)"},
		{"MANROFFOPT=-U man ls", "unknown (MANROFFOPT is set for man: it gives the program options or a command of the caller's choosing)"},
		{"LESSOPEN='|x %s' man ls", "unknown (LESSOPEN is set for man: it gives the program options or a command of the caller's choosing)"},
		{"apropos socket", ""},
		{"whatis ls", ""},
		{"apropos -C conf x", "read conf"},
		{"info coreutils", "read coreutils"},
		{"info -o - coreutils", "read coreutils"},
		{"info -o out coreutils", "write out; read coreutils"},
		{"info --dribble=keys", "write keys"},
		{"info -f ./x.info", "read ./x.info"},
		{"info --init-file=k grep", "read k; read grep"},
		{"tldr tar", "network tldr pages \"tar\""},
		{"tldr -p linux git-commit", "network tldr pages \"git-commit\""},
		{"tldr --list", ""},
		{"tldr --update", "change (--update writes files); network tldr pages"},
		{"tldr -f page.md", "read page.md"},
		{"tldr --render page.md", "read page.md"},
		{"tldr --pager tar", "exec sh:\"\"; network tldr pages \"tar\""},
	})
}
