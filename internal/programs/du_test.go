package programs_test

import "testing"

func TestDu(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"du", "stat . (tree, hidden)"},
		{"du -sh ~", "stat /h (tree, hidden)"},
		{"du -h -d 1 src", "stat src (tree, hidden)"},
		{"du -sh * | sort -h", "stat * (tree, hidden)"},
		{"du --files0-from=list", "read list"},
		{"du -X ex -a .", "read ex; stat . (tree, hidden)"},
		{"du -A -g -I '*.o' -n -r .", "stat . (tree, hidden)"},
		{"dust", "stat . (tree, hidden)"},
		{"dust -d 1 -r src", "stat src (tree, hidden)"},
		{"dust -I ig src", "read ig; stat src (tree, hidden)"},
		{"df", ""},
		{"df -h .", "stat ."},
		{"df -T ext4", "stat ext4"},
		{"df --output=source,pcent /", "stat /"},
		{"duf", ""},
		{"duf -only local -json", ""},
		{"duf --only local /home", "stat /home"},
	})
}
