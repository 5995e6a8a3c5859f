package cli

import (
	"errors"
	"path/filepath"

	"github.com/agentgov/governance/internal/jsonedit"
)

// The harnesses governance installs into: where each keeps its hooks,
// which events call the hook, and the switches that make a failing hook
// block (Claude Code's onFailure, Cursor's failClosed) where they exist.

// home returns the user's home folder.
func (a *App) home() (string, error) {
	if h := a.Getenv("HOME"); h != "" {
		return h, nil
	}
	return "", errors.New("HOME is not set")
}

// underHome returns a path in the folder an environment variable names,
// else in a folder below the home folder.
func (a *App) underHome(envVar, dotDir string, rest ...string) (string, error) {
	base := a.Getenv(envVar)
	if base == "" {
		home, err := a.home()
		if err != nil {
			return "", err
		}
		base = filepath.Join(home, dotDir)
	}
	return filepath.Join(append([]string{base}, rest...)...), nil
}

// projectAndUser builds an installer's files function from the file's
// path in the project and its path in the user's folder.
func projectAndUser(project string, user func(a *App) (string, error)) func(a *App, dir string) (string, string, error) {
	return func(a *App, dir string) (string, string, error) {
		u, err := user(a)
		return filepath.Join(a.absCwd(dir), project), u, err
	}
}

var claudeInstaller = installer{
	title: "Claude Code",
	// Claude Code keeps settings.local.json out of git.
	local: filepath.Join(".claude", "settings.local.json"),
	files: projectAndUser(filepath.Join(".claude", "settings.json"), func(a *App) (string, error) {
		return a.underHome("", ".claude", "settings.json")
	}),
	config: &hookConfig{
		grouped: true,
		events: []hookEvent{{name: "SessionStart", matcher: "*"}, {name: "UserPromptSubmit", blocks: true},
			{name: "PreToolUse", matcher: "*", decides: true, blocks: true}, {name: "PostToolUse", matcher: "*"},
			{name: "PostToolUseFailure", matcher: "*"}, {name: "SubagentStart", matcher: "*"},
			{name: "SubagentStop", matcher: "*"}, {name: "Stop"}, {name: "SessionEnd"}},
		handler: func(h *jsonedit.Object, ev hookEvent, hook string, wait int) {
			h.Set("type", "command")
			h.Set("command", hook)
			h.Set("args", []any{"claude"})
			h.Set("timeout", hookTimeoutFor(ev, wait))
			if ev.blocks {
				h.Set("onFailure", "block")
			}
		},
		failClosed: func(h *jsonedit.Object) bool { v, _ := h.Get("onFailure"); return v == "block" },
	},
}

var codexInstaller = installer{
	title: "Codex",
	files: projectAndUser(filepath.Join(".codex", "hooks.json"), func(a *App) (string, error) {
		return a.underHome("CODEX_HOME", ".codex", "hooks.json")
	}),
	config: &hookConfig{
		grouped: true,
		events: []hookEvent{{name: "SessionStart"}, {name: "UserPromptSubmit"}, {name: "PreToolUse", decides: true},
			{name: "PostToolUse"}, {name: "Stop"}},
		handler: func(h *jsonedit.Object, ev hookEvent, hook string, wait int) {
			h.Set("type", "command")
			h.Set("command", shellCommand(hook, "codex"))
			h.Set("timeout", hookTimeoutFor(ev, wait))
		},
	},
	noSwitch: "Codex has no fail-closed switch: the hook denies on its own errors, but a hook that cannot start lets the call run",
	trust:    (*App).codexTrust,
	skipped:  (*App).codexSkipped,
	project:  (*App).codexProjectFolder,
	review:   codexRepoConfig,
	untrust:  (*App).codexUntrust,
}

var geminiInstaller = installer{
	title: "Gemini CLI",
	files: projectAndUser(filepath.Join(".gemini", "settings.json"), func(a *App) (string, error) {
		return a.underHome("", ".gemini", "settings.json")
	}),
	config: &hookConfig{
		grouped: true,
		events: []hookEvent{{name: "SessionStart"}, {name: "BeforeAgent"}, {name: "BeforeTool", decides: true},
			{name: "AfterTool"}, {name: "AfterAgent"}, {name: "SessionEnd"}},
		handler: func(h *jsonedit.Object, ev hookEvent, hook string, wait int) {
			h.Set("type", "command")
			h.Set("command", shellCommand(hook, "gemini"))
			h.Set("name", "governance")
			// Gemini CLI's timeouts are in milliseconds.
			h.Set("timeout", hookTimeoutFor(ev, wait)*1000)
		},
		prepare:     enableGeminiHooks,
		timeoutUnit: "ms",
		check:       geminiHooksOff,
	},
	noSwitch: "Gemini CLI has no fail-closed switch: the hook denies on its own errors, but a hook that cannot start lets the call run",
}

