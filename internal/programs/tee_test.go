package programs_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

func TestTee(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tee out", "write out"},
		{"tee -a log1 log2", "write log1; write log2"},
		{"tee", ""},
		{"tee /dev/null", ""},
		{"tee /dev/stderr /dev/fd/3", ""},
		{"tee -p --output-error=warn out", "write out"},
		{"tee \"$f\"", "unknown (the word $f is computed at run time and may be any option); write $f"},
		{"tee -- -a", "write -a"},
	})
}

// TestTeeCopies: tee writes its input to its output and to each file it
// names, so that a script it writes from a here-document is analysed
// where it runs.
func TestTeeCopies(t *testing.T) {
	t.Parallel()
	got, ok := programs.Launcher.Copies(simpleOf("tee", "-a", "s.sh", "log"))
	if want := []string{"s.sh", "log"}; !ok || !slices.Equal(got, want) {
		t.Errorf("Copies(tee -a s.sh log) = %q, %v; want %q, true", got, ok, want)
	}
	src := "tee s.sh <<'EOF'\nrm -rf w\nEOF\nbash s.sh"
	if got := foundCommands(walk(src, "/p", "/home/u")); !slices.Contains(got, "rm -rf w [script]") {
		t.Errorf("Analyze(%q) = %q, want the script's rm", src, got)
	}
}
