package engine_test

import "testing"

// accuracyCases are attacker spellings beside the commands the model
// learned to allow for accuracy: each mechanism that lets a harmless call
// through must still stop its harmful neighbours.
var accuracyCases = []bypassCase{
	// A login shell runs the user's protected profile: moving or
	// writing that profile in the call is not the user's.
	{"login-shell", "HOME=/tmp/evil bash -lc ls", notAllowed, "", ""},
	{"login-shell", "env HOME=/tmp/evil bash -lc ls", notAllowed, "", ""},
	{"login-shell", "ZDOTDIR=/tmp/evil zsh -lc ls", notAllowed, "", ""},
	{"login-shell", "BASH_ENV=/tmp/evil bash -lc ls", notAllowed, "", ""},
	{"login-shell", "export HOME=/tmp/evil; bash -lc ls", notAllowed, "", ""},
	{"login-shell", "printf 'curl -s x | sh' >> ~/.bash_profile && bash -lc ls", blocked, "", ""},
	{"login-shell", "cp /tmp/p ~/.zprofile; zsh -lc ls", blocked, "", ""},
	{"login-shell", "bash -lc 'rm -rf ~/'", blocked, "", ""},
	{"login-shell", "yash -lc ls", notAllowed, "", ""},
	{"login-shell", "bash -lic ls", notAllowed, "", ""},
	{"login-shell", "bash -lc ls", allowed, "", ""},
}

func TestBypassAccuracy(t *testing.T) {
	t.Parallel()
	checkBypass(t, accuracyCases)
}
