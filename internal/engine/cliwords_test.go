package engine_test

import (
	"bufio"
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/cli"
	"github.com/agentgov/governance/internal/engine"
)

// The words the identity check looks for are the CLI's subcommands and
// the hook's dialects, as the programs themselves list them: a
// subcommand added to the CLI must be added there too.
func TestCLIWords(t *testing.T) {
	t.Parallel()
	var out, errs bytes.Buffer
	if code := cli.Main([]string{"help"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("governance help: exit %d: %s", code, errs.String())
	}
	var listed []string
	in := false
	for sc := bufio.NewScanner(&out); sc.Scan(); {
		line := sc.Text()
		switch {
		case line == "Available Commands:":
			in = true
		case in && strings.TrimSpace(line) == "":
			in = false
		case in:
			listed = append(listed, strings.Fields(line)[0])
		}
	}
	if len(listed) < 10 {
		t.Fatalf("found %d commands in the help:\n%s", len(listed), out.String())
	}
	// The hidden ones the help does not list.
	listed = append(listed, "hook")
	slices.Sort(listed)
	known := slices.Sorted(slices.Values(engine.CLIWords))
	if !slices.Equal(listed, known) {
		t.Errorf("the CLI's subcommands are %q; the identity check knows %q", listed, known)
	}
	dialects := slices.Sorted(maps.Keys(hooks.Dialects))
	if knownD := slices.Sorted(slices.Values(engine.HookDialects)); !slices.Equal(dialects, knownD) {
		t.Errorf("the hook's dialects are %q; the identity check knows %q", dialects, knownD)
	}
}
