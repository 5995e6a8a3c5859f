package programs_test

import "testing"

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
