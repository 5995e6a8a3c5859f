package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/jsonedit"
	"github.com/spf13/cobra"
)

// hookTimeout is the time, in seconds, harnesses give the hook per call;
// PreToolUse, which may wait for an out-of-band approval, gets the wait on
// top.
const hookTimeout = 30

type installOptions struct {
	dir    string
	global bool
	hook   string
}

// installer writes one harness's hook configuration.
type installer struct {
	// file returns the settings file to edit.
	file func(a *App, o installOptions) (string, error)
	// merge edits the settings document; it reports what it did.
	merge func(doc *jsonedit.Object, hook string, approvalWait int) error
}

var installers = map[string]installer{
	"claude": {file: claudeSettingsFile, merge: mergeClaude},
}

func harnessNames() string {
	var names []string
	for n := range installers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func (a *App) installCmd() *cobra.Command {
	var o installOptions
	c := &cobra.Command{
		Use:   "install HARNESS",
		Short: "Install governance-hook into an agent harness's settings",
		Long: `install merges governance-hook into the harness's settings file, keeping
every other setting, and sets the harness's fail-closed switch so that a
hook that crashes or times out blocks the call instead of letting it run.
Running it again changes nothing.

Harnesses: ` + harnessNames() + `.`,
		Example: `  governance install claude
  governance install claude --global`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ins, ok := installers[args[0]]
			if !ok {
				return usagef("unknown harness %q (supported: %s)", args[0], harnessNames())
			}
			hook, err := a.hookPath(o.hook)
			if err != nil {
				return err
			}
			file, err := ins.file(a, o)
			if err != nil {
				return err
			}
			wait := governance.DefaultApprovalWaitSeconds
			if l, err := a.load(a.absCwd(o.dir)); err == nil {
				wait = l.Policy.Settings.ApprovalWaitSeconds
				// A model's answer may come before the wait for a human.
				if g := l.Policy.Settings.Gatekeeper; g.Enabled {
					wait += (g.TimeoutMS + 999) / 1000
				}
			}
			changed, err := editJSONFile(file, func(doc *jsonedit.Object) error { return ins.merge(doc, hook, wait) })
			if err != nil {
				return err
			}
			if changed {
				fmt.Fprintf(a.Stdout, "installed %s into %s\n", hook, file)
			} else {
				fmt.Fprintf(a.Stdout, "%s already has the governance hook; nothing changed\n", file)
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&o.global, "global", false, "install into the user's settings instead of the project's")
	c.Flags().StringVar(&o.hook, "hook", "", "the governance-hook binary to run (default: next to governance, else on PATH)")
	return c
}

// hookPath finds the governance-hook binary: the flag, the binary next to
// this one, or one on PATH.
func (a *App) hookPath(flag string) (string, error) {
	if flag != "" {
		p, err := filepath.Abs(flag)
		if err != nil {
			return "", err
		}
		if _, err := os.Stat(p); err != nil {
			return "", withHint(fmt.Errorf("the hook binary %s does not exist", p), "build it with `go build -o bin/ ./cmd/...`")
		}
		return p, nil
	}
	if exe, err := os.Executable(); err == nil {
		cand := filepath.Join(filepath.Dir(exe), "governance-hook")
		if _, err := os.Stat(cand); err == nil {
			return cand, nil
		}
	}
	if p, err := exec.LookPath("governance-hook"); err == nil {
		return filepath.Abs(p)
	}
	return "", withHint(errors.New("governance-hook was not found next to governance or on PATH"),
		"install both binaries (`go install ./cmd/...`), or pass --hook PATH")
}

// editJSONFile applies edit to a JSON settings file, creating it when it
// does not exist, and writes it back only when it changed.
func editJSONFile(file string, edit func(*jsonedit.Object) error) (bool, error) {
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	doc := jsonedit.NewObject()
	if len(bytes.TrimSpace(old)) > 0 {
		v, err := jsonedit.Parse(old)
		if err != nil {
			return false, withHint(fmt.Errorf("%s is not valid JSON: %w", file, err), "fix the file, then run install again")
		}
		o, ok := v.(*jsonedit.Object)
		if !ok {
			return false, fmt.Errorf("%s does not hold a JSON object", file)
		}
		doc = o
	}
	if err := edit(doc); err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	data, err := jsonedit.Marshal(doc)
	if err != nil {
		return false, err
	}
	if bytes.Equal(data, old) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return false, err
	}
	return true, writeFileAtomic(file, data, 0o644)
}

// writeFileAtomic writes a file through a temporary file and a rename, so
// that a reader never sees half of it.
func writeFileAtomic(path string, data []byte, mode os.FileMode) error {
	return atomicfile.Write(path, data, mode)
}

func claudeSettingsFile(a *App, o installOptions) (string, error) {
	if o.global {
		home := a.Getenv("HOME")
		if home == "" {
			return "", errors.New("HOME is not set")
		}
		return filepath.Join(home, ".claude", "settings.json"), nil
	}
	return filepath.Join(a.absCwd(o.dir), ".claude", "settings.json"), nil
}

// claudeEvents are the Claude Code events the hook handles.
var claudeEvents = []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
	"SubagentStart", "SubagentStop", "Stop", "SessionEnd"}

// claudeBlocking are the events where a hook that fails must block: the
// tool call, and the prompt (which may carry a secret).
func claudeBlocking(ev string) bool { return ev == "PreToolUse" || ev == "UserPromptSubmit" }

// claudeMatched are the events whose hook groups take a matcher.
func claudeMatched(ev string) bool {
	switch ev {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart", "SubagentStart", "SubagentStop":
		return true
	}
	return false
}

// mergeClaude adds or updates the governance hook for every event.
func mergeClaude(doc *jsonedit.Object, hook string, approvalWait int) error {
	hooks, err := doc.Object("hooks")
	if err != nil {
		return err
	}
	for _, ev := range claudeEvents {
		var groups []any
		if v, ok := hooks.Get(ev); ok && v != nil {
			list, ok := v.([]any)
			if !ok {
				return fmt.Errorf("hooks.%s is not a list", ev)
			}
			groups = list
		}
		handler := func(h *jsonedit.Object) {
			h.Set("type", "command")
			h.Set("command", hook)
			h.Set("args", []any{"claude"})
			timeout := hookTimeout
			if ev == "PreToolUse" {
				timeout += approvalWait
			}
			h.Set("timeout", timeout)
			if claudeBlocking(ev) {
				h.Set("onFailure", "block")
			}
		}
		found := false
		for _, g := range groups {
			group, ok := g.(*jsonedit.Object)
			if !ok {
				continue
			}
			hv, _ := group.Get("hooks")
			list, _ := hv.([]any)
			for _, h := range list {
				ho, ok := h.(*jsonedit.Object)
				if !ok {
					continue
				}
				if c, _ := ho.Get("command"); isGovernanceHook(c) {
					handler(ho)
					found = true
				}
			}
		}
		if !found {
			h := jsonedit.NewObject()
			handler(h)
			group := jsonedit.NewObject()
			if claudeMatched(ev) {
				group.Set("matcher", "*")
			}
			group.Set("hooks", []any{h})
			groups = append(groups, group)
		}
		hooks.Set(ev, groups)
	}
	return nil
}

// isGovernanceHook reports whether a hook command runs governance-hook.
func isGovernanceHook(v any) bool {
	s, _ := v.(string)
	first := strings.Fields(s)
	return len(first) > 0 && filepath.Base(first[0]) == "governance-hook"
}
