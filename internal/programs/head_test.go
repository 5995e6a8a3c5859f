package programs_test

import "testing"

func TestHeadTail(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"head -n 20 f", "read f"},
		{"head -20 f", "read f"},
		{"head -n -5 f", "read f"},
		{"head -c100 a b", "read a; read b"},
		{"head", ""},
		{"head --lines=3 ~/.ssh/id_rsa", "read /h/.ssh/id_rsa"},
		{"tail -f log", "read log"},
		{"tail -F -n 100 log", "read log"},
		{"tail -n +5 f", "read f"},
		{"tail --follow=name --pid=42 log", "read log"},
		{"tail -r f", "read f"},
		{"tail -b 2 f", "read f"},
		{"tail --frob f", "unknown (the option --frob is not in the model of tail); read f"},
	})
}
