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
