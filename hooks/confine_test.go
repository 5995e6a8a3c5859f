package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// confinedPayloads are a PreToolUse of an unknown shell command in each
// dialect, and where the dialect's reply holds the rewritten input.
func confinedPayloads(cwd, cmd string) map[string]struct {
	payload map[string]any
	path    []string
} {
	return map[string]struct {
		payload map[string]any
		path    []string
	}{
		"claude": {map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "PreToolUse", "permission_mode": "bypassPermissions",
			"tool_name": "Bash", "tool_input": map[string]any{"command": cmd, "description": "build it"}},
			[]string{"hookSpecificOutput", "updatedInput"}},
		"codex": {map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "PreToolUse", "permission_mode": "bypassPermissions",
			"tool_name": "Bash", "tool_input": map[string]any{"command": cmd, "description": "build it"}},
			[]string{"hookSpecificOutput", "updatedInput"}},
		"gemini": {map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "BeforeTool",
			"tool_name": "run_shell_command", "tool_input": map[string]any{"command": cmd, "description": "build it"}},
			[]string{"hookSpecificOutput", "tool_input"}},
		"cursor": {map[string]any{"conversation_id": "s", "cwd": cwd, "hook_event_name": "preToolUse",
			"tool_name": "Shell", "tool_input": map[string]any{"command": cmd, "description": "build it"}},
			[]string{"updated_input"}},
		"copilot": {map[string]any{"sessionId": "s", "cwd": cwd, "toolName": "bash",
			"toolArgs": `{"command":` + jsonString(cmd) + `,"description":"build it"}`},
			[]string{"modifiedArgs"}},
		"opencode": {map[string]any{"event": "tool.execute.before", "session_id": "s", "directory": cwd, "tool": "bash",
			"call_id": "c1", "args": map[string]any{"command": cmd, "description": "build it"}},
			[]string{"args"}},
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// confineEnv is a test environment whose machine confines (launcher set)
// or cannot (err set), and a loader of the built-in policy that files an
// ask in the approval queue without waiting.
func confineEnv(t *testing.T, launcher string, err error) (Env, Options, string) {
	t.Helper()
	env := testEnv(t)
	env.Confiner = func() (string, error) { return launcher, err }
	load := func(p layout.Paths) *engine.Policy {
		pol := snapshot.Builtin(p).Policy()
		pol.Settings.ApprovalWaitSeconds = 0
		return pol
	}
	return env, Options{Load: load}, env.Cwd
}

// dig follows path through a reply.
func dig(m map[string]any, path []string) map[string]any {
	for _, k := range path {
		m, _ = m[k].(map[string]any)
	}
	return m
}

// TestDialectsHoldTheirSettings: every dialect that can run a call
// confined names a harness of the engine's table, whose settings the
// launcher holds for the calls it makes (--harness); a dialect missing
// there would be named in no rewrite, and every harness's held.
func TestDialectsHoldTheirSettings(t *testing.T) {
	for dialect := range RewriteFields {
		if !engine.HarnessDialect(dialect) {
			t.Errorf("the dialect %s is no harness of the engine's harnessFiles", dialect)
		}
	}
}

// TestConfinedReply: in every dialect, the reply to a shell call the
// analysis cannot prove is an allow whose input runs the command
// through the launcher, in the field that dialect rewrites, with the
// rest of the input kept and a note for the agent.
func TestConfinedReply(t *testing.T) {
	t.Parallel()
	const cmd = `frobnicate --all 'two words'`
	const launcher = "/opt/governance/bin/governance-confine"
	for dialect := range Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			env, o, cwd := confineEnv(t, launcher, nil)
			tc := confinedPayloads(cwd, cmd)[dialect]
			data, _ := json.Marshal(tc.payload)
			var stderr bytes.Buffer
			out := Respond(context.Background(), dialect, data, env, &stderr, o)
			var reply map[string]any
			if err := json.Unmarshal(out, &reply); err != nil {
				t.Fatalf("reply %s: %v", out, err)
			}
			if f := strings.Join(tc.path, "."); RewriteFields[dialect] != f {
				t.Errorf("RewriteFields[%q] = %q, the reply rewrites %s", dialect, RewriteFields[dialect], f)
			}
			in := dig(reply, tc.path)
			got, _ := in["command"].(string)
			// The decision's ID, new for each call, names the checkpoint;
			// the dialect, the harness whose settings the launcher holds.
			want := launcher + " --kind unknown-effects --project " + cwd + " --harness " + dialect + ` --decision ID -- bash -c 'frobnicate --all '\''two words'\'''`
			if dialect == "claude" {
				want = followFolder(&Event{}, want)
			}
			if regexp.MustCompile(`--decision [0-9a-f-]{36} `).ReplaceAllString(got, "--decision ID ") != want {
				t.Fatalf("rewritten command in %v:\n%s\nwant\n%s\nreply %s", tc.path, got, want, out)
			}
			if in["description"] != "build it" {
				t.Errorf("the rest of the input is lost: %v", in)
			}
			if s := string(out); !strings.Contains(s, "allow") || !strings.Contains(s, "governance run --why") {
				t.Errorf("reply %s is not an allow with a note on how to ask for more", s)
			}
		})
	}
}

