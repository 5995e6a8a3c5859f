package cli

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/atomicfile"
)

// OpenCode has no hook commands, only in-process plugins: install writes a
// small plugin that runs governance-hook on every tool call and session
// event. It imports nothing from npm, so OpenCode need not install
// anything for it.

//go:embed opencode_plugin.js
var opencodePlugin string

// pluginMarker starts every plugin install writes; a file without it is
// someone else's and is never overwritten or removed.
const pluginMarker = "// governance: this OpenCode plugin was written by `governance install opencode`."

// renderPlugin returns the plugin for a hook binary and a time limit.
func renderPlugin(hook string, approvalWait int) string {
	path, _ := json.Marshal(hook)
	ms := (hookTimeout + approvalWait) * 1000
	r := strings.NewReplacer("__HOOK__", string(path), "__TIMEOUT_MS__", strconv.Itoa(ms))
	return r.Replace(opencodePlugin)
}

// writePlugin writes the plugin to file and reports whether it changed.
func writePlugin(file, hook string, approvalWait int) (bool, error) {
	want := renderPlugin(hook, approvalWait)
	old, err := os.ReadFile(file)
	switch {
	case err == nil && string(old) == want:
		return false, nil
	case err == nil && !strings.HasPrefix(string(old), pluginMarker):
		return false, withHint(fmt.Errorf("%s exists and was not written by governance install", file),
			"move it away, then run install again")
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return false, err
	}
	return true, atomicfile.Write(file, []byte(want), 0o644)
}

// removePlugin deletes the plugin, when install wrote it.
func removePlugin(file string) (bool, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !strings.HasPrefix(string(data), pluginMarker) {
		return false, fmt.Errorf("%s was not written by governance install; leaving it", file)
	}
	return true, os.Remove(file)
}

var pluginHookLine = regexp.MustCompile(`(?m)^const HOOK = ("(?:[^"\\]|\\.)*");$`)

// pluginHook returns the hook binary a plugin runs, "" when the file is
// not the governance plugin.
func pluginHook(data []byte) string {
	if !strings.HasPrefix(string(data), pluginMarker) {
		return ""
	}
	m := pluginHookLine.FindSubmatch(data)
	if m == nil {
		return ""
	}
	var hook string
	if json.Unmarshal(m[1], &hook) != nil {
		return ""
	}
	return hook
}
