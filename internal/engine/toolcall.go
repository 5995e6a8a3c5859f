package engine

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
)

// ToolCall normalizes a tool call given by name and input, whatever
// harness the name comes from: Claude Code (Bash, Read), Gemini CLI
// (run_shell_command, read_file), Codex (apply_patch, exec_command),
// Copilot and OpenCode (bash, view, edit), a canonical kind (shell, read),
// or an MCP tool (mcp__server__tool). For a tool it does not know, it
// collects any command and file paths the input holds.
func ToolCall(name string, input map[string]any) Tool {
	if t := ClaudeTool(name, input); t.Kind != KindOther {
		return t
	}
	t := Tool{Name: name, Raw: input}
	in := &t.Input
	if searchTool(name) {
		// A search of the files' contents under a folder (the call's
		// own when none is named).
		t.Kind = KindRead
		in.Paths = append(ToolPaths(input, false), stringList(input, "target_directories")...)
		if len(in.Paths) == 0 {
			in.Paths = []string{"."}
		}
		return t
	}
	switch strings.ToLower(name) {
	case "shell", "bash", "sh", "run_shell_command", "exec_command", "beforeshellexecution", "local_shell", "exec", "command", "powershell":
		t.Kind = KindShell
		in.Command = ToolCommand(input)
	case "write_bash", "write_stdin":
		// Text typed into a running shell session (Copilot CLI's
		// write_bash, Codex's write_stdin): the session's shell, or a
		// program in it (a pager's !command, a REPL), runs it as a command
		// line, on the host, whatever the call that started the session
		// was judged. Judged as that command; the reply cannot carry it
		// confined (its field is not a command), so an unproven one needs
		// a person's yes where nobody watches.
		t.Kind = KindShell
		in.Command = InputString(input, "chars", "input", "text", "keys")
	case "read_many_files":
		t.Kind = KindRead
		in.Paths = ManyFilesPaths(input)
	case "read", "read_file", "view", "cat", "list_directory", "list", "ls", "beforereadfile",
		// Codex's list_dir and view_image, OpenCode's lsp (a file's
		// symbols, definitions and hovers), Cursor's ReadLints.
		"list_dir", "view_image", "lsp", "readlints", "read_lints":
		t.Kind = KindRead
		in.Paths = ToolPaths(input, false)
	case "glob", "file_search":
		t.Kind = KindRead
		in.Paths = ToolPaths(input, true)
		if len(in.Paths) == 0 {
			in.Paths = []string{"."}
		}
	case "write", "write_file", "create":
		t.Kind = KindWrite
		in.Paths = ToolPaths(input, false)
		in.Content = InputString(input, "content", "text", "file_text")
	case "edit", "replace", "str_replace", "str_replace_editor", "multiedit", "afterfileedit":
		t.Kind = KindEdit
		in.Paths = ToolPaths(input, false)
		in.Content = InputString(input, "new_string", "newString", "new_str", "content")
	case "apply_patch", "patch", "applypatch":
		t.Kind = KindEdit
		in.Paths = patchFiles(patchOf(input))
		in.Content = patchOf(input)
	case "web", "webfetch", "web_fetch", "fetch":
		t.Kind = KindWeb
		in.URL = InputString(input, "url", "uri", "href")
		// Gemini's web_fetch fetches the URLs of its prompt.
		in.Query = InputString(input, "prompt")
	case "websearch", "web_search", "google_web_search":
		t.Kind = KindWeb
		in.Query = InputString(input, "query", "q")
	case "agent", "task", "invoke_agent", "subagent":
		t.Kind = KindAgent
		in.Subagent = InputString(input, "subagent_type", "agent", "agent_name", "name", "subagent")
		in.Prompt = InputString(input, "prompt", "description")
	case "mcp":
		t.Kind = KindMCP
		in.Server = InputString(input, "server")
		in.MCPTool = InputString(input, "tool")
		if args, ok := input["arguments"]; ok {
			in.Arguments, _ = json.Marshal(args)
		}
	default:
		// An unknown tool: judge whatever command, patch and paths it
		// carries.
		t.Kind = KindOther
		if p := patchOf(input); p != "" && LooksLikePatch(p) {
			in.Paths, in.Content = patchFiles(p), p
			t.Kind = KindEdit
			return t
		}
		in.Command = ToolCommand(input)
		in.Paths = ToolPaths(input, true)
	}
	return t
}

