package programs_test

import "testing"

func TestShells(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"bash -n script.sh", "read script.sh"},
		{"bash -c 'ls'", "exec found"},
		// A login shell runs the user's profile, files the policy
		// protects (LoginFiles): the code it is given decides.
		{"bash -lc 'ls'", "exec found"},
		{"bash -cl 'ls'", "exec found"},
		{"bash -cxl 'ls'", "exec found"},
		{"zsh -l -c 'ls'", "exec found"},
		{"sh -lc 'ls'", "exec found"},
		{"bash --login -c ls", "exec found"},
		// Unless the call moves those files, or the shell reads files
		// of its own.
		{"HOME=/tmp/h bash -lc 'ls'", `exec sh:""; exec found`},
		{"ZDOTDIR=/tmp/z zsh -lc 'ls'", `exec sh:""; exec found`},
		{"env ZDOTDIR=/tmp/z zsh -lc 'ls'", `exec sh:""; exec found`},
		{"ENV=/tmp/e sh -lc 'ls'", `exec sh:""; exec sh:""`},
		{"yash -lc 'ls'", `exec sh:""; exec found`},
		{"ksh -lc 'ls'", `exec sh:""; exec found`},
		{"bash -ic 'ls'", "unknown (the effect of -i is not modelled); exec found"},
		{"bash script.sh", `exec sh:""`},
	})
}
