package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/jsonedit"
)

// Trusting a project in Codex or Copilot CLI trusts more than the hook:
// the harness then also reads the repository's own settings for it, which
// may turn approvals off, widen the sandbox, or start MCP servers and
// other hooks. install says what it would turn on before it trusts, and
// refuses a repository whose settings loosen the harness unless the
// person says --trust-repo-config.

// repoFinding is one thing a repository's harness settings turn on once
// the harness trusts the project.
type repoFinding struct {
	// what says it for people, naming the file and the setting.
	what string
	// loosens marks settings that make the harness less careful: fewer
	// approvals, a wider sandbox, programs it starts on its own.
	loosens bool
}

// errRepoLoosens means a repository's harness settings loosen the harness
// and the person did not say --trust-repo-config.
var errRepoLoosens = errors.New("the repository's own settings loosen the harness")

// codexLooseApproval are the approval policies that run commands without
// asking.
var codexLooseApproval = []string{"never", "on-failure"}

// codexRepoConfig reviews what a trusted project's .codex folder turns on
// in Codex: config.toml, execpolicy rules, and hooks other than ours.
func codexRepoConfig(dir string) []repoFinding {
	var out []repoFinding
	file := filepath.Join(dir, ".codex", "config.toml")
	rel := ".codex/config.toml"
	data, err := os.ReadFile(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		out = append(out, repoFinding{rel + " cannot be read: " + err.Error(), true})
	default:
		doc, err := tomlDecode(string(data))
		if err != nil {
			out = append(out, repoFinding{rel + " cannot be parsed (" + err.Error() + "): Codex may read what governance cannot check", true})
			break
		}
		out = append(out, codexSettings(rel, "", doc)...)
	}
	rules, _ := filepath.Glob(filepath.Join(dir, ".codex", "rules", "*.rules"))
	for _, r := range rules {
		out = append(out, repoFinding{".codex/rules/" + filepath.Base(r) + ": execpolicy rules, which may let commands run without asking", true})
	}
	if doc, err := readJSONObject(filepath.Join(dir, ".codex", "hooks.json")); err == nil {
		for _, cmd := range foreignCommands(doc, "command") {
			out = append(out, repoFinding{".codex/hooks.json runs " + cmd + " (Codex asks to trust each such hook first)", false})
		}
	}
	return out
}

// codexSettings reviews the keys of a Codex settings table (the file's,
// or a profile's under prefix).
func codexSettings(rel, prefix string, doc map[string]any) []repoFinding {
	var out []repoFinding
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := doc[k]
		name := rel + ": " + prefix + k
		switch k {
		case "approval_policy":
			s, isString := v.(string)
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: when Codex asks before it runs a command", name, tomlShow(v)),
				!isString || slices.Contains(codexLooseApproval, s)})
		case "sandbox_mode":
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: what commands may write and reach", name, tomlShow(v)), v != "read-only" && v != "workspace-write"})
		case "sandbox_workspace_write":
			m, _ := v.(map[string]any)
			loose := m["network_access"] == true || m["writable_roots"] != nil
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: the sandbox's network and writable folders", name, tomlShow(v)), loose})
		case "mcp_servers":
			m, _ := v.(map[string]any)
			servers := make([]string, 0, len(m))
			for s := range m {
				servers = append(servers, s)
			}
			slices.Sort(servers)
			if len(servers) == 0 {
				out = append(out, repoFinding{name + ": MCP servers", true})
			}
			for _, s := range servers {
				out = append(out, repoFinding{fmt.Sprintf("%s.%s: an MCP server Codex starts: %s", name, s, mcpServerShow(m[s])), true})
			}
		case "notify":
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: a program Codex runs after each turn", name, tomlShow(v)), true})
		case "hooks":
			out = append(out, repoFinding{name + ": hooks, commands Codex runs on its events", true})
		case "model_provider", "model_providers", "openai_base_url", "chatgpt_base_url":
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: where Codex sends the conversation", name, tomlShow(v)), true})
		case "profiles":
			m, _ := v.(map[string]any)
			names := make([]string, 0, len(m))
			for p := range m {
				names = append(names, p)
			}
			slices.Sort(names)
			for _, p := range names {
				if pm, ok := m[p].(map[string]any); ok {
					out = append(out, codexSettings(rel, prefix+"profiles."+p+".", pm)...)
				}
			}
		case "shell_environment_policy":
			// Variables it sets (PATH, LD_PRELOAD) change what a command
			// the hook read as git or ls runs.
			m, _ := v.(map[string]any)
			out = append(out, repoFinding{fmt.Sprintf("%s = %s: the environment commands run with", name, tomlShow(v)), m["set"] != nil})
		default:
			out = append(out, repoFinding{fmt.Sprintf("%s = %s", name, tomlShow(v)), false})
		}
	}
	return out
}

