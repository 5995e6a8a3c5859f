package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// The command table of docs/commands.md lists every command a person
// runs, and every command and flag it shows exists.
func TestREADMECommandTable(t *testing.T) {
	data, err := os.ReadFile("../../docs/commands.md")
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
			t.Errorf("the command table lists governance %s, which does not exist", name)
			continue
		}
		for _, f := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(m[0], -1) {
			if !takes(c, f[1]) && f[1] != "version" {
				t.Errorf("the command table shows governance %s --%s, which %s does not take", name, f[1], c.CommandPath())
			}
		}
	}
	for _, c := range root.Commands() {
		if !c.Hidden && c.Name() != "help" && !listed[c.Name()] {
			t.Errorf("governance %s is missing from the command table of docs/commands.md", c.Name())
		}
	}
}

// Every governance command line in a shell block of the README and the
// guides under docs/ names a command that exists, with flags it takes.
func TestDocsCommands(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	if len(files) < 10 {
		t.Fatalf("found %d documents", len(files))
	}
	root := (&App{}).root()
	seen := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		inShell := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				inShell = line == "```sh" || line == "```bash" || line == "```console"
				continue
			}
			if !inShell {
				continue
			}
			for _, cmdline := range governanceCalls(line) {
				seen++
				if msg := checkCall(root, cmdline); msg != "" {
					t.Errorf("%s:%d: %s: %s", name, i+1, cmdline, msg)
				}
			}
		}
	}
	if seen < 50 {
		t.Errorf("checked %d command lines, want the guides' many", seen)
	}
}

// governanceCalls returns the governance command lines of a shell line:
// the words after each "governance" in command position, up to a
// comment, a pipe or a separator.
func governanceCalls(line string) []string {
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
	var out []string
	for _, part := range regexp.MustCompile(`&&|\|\||[;|]|\$\(|<\(`).Split(line, -1) {
		words := strings.Fields(part)
		for len(words) > 0 && (strings.Contains(words[0], "=") || words[0] == "sudo" || words[0] == "source" || words[0] == "exec") {
			words = words[1:]
		}
		if len(words) > 0 && words[0] == "governance" {
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}

// checkCall finds the command a line runs and checks its flags; it
// returns what is wrong, or "".
func checkCall(root *cobra.Command, line string) string {
	words := strings.Fields(line)[1:]
	var path []string
	for _, w := range words {
		if w == "--" || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "<>'\"$") {
			break
		}
		path = append(path, w)
	}
	c := root
	for _, w := range path {
		sub, _, err := c.Find([]string{w})
		if err != nil || sub == c {
			break
		}
		c = sub
	}
	if len(path) > 0 && c == root {
		return "no such command " + path[0]
	}
	for _, w := range words {
		if w == "--" {
			break
		}
		if !strings.HasPrefix(w, "--") || len(w) == 2 {
			continue
		}
		flag, _, _ := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !regexp.MustCompile(`^[a-z][a-z-]*$`).MatchString(flag) {
			continue
		}
		if c.Flag(flag) == nil && c.InheritedFlags().Lookup(flag) == nil && flag != "help" && flag != "version" {
			return c.CommandPath() + " does not take --" + flag
		}
	}
	return ""
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
