package programs_test

import (
	"slices"
	"testing"
)

// TestGitAliasLaunch: an alias defined on the same command line runs what
// it says: a shell command for !, else the git command it names, once.
func TestGitAliasLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		`git -c alias.x='!rm -rf /' x`:                {"git -c alias.x=!rm -rf / x", "sh -c rm -rf / rm -rf / [git alias]", "rm -rf / [sh -c]"},
		`GIT_CONFIG_PARAMETERS="'alias.y=!id'" git y`: {"git y", "sh -c id id [git alias]", "id [sh -c]"},
		// git runs sh -c 'BODY "$@"' BODY ARGS: the words reach the body.
		`git -c 'alias.x=!rm' x -rf /`:      {"git -c alias.x=!rm x -rf /", `sh -c rm "$@" rm -rf / [git alias]`, "rm -rf / [sh -c]"},
		`git -c 'ALIAS.X=!rm -rf' x /`:      {"git -c ALIAS.X=!rm -rf x /", `sh -c rm -rf "$@" rm -rf / [git alias]`, "rm -rf / [sh -c]"},
		`git -c alias.x='!rm -rf /' status`: {"git -c alias.x=!rm -rf / status"},
		`git -c alias.st='reset --hard' st`: {"git -c alias.st=reset --hard st", "git -c alias.st=reset --hard reset --hard [git alias]"},
		`git -C repo -c alias.x='x' x -q`:   {"git -C repo -c alias.x=x x -q", "git -C repo -c alias.x=x x -q [git alias]"},
		`git status`:                        {"git status"},
	} {
		if got := foundCommands(walk(src, "/p", "/h")); !slices.Equal(got, want) {
			t.Errorf("%s: found %q, want %q", src, got, want)
		}
	}
}
