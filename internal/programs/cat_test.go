package programs_test

import "testing"

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
