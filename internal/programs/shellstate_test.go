package programs_test

import "testing"

// TestShellState checks hash, umask and ulimit: they print the shell's
// state, and set it with an operand or hash -p.
func TestShellState(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"hash", ""},
		{"hash -r", ""},
		{"hash -t ls", ""},
		{"hash git", ""},
		{"hash -p /tmp/evil ls", "change (-p)"},
		{"hash ls=/tmp/evil", "change (hash ls=/tmp/evil makes a name run a program of its choosing)"},
		{"hash $NAME", "unknown (the word $NAME is computed at run time and may be any option); change (hash $NAME makes a name run a program of its choosing)"},
		{"umask", ""},
		{"umask -S", ""},
		{"umask 077", "change (umask sets the mode of the files the shell creates later)"},
		{"umask u=rwx,g=,o=", "change (umask sets the mode of the files the shell creates later)"},
		{"ulimit -a", ""},
		{"ulimit -n", ""},
		{"ulimit -Hn", ""},
		{"ulimit -n 4096", "change (ulimit sets a resource limit of the shell)"},
		{"ulimit -c unlimited", "change (ulimit sets a resource limit of the shell)"},
		{"ulimit unlimited", "change (ulimit sets a resource limit of the shell)"},
	})
}
