package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentgov/governance/internal/confine/landlock"
)

// The confinement end-to-end tests run the real agent CLIs in their
// unattended modes, with the hook `governance install` writes and the
// launcher beside it, against the fake model servers, with real
// bubblewrap: a call the analysis cannot prove runs confined through the
// rewritten input each harness takes, and its output comes back to the
// model.

// secretValue is in the project's .env; no confined call shows it.
const secretValue = "sk-live-not-for-agents-4242"

// confineProject is e2eProject with the launcher beside the hook, a .env
// holding a secret, a script that prints it, and a file in the home
// folder that a confined call does not see.
func confineProject(t *testing.T) (dir, home, bin string) {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		notInstalled(t, "bwrap is not installed")
	}
	dir, home, bin = e2eProject(t)
	if err := os.Symlink(os.Args[0], filepath.Join(bin, "governance-confine")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, ".env"), "API_KEY="+secretValue+"\n")
	writeFile(t, filepath.Join(dir, "show-env.sh"), "cat .env\necho end-of-env\n")
	writeFile(t, filepath.Join(home, "outside.txt"), "outside-visible\n")
	return dir, home, bin
}

// noteSeen wraps a fake model server and reports whether any request
// carried the note a confined call's agent is told.
func noteSeen(h http.Handler) (http.Handler, func() bool) {
	var mu sync.Mutex
	seen := false
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), "governance ran this command confined") {
			mu.Lock()
			seen = true
			mu.Unlock()
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}), func() bool { mu.Lock(); defer mu.Unlock(); return seen }
}