// TestCannotConfine: where the machine cannot confine, an attended
// Claude Code or Codex session keeps the defer; an unattended mode (in
// Claude Code's default mode too when it says nobody attends), and
// every dialect that does not say whether a person watches, puts the
// call to a person through the approval queue: none runs unconfined.
func TestCannotConfine(t *testing.T) {
	t.Parallel()
	const cmd = "frobnicate --all"
	cannot := errors.New("bubblewrap (bwrap) is not on PATH")
	tests := []struct {
		dialect, mode string
		// attended is Claude Code's CLAUDE_CODE_SESSION_ATTENDED.
		attended string
		queued   bool
	}{
		{dialect: "claude", mode: "default"},
		{dialect: "claude", mode: "default", attended: "1"},
		{dialect: "claude", mode: "default", attended: "0", queued: true},
		{dialect: "claude", mode: "acceptEdits"},
		{dialect: "claude", mode: "bypassPermissions", queued: true},
		{dialect: "claude", mode: "dontAsk", queued: true},
		{dialect: "claude", mode: ""},
		{dialect: "claude", mode: "auto", queued: true},
		{dialect: "codex", mode: "default"},
		{dialect: "codex", mode: "bypassPermissions", queued: true},
		{dialect: "gemini", queued: true},
		{dialect: "cursor", queued: true},
		{dialect: "copilot", queued: true},
		{dialect: "opencode", queued: true},
	}
	for _, tt := range tests {
		t.Run(tt.dialect+"/"+tt.mode+"/"+tt.attended, func(t *testing.T) {
			t.Parallel()
			env, o, cwd := confineEnv(t, "", cannot)
			if tt.attended != "" {
				getenv := env.Getenv
				env.Getenv = func(k string) string {
					if k == "CLAUDE_CODE_SESSION_ATTENDED" {
						return tt.attended
					}
					return getenv(k)
				}
			}
			tc := confinedPayloads(cwd, cmd)[tt.dialect]
			if tt.mode == "" {
				delete(tc.payload, "permission_mode")
			} else {
				tc.payload["permission_mode"] = tt.mode
			}
			data, _ := json.Marshal(tc.payload)
			var stderr bytes.Buffer
			out := string(Respond(context.Background(), tt.dialect, data, env, &stderr, o))
			if strings.Contains(out, "governance-confine") {
				t.Fatalf("a machine that cannot confine got a rewrite: %s", out)
			}
			ids, _ := filepath.Glob(filepath.Join(env.Getenv("XDG_STATE_HOME"), "governance", "approvals", "*"))
			if tt.queued {
				if !strings.Contains(out, "deny") && !strings.Contains(out, "ask") || len(ids) == 0 {
					t.Fatalf("reply %s, approval files %v: want the call blocked and waiting in the approval queue", out, ids)
				}
				return
			}
			if strings.Contains(out, "deny") || strings.Contains(out, "allow") || len(ids) != 0 {
				t.Fatalf("an attended session got %s (approval files %v), want the defer as before", out, ids)
			}
		})
	}
}

// TestConfineCwdEnv: the rewrite names the report file in the variable
// the launcher reads.
func TestConfineCwdEnv(t *testing.T) {
	t.Parallel()
	if confineCwdEnv != confine.CwdEnv {
		t.Errorf("the hook sets %s, the launcher reads %s", confineCwdEnv, confine.CwdEnv)
	}
}