// stringList returns the strings of a list in a tool input.
func stringList(m map[string]any, key string) []string {
	list, _ := m[key].([]any)
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}

// InputString returns the first of the keys whose value in a tool input is
// a string that is not empty, or "".
func InputString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

func ToolCommand(m map[string]any) string {
	switch c := m["command"].(type) {
	case string:
		return c
	case []any:
		// Codex exec: ["bash", "-lc", "..."] or argv.
		var parts []string
		for _, p := range c {
			if s, ok := p.(string); ok {
				parts = append(parts, s)
			}
		}
		if len(parts) == 3 && (parts[1] == "-lc" || parts[1] == "-c") {
			return parts[2]
		}
		return strings.Join(quoteAll(parts), " ")
	}
	return InputString(m, "cmd", "script")
}

func quoteAll(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		if p == "" || strings.ContainsAny(p, " \t\n'\"\\$`|&;<>(){}*?[]#~") {
			out[i] = "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
		} else {
			out[i] = p
		}
	}
	return out
}

func patchOf(m map[string]any) string {
	for _, k := range []string{"patchText", "patch", "diff", "input", "command"} {
		if s, ok := m[k].(string); ok && LooksLikePatch(s) {
			return s
		}
	}
	return ""
}

func LooksLikePatch(s string) bool {
	return strings.Contains(s, "*** Begin Patch") || strings.HasPrefix(s, "diff --git ") ||
		strings.HasPrefix(s, "--- ") || strings.Contains(s, "\n--- ") && strings.Contains(s, "\n+++ ")
}

// toolPathKeys are input keys that hold file paths.
var toolPathKeys = []string{"file_path", "filePath", "filepath", "path", "absolute_path", "notebook_path", "dir_path", "target_file", "file", "filename"}

// pathsOf collects file paths from an input, looking into nested objects
// and lists. With globs, glob and pattern keys count as paths too.
func ToolPaths(m map[string]any, globs bool) []string {
	var out []string
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 6 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range toolPathKeys {
				if s, ok := x[k].(string); ok && s != "" {
					out = append(out, s)
				}
			}
			if globs {
				for _, k := range []string{"glob", "pattern"} {
					if s, ok := x[k].(string); ok && s != "" {
						out = append(out, s)
					}
				}
			}
			if list, ok := x["paths"].([]any); ok {
				for _, p := range list {
					if s, ok := p.(string); ok {
						out = append(out, s)
					}
				}
			}
			for k, c := range x {
				switch c.(type) {
				case map[string]any, []any:
					if k != "paths" {
						walk(c, depth+1)
					}
				}
			}
		case []any:
			for _, c := range x {
				walk(c, depth+1)
			}
		}
	}
	walk(m, 0)
	return out
}

// ClaudeTool maps a Claude Code tool call to a canonical tool.
func ClaudeTool(name string, ti map[string]any) Tool {
	t := Tool{Name: name, Raw: ti}
	in := &t.Input
	switch name {
	case "Bash", "PowerShell":
		t.Kind = KindShell
		in.Command = str(ti, "command")
	case "Read", "NotebookRead":
		t.Kind = KindRead
		in.Paths = NonEmpty(str(ti, "file_path"), str(ti, "notebook_path"))
	case "Glob", "Grep", "LS":
		t.Kind = KindRead
		in.Paths = NonEmpty(str(ti, "path"))
		if len(in.Paths) == 0 {
			in.Paths = []string{"."}
		}
	case "Write":
		t.Kind = KindWrite
		in.Paths = NonEmpty(str(ti, "file_path"))
		in.Content = str(ti, "content")
	case "Edit", "MultiEdit", "NotebookEdit":
		t.Kind = KindEdit
		in.Paths = NonEmpty(str(ti, "file_path"), str(ti, "notebook_path"))
		in.Content = str(ti, "new_string") + str(ti, "new_source")
		if edits, ok := ti["edits"].([]any); ok {
			for _, e := range edits {
				if m, ok := e.(map[string]any); ok {
					in.Content += "\n" + str(m, "new_string")
				}
			}
		}
	case "WebFetch":
		t.Kind = KindWeb
		in.URL = str(ti, "url")
	case "WebSearch":
		t.Kind = KindWeb
		in.Query = str(ti, "query")
	case "Agent", "Task":
		t.Kind = KindAgent
		in.Subagent = str(ti, "subagent_type")
		if in.Subagent == "" {
			in.Subagent = "general-purpose"
		}
		in.Prompt = str(ti, "prompt")
	default:
		if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
			server, tool, _ := strings.Cut(rest, "__")
			return MCPTool(name, server, tool, ti)
		}
		t.Kind = KindOther
	}
	return t
}

