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
		{"sed '1e id' f", "exec sh:\"id\"; read f"},
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
