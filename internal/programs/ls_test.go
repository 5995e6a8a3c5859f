package programs_test

import "testing"

func TestLs(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"ls", ""},
		{"ls -la", ""},
		{"ls -la src docs", "stat src; stat docs"},
		{"ls -lhtr --color=auto --group-directories-first .", "stat ."},
		{"ls -R src", "stat src (tree)"},
		{"ls -aR src", "stat src (tree, hidden)"},
		{"ls -la ~/.ssh", "stat /h/.ssh"},
		{"ls -- -x", "stat -x"},
		{"ls --hel", ""},
		// BSD ls -T is a flag: a word after it is still a name.
		{"ls -lT ~/.ssh", "stat /h/.ssh"},
		{"ls -T 4 a", "stat a"},
		{"ls -l@eO a", "stat a"},
		{"ls --frobnicate a", "unknown (the option --frobnicate is not in the model of ls); stat a"},
		{"dir -l a", "stat a"},
		{"vdir a", "stat a"},
		{"eza -la --git --icons", ""},
		{"eza -T -L 2 src", "stat src (tree)"},
		{"exa -la --tree ~/.aws", "stat /h/.aws (tree, hidden)"},
		{"eza --stdin", "unknown (eza --stdin lists names read from its input)"},
		{"eza -h a", "stat a"},
		{"lsd -la --tree", ""},
		{"lsd --config-file ~/.ssh/id_rsa a", "read /h/.ssh/id_rsa; stat a"},
		{"lsd -R a", "stat a (tree)"},
	})
}
