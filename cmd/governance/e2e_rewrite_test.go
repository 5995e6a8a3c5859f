package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The two versions of a rules file a rewrite loop alternates: both deny
// terraform destroy, each with its own rule.
const (
	rulesA = denyDestroy
	rulesB = `rules:
  - id: no-destroy-b
    match: {program: terraform, subcommand: destroy}
    decision: deny
    message: Infrastructure is destroyed from the pipeline only.
    suggestion: Ask the infrastructure team.
`
)

// A rules file rewritten in place (truncated, then written: a shell's >
// and a write with O_TRUNC) is read empty or cut short while it is
// written. Every decision during the rewrites is a decision of one of
// the two versions, or a deny: never the {} of an empty policy, which
// Claude Code runs unasked in bypassPermissions mode.
func TestRewriteInPlaceNeverLoosens(t *testing.T) {
	t.Parallel()
	for _, writer := range []string{"shell", "otrunc"} {
		t.Run(writer, func(t *testing.T) {
			t.Parallel()
			dir, home := project(t)
			rules := filepath.Join(dir, ".governance", "rules")
			must(t, os.MkdirAll(rules, 0o755))
			file := filepath.Join(rules, "deny.yaml")
			must(t, os.WriteFile(file, []byte(rulesA), 0o644))
			a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
			must(t, os.WriteFile(a, []byte(rulesA), 0o644))
			must(t, os.WriteFile(b, []byte(rulesB), 0o644))

			data, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": dir, "hook_event_name": "PreToolUse",
				"permission_mode": "bypassPermissions", "tool_name": "Bash", "tool_input": map[string]any{"command": "terraform destroy"},
				"tool_use_id": "t"})
			// The policy as it was before the rewrites began.
			if out, err := run(t, dir, home, "governance-hook", data, nil, "claude"); err != nil || !strings.Contains(out, "no-destroy") {
				t.Fatalf("before the rewrites: %s %v", out, err)
			}

			ctx, stop := context.WithTimeout(t.Context(), 2500*time.Millisecond)
			defer stop()
			var wg sync.WaitGroup
			switch writer {
			case "shell":
				// Rewrites by a program whose output the shell redirects,
				// which writes 20 ms after the shell truncated the file,
				// with a pause between rewrites, so that hooks read each
				// version settled as well as the file emptied.
				sh := exec.CommandContext(ctx, "sh", "-c", `while :; do { sleep 0.02; cat "$1"; } > "$3"; sleep 0.07; { sleep 0.02; cat "$2"; } > "$3"; sleep 0.07; done`,
					"sh", a, b, file)
				must(t, sh.Start())
				defer sh.Wait()
			case "otrunc":
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; ctx.Err() == nil; i++ {
						data := rulesA
						if i%2 == 1 {
							data = rulesB
						}
						f, err := os.OpenFile(file, os.O_WRONLY|os.O_TRUNC, 0)
						if err != nil {
							continue
						}
						// A writer that opens, then writes: the file is empty
						// between the two.
						time.Sleep(20 * time.Millisecond)
						f.WriteString(data)
						f.Close()
						time.Sleep(70 * time.Millisecond)
					}
				}()
			}
			var calls, loose, byA, byB atomic.Int64
			var first atomic.Value
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for ctx.Err() == nil {
						cmd := exec.Command(os.Args[0], "claude")
						cmd.Dir = dir
						cmd.Env = homeEnv(home, "GOVERNANCE_TEST_RUN=governance-hook", "CLAUDE_PROJECT_DIR=")
						cmd.Stdin = bytes.NewReader(data)
						out, err := cmd.Output()
						if err != nil {
							continue
						}
						calls.Add(1)
						switch {
						case strings.Contains(string(out), "no-destroy-b"):
							byB.Add(1)
						case strings.Contains(string(out), "no-destroy"):
							byA.Add(1)
						}
						if !strings.Contains(string(out), `"permissionDecision":"deny"`) {
							loose.Add(1)
							first.CompareAndSwap(nil, string(out))
						}
					}
				}()
			}
			wg.Wait()
			stop()
			if calls.Load() == 0 {
				t.Fatal("no hook call answered")
			}
			if n := loose.Load(); n > 0 {
				t.Errorf("%d of %d calls during the rewrites were not denied; the first: %v", n, calls.Load(), first.Load())
			}
			t.Logf("%d calls during the rewrites: %d denied by version A, %d by B, %d otherwise (a file not settled)",
				calls.Load(), byA.Load(), byB.Load(), calls.Load()-byA.Load()-byB.Load()-loose.Load())
		})
	}
}