// TestConfinedNoteAfter: Gemini CLI shows the model a hook's context
// only after a call; the note on a confined call is given there, read
// back from the rewritten command, and on no other call.
func TestConfinedNoteAfter(t *testing.T) {
	t.Parallel()
	const launcher = "/opt/governance/bin/governance-confine"
	env, o, cwd := confineEnv(t, launcher, nil)
	rewritten := launcher + " --kind unknown-effects --project " + cwd + ` -- bash -c 'make '\''a b'\'''`
	for cmd, want := range map[string]string{
		rewritten:                       "governance ran this command confined (unknown-effects)",
		"make test":                     "",
		launcher + " --kind read-only":  "",
		"echo " + rewritten:             "",
		rewritten + " extra":            "",
		"/bin/governance-confine -- ls": "",
	} {
		data, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "AfterTool",
			"tool_name": "run_shell_command", "tool_input": map[string]any{"command": cmd},
			"tool_response": map[string]any{"llmContent": "done"}})
		out := string(Respond(context.Background(), "gemini", data, env, &bytes.Buffer{}, o))
		switch {
		case want == "" && strings.Contains(out, "confined"):
			t.Errorf("%s: a note on a call that did not run confined: %s", cmd, out)
		case want != "" && (!strings.Contains(out, want) || !strings.Contains(out, `governance run --why \"REASON\" -- make 'a b'`)):
			t.Errorf("%s: reply %s, want the note on the confined call", cmd, out)
		}
	}
}

// TestAttendedConfined: a Claude Code or Codex session a person watches
// gets no prompt for a shell call the analysis cannot prove, in a git
// work tree: the call runs confined, and the launcher takes a checkpoint
// first or does not run it (--require-checkpoint); in a folder that is no
// repository, the harness asks its user as before.
func TestAttendedConfined(t *testing.T) {
	t.Parallel()
	const cmd = "frobnicate --all"
	const launcher = "/opt/governance/bin/governance-confine"
	for _, tt := range []struct {
		dialect, mode string
		repo          bool
		want          string
	}{
		{dialect: "claude", mode: "default", repo: true, want: "required"},
		{dialect: "claude", mode: "acceptEdits", repo: true, want: "required"},
		{dialect: "claude", mode: "", repo: true, want: "required"},
		{dialect: "codex", mode: "default", repo: true, want: "required"},
		{dialect: "claude", mode: "default", want: "defer"},
		{dialect: "claude", mode: "bypassPermissions", want: "best effort"},
		{dialect: "claude", mode: "bypassPermissions", repo: true, want: "best effort"},
	} {
		t.Run(fmt.Sprintf("%s/%s/repo=%v", tt.dialect, tt.mode, tt.repo), func(t *testing.T) {
			t.Parallel()
			env, o, cwd := confineEnv(t, launcher, nil)
			if !tt.repo {
				if err := os.Remove(filepath.Join(cwd, ".git")); err != nil {
					t.Fatal(err)
				}
			}
			tc := confinedPayloads(cwd, cmd)[tt.dialect]
			if tt.mode == "" {
				delete(tc.payload, "permission_mode")
			} else {
				tc.payload["permission_mode"] = tt.mode
			}
			data, _ := json.Marshal(tc.payload)
			var stderr bytes.Buffer
			out := Respond(context.Background(), tt.dialect, data, env, &stderr, o)
			var reply map[string]any
			if err := json.Unmarshal(out, &reply); err != nil && len(out) > 0 {
				t.Fatalf("reply %s: %v", out, err)
			}
			got, _ := dig(reply, tc.path)["command"].(string)
			if i, j := strings.Index(got, launcher+" "), strings.Index(got, "; __governance_status"); tt.dialect == "claude" && i >= 0 && j > i {
				// Claude Code's rewrite follows the folder the call ends in.
				if inner := got[i:j]; followFolder(&Event{}, inner) == got {
					got = inner
				}
			}
			switch tt.want {
			case "defer":
				if got != "" || strings.Contains(string(out), "allow") {
					t.Fatalf("reply %s, want the defer: the harness asks its user", out)
				}
			case "required":
				if !strings.HasPrefix(got, launcher+" ") || !strings.Contains(got, " --require-checkpoint -- ") {
					t.Fatalf("reply %s, want the call confined with a checkpoint required", out)
				}
			default:
				if !strings.HasPrefix(got, launcher+" ") || !strings.Contains(got, " --decision ") || strings.Contains(got, "--require-checkpoint") {
					t.Fatalf("reply %s, want the call confined with a checkpoint taken where it can be", out)
				}
			}
		})
	}
}
