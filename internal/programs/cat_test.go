package programs_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

// TestCatFold: cat with no file, or -, prints the known text of its input:
// a pipe, a here-string or a here-document.
func TestCatFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`cat "$(echo .env | cat)"`, []string{"cat", ".env"}},
		{`cat "$(echo .env | cat -)"`, []string{"cat", ".env"}},
		{`cat "$(cat <<< .env)"`, []string{"cat", ".env"}},
		{"cat \"$(cat <<EOF\n.env\nEOF\n)\"", []string{"cat", ".env"}},
		{"cat \"$(cat <<EOF\n$X\nEOF\n)\"", []string{"cat", "$(cat <<EOF\n$X\nEOF\n)"}},
		{`cat "$(echo .env | cat -n)"`, []string{"cat", "$(echo .env | cat -n)"}},
		{`cat "$(cat .env)"`, []string{"cat", "$(cat .env)"}},
	})
}

// TestCatCopies: cat writes its input to its output, so that a script it
// writes from a here-document is analysed where it runs; tac reverses it.
func TestCatCopies(t *testing.T) {
	t.Parallel()
	if got, ok := programs.Launcher.Copies(simpleOf("cat")); !ok || got != nil {
		t.Errorf("Copies(cat) = %q, %v; want none, true", got, ok)
	}
	if _, ok := programs.Launcher.Copies(simpleOf("tac")); ok {
		t.Error("tac copies its input, want only cat and tee to")
	}
	src := "cat > s.sh <<'EOF'\ngit reset --hard\nEOF\nbash s.sh"
	if got := foundCommands(walk(src, "/p", "/home/u")); !slices.Contains(got, "git reset --hard [script]") {
		t.Errorf("Analyze(%q) = %q, want the script's git", src, got)
	}
}