// wantConfined checks in the decision log that each command was decided
// confined.
func wantConfined(t *testing.T, home string, commands ...string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(home, ".local", "state", "governance", "decisions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e struct {
			Input struct {
				Tool struct {
					Input struct {
						Command string `json:"command"`
					} `json:"input"`
				} `json:"tool"`
			} `json:"input"`
			Result struct {
				Decision string `json:"decision"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("decision log: %v: %s", err, line)
		}
		got[e.Input.Tool.Input.Command] = e.Result.Decision
	}
	for _, c := range commands {
		if got[c] != "confined" {
			t.Errorf("%q was decided %q, not confined; the log holds %v", c, got[c], got)
		}
	}
}

// Claude Code in bypassPermissions mode, headless: `make test` runs
// confined and its output reaches the model; a script that prints .env
// shows nothing secret; `cd sub` in one call and `pwd` in the next land
// in sub; a background job survives its call, whether Claude Code runs
// it in the background or the command leaves it running with &.
func TestClaudeCodeConfined(t *testing.T) {
	t.Parallel()
	claude := needTool(t, "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	project, home, bin := confineProject(t)
	writeFile(t, filepath.Join(project, "Makefile"), "test:\n\t@echo tests-passed\n\t@cat $(HOME)/outside.txt 2>/dev/null || echo home-hidden\n")
	install(t, "claude", project, home, bin)
	c := newConversation([]step{
		{"Bash", map[string]any{"command": "make test", "description": "Run the tests"}},
		{"Bash", map[string]any{"command": "sh show-env.sh; exit 3", "description": "Show the settings"}},
		{"Bash", map[string]any{"command": "mkdir -p sub && cd sub", "description": "Go to sub"}},
		{"Bash", map[string]any{"command": "pwd", "description": "Where am I"}},
		{"Bash", map[string]any{"command": "sleep 2 && echo survived > bg.txt", "description": "Later", "run_in_background": true}},
		// Waits for the job, which ends after its call returned.
		{"Bash", map[string]any{"command": "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do [ -f bg.txt ] && break; sleep 1; done; cat bg.txt",
			"description": "Check"}},
		// A job the command leaves running: the call returns, the job
		// writes its file after.
		{"Bash", map[string]any{"command": "(sleep 2 && echo survived-amp > amp.txt) >/dev/null 2>&1 & echo started", "description": "Start a job"}},
		{"Bash", map[string]any{"command": "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do [ -f amp.txt ] && break; sleep 1; done; cat amp.txt",
			"description": "Check the job"}},
		// A dev server started with &, answering the same call on
		// loopback although the call has no network.
		{"Bash", map[string]any{"command": devServer, "description": "Serve and fetch"}},
	}, nil)
	fake, seen := noteSeen(anthropicFake(c))
	out := runClaude(t, claude, project, home, bin, serve(t, fake), "bypassPermissions")
	t.Logf("claude: %.3000s", out)
	wantConfined(t, home, "make test", "sh show-env.sh; exit 3", "mkdir -p sub && cd sub", "sleep 2 && echo survived > bg.txt",
		"(sleep 2 && echo survived-amp > amp.txt) >/dev/null 2>&1 & echo started", devServer)
	for i := range 9 {
		t.Logf("step %d: %+v", i, c.result(t, "main", i))
	}
	if !seen() {
		t.Error("the model was never told that a call ran confined")
	}
	t.Run("make test runs confined", func(t *testing.T) {
		r := c.result(t, "main", 0)
		if r.isError || !strings.Contains(r.text, "tests-passed") || !strings.Contains(r.text, "home-hidden") {
			t.Errorf("make test did not run confined; the tool result was %+v", r)
		}
	})
	t.Run(".env shows nothing secret", func(t *testing.T) {
		r := c.result(t, "main", 1)
		if strings.Contains(r.text, secretValue) || !strings.Contains(r.text, "end-of-env") {
			t.Errorf("the script did not run with .env masked; the tool result was %+v", r)
		}
		if !r.isError || !strings.Contains(r.text, "Exit code 3") {
			t.Errorf("the exit status did not come back; the tool result was %+v", r)
		}
	})
	t.Run("cd lands for the next call", func(t *testing.T) {
		r := c.result(t, "main", 3)
		if !strings.Contains(r.text, filepath.Join(project, "sub")) {
			t.Errorf("pwd after cd sub: %+v", r)
		}
	})
	t.Run("background job survives", func(t *testing.T) {
		r := c.result(t, "main", 5)
		if !strings.Contains(r.text, "survived") {
			t.Errorf("the background job did not survive its call: %+v", r)
		}
	})
	t.Run("a job started with & survives", func(t *testing.T) {
		if r := c.result(t, "main", 6); !strings.Contains(r.text, "started") || strings.Contains(r.text, "survived-amp") {
			t.Errorf("the call did not return before its job wrote: %+v", r)
		}
		if r := c.result(t, "main", 7); !strings.Contains(r.text, "survived-amp") {
			t.Errorf("the job started with & did not survive its call: %+v", r)
		}
	})
	t.Run("a dev server answers on loopback", func(t *testing.T) {
		if r := c.result(t, "main", 8); !strings.Contains(r.text, "status-200") {
			t.Errorf("the server started with & did not answer the same call: %+v", r)
		}
	})
}

// devServer starts Python's HTTP server with & (for twenty seconds at
// most) and fetches its page from the same call.
const devServer = `timeout 20 python3 -m http.server 8765 --bind 127.0.0.1 >/dev/null 2>&1 &
python3 -c 'import time, urllib.request
for i in range(50):
    try:
        print("status-%d" % urllib.request.urlopen("http://127.0.0.1:8765/").status); break
    except OSError: time.sleep(0.2)'`

// Claude Code headless (-p) in its default mode, where it says nobody
// attends the session (CLAUDE_CODE_SESSION_ATTENDED=0) and would refuse
// an unproven call: the call runs confined instead.
func TestClaudeCodeHeadlessConfined(t *testing.T) {
	t.Parallel()
	claude := needTool(t, "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	project, home, bin := confineProject(t)
	install(t, "claude", project, home, bin)
	c := newConversation([]step{
		{"Bash", map[string]any{"command": "sh show-env.sh; exit 3", "description": "Show the settings"}},
	}, nil)
	fake, seen := noteSeen(anthropicFake(c))
	out := runClaude(t, claude, project, home, bin, serve(t, fake), "default")
	t.Logf("claude: %.3000s", out)
	checkConfinedScript(t, c, seen, home, "Exit code 3")
}

// runClaude runs Claude Code headless in a permission mode against the
// fake Anthropic API at url.
func runClaude(t *testing.T, claude, project, home, bin, url, mode string) string {
	t.Helper()
	env := append(baseEnv(home, bin),
		"ANTHROPIC_BASE_URL="+url, "ANTHROPIC_API_KEY=sk-ant-fake",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1", "DISABLE_BUG_COMMAND=1", "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1",
		// Claude Code refuses bypassPermissions to root outside a
		// container it is told of: CI's container runs tests as root.
		"IS_SANDBOX=1")
	return runCLI(t, project, env, claude, "-p", "run the thing", "--output-format", "json", "--model", "claude-sonnet-4-5",
		"--permission-mode", mode)
}

// Codex, headless (codex exec) with no sandbox of its own and no
// approvals: a script of unknown effects runs confined through the
// updatedInput Codex takes, .env masked, its output and exit status back
// to the model.
func TestCodexConfined(t *testing.T) {
	t.Parallel()
	codex := needTool(t, codexTool)
	project, home, bin := confineProject(t)
	c := newConversation([]step{
		{"exec_command", map[string]any{"cmd": "sh show-env.sh; exit 3"}},
	}, nil)
	fake, seen := noteSeen(responsesFake(c))
	url := serve(t, fake)
	codexHome(t, home, url)
	install(t, "codex", project, home, bin)
	out := runCLI(t, project, codexEnv(home, bin), codex, "exec", "--skip-git-repo-check",
		"--dangerously-bypass-approvals-and-sandbox", "run the thing")
	t.Logf("codex: %.3000s", out)
	checkConfinedScript(t, c, seen, home, "Process exited with code 3")
}

// Codex in its own sandbox (workspace-write, Codex's bubblewrap and
// seccomp, which forbid the launcher's namespaces), headless: the
// confined call never runs unconfined. Codex's sandbox alone would show
// it .env; the launcher confines it by Landlock where the kernel offers
// it (as root without CAP_SETPCAP there: no_new_privs and empty
// capability sets), and refuses it with status 125 elsewhere.
func TestCodexSandboxedConfined(t *testing.T) {
	t.Parallel()
	codex := needTool(t, codexTool)
	project, home, bin := confineProject(t)
	c := newConversation([]step{
		{"exec_command", map[string]any{"cmd": "sh show-env.sh; exit 3"}},
	}, nil)
	url := serve(t, responsesFake(c))
	codexHome(t, home, url)
	install(t, "codex", project, home, bin)
	// Codex's sandbox needs its helper, which it does not make under its
	// temporary folder: give it one beside the home folder.
	tmp := filepath.Join(filepath.Dir(home), "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	out := runCLI(t, project, append(codexEnv(home, bin), "TMPDIR="+tmp), codex, "exec", "--skip-git-repo-check",
		"--sandbox", "workspace-write", "run the thing")
	t.Logf("codex: %.3000s", out)
	wantConfined(t, home, "sh show-env.sh; exit 3")
	r := c.result(t, "main", 0)
	t.Logf("the tool result: %+v", r)
	ran := strings.Contains(r.text, "end-of-env") && strings.Contains(r.text, "Process exited with code 3")
	refused := strings.Contains(r.text, "refusing to run bash unconfined") && strings.Contains(r.text, "Process exited with code 125")
	if strings.Contains(r.text, secretValue) || !ran && !refused {
		t.Errorf("the call did not run confined, nor was it refused; the tool result was %+v", r)
	}
	// Where the kernel offers Landlock, the launcher confines by it
	// rather than refuse: the call runs, .env unreadable.
	if (landlock.Fallback{}).Available() == nil && (!ran || !strings.Contains(r.text, "confined by Landlock")) {
		t.Errorf("the kernel offers Landlock ABI %d, and the call did not run confined by it; the tool result was %+v", landlock.ABI(), r)
	}
}

// Gemini CLI in yolo mode: the script runs confined through the
// tool_input Gemini CLI merges over the call's arguments.
func TestGeminiCLIConfined(t *testing.T) {
	t.Parallel()
	gemini := needTool(t, "gemini/node_modules/@google/gemini-cli/bundle/gemini.js")
	project, home, bin := confineProject(t)
	geminiHome(t, home)
	install(t, "gemini", project, home, bin)
	c := newConversation([]step{
		{"run_shell_command", map[string]any{"command": "sh show-env.sh; exit 3", "description": "Show the settings"}},
	}, nil)
	fake, seen := noteSeen(geminiFake(c))
	out := runGemini(t, gemini, project, home, bin, serve(t, fake))
	t.Logf("gemini: %.2000s", out)
	checkConfinedScript(t, c, seen, home, "Exit Code: 3")
}

// OpenCode: the script runs confined through the args the plugin
// rewrites.
func TestOpenCodeConfined(t *testing.T) {
	t.Parallel()
	opencode := needTool(t, "opencode/node_modules/opencode-linux-x64/bin/opencode")
	plugin := needTool(t, "opencode-plugin/node_modules/@opencode-ai/plugin/package.json")
	project, home, bin := confineProject(t)
	c := newConversation([]step{
		{"bash", map[string]any{"command": "sh show-env.sh; exit 3", "description": "Show the settings"}},
	}, nil)
	fake, seen := noteSeen(anthropicFake(c))
	out := runOpenCode(t, opencode, plugin, project, home, bin, serve(t, fake))
	t.Logf("opencode: %.2000s", out)
	// OpenCode tells the model a command's output, not its status.
	checkConfinedScript(t, c, seen, home, "")
}

// Copilot CLI with every tool allowed: the script runs confined through
// the modifiedArgs Copilot CLI takes.
func TestCopilotCLIConfined(t *testing.T) {
	t.Parallel()
	copilot := needTool(t, copilotTool)
	project, home, bin := confineProject(t)
	c := newConversation([]step{
		{"bash", map[string]any{"command": "sh show-env.sh; exit 3", "description": "Show the settings"}},
	}, nil)
	fake, seen := noteSeen(responsesFake(c))
	url := serve(t, fake)
	install(t, "copilot", project, home, bin)
	out := runCLI(t, project, copilotEnv(home, bin, url), copilot, "-p", "run the thing", "--allow-all-tools")
	t.Logf("copilot: %.3000s", out)
	checkConfinedScript(t, c, seen, home, "completed with exit code 3")
}

// checkConfinedScript checks the one step of a harness's conversation,
// `sh show-env.sh; exit 3`: decided confined, its result holds the
// script's output without the secret, and status, and the model was told
// that it ran confined.
func checkConfinedScript(t *testing.T, c *conversation, seen func() bool, home, status string) {
	t.Helper()
	if !seen() {
		t.Error("the model was never told that the call ran confined")
	}
	wantConfined(t, home, "sh show-env.sh; exit 3")
	r := c.result(t, "main", 0)
	t.Logf("the tool result: %+v", r)
	if strings.Contains(r.text, secretValue) || !strings.Contains(r.text, "end-of-env") || !strings.Contains(r.text, status) {
		t.Errorf("the script did not run confined, with its output and status %s; the tool result was %+v", status, r)
	}
}
