package programs_test

import "testing"

// TestOptionState checks that a harmless mode (a syntax check, a dry
// run, a check, a list) holds only when the options, read to the end,
// leave it on: a later --no- form (or an abbreviation of one), a shell's
// +n or +o noexec, or a pflag flag given false turns it off again.
func TestOptionState(t *testing.T) {
	t.Parallel()
	checkReads(t, []readCase{
		{"bash -n scripts/x.sh", true},
		{"bash -n +n scripts/x.sh", false},
		{"bash -nx +n scripts/x.sh", false},
		{"bash +n -n scripts/x.sh", true},
		{"sh -n +o noexec scripts/x.sh", false},
		{"sh -o noexec scripts/x.sh", true},
		{"bash -o noexec +o noexec scripts/x.sh", false},
		{"dash -n +n scripts/x.sh", false},
		{"zsh -n -o exec scripts/x.sh", false},
		{"zsh -n +o NO_EXEC scripts/x.sh", false},
		{"zsh +o exec scripts/x.sh", true},
		{`zsh -n -o "$1" scripts/x.sh`, false}, // the option is known at run time: exec, maybe
		{`bash -n -o "$OPT" scripts/x.sh`, false},
		{"bash -n scripts/x.sh +n", true}, // +n is the script's argument
	})
}

// TestGitOptionState: git's harmless modes and the --no- forms that
// cancel them, abbreviated as git takes them.
func TestGitOptionState(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"git apply --check x.patch", "read x.patch"},
		{"git apply --check --no-check x.patch", "read x.patch; write . (tree)"},
		{"git apply --check --no-ch x.patch", "read x.patch; write . (tree)"},
		{"git apply --stat --no-stat x.patch", "read x.patch; write . (tree)"},
		{"git apply --numstat --no-numstat x.patch", "read x.patch; write . (tree)"},
		{"git apply --summary --no-summ x.patch", "read x.patch; write . (tree)"},
		{"git apply --stat --numstat --no-stat x.patch", "read x.patch"},
		{"git rm -n x", ""},
		{"git rm -n --no-dry-run x", "delete x"},
		{"git rm --dry-run --no-dry x", "delete x"},
		{"git clean -n", ""},
		{"git clean -n --no-dry-run", "delete . (tree)"},
		{"git config -l", "read .git/config; read .git/config.worktree; read ~/.gitconfig; read ~/.config/git/config; read /etc/gitconfig"},
		{"git config -l --no-list core.x y", "write .git/config"},
		{"git config -l --no-li core.x y", "write .git/config"},
		{"git config -l --no-lis alias.x y", "write .git/config"},
	})
}
