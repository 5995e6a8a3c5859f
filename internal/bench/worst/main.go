// Command worst runs the hook as a spawned process on the worst-case
// shell commands (see package worstcase) and prints, for each, the
// slowest wall time, the most processor time (user and system) and the
// largest peak resident memory of its runs, and the decision the hook
// gave. On a busy machine the processor time is the steadier figure.
//
//	go run ./internal/bench/worst -hook BIN [-runs N] [-size BYTES]
//
// The hook runs with its home, configuration and state in a temporary
// folder, in a project folder made there.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/bench/worstcase"
)

func main() {
	hook := flag.String("hook", "", "the governance-hook binary")
	runs := flag.Int("runs", 3, "runs per input")
	size := flag.Int("size", worstcase.Budget, "bytes per input")
	limit := flag.Duration("timeout", 30*time.Second, "time after which a run is stopped")
	flag.Parse()
	if *hook == "" {
		fmt.Fprintln(os.Stderr, "usage: worst -hook BIN [-runs N] [-size BYTES]")
		os.Exit(2)
	}
	if err := run(*hook, *runs, *size, *limit); err != nil {
		fmt.Fprintln(os.Stderr, "worst:", err)
		os.Exit(1)
	}
}

var ruleRE = regexp.MustCompile(`\*\*Rule:\*\* ?([^\\\n"[ ]*)`)

func run(hook string, runs, size int, limit time.Duration) error {
	dir, err := os.MkdirTemp("", "worst")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		return err
	}
	env := append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	fmt.Printf("%-24s %8s %9s %9s %8s  %s\n", "input", "bytes", "wall ms", "cpu ms", "peak MB", "decision")
	for _, in := range worstcase.Inputs(size) {
		event, err := json.Marshal(map[string]any{
			"session_id": "worst", "cwd": project, "permission_mode": "default",
			"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "toolu_01",
			"tool_input": map[string]any{"command": in.Command},
		})
		if err != nil {
			return err
		}
		var worst, cpu time.Duration
		var rss int64
		decision := ""
		for range runs {
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			cmd := exec.CommandContext(ctx, hook, "claude")
			cmd.Env, cmd.Dir = env, project
			cmd.Stdin = bytes.NewReader(event)
			var out bytes.Buffer
			cmd.Stdout = &out
			start := time.Now()
			err := cmd.Run()
			d := time.Since(start)
			timedOut := ctx.Err() == context.DeadlineExceeded
			cancel()
			worst = max(worst, d)
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				rss = max(rss, ru.Maxrss)
				cpu = max(cpu, time.Duration(ru.Utime.Nano()+ru.Stime.Nano()))
			}
			decision = summary(out.Bytes(), err, timedOut)
		}
		fmt.Printf("%-24s %8d %9.1f %9.1f %8.1f  %s\n", in.Name, len(in.Command),
			ms(worst), ms(cpu), float64(rss)/1024, decision)
	}
	return nil
}

// summary is the outcome and the rule of the hook's answer.
func summary(out []byte, err error, timedOut bool) string {
	if timedOut {
		return "stopped: past the timeout"
	}
	var reply struct {
		Output struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal(out, &reply) != nil {
		return fmt.Sprintf("unreadable answer (%v): %.60q", err, out)
	}
	rule := ""
	if m := ruleRE.FindStringSubmatch(reply.Output.Reason); m != nil {
		rule = m[1]
	}
	if reply.Output.Decision == "" {
		return "no opinion"
	}
	return reply.Output.Decision + " " + rule
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
