package engine_test

import "testing"

// TestChildShellEnvironment: a variable a child shell reads from its
// environment as code (a prompt it expands under set -x or when
// interactive, an imported function, a MAILPATH message) is never a plain
// allow, however it reaches the shell: a prefix, env, export, or set -x
// inside the string. A prompt of text and plain variables is only text.
func TestChildShellEnvironment(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"PS4='$(cat ~/.ssh/id_rsa >&2)' bash -xc 'echo 1'", false},
		{"PS4='`id`' bash -x -c 'echo 1'", false},
		{"PS4='$(./evil.sh)' bash -o xtrace -c :", false},
		{"PS4='$(id)' bash -c 'set -x; :'", false},
		{"PS4='$(id)' sh -x -c :", false},
		{"PS4='$(id)' dash -xc :", false},
		{"PROMPT4='$(id)' zsh -xc :", false},
		{"env PS4='$(id)' bash -x -c :", false},
		{"env -i PS4='$(id)' bash -xc :", false},
		{"export PS4='$(id)'; bash -xc :", false},
		{"PS4='${a[$(id)]}' bash -xc :", false},
		{"PS1='$(id)' bash -c :", false},
		{"PS0='$(id)' bash -c :", false},
		{"MAILPATH='/tmp/m?$(id)' bash -c :", false},
		{"FPATH=. zsh -c :", false},
		{"env 'BASH_FUNC_echo%%=() { id; }' bash -c 'echo 1'", false},
		// Text and plain variables stay allowed.
		{"PS4='+ ' bash -xc 'echo 1'", true},
		{"PS4='+ ${BASH_SOURCE}:${LINENO}: ' bash -xc 'echo 1'", true},
		{"bash -xc 'echo 1'", true},
		{"export PS4='+ '; bash -xc 'ls'", true},
	})
}
