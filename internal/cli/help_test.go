package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Every command a person can run has examples in its help, one of which
// runs the command it documents.
func TestEveryCommandHasExamples(t *testing.T) {
	a := &App{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.Hidden || !c.HasParent() || c.Name() == "help" {
			return
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no examples", c.CommandPath())
			return
		}
		runs := false
		for _, line := range strings.Split(c.Example, "\n") {
			if strings.Contains(line, c.CommandPath()) {
				runs = true
			}
		}
		if !runs {
			t.Errorf("%s: no example runs it", c.CommandPath())
		}
	}
	walk(a.root())
}

// `governance help TOPIC` prints the help of a command, as TOPIC --help
// does; a topic that names no command is a usage error, as an unknown
// command is, not the root's help and success.
func TestHelpTopics(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "check"}, {"help", "approvals", "approve"}} {
		code, out, errOut := runApp(t, args...)
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, _ := runApp(t, "help", "check")
	_, want, _ := runApp(t, "check", "--help")
	if code != 0 || out != want {
		t.Errorf("help check differs from check --help:\n%s\n---\n%s", out, want)
	}
	for _, args := range [][]string{{"help", "nosuch"}, {"help", "approvals", "nosuch"}, {"help", "check", "extra"}} {
		code, out, errOut := runApp(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "no help topic") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error", args, code, out, errOut)
		}
	}
}
