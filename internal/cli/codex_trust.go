package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/jsonedit"
)

// Codex runs a command hook from a hooks.json only when it trusts it, and
// skips it without a word otherwise, so the call runs ungoverned:
//
//   - a project's .codex/hooks.json is read only when the project is
//     trusted: [projects."<folder>"] trust_level = "trusted" in the user's
//     config.toml, for the folder, else its project root (the nearest
//     folder with .git);
//   - no hook runs when [features] hooks (or the older codex_hooks) is
//     false;
//   - each hook, the user's ~/.codex/hooks.json included, runs only when
//     [hooks.state."<hooks.json>:<event>:<group>:<handler>"] holds a
//     trusted_hash equal to the hash of the hook's definition, and enabled
//     is not false. The hash changes with the command, the timeout, the
//     matcher: a hook edited after it was trusted is skipped too.
//
// A person runs install, so install records both, in the user's
// config.toml ($CODEX_HOME/config.toml), as Codex's own /hooks review
// would; doctor checks them the way Codex does.

// codexConfigFile is the user's Codex settings file.
func (a *App) codexConfigFile() (string, error) {
	return a.underHome("CODEX_HOME", ".codex", "config.toml")
}

// codexHook is one of our handlers in a hooks.json, as Codex knows it.
type codexHook struct {
	// key is the handler's key in [hooks.state]: the file, the event's
	// label, the group's and the handler's index.
	key string
	// hash is the handler's current hash, the trusted_hash that trusts it.
	hash string
}

// codexHooks lists our handlers in a hooks.json document at file (an
// absolute path, as Codex spells it: symbolic links resolved).
func codexHooks(file string, doc *jsonedit.Object) []codexHook {
	v, _ := doc.Get("hooks")
	hooks, ok := v.(*jsonedit.Object)
	if !ok {
		return nil
	}
	var out []codexHook
	for _, name := range hooks.Keys() {
		list, err := eventList(hooks, name)
		if err != nil {
			continue
		}
		label := codexEventLabel(name)
		for gi, g := range list {
			group, ok := g.(*jsonedit.Object)
			if !ok {
				continue
			}
			hv, _ := group.Get("hooks")
			handlers, _ := hv.([]any)
			for hi, h := range handlers {
				ho, ok := h.(*jsonedit.Object)
				if !ok || hookBinary(jsonString(ho, "command")) == "" {
					continue
				}
				out = append(out, codexHook{key: fmt.Sprintf("%s:%s:%d:%d", file, label, gi, hi),
					hash: codexHookHash(label, group, ho)})
			}
		}
	}
	return out
}