// tomlShow shows a decoded TOML value in one line.
func tomlShow(v any) string {
	switch v := v.(type) {
	case string:
		return tomlString(v)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k+" = "+tomlShow(v[k]))
		}
		slices.Sort(keys)
		return "{" + strings.Join(keys, ", ") + "}"
	case []any:
		var parts []string
		for _, e := range v {
			parts = append(parts, tomlShow(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// mcpServerShow shows what an MCP server definition runs or reaches.
func mcpServerShow(v any) string {
	m, _ := v.(map[string]any)
	if u, ok := m["url"].(string); ok {
		return u
	}
	words := []string{fmt.Sprint(m["command"])}
	if args, ok := m["args"].([]any); ok {
		for _, a := range args {
			words = append(words, fmt.Sprint(a))
		}
	}
	return strings.Join(words, " ")
}

// copilotRepoConfig reviews what Copilot CLI loads from a trusted folder:
// the repository's other hooks and its MCP servers, skills and agents.
func copilotRepoConfig(dir string) []repoFinding {
	var out []repoFinding
	hooks, _ := filepath.Glob(filepath.Join(dir, ".github", "hooks", "*.json"))
	for _, h := range hooks {
		rel := ".github/hooks/" + filepath.Base(h)
		doc, err := readJSONObject(h)
		if err != nil {
			out = append(out, repoFinding{rel + " cannot be read: " + err.Error(), true})
			continue
		}
		for _, cmd := range foreignCommands(doc, "bash", "powershell", "command") {
			out = append(out, repoFinding{rel + " runs " + cmd + " on Copilot CLI's events", true})
		}
	}
	for _, rel := range []string{".mcp.json", ".github/mcp.json", ".vscode/mcp.json", ".copilot/mcp-config.json"} {
		doc, err := readJSONObject(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			out = append(out, repoFinding{rel + " cannot be read: " + err.Error(), true})
			continue
		}
		for _, key := range []string{"mcpServers", "servers"} {
			v, _ := doc.Get(key)
			o, ok := v.(*jsonedit.Object)
			if !ok {
				continue
			}
			for _, name := range o.Keys() {
				s, _ := o.Get(name)
				out = append(out, repoFinding{fmt.Sprintf("%s: %s.%s: an MCP server Copilot CLI starts: %s", rel, key, name, jsonServerShow(s)), true})
			}
		}
	}
	for _, rel := range []string{".github/skills", ".github/agents", ".github/copilot-instructions.md"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err == nil {
			out = append(out, repoFinding{rel + ": instructions Copilot CLI gives the model", false})
		}
	}
	return out
}

// jsonServerShow shows what a JSON MCP server definition runs or reaches.
func jsonServerShow(v any) string {
	o, _ := v.(*jsonedit.Object)
	if o == nil {
		return "?"
	}
	if u := jsonString(o, "url"); u != "" {
		return u
	}
	words := []string{jsonString(o, "command")}
	if a, ok := o.Get("args"); ok {
		list, _ := a.([]any)
		for _, e := range list {
			words = append(words, fmt.Sprint(e))
		}
	}
	return strings.Join(words, " ")
}

// foreignCommands lists the commands of a hooks document's handlers that
// do not run governance-hook, under any of the keys that hold a command.
func foreignCommands(doc *jsonedit.Object, keys ...string) []string {
	v, _ := doc.Get("hooks")
	hooks, ok := v.(*jsonedit.Object)
	if !ok {
		return nil
	}
	var out []string
	var visit func(o *jsonedit.Object)
	visit = func(o *jsonedit.Object) {
		if hv, ok := o.Get("hooks"); ok {
			list, _ := hv.([]any)
			for _, h := range list {
				if ho, ok := h.(*jsonedit.Object); ok {
					visit(ho)
				}
			}
			return
		}
		for _, k := range keys {
			if cmd := jsonString(o, k); cmd != "" && hookBinary(cmd) == "" && !slices.Contains(out, cmd) {
				out = append(out, cmd)
			}
		}
	}
	for _, name := range hooks.Keys() {
		list, _ := eventList(hooks, name)
		for _, e := range list {
			if o, ok := e.(*jsonedit.Object); ok {
				visit(o)
			}
		}
	}
	return out
}
