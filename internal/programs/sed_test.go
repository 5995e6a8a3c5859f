package programs_test

import "testing"

func TestSed(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"sed -n '1,5p' f", "read f"},
		{"sed 's/a/b/g; s|/usr|/opt|' f g", "read f; read g"},
		{"sed -e 's/a/b/' -e '/x/d' f", "read f"},
		{"sed -n '/start/,/end/{p;=}' f", "read f"},
		{"sed '$!N;s/\\n/ /;P;D' f", "read f"},
		{"sed 'y/abc/xyz/' f", "read f"},
		{"sed '1a hello; w out' f", "read f"},
		{"sed -i 's/a/b/' f", "read f; write f"},
		{"sed -i.bak -e 's/a/b/' f", "read f; write f"},
		{"sed --in-place=.orig 's/a/b/' f", "read f; write f"},
		// Writes, reads and commands behind addresses and in blocks.
		{"sed -n '/x/w out' f", "write out; read f"},
		{"sed -n '\\,x,w out' f", "write out; read f"},
		{"sed -n '1,3w out' f", "write out; read f"},
		{"sed -n '0~2W out' f", "write out; read f"},
		{"sed -n '/x/!w out' f", "write out; read f"},
		{"sed -n '/x/{\nw out\n}' f", "write out; read f"},
		{"sed -n '/x/{s/a/b/w out\n}' f", "write out; read f"},
		{"sed 's/a/b/gw out' f", "write out; read f"},
		{"sed 's/a/b/w /dev/stdout' f", "read f"},
		{"sed '/[/]/w out' f", "write out; read f"},
		{"sed '1e id' f", "exec sh:\"id\\n\"; read f"},
		// A label ends at a blank or a ;, and what follows is the next
		// command (GNU sed 4.9).
		{"sed ':a e touch x' f", "exec sh:\"touch x\\n\"; read f"},
		{"sed -n ':a w out' f", "write out; read f"},
		{"sed -n ':a\tw out' f", "write out; read f"},
		{"sed -n ':a;w out' f", "write out; read f"},
		{"sed ':a r .env' f", "read .env; read f"},
		{"sed -n ':a R /h/.ssh/id_rsa' f", "read /h/.ssh/id_rsa; read f"},
		{"sed 'v 4.2 e touch x' f", "exec sh:\"touch x\\n\"; read f"},
		{"sed 'v;e touch x' f", "exec sh:\"touch x\\n\"; read f"},
		{"sed -n ':a;/x/b a w out' f", "write out; read f"},
		{"sed -n ':a;/x/ta;T a w out' f", "write out; read f"},
		{"sed -n -e :a -e 'w out' f", "write out; read f"},
		{"sed --expression=':a w out' f", "write out; read f"},
		// A file name runs to the end of the line: ; and } are part of it.
		{"sed -n 'w out; p' f", "write out; p; read f"},
		{"sed -n 's/a/b/w out;e id' f", "write out;e id; read f"},
		// The text of a, i and c runs to the end of the line; e after a
		// newline is a command, after a backslash-newline more text.
		{"sed '1a x; e id' f", "read f"},
		{"sed '1a x\ne id' f", "exec sh:\"id\\n\"; read f"},
		{"sed '1a x\\\ne id' f", "read f"},
		{"sed -e '1a x\\' -e 'e id' f", "read f"},
		{"sed 's/x/y/;e' f", "exec sh:\"\"; read f"},
		{"sed 's/x/y/ge' f", "exec sh:\"\"; read f"},
		{"sed 's/x/y/e w out' f", "exec sh:\"\"; write out; read f"},
		{"sed '/x/e' f", "exec sh:\"\"; read f"},
		{"sed 's/.*/id/e' f", "exec sh:\"\"; read f"},
		{"sed '1R /etc/shadow' f", "read /etc/shadow; read f"},
		{"sed '/x/r .env' f", "read .env; read f"},
		{"sed --sandbox '1w out' f", "read f"},
		{"sed -f script.sed f", "read script.sed; unknown (sed runs a script from a file (-f), which the model does not read); read f"},
		{"sed \"$X\" f", "unknown (the word $X is computed at run time and may be any option); unknown (sed's script is only known at run time ($X)); read f"},
		{"sed '/x/{p' f", "unknown (sed's script is not one the model can read: a { is not closed); read f"},
		{"sed 'k' f", "unknown (sed's script is not one the model can read: unknown command k); read f"},
	})
}
