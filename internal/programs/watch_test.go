package programs_test

import (
	"slices"
	"testing"
)

// TestWatch: watch runs the command the analysis found, which is judged
// on its own; options it does not have, or that save the screen to files,
// are unknown.
func TestWatch(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"watch -n 5 kubectl get pods", "exec found"},
		{"watch git status", "exec found"},
		{"watch -d -t -b -e -g -c -p -w ls", "exec found"},
		{"watch -q 3 --no-rerun -C ls", "exec found"},
		{"watch -x ls -la", "exec found"},
		{"watch --help", ""},
		{"watch", ""},
		{"watch ls $X", `exec sh:""`},
		{"watch -s /tmp/shots ls", `unknown (the option -s is not in the model of watch); exec sh:""`},
		{"watch --follow ls", `unknown (the option --follow is not in the model of watch); exec sh:""`},
	})
}

// TestWatchShell: without -x, watch runs its command with sh -c.
func TestWatchShell(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"watch -n 1 'ls | wc -l'", "exec helper sh; exec found"},
		{"watch -tx ls", "exec found"},
		{"watch --exec ls", "exec found"},
	})
}

// TestWatchRuns: watch runs what the analysis found in full only when
// each of its options is one procps watch reads, as it reads it.
func TestWatchRuns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  string
		runs bool
	}{
		{"watch ls", true},
		{"watch -n 5 kubectl get pods", true},
		{"watch -n5 -d -t ls", true},
		{"watch -tn 5 ls", true},
		{"watch -dt ls", true},
		{"watch --interval 1 --no-title git status", true},
		{"watch --inter=1 ls", true},
		{"watch -x ls -la", true},
		{"watch -- ls", true},
		{"watch 'ls; git status'", true},
		// Options watch does not have, or that save files, or run
		// nothing at all.
		{"watch -s /tmp ls", false},
		{"watch --shotsdir=/tmp ls", false},
		{"watch -f ls", false},
		{"watch -k ls", false},
		{"watch --e ls", false},
		{"watch --beep=1 ls", false},
		{"watch $OPTS ls", false},
		{"watch ls $DIR", false},
		{"watch -x $CMD", false},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.cmd, "/p", "/h")
			if len(a.Commands) == 0 || a.Commands[0].Name != "watch" {
				t.Fatalf("%q: no watch command: %v", tt.cmd, a.Commands)
			}
			if got := a.Commands[0].Runs; got != tt.runs {
				t.Errorf("%q: Runs = %v, want %v", tt.cmd, got, tt.runs)
			}
		})
	}
}

// TestWatchLaunch: what watch runs is found, as the string sh -c runs or
// with -x as the command its words are.
func TestWatchLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		"watch -n 5 'rm -f log'":                             {"watch -n 5 rm -f log", "rm -f log [watch]"},
		"watch -tn 5 -x rm -f log":                           {"watch -tn 5 -x rm -f log", "rm -f log [watch]"},
		"watch --int=2 --differences=permanent -- rm -f log": {"watch --int=2 --differences=permanent -- rm -f log", "rm -f log [watch]"},
		"watch": {"watch"},
	} {
		if got := foundCommands(walk(src, "/p", "/h")); !slices.Equal(got, want) {
			t.Errorf("%s: found %q, want %q", src, got, want)
		}
	}
}
