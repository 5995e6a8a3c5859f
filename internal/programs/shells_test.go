package programs_test

import "testing"

func TestShells(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"bash -n script.sh", "read script.sh"},
		{"bash -c 'ls'", "exec found"},
		// A login shell runs the profile scripts, which run programs of
		// their own (Debian's /etc/profile runs id -u): what they run is
		// not in the command.
		{"bash -lc 'ls'", `exec sh:""; exec found`},
		{"zsh -l -c 'ls'", `exec sh:""; exec found`},
		{"bash --login -c ls", `exec sh:""; exec found`},
		{"bash -ic 'ls'", "unknown (the effect of -i is not modelled); exec found"},
		{"bash script.sh", `exec sh:""`},
	})
}
