package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// codexTool is the Codex binary scripts/install-test-tools installs.
const codexTool = "codex/node_modules/@openai/codex/vendor/x86_64-unknown-linux-musl/bin/codex"

// codexHome writes Codex's user settings: the fake Responses API as the
// model provider, and nothing that reaches beyond it (plugins, apps,
// update checks, analytics).
func codexHome(t *testing.T, home, url string, features ...string) {
	t.Helper()
	writeFile(t, filepath.Join(home, ".codex", "config.toml"), `# The fake model server.
model = "gpt-5-codex"
model_provider = "fake"
check_for_update_on_startup = false

[model_providers.fake]
name = "fake"
base_url = "`+url+`/v1"
env_key = "FAKE_API_KEY"
wire_api = "responses"

[features]
plugins = false
apps = false
remote_plugin = false
`+strings.Join(features, "\n")+`
[analytics]
enabled = false
`)
}

func codexEnv(home, bin string) []string {
	return append(baseEnv(home, bin), "FAKE_API_KEY=fake", "CODEX_HOME="+filepath.Join(home, ".codex"))
}

// Codex, offline against the fake Responses API, with the hook `governance
// install codex` writes in the project's .codex/hooks.json and the trust it
// records in ~/.codex/config.toml, without which Codex skips the hook.
func TestCodexEndToEnd(t *testing.T) {
	t.Parallel()
	codex := needTool(t, codexTool)
	project, home, bin := e2eProject(t)
	c := newConversation([]step{
		{"exec_command", map[string]any{"cmd": "rm -rf ."}},
		{"exec_command", map[string]any{"cmd": "echo governed-ok"}},
	}, nil)
	url := serve(t, responsesFake(c))
	codexHome(t, home, url)
	install(t, "codex", project, home, bin)
	out := runCLI(t, project, codexEnv(home, bin), codex, "exec", "--skip-git-repo-check",
		"-s", "danger-full-access", "run the thing")
	t.Logf("codex: %.3000s", out)
	c.checkMain(t, project)
}

// Codex's own view of the hooks install wrote, from `codex app-server`'s
// hooks/list, agrees with doctor's: trusted after install; modified when
// the hook changes after it was trusted; not listed at all when hooks
// are switched off (install switches them back on) or the project is not
// trusted. And an install Codex does not trust governs
// nothing: the write into .governance that the hook would deny happens.
func TestCodexTrustAsCodexSeesIt(t *testing.T) {
	t.Parallel()
	codex := needTool(t, codexTool)
	project, home, bin := e2eProject(t)
	c := newConversation([]step{
		{"exec_command", map[string]any{"cmd": "echo ungoverned > .governance/pwned"}},
	}, nil)
	url := serve(t, responsesFake(c))
	codexHome(t, home, url)
	install(t, "codex", project, home, bin)
	env := codexEnv(home, bin)

	statuses := func() map[string]string {
		t.Helper()
		return codexHookStatuses(t, codex, project, env)
	}
	if got := statuses(); len(got) != 5 || got["pre_tool_use:0:0"] != "trusted" {
		t.Errorf("after install, Codex lists the hooks as %v; want all 5 trusted", got)
	}
	doctor(t, project, home, bin, true, "")

	hooksFile := filepath.Join(project, ".codex", "hooks.json")
	data, err := os.ReadFile(hooksFile)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, hooksFile, strings.Replace(string(data), `"timeout": 30`, `"timeout": 31`, 1))
	if got := statuses(); got["session_start:0:0"] != "modified" {
		t.Errorf("after an edit, Codex lists the hooks as %v; want session_start modified", got)
	}
	doctor(t, project, home, bin, false, "Codex skips the hook on session_start:0:0: it changed since it was trusted")
	writeFile(t, hooksFile, string(data))

	codexHome(t, home, url, "hooks = false") // hooks switched off
	if got := statuses(); len(got) != 0 {
		t.Errorf("with hooks off, Codex lists the hooks as %v; want none", got)
	}
	doctor(t, project, home, bin, false, "[features] hooks = false in ~/.codex/config.toml: Codex runs no hook")
	install(t, "codex", project, home, bin)
	if got := statuses(); len(got) != 5 || got["stop:0:0"] != "trusted" {
		t.Errorf("after install turned hooks back on, Codex lists the hooks as %v; want all 5 trusted", got)
	}

	codexHome(t, home, url) // the user's settings as they were before install
	if got := statuses(); len(got) != 0 {
		t.Errorf("in an untrusted project, Codex lists the hooks as %v; want none", got)
	}
	doctor(t, project, home, bin, false, "Codex SKIPS the hook")
	runCLI(t, project, env, codex, "exec", "--skip-git-repo-check", "-s", "danger-full-access", "run the thing")
	if _, err := os.Stat(filepath.Join(project, ".governance", "pwned")); err != nil {
		t.Errorf("the untrusted hook ran after all (doctor said Codex skips it): %v", err)
	}
}

// codexHookStatuses asks `codex app-server` (JSON-RPC over stdio) for the
// hooks it finds for the project, and returns each one's trust status by
// its key without the file.
func codexHookStatuses(t *testing.T, codex, project string, env []string) map[string]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "app-server")
	cmd.Dir, cmd.Env = project, env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	send := func(msg string) {
		if _, err := io.WriteString(stdin, msg+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 1<<24)
	reply := func(id int) json.RawMessage {
		for lines.Scan() {
			var m struct {
				ID     *int            `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if json.Unmarshal(lines.Bytes(), &m) == nil && m.ID != nil && *m.ID == id {
				if m.Error != nil {
					t.Fatalf("codex app-server: %s", m.Error)
				}
				return m.Result
			}
		}
		t.Fatalf("codex app-server ended without answering request %d", id)
		return nil
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"governance-test","version":"1"}}}`)
	reply(1)
	send(`{"jsonrpc":"2.0","method":"initialized"}`)
	q, _ := json.Marshal(project)
	send(`{"jsonrpc":"2.0","id":2,"method":"hooks/list","params":{"cwds":[` + string(q) + `]}}`)
	var res struct {
		Data []struct {
			Hooks []struct {
				Key         string `json:"key"`
				SourcePath  string `json:"sourcePath"`
				TrustStatus string `json:"trustStatus"`
			} `json:"hooks"`
		} `json:"data"`
	}
	if err := json.Unmarshal(reply(2), &res); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range res.Data {
		for _, h := range d.Hooks {
			out[strings.TrimPrefix(h.Key, h.SourcePath+":")] = h.TrustStatus
		}
	}
	return out
}

// doctor runs `governance doctor` for the project and checks its verdict
// and that its report says want.
func doctor(t *testing.T, project, home, bin string, ok bool, want string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "governance"), "doctor", "--dir", project)
	cmd.Env = baseEnv(home, bin)
	out, err := cmd.CombinedOutput()
	if (err == nil) != ok || !strings.Contains(string(out), want) {
		t.Errorf("governance doctor: %v (want ok=%v and %q)\n%s", err, ok, want, out)
	}
}
