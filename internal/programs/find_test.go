package programs_test

import (
	"slices"
	"strings"
	"testing"
)

// TestFindLaunch: the commands of find -exec, -execdir, -ok and -okdir
// are found, {} standing for the files under each start path; -execdir
// runs in folders the analysis does not know.
func TestFindLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		`find /var -exec rm -rf {} \;`: {"find /var -exec rm -rf {} ;", "rm -rf /var [find -exec]"},
		`find src -execdir cat {} +`:   {"find src -execdir cat {} +", "cat /proj/src [find -execdir]"},
		`find /var -okdir rm {} \;`:    {"find /var -okdir rm {} ;", "rm /var [find -okdir]"},
		`find a b -exec rm {} \;`:      {"find a b -exec rm {} ;", "rm a [find -exec]", "rm b [find -exec]"},
		`find . -name x`:               {"find . -name x"},
	} {
		if got := foundCommands(walk(src, "/proj", "/home/u")); !slices.Equal(got, want) {
			t.Errorf("%s: found %q, want %q", src, got, want)
		}
	}
	for src, want := range map[string]string{
		`find . -exec rm -rf build \;`:      "/home/u/p",
		`find . -execdir rm -rf build \;`:   "",
		`find /tmp -okdir rm -rf build \;`:  "",
		`cd .. && find . -exec rm -rf b \;`: "/home/u",
	} {
		a := walk(src, "/home/u/p", "/home/u")
		if c := a.Commands[len(a.Commands)-1]; c.Name != "rm" || c.Cwd != want {
			t.Errorf("%s: %s runs in %q, want rm in %q", src, c, c.Cwd, want)
		}
	}
	for src, want := range map[string]bool{
		`find . -execdir sh -c 'cat {}' \;`:     true,
		`find . -exec sh -c 'cat "$1"' _ {} \;`: false,
	} {
		got := false
		for _, c := range walk(src, "/p", "/h").Commands {
			got = got || c.RunsInput
		}
		if got != want {
			t.Errorf("%s: some command runs input = %v, want %v", src, got, want)
		}
	}
}

// TestFindLists: what find prints reaches xargs as input words, one per
// start path, each with a hint of the files it names.
func TestFindLists(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		"find ~ -name id_rsa | xargs cat": {"/home/u/id_rsa"},
		"find a b | xargs cat":            {"a/*", "b/*"},
		"find $D | xargs cat":             {""},
		"fd -e pem . certs | xargs cat":   {"certs/*.pem"},
		"fd -x cat | xargs cat":           {""},
	} {
		a := walk(src, "/p", "/home/u")
		var got []string
		for _, arg := range a.Commands[len(a.Commands)-1].Args[1:] {
			got = append(got, arg.Hint)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: hints %q, want %q", src, got, want)
		}
	}
}

// TestFdLaunch: the command of fd -x and -X is found, with the files fd
// finds in place of its placeholders or appended.
func TestFdLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		"fd . -x rg":           "rg {input}",
		"fd . -x rg {}":        "rg {input}",
		"fd -e go -X gofmt -l": "gofmt -l {input}",
	} {
		a := walk(src, "/p", "/h")
		last := a.Commands[len(a.Commands)-1]
		if last.String() != want || last.Origin != "fd -x" {
			t.Errorf("%s: last is %q from %q, want %q from fd -x", src, last.String(), last.Origin, want)
		}
		in := last.Args[len(last.Args)-1]
		if !in.Input || !in.WholeInput || !in.Dynamic || !strings.HasPrefix(in.Value, "{input}") {
			t.Errorf("%s: input word %+v, want a dynamic word wholly of input", src, in)
		}
	}
	got := false
	for _, c := range walk("fd -x sh -c 'cat {}'", "/p", "/h").Commands {
		got = got || c.RunsInput
	}
	if !got {
		t.Error("fd -x sh -c 'cat {}': no command runs input")
	}
}