// codexEventLabel is an event's label in hook keys and hashes:
// PreToolUse is pre_tool_use.
func codexEventLabel(event string) string {
	var b strings.Builder
	for i, r := range event {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codexNoMatcher lists the events whose matcher Codex ignores, and leaves
// out of the hash.
var codexNoMatcher = map[string]bool{"user_prompt_submit": true, "stop": true}

// codexHookHash is the hash Codex gives a command handler: SHA-256 of the
// compact JSON, keys sorted, of the event label, the group's matcher and
// the handler as Codex normalizes it (type, command, timeout in seconds,
// 600 when unset, async, and statusMessage when set), "sha256:" and hex.
// Checked against `codex app-server`'s hooks/list by the end-to-end test.
func codexHookHash(label string, group, h *jsonedit.Object) string {
	handler := map[string]any{"type": "command", "command": jsonString(h, "command"), "async": false}
	timeout := int64(600)
	if v, ok := h.Get("timeout"); ok {
		timeout = jsonInt(v, timeout)
	} else if v, ok := h.Get("timeoutSec"); ok {
		timeout = jsonInt(v, timeout)
	}
	handler["timeout"] = max(timeout, 1)
	if v, ok := h.Get("async"); ok && v == true {
		handler["async"] = true
	}
	if v, ok := h.Get("statusMessage"); ok {
		if s, ok := v.(string); ok {
			handler["statusMessage"] = s
		}
	}
	identity := map[string]any{"event_name": label, "hooks": []any{handler}}
	if m, ok := group.Get("matcher"); ok && !codexNoMatcher[label] {
		if s, ok := m.(string); ok {
			identity["matcher"] = s
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(identity) // maps encode with sorted keys
	sum := sha256.Sum256(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func jsonString(o *jsonedit.Object, key string) string {
	v, _ := o.Get(key)
	s, _ := v.(string)
	return s
}

func jsonInt(v any, def int64) int64 {
	switch n := v.(type) {
	case json.Number:
		if i, err := n.Int64(); err == nil && i >= 0 {
			return i
		}
	case float64:
		return int64(n)
	case int:
		return int64(n)
	}
	return def
}

// codexHooksFile reads a hooks.json and returns its path as Codex spells
// it and our handlers in it.
func codexHooksFile(file string) (string, []codexHook, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", nil, err
	}
	v, err := jsonedit.Parse(data)
	if err != nil {
		return "", nil, err
	}
	doc, _ := v.(*jsonedit.Object)
	if doc == nil {
		return "", nil, fmt.Errorf("%s does not hold a JSON object", file)
	}
	real := file
	if r, err := filepath.EvalSymlinks(file); err == nil {
		real = r
	}
	return real, codexHooks(real, doc), nil
}

// codexProjectFolder returns the project folder of a project's
// .codex/hooks.json, "" for the user's hooks.json.
func (a *App) codexProjectFolder(file string) string {
	if user, err := a.underHome("CODEX_HOME", ".codex", "hooks.json"); err == nil && sameFile(file, user) {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(file))
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	return dir
}

// codexTrust records, in the user's config.toml, that Codex may run our
// handlers in file: the project, when file is a project's, and each
// handler's hash. It returns what it changed.
func (a *App) codexTrust(file string) ([]string, error) {
	real, hooks, err := codexHooksFile(file)
	if err != nil {
		return nil, err
	}
	cfg, err := a.codexConfigFile()
	if err != nil {
		return nil, err
	}
	old, err := os.ReadFile(cfg)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	text := string(old)
	doc, err := tomlDecode(text)
	if err != nil {
		return nil, withHint(fmt.Errorf("%s: %w", cfg, err), "fix the file, then run install again")
	}
	var changed []string
	set := func(table []string, key string, value any, what string) error {
		if tomlLookup(doc, append(append([]string{}, table...), key)...) == value {
			return nil
		}
		out, err := tomlSetChecked(text, table, key, value)
		if err != nil {
			return withHint(fmt.Errorf("%s: %w", cfg, err), "set "+tomlPath(append(table, key))+" by hand, or run /hooks in Codex to trust the hook")
		}
		text = out
		changed = append(changed, what)
		return nil
	}
	for _, f := range codexHookFeatures {
		if tomlLookup(doc, "features", f) == false {
			if err := set([]string{"features"}, f, true, "turned hooks back on ([features] "+f+" = true)"); err != nil {
				return nil, err
			}
		}
	}
	if dir := a.codexProjectFolder(real); dir != "" && !a.codexProjectTrusted(doc, dir) {
		if err := set([]string{"projects", dir}, "trust_level", "trusted", "trusted the project "+dir); err != nil {
			return nil, err
		}
	}
	for _, h := range hooks {
		if err := set([]string{"hooks", "state", h.key}, "trusted_hash", h.hash, "trusted the hook "+h.key); err != nil {
			return nil, err
		}
		if tomlLookup(doc, "hooks", "state", h.key, "enabled") == false {
			if err := set([]string{"hooks", "state", h.key}, "enabled", true, "enabled the hook "+h.key); err != nil {
				return nil, err
			}
		}
	}
	if len(changed) == 0 {
		return nil, nil
	}
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		return nil, err
	}
	return changed, atomicfile.Write(cfg, []byte(text), 0o600)
}

// codexHookFeatures are the feature switches that turn Codex's hooks off
// when false (codex_hooks is the older name).
var codexHookFeatures = []string{"hooks", "codex_hooks"}

// codexProjectTrusted says whether Codex trusts a project folder: the
// first of the folder and its project root (the nearest folder with
// .git) that config.toml names decides.
func (a *App) codexProjectTrusted(doc map[string]any, dir string) bool {
	level, _ := codexTrustLevel(doc, dir)
	return level == "trusted"
}

// codexTrustLevel returns the trust level config.toml gives a folder, and
// the key it found it under ("" when none).
func codexTrustLevel(doc map[string]any, dir string) (string, string) {
	keys := []string{dir}
	if r, err := filepath.EvalSymlinks(dir); err == nil && r != dir {
		keys = []string{r, dir}
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			if d != dir {
				keys = append(keys, d)
			}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, k := range keys {
		if v, ok := tomlLookup(doc, "projects", k, "trust_level").(string); ok {
			return v, k
		}
	}
	return "", ""
}

// codexSkipped says why Codex would skip our handlers in file, nil when
// it runs them all.
func (a *App) codexSkipped(file string) []string {
	real, hooks, err := codexHooksFile(file)
	if err != nil || len(hooks) == 0 {
		return nil
	}
	cfg, err := a.codexConfigFile()
	if err != nil {
		return []string{err.Error()}
	}
	data, err := os.ReadFile(cfg)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return []string{err.Error()}
	}
	doc, err := tomlDecode(string(data))
	if err != nil {
		return []string{fmt.Sprintf("Codex cannot read %s: %v", cfg, err)}
	}
	shown := func(p string) string { home, _ := a.home(); return shownPath(p, "", home) }
	var why []string
	for _, f := range codexHookFeatures {
		if tomlLookup(doc, "features", f) == false {
			why = append(why, fmt.Sprintf("[features] %s = false in %s: Codex runs no hook", f, shown(cfg)))
		}
	}
	if dir := a.codexProjectFolder(real); dir != "" {
		switch level, _ := codexTrustLevel(doc, dir); level {
		case "trusted":
		case "":
			why = append(why, fmt.Sprintf("Codex does not trust the project %s (no [projects] entry in %s), so it reads no hook from this file",
				dir, shown(cfg)))
		default:
			why = append(why, fmt.Sprintf("Codex marks the project %s %s in %s, so it reads no hook from this file",
				dir, level, shown(cfg)))
		}
	}
	var untrusted, modified, disabled []string
	for _, h := range hooks {
		label := h.key[len(real)+1:]
		if tomlLookup(doc, "hooks", "state", h.key, "enabled") == false {
			disabled = append(disabled, label)
		}
		switch trusted, _ := tomlLookup(doc, "hooks", "state", h.key, "trusted_hash").(string); trusted {
		case h.hash:
		case "":
			untrusted = append(untrusted, label)
		default:
			modified = append(modified, label)
		}
	}
	if len(untrusted) > 0 {
		why = append(why, fmt.Sprintf("Codex skips the hook on %s: it was never trusted (no trusted_hash in %s)",
			strings.Join(untrusted, ", "), shown(cfg)))
	}
	if len(modified) > 0 {
		why = append(why, fmt.Sprintf("Codex skips the hook on %s: it changed since it was trusted (trusted_hash in %s does not match)",
			strings.Join(modified, ", "), shown(cfg)))
	}
	if len(disabled) > 0 {
		why = append(why, fmt.Sprintf("Codex skips the hook on %s: enabled = false in %s", strings.Join(disabled, ", "), shown(cfg)))
	}
	return why
}

// sameFile says whether two paths name one file, links resolved.
func sameFile(a, b string) bool {
	if ra, err := filepath.EvalSymlinks(a); err == nil {
		a = ra
	}
	if rb, err := filepath.EvalSymlinks(b); err == nil {
		b = rb
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// codexUntrust takes out of the user's config.toml the trust codexTrust
// records for our handlers in file: each handler's hash, and the
// project's trust when file is a project's. It returns what it changed.
func (a *App) codexUntrust(file string) ([]string, error) {
	real, hooks, err := codexHooksFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	cfg, err := a.codexConfigFile()
	if err != nil {
		return nil, err
	}
	old, err := os.ReadFile(cfg)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	text := string(old)
	doc, err := tomlDecode(text)
	if err != nil {
		return nil, withHint(fmt.Errorf("%s: %w", cfg, err), "fix the file, then run uninstall again")
	}
	var changed []string
	drop := func(table []string, what string) error {
		if tomlLookup(doc, table...) == nil {
			return nil
		}
		out, err := tomlRemoveTable(text, table)
		if err != nil {
			return withHint(fmt.Errorf("%s: %w", cfg, err), "remove ["+tomlPath(table)+"] by hand")
		}
		text = out
		changed = append(changed, what)
		return nil
	}
	for _, h := range hooks {
		if err := drop([]string{"hooks", "state", h.key}, "removed the trust of the hook "+h.key); err != nil {
			return nil, err
		}
	}
	if dir := a.codexProjectFolder(real); dir != "" {
		// Only the entry install writes: the folder's own, not its
		// project root's, which the person may have trusted for more.
		if level, key := codexTrustLevel(doc, dir); level == "trusted" && key == dir {
			if err := drop([]string{"projects", key}, "removed the trust of the project "+key); err != nil {
				return nil, err
			}
		}
	}
	if len(changed) == 0 {
		return nil, nil
	}
	return changed, atomicfile.Write(cfg, []byte(text), 0o600)
}