// MCPTool is a call of an MCP server's tool.
func MCPTool(name, server, tool string, args map[string]any) Tool {
	t := Tool{Kind: KindMCP, Name: name, Input: Input{Server: server, MCPTool: tool}, Raw: args}
	if args != nil {
		t.Input.Arguments, _ = json.Marshal(args)
	}
	return t
}

// str returns a string field of an object, "" when missing or not a string.
func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// NonEmpty returns the strings that are not empty.
func NonEmpty(s ...string) []string {
	var out []string
	for _, v := range s {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// shellFolderKeys are the keys under which agent harnesses' shell tools
// take the folder their command runs in: Gemini CLI's dir_path (and
// directory, its name before), Codex's workdir (shell, exec_command,
// container.exec) and working_directory (local_shell), OpenCode's
// workdir, Cursor's working_directory, and cwd. One list for every
// dialect: a harness that renames its parameter, or a fork that keeps
// an older name, runs the command where the list says it does.
var shellFolderKeys = []string{"dir_path", "directory", "workdir", "working_directory", "cwd"}

// ShellFolder returns the folder a shell tool's input names for its
// command, as written (relative to the call's folder unless absolute),
// or "" when it names none. unknown is set, to the key, when the input
// names a folder in a way that cannot be followed: under a key whose
// name says folder, path or cwd but is none of shellFolderKeys, as a
// value that is not text or starts with ~, or as two different folders.
// Where the harness runs such a command is not known.
func ShellFolder(input map[string]any) (dir, unknown string) {
	for _, k := range shellFolderKeys {
		switch v := input[k].(type) {
		case nil:
		case string:
			switch {
			case v == "":
			case strings.HasPrefix(v, "~"), dir != "" && v != dir:
				return "", k
			default:
				dir = v
			}
		default:
			return "", k
		}
	}
	var odd []string
	for k, v := range input {
		if v != nil && v != "" && folderKey(k) && !slices.Contains(shellFolderKeys, k) {
			odd = append(odd, k)
		}
	}
	if len(odd) > 0 {
		slices.Sort(odd)
		return "", odd[0]
	}
	return dir, ""
}

// folderKey reports a key whose name says it holds a folder or a path.
func folderKey(k string) bool {
	k = strings.ToLower(k)
	for _, w := range []string{"dir", "cwd", "path", "folder", "location"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// FollowShellFolder moves a shell call to the folder its tool input
// names (see [ShellFolder]), where the harness runs it, or marks the
// call's folder unknown. A command tool of another kind is followed the
// same way.
func (r *Request) FollowShellFolder(input map[string]any) {
	if r.Tool.Kind != KindShell && (r.Tool.Kind != KindOther || r.Tool.Input.Command == "") {
		return
	}
	dir, unknown := ShellFolder(input)
	if unknown != "" {
		r.Tool.Input.UnknownFolder = unknown
		return
	}
	if dir == "" {
		return
	}
	if !filepath.IsAbs(dir) && r.Cwd != "" {
		dir = filepath.Join(r.Cwd, dir)
	}
	r.Cwd = dir
}
