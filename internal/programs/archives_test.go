package programs_test

import "testing"

func TestUnzip(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"unzip -l a.zip", "read a.zip"},
		{"unzip -tl a.zip", "read a.zip"},
		{"unzip -Z1 a.zip", "read a.zip"},
		{"unzip -Z -l a.zip", "read a.zip"},
		// A member printed is judged as the file of its name.
		{"unzip -p a.zip README.md", "read a.zip; read README.md"},
		{"unzip -p a.zip .env", "read a.zip; read .env"},
		{"unzip -c a.zip .env x/.pypirc", "read a.zip; read .env; read x/.pypirc"},
		{"unzip -p a.zip '*.env'", "read a.zip; unknown (the member pattern *.env may match any member)"},
		{"unzip -p a.zip", "read a.zip"},
		{"unzip -v", ""},
		{"unzip --help", ""},
		{"unzip a.zip", "read a.zip; write . (tree)"},
		{"unzip -o a.zip -d out", "read a.zip; write out (tree)"},
		{"unzip -qdout a.zip", "read a.zip; write out (tree)"},
		{"unzip a.zip -x skip.txt", "read a.zip; write . (tree)"},
		{"unzip -lf a.zip", "read a.zip; write . (tree)"},
		{"unzip -: a.zip", "read a.zip; write / (tree); write . (tree)"},
		{"unzip -T a.zip", "read a.zip; write a.zip; write . (tree)"},
		{"unzip -P secret -l a.zip", "read a.zip; unknown (-P puts a password on the command line)"},
		{"unzip -G a.zip", "unknown (the option -G is not in the model of unzip); read a.zip; write . (tree)"},
		{"zipinfo a.zip", "read a.zip"},
		{"zipinfo -1 a.zip x", "read a.zip"},
	})
}

func TestZip(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"zip -sf a.zip", "read a.zip"},
		{"zip -sf a.zip src", "read a.zip; stat src (tree)"},
		{"zip -h", ""},
		{"zip -r out.zip src", "read src (tree, hidden); read out.zip; write out.zip"},
		{"zip -rm out.zip src", "read src (tree, hidden); read out.zip; write out.zip; delete src (tree)"},
		{"zip -d a.zip member", "read a.zip; write a.zip"},
		{"zip a.zip f -O b.zip", "read f (tree, hidden); read a.zip; write b.zip"},
		{"zip -T -TT 'sh -c id' a.zip f", `read f (tree, hidden); read a.zip; write a.zip; exec sh:"sh -c id"`},
		{"zip -lf log.txt a.zip f", "write log.txt; read f (tree, hidden); read a.zip; write a.zip"},
		{"zip -sf -lf log a.zip", "read a.zip; write log"},
		{"zip -qre a.zip f", "read f (tree, hidden); read a.zip; write a.zip; unknown (encrypts with a password)"},
		{"zip - f", "read f (tree, hidden)"},
		{"zip --unzip-c 'sh -c id' -T a.zip f", "unknown (the option --unzip-c is not in the model of zip); read a.zip (tree, hidden); read f (tree, hidden); read sh -c id; write sh -c id"},
		{"zip --show-files a.zip", "read a.zip"},
	})
}

func TestSevenZip(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"7z l a.7z", "read a.7z"},
		{"7z t -p a.7z", "read a.7z"},
		{"7z", ""},
		{"7z -h", ""},
		{"7z b", ""},
		{"7za l -slt a.7z", "read a.7z"},
		{"7z h file", "read file (tree, hidden)"},
		{"7z x -so a.7z f.txt", "read a.7z; read f.txt"},
		{"7z x a.7z", "read a.7z; write . (tree)"},
		{"7zz e a.7z -o/tmp/out -aoa", "read a.7z; write /tmp/out (tree)"},
		{"7z x -spf a.7z", "read a.7z; write / (tree); write . (tree)"},
		{"7z a out.7z src", "read out.7z; write out.7z; read src (tree, hidden)"},
		{"7z a -sdel out.7z src", "read out.7z; write out.7z; read src (tree, hidden); delete src (tree)"},
		{"7z t -psecret a.7z", "unknown (-p puts a password on the command line); read a.7z"},
		{"7z a -seml out.7z f", "change (-seml sends the archive by e-mail); read out.7z; write out.7z; read f (tree, hidden)"},
		{"7z l -i@list.txt a.7z", "read list.txt; read a.7z"},
		{"7z u a.7z -up0q3!new.7z f", "write new.7z; read a.7z; write a.7z; read f (tree, hidden)"},
		{"7z l -zzz a.7z", "unknown (the option -zzz is not in the model of 7z); read a.7z"},
		{"7z q a.7z", `unknown ("q" is not a 7z command the model knows)`},
	})
}

// TestArchivePrintsEveryMember: printing an archive's members without
// naming them prints every file it holds, a backup's .env among them;
// an archive that is not there prints nothing, one on standard input
// anything.
func TestArchivePrintsEveryMember(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"unzip -p a.zip", "read a.zip; unknown if a.zip (unzip prints every member of a.zip, whose names are not seen here)"},
		{"unzip -c a.zip", "read a.zip; unknown if a.zip (unzip prints every member of a.zip, whose names are not seen here)"},
		{"unzip -p a.zip -x README", "read a.zip; read README; unknown if a.zip (unzip prints every member of a.zip, whose names are not seen here)"},
		{"unzip -p a.zip README", "read a.zip; read README"},
		{"7z e -so a.7z", "read a.7z; unknown if a.7z (7z e -so prints every member of a.7z, whose names are not seen here)"},
		{"7z x -so a.7z", "read a.7z; unknown if a.7z (7z x -so prints every member of a.7z, whose names are not seen here)"},
		{"7z x -so a.7z .env", "read a.7z; read .env"},
		{"7z x -so a.7z '*.env'", "read a.7z; unknown (the member pattern *.env may match any member)"},
		{"7z x -so -i!sub a.7z", "read a.7z; unknown (-i includes members the model cannot see)"},
		{"7z x -so -si", "unknown (7z x -so prints every member of the archive on its standard input)"},
	})
}
