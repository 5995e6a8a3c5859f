package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README's command table lists every command a person runs, and every
// command and flag it shows exists.
func TestREADMECommandTable(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	root := (&App{}).root()
	row := regexp.MustCompile("(?m)^\\| `governance ([a-z-]+)(?: ([a-z-]+))?([^|]*(?:\\\\\\|[^|]*)*)\\|")
	listed := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		name, sub, rest := m[1], m[2], m[3]
		for _, also := range regexp.MustCompile("`governance ([a-z-]+)").FindAllStringSubmatch(m[0], -1) {
			listed[also[1]] = true
		}
		c, _, err := root.Find([]string{name})
		if err != nil || c == root {
			t.Errorf("the README lists governance %s, which does not exist", name)
			continue
		}
		if sub != "" {
			if s, _, err := c.Find([]string{sub}); err == nil && s != c {
				c = s
			}
		}
		for _, f := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(m[0], -1) {
			if c.Flag(f[1]) == nil && f[1] != "version" && !strings.Contains(rest, "/") {
				t.Errorf("the README shows governance %s --%s, which %s does not take", name, f[1], c.CommandPath())
			}
		}
	}
	for _, c := range root.Commands() {
		if !c.Hidden && c.Name() != "help" && !listed[c.Name()] {
			t.Errorf("governance %s is missing from the README's command table", c.Name())
		}
	}
}
