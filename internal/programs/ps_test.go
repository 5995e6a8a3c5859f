package programs_test

import "testing"

// TestPs checks the process listings: BSD, UNIX and GNU options, and the
// environments of ps e and -E.
func TestPs(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"ps aux", ""},
		{"ps -ef", ""},
		{"ps -ef --forest", ""},
		{"ps -eo pid,etime,cmd", ""},
		{"ps o pid,etime", ""},
		{"ps axo user,pid,etime", ""},
		{"ps -p 1 -o comm=", ""},
		{"ps aux --sort=-%mem", ""},
		{"ps U steve", ""},
		{"ps -C chrome", ""},
		{"ps 123 456", ""},
		{"ps auxe", "read /proc/*/environ"},
		{"ps eww 123", "read /proc/*/environ"},
		{"ps U root e", "read /proc/*/environ"},
		{"ps -E", "read /proc/*/environ"},
		{"ps -C -E", "read /proc/*/environ"},
		{"ps -wwE", "read /proc/*/environ"},
		{"ps $OPTS", "unknown (the word $OPTS is computed at run time and may be any option); unknown (ps $OPTS may ask for the processes' environments)"},
		{"ps --help all", ""},
		{"ps -Y", "unknown (the option -Y is not in the model of ps)"},
		{"pstree", ""},
		{"pstree -p 1", ""},
		{"pstree -f out.txt", "read out.txt"},
		{"pstree $X", "unknown (the word $X is computed at run time and may be any option); unknown (pstree $X: a word known only at run time may hold options)"},
		{"procs", ""},
		{"procs nginx", ""},
		{"procs --tree --json", ""},
		{"procs --pager always", "unknown (procs --pager always runs the pager its configuration names)"},
		{"procs -p disable", ""},
		{"procs --gen-completion bash", "write ."},
		{"procs --gen-completion-out bash", ""},
		{"procs --load-config cfg.toml", "unknown (the effect of --load-config is not modelled)"},
		{"procs --procfs /tmp/proc", "read /tmp/proc (tree)"},
	})
}
