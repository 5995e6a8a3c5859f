package programs_test

import "testing"

func TestAck(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"ack foo", "read . (tree, hidden)"},
		{"ack -i foo src", "read src (tree, hidden)"},
		{"ack -n foo src", "read src"},
		{"ack --python foo", "read . (tree, hidden)"},
		{"ack --nopython -t js foo", "read . (tree, hidden)"},
		{"ack -C 3 pw ~/.aws", "read pw (tree, hidden); read /h/.aws (tree, hidden)"},
		{"ack -f", "stat . (tree, hidden)"},
		{"ack -g '\\.go$' src", "stat src (tree, hidden)"},
		{"ack --files-from=list foo", "read list"},
		{"ack -x foo", "unknown (ack -x searches the files its input names)"},
		{"ack --pager=less foo", "exec sh:\"less\"; read . (tree, hidden)"},
		{"ack --pager less foo", "exec sh:\"less\"; read . (tree, hidden)"},
		{"ack --nopager foo", "read . (tree, hidden)"},
		{"ack --output='$1' 'a(b)'", "unknown (--output runs code the model does not read); read . (tree, hidden)"},
		{"ack --ackrc=rc foo", "unknown (--ackrc runs code the model does not read); read . (tree, hidden)"},
		{"ack --man", "exec sh:\"\""},
		{"ACKRC=rc ack foo", "unknown (ACKRC is set for ack: it gives the program options or a command of the caller's choosing); read . (tree, hidden)"},
		{"ACK_PAGER=x ack foo", "unknown (ACK_PAGER is set for ack: it gives the program options or a command of the caller's choosing); read . (tree, hidden)"},
		{"ACK_PAGER=x ack --noenv foo", "read . (tree, hidden)"},
		{"ack --create-ackrc", ""},
		{"ack \"$x\" src", "unknown (the word $x is computed at run time and may be any option); unknown (the word $x is computed at run time where ack reads options); read src (tree, hidden)"},
		{"ack --help-types", ""},
	})
}
