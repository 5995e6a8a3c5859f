package cli

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/suggest"
)

// The flags that describe a call (--dir, --tool, --agent) are checked
// before anything is decided: a typo would otherwise decide a different
// call (the folder's parent's policy, an unknown tool's defer, the main
// agent's policy) and say nothing. Each is a usage error that names what
// was meant when it is close.

// toolKinds are the tool kinds --tool takes, in the order help names them.
var toolKinds = []string{"shell", "read", "write", "edit", "web", "agent", "mcp", "other"}

// checkDirFlag checks that --dir names a folder; abs is dir made absolute.
func checkDirFlag(dir, abs string) error {
	st, err := os.Stat(abs)
	switch {
	case err == nil && st.IsDir():
		return nil
	case err == nil:
		return usagef("--dir %s is a file, not a folder", dir)
	}
	msg := "--dir " + dir + ": no such folder"
	if entries, err := os.ReadDir(filepath.Dir(abs)); err == nil {
		var names []string
		for _, e := range entries {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
		if s := suggest.Closest(filepath.Base(abs), names); s != "" {
			msg += " (did you mean " + filepath.Join(filepath.Dir(dir), s) + "?)"
		}
	}
	return usagef("%s", msg)
}

// checkToolFlag checks that --tool is a tool kind or the name of a tool a
// harness has.
func checkToolFlag(tool string) error {
	if _, ok := engine.ParseKind(strings.ToLower(tool)); ok {
		return nil
	}
	if engine.ToolCall(tool, nil).Kind != engine.KindOther || strings.HasPrefix(tool, "mcp__") {
		return nil
	}
	msg := "--tool " + tool + " is not a tool kind (" + strings.Join(toolKinds, ", ") + ") or a harness tool name"
	if s := suggest.Closest(strings.ToLower(tool), toolKinds); s != "" {
		msg += " (did you mean " + s + "?)"
	} else {
		msg += " (for a tool governance does not know, use --tool other)"
	}
	return usagef("%s", msg)
}

// checkAgentFlag checks that --agent names an agent some agent file of the
// folder's configuration defines, or the configured main agent.
func checkAgentFlag(agent string, loaded *config.Loaded) error {
	if agent == "" || loaded == nil || loaded.Registry == nil {
		return nil
	}
	if loaded.Policy != nil && agent == loaded.Policy.Settings.MainAgent {
		return nil
	}
	defs, err := loaded.Registry.Lookup(agent)
	if err != nil || len(defs) > 0 {
		// A broken agent file is the decision's to report.
		return nil
	}
	all, _ := loaded.Registry.All()
	var names []string
	for _, a := range all {
		if a.Name != "" && !slices.Contains(names, a.Name) {
			names = append(names, a.Name)
		}
	}
	msg := "--agent " + agent + ": no agent file defines it"
	if s := suggest.Closest(agent, names); s != "" {
		msg += " (did you mean " + s + "?)"
	} else if len(names) > 0 {
		slices.Sort(names)
		msg += " (agents: " + strings.Join(names, ", ") + ")"
	} else {
		msg += " (this folder's configuration has no agent files; leave --agent out for the main thread)"
	}
	return usagef("%s", msg)
}

// usageOf returns err when it is a usage error, else nil.
func usageOf(err error) error {
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	return nil
}
