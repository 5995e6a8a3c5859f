package programs_test

import "testing"

func TestPagers(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"less f", "read f"},
		{"less -R -S -N f", "read f"},
		{"less +F log", "read log"},
		{"less +G f", "read f"},
		{"less +100 f", "read f"},
		{"less +/TODO f", "read f"},
		{"less ++/TODO a b", "read a; read b"},
		{"less -p pattern f", "read f"},
		// A +command runs at the start: ! runs a shell, | a program.
		{"less +!id f", "exec less:\"+!id\"; read f"},
		{"less '+|sh' f", "exec less:\"+|sh\"; read f"},
		{"less +v f", "exec less:\"+v\"; read f"},
		{"less $'+/x\\e!id' f", "exec less:\"+/x\\x1b!id\"; read f"},
		{"less -o log f", "write log; read f"},
		{"less -Olog f", "write log; read f"},
		{"less --log-file=log f", "write log; read f"},
		{"less -k keys f", "unknown (-k runs code the model does not read); read f"},
		{"less --lesskey-src=keys f", "unknown (--lesskey-src runs code the model does not read); read f"},
		{"less --save-marks f", "change (--save-marks writes files); read f"},
		{"less -T tags -t main", "read tags"},
		{"LESS=-ofoo less f", "unknown (LESS is set for less: it gives the program options or a command of the caller's choosing); read f"},
		{"LESSOPEN='|sh %s' less f", "unknown (LESSOPEN is set for less: it gives the program options or a command of the caller's choosing); read f"},
		{"less", ""},
		{"less --help", ""},
		{"zless f.gz", "read f.gz"},
		{"more f", "read f"},
		{"more -10 f", "read f"},
		{"more +/pat f", "read f"},
		// macOS more is less: -p takes a pattern there, a flag here, so
		// that what follows is read as a file.
		{"more -p f", "read f"},
		{"more -n 5 f", "read 5; read f"},
		{"more -o log f", "write log; read f"},
		{"most f", "read f"},
		{"most +/pat f", "read f"},
		{"most +x f", "unknown (most +x is not a start command the model knows); read f"},
		{"MOST_EDITOR=x most f", "unknown (MOST_EDITOR is set for most: it gives the program options or a command of the caller's choosing); read f"},
	})
}
