package cli

import (
	"os"
	"regexp"
	"testing"

	"github.com/spf13/cobra"
)

// The README's command table lists every command a person runs, and every
// command and flag it shows exists.
func TestREADMECommandTable(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	root := (&App{}).root()
	row := regexp.MustCompile("(?m)^\\| `governance ([a-z-]+)[^|]*(?:\\\\\\|[^|]*)*\\|")
	listed := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		name := m[1]
		for _, also := range regexp.MustCompile("`governance ([a-z-]+)").FindAllStringSubmatch(m[0], -1) {
			listed[also[1]] = true
		}
		c, _, err := root.Find([]string{name})
		if err != nil || c == root {
			t.Errorf("the README lists governance %s, which does not exist", name)
			continue
		}
		for _, f := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(m[0], -1) {
			if !takes(c, f[1]) && f[1] != "version" {
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

// takes reports whether a command or one of its subcommands (a row may
// show several: list / show ID / approve ID [--always]) takes a flag.
func takes(c *cobra.Command, flag string) bool {
	if c.Flag(flag) != nil {
		return true
	}
	for _, sub := range c.Commands() {
		if takes(sub, flag) {
			return true
		}
	}
	return false
}
