package shell

import "testing"

// cwdOf returns the folder the last command named name runs in, and
// whether there is one.
func cwdOf(a *Analysis, name string) (string, bool) {
	for i := len(a.Commands) - 1; i >= 0; i-- {
		if c := a.Commands[i]; c.Name == name {
			return c.Cwd, true
		}
	}
	return "", false
}

// TestFolderThroughCompoundCommands: a cd is followed wherever it is
// certain to run in this shell; where it may or may not have run, the
// folder after it is unknown (""), never one that may be wrong.
func TestFolderThroughCompoundCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want string // the folder rm runs in
	}{
		{"list", "cd .. && rm -rf build", "/home/u"},
		{"block", "{ cd ..; rm -rf build; }", "/home/u"},
		{"eval in a block", "{ eval 'cd ..'; rm -rf build; }", "/home/u"},
		{"eval with quotes", `eval "cd .."; rm -rf build`, "/home/u"},
		{"command eval", "command eval 'cd ..' && rm -rf build", "/home/u"},
		{"if true", "{ if true; then cd ..; fi; rm -rf build; }", "/home/u"},
		{"if quoted true", "if t\\rue; then cd ..; fi; rm -rf build", "/home/u"},
		{"if colon with else", "if :; then cd ..; else cd /; fi; rm -rf build", "/home/u"},
		{"for over one word", "for _v in 1; do cd ..; done; rm -rf build", "/home/u"},
		{"for over two words", "for d in a b; do cd $d; done; rm -rf build", "/home/u/p/a/b"},
		{"function", "up() { cd ..; }; up; rm -rf build", "/home/u"},
		{"function in a for loop", "up() { cd ..; }; for _v in 1; do up; done && rm -rf build", "/home/u"},
		{"function under time", "up() { cd ..; }; time up; rm -rf build", "/home/u"},
		{"PWD", `cd "$PWD" && rm -r .git`, "/home/u/p"},
		{"PWD after cd", `cd .. && cd "$PWD/x" && rm -r .git`, "/home/u/x"},
		{"tilde plus", "cd ~+/x && rm -r .git", "/home/u/p/x"},
		{"sourced script", "cat > s.sh <<'EOF'\ncd ..\nEOF\n. ./s.sh; rm -rf build", "/home/u"},
		{"redirected block", "{ cd ..; } > log; rm -rf build", "/home/u"},
		{"same folder either way", "if [ -e x ]; then cd /tmp; else cd /tmp; fi; rm -rf build", "/tmp"},

		// What may or may not have run.
		{"if on a condition", "if [ -e x ]; then cd ..; fi; rm -rf build", ""},
		{"elif", "if [ -e x ]; then :; elif [ -e y ]; then cd /; fi; rm -rf build", ""},
		{"if false", "if false; then cd ..; fi; rm -rf build", ""},
		{"negated true", "if ! true; then cd ..; fi; rm -rf build", ""},
		{"or", "cd x || cd y; rm -rf build", ""},
		{"while", "while read d; do cd \"$d\"; done; rm -rf build", ""},
		{"for over a glob", "for d in */; do cd $d; done; rm -rf build", ""},
		{"for with break", "for d in a b; do cd $d || break; done; rm -rf build", ""},
		{"case", "case $x in a) cd /;; esac; rm -rf build", ""},
		{"alias that moves", "alias up='cd ..'; up; rm -rf build", ""},
		{"pushd rotates the stack", "pushd /tmp; pushd /; pushd +1; rm -rf build", ""},
		{"pushd -N", "pushd /tmp && pushd / && pushd -0 && rm -rf build", ""},
		{"pushd -n edits only the stack", "pushd -n /tmp; rm -rf build", ""},
		{"pushd swaps", "pushd /tmp; pushd /; pushd; rm -rf build", ""},
		{"PWD when unknown", `cd "$X"; cd "$PWD"; rm -rf build`, ""},

		// What runs in a process of its own moves nothing.
		{"background", "cd /tmp & rm -rf build", "/home/u/p"},
		{"subshell", "(cd ..); rm -rf build", "/home/u/p"},
		{"sh -c", "sh -c 'cd ..'; rm -rf build", "/home/u/p"},
		{"nice cd", "nice cd .. ; rm -rf build", "/home/u/p"},
		{"sudo cd", "sudo cd /; rm -rf build", "/home/u/p"},
		{"env eval", "env eval 'cd ..'; rm -rf build", "/home/u/p"},
		{"pipeline", "cd .. | cat; rm -rf build", "/home/u/p"},
		{"or exit", "cd .. || exit; rm -rf build", "/home/u"},

		// find -execdir runs its command in the folder of each file found.
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/home/u/p", Home: "/home/u", Launcher: copier{}})
			got, ok := cwdOf(a, "rm")
			if !ok {
				t.Fatalf("Analyze(%q) finds no rm: %q", tt.src, found(a))
			}
			if got != tt.want {
				t.Errorf("Analyze(%q): rm runs in %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestFolderInsideLoops: a round of a loop after one that moved starts
// in a folder that is not known.
func TestFolderInsideLoops(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want []string // the folders rm runs in, in order
	}{
		{"while", "while true; do rm -rf build; cd ..; done", []string{"/p/q", ""}},
		{"for over a glob", "for d in *; do rm -rf build; cd ..; done", []string{"/p/q", ""}},
		{"for over words", "for d in a b; do rm -rf build; cd ..; done", []string{"/p/q", "/p"}},
		{"still", "while true; do rm -rf build; done", []string{"/p/q"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, c := range Analyze(tt.src, Options{Cwd: "/p/q"}).Commands {
				if c.Name == "rm" {
					got = append(got, c.Cwd)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Analyze(%q): rm runs in %q, want %q", tt.src, got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("Analyze(%q): rm runs in %q, want %q", tt.src, got, tt.want)
					break
				}
			}
		})
	}
}

// TestFolderAfterCdThatMayFail: a cd to a folder that is not there fails,
// and the shell stays where it was; only what runs after && (or after an
// || exit) is sure to run where the cd went.
func TestFolderAfterCdThatMayFail(t *testing.T) {
	t.Parallel()
	folders := map[string]bool{"/": true, "/home/u": true, "/home/u/p": true, "/home/u/p/src": true}
	tests := []struct {
		name string
		src  string
		want string // the folder rm runs in
	}{
		{"folder there", "cd src; rm -rf build", "/home/u/p/src"},
		{"and", "cd nope && rm -rf build", "/home/u/p/nope"},
		{"or exit", "cd nope || exit; rm -rf build", "/home/u/p/nope"},
		{"or exit in a block", "cd nope || { echo missing >&2; exit 1; }\nrm -rf build", "/home/u/p/nope"},
		{"and, then or exit", "cd nope && ls || exit 1; rm -rf build", "/home/u/p/nope"},
		{"there, then back", "cd src && ls && cd ..; rm -rf build", "/home/u/p"},
		{"home", "cd; rm -rf build", "/home/u"},

		{"semicolon", "cd nope; rm -rf build", ""},
		{"newline", "cd nope\nrm -rf build", ""},
		{"redirected", "cd nope 2>/dev/null; rm -rf build", ""},
		{"pushd", "pushd nope; rm -rf build", ""},
		{"after an and list", "cd nope && ls; rm -rf build", ""},
		{"or true", "cd nope || true; rm -rf build", ""},
		{"or return", "cd nope || return; rm -rf build", ""},
		{"or exit in a subshell", "cd nope || (exit 1); rm -rf build", ""},
		{"in a block", "{ cd nope; }; rm -rf build", ""},
		{"two, one missing", "cd src && cd nope; rm -rf build", ""},
		{"absolute", "cd /nope; rm -rf build", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/home/u/p", Home: "/home/u", IsDir: func(p string) bool { return folders[p] }})
			got, ok := cwdOf(a, "rm")
			if !ok {
				t.Fatalf("Analyze(%q) finds no rm: %q", tt.src, found(a))
			}
			if got != tt.want {
				t.Errorf("Analyze(%q): rm runs in %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