// enableGeminiHooks turns hooks on where the settings turned them off,
// and takes the governance hook off the disabled list.
func enableGeminiHooks(doc *jsonedit.Object) error {
	v, ok := doc.Get("hooksConfig")
	if !ok {
		return nil
	}
	hc, ok := v.(*jsonedit.Object)
	if !ok {
		return errors.New("hooksConfig is not a JSON object")
	}
	if on, ok := hc.Get("enabled"); ok && on == false {
		hc.Set("enabled", true)
	}
	if d, ok := hc.Get("disabled"); ok {
		list, _ := d.([]any)
		var keep []any
		for _, n := range list {
			if n != "governance" {
				keep = append(keep, n)
			}
		}
		if len(keep) != len(list) {
			if keep == nil {
				keep = []any{}
			}
			hc.Set("disabled", keep)
		}
	}
	return nil
}

var cursorInstaller = installer{
	title: "Cursor",
	files: projectAndUser(filepath.Join(".cursor", "hooks.json"), func(a *App) (string, error) {
		return a.underHome("", ".cursor", "hooks.json")
	}),
	config: &hookConfig{
		events: []hookEvent{{name: "sessionStart"}, {name: "beforeSubmitPrompt", blocks: true},
			{name: "preToolUse", decides: true, blocks: true}, {name: "postToolUse"}, {name: "postToolUseFailure"},
			{name: "subagentStart"}, {name: "subagentStop"}, {name: "stop"}, {name: "sessionEnd"}},
		handler: func(h *jsonedit.Object, ev hookEvent, hook string, wait int) {
			h.Set("command", shellCommand(hook, "cursor"))
			h.Set("timeout", hookTimeoutFor(ev, wait))
			if ev.blocks {
				h.Set("failClosed", true)
			}
		},
		prepare:    setVersion,
		failClosed: func(h *jsonedit.Object) bool { v, _ := h.Get("failClosed"); return v == true },
	},
}

var copilotInstaller = installer{
	title: "Copilot CLI",
	files: projectAndUser(filepath.Join(".github", "hooks", "governance.json"), func(a *App) (string, error) {
		return a.underHome("COPILOT_HOME", ".copilot", "hooks", "governance.json")
	}),
	config: &hookConfig{
		events: []hookEvent{{name: "sessionStart"}, {name: "userPromptSubmitted"}, {name: "preToolUse", decides: true},
			{name: "postToolUse"}, {name: "postToolUseFailure"}, {name: "agentStop"}, {name: "sessionEnd"}},
		handler: func(h *jsonedit.Object, ev hookEvent, hook string, wait int) {
			h.Set("type", "command")
			h.Set("bash", shellCommand(hook, "copilot"))
			h.Set("timeoutSec", hookTimeoutFor(ev, wait))
			// camelCase payloads do not name their event.
			env := jsonedit.NewObject()
			env.Set("GOVERNANCE_HOOK_EVENT", ev.name)
			h.Set("env", env)
		},
		prepare:    setVersion,
		commandKey: "bash",
	},
	noSwitch: "Copilot CLI has no fail-closed switch: the hook denies on its own errors, but a hook that cannot start lets the call run",
	trust:    (*App).copilotTrust,
	skipped:  (*App).copilotSkipped,
	project:  (*App).copilotProjectFolder,
	review:   copilotRepoConfig,
	untrust:  (*App).copilotUntrust,
}

// setVersion marks a hooks file as version 1 of its format.
func setVersion(doc *jsonedit.Object) error {
	if _, ok := doc.Get("version"); !ok {
		doc.Set("version", 1)
	}
	return nil
}

var opencodeInstaller = installer{
	title: "OpenCode",
	files: projectAndUser(filepath.Join(".opencode", "plugins", "governance.js"), func(a *App) (string, error) {
		return a.underHome("XDG_CONFIG_HOME", ".config", "opencode", "plugins", "governance.js")
	}),
}
