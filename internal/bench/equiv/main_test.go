package main

import (
	"strings"
	"testing"
)

func TestIsCommand(t *testing.T) {
	for s, want := range map[string]bool{
		"sudo -u root ls":      true,
		"timeout 5 make":       true,
		"ls | head":            true,
		"FOO=1 make":           true,
		"make":                 false,
		"the program is known": true, // reads as one; deciding it costs nothing
		"Deny":                 false,
		"echo 'unterminated":   false,
		"/etc/passwd":          false,
		"":                     false,
	} {
		if got := isCommand(s); got != want {
			t.Errorf("isCommand(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestDiff(t *testing.T) {
	old := "\"ls\"\tallow\tx\tr\n\"rm -rf ~\"\tdeny\tpolicy\trm\n\"gone\"\tallow\t\t\n"
	cur := "\"ls\"\tallow\tx\tr\n\"rm -rf ~\"\task\tpolicy\trm\n\"new\"\tallow\t\t\n"
	var out strings.Builder
	n, compared, added := diff(&out, []byte(old), []byte(cur))
	if n != 2 || compared != 3 || added != 1 {
		t.Errorf("diff = %d, %d, %d, want 2, 3, 1\n%s", n, compared, added, out.String())
	}
	if !strings.Contains(out.String(), "\"rm -rf ~\"\n\tbefore: deny\tpolicy\trm\n\tafter:  ask\tpolicy\trm") {
		t.Errorf("diff printed:\n%s", out.String())
	}
}
