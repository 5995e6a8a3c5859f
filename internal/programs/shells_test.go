package programs_test

import "testing"

func TestShells(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"bash -n script.sh", "read script.sh"},
		{"bash -c 'ls'", "exec found"},
		// A login shell reads the user's own profile, which the protected
		// set keeps the agent from writing.
		{"bash -lc 'ls'", "exec found"},
		{"zsh -l -c 'ls'", "exec found"},
		{"bash --login -c ls", "exec found"},
		// Unless the call chooses which profile it reads.
		{"HOME=/tmp/x bash -lc 'ls'", `exec sh:""; exec found`},
		{"ZDOTDIR=. zsh -lc 'ls'", `exec sh:""; exec found`},
		{"HOME=/tmp/x bash --noprofile -lc 'ls'", "exec found"},
		{"bash -ic 'ls'", "unknown (the effect of -i is not modelled); exec found"},
		{"bash script.sh", `exec sh:""`},
	})
}
