package shell

import (
	"slices"
	"strings"
	"testing"
)

// A pattern in program position runs as each program it could name and
// as the words it expands to; one whose programs are not known is a
// program computed at run time.
func TestProgramGlob(t *testing.T) {
	t.Parallel()
	files := func(pattern, cwd string) ([]string, bool) {
		switch pattern {
		case "/u??/b??/r?":
			return []string{"/usr/bin/rm"}, true
		case "/usr/bin/r*":
			return []string{"/usr/bin/rm", "/usr/bin/rmdir"}, true
		case "/bin/ba?h":
			return []string{"/bin/bash"}, true
		}
		return nil, true
	}
	for _, tc := range []struct {
		src     string
		glob    func(string, string) ([]string, bool)
		want    []string
		dynamic bool
	}{
		{"/u??/b??/r? -rf x", files, []string{"/usr/bin/rm -rf x"}, false},
		{"/usr/bin/r* -rf x", files, []string{"/usr/bin/rm -rf x", "/usr/bin/rmdir -rf x", "/usr/bin/rm /usr/bin/rmdir -rf x"}, false},
		{"/bin/ba?h -c 'rm -rf y'", files, []string{"/bin/bash -c rm -rf y", "rm -rf y"}, false},
		{"/nowhere/x* a", files, []string{"/nowhere/x* a"}, true},
		{"/u??/b??/r? -rf x", nil, []string{"/u??/b??/r? -rf x"}, true},
		{"[ -f x ]", nil, []string{"[ -f x ]"}, false},
		{"'/u??/b??/r?' -rf x", nil, []string{"/u??/b??/r? -rf x"}, false},
	} {
		t.Run(tc.src, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tc.src, Options{Cwd: "/p", ProgramGlob: tc.glob})
			var got []string
			for _, c := range a.Commands {
				got = append(got, strings.Join(c.Words(), " "))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("commands %q, want %q", got, tc.want)
			}
			dynamic := slices.ContainsFunc(a.Problems, func(p Problem) bool { return p.Kind == ProblemDynamicProgram })
			if dynamic != tc.dynamic {
				t.Errorf("problems %v, want a dynamic program: %v", a.Problems, tc.dynamic)
			}
		})
	}
}
