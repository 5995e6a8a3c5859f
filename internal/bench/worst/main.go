// Command worst runs the hook as a spawned process on the worst-case
// shell commands (see package worstcase) and prints, for each, the
// slowest wall time, the most processor time (user and system) and the
// largest peak resident memory of its runs, and the decision the hook
// gave. On a busy machine the processor time is the steadier figure.
//
//	go run ./internal/bench/worst -hook BIN [-runs N] [-size BYTES]
//
// The hook runs with its home, configuration and state in a temporary
// folder, in a project folder made there. The first line, git status, is
// the hook's floor.
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
	event := flag.String("event", "", "(internal) run the hook once on this event file and print the run as JSON")
	flag.Parse()
	if *event != "" {
		if err := runOnce(*hook, *event, *limit); err != nil {
			fmt.Fprintln(os.Stderr, "worst:", err)
			os.Exit(1)
		}
		return
	}
	if *hook == "" {
		fmt.Fprintln(os.Stderr, "usage: worst -hook BIN [-runs N] [-size BYTES]")
		os.Exit(2)
	}
	// The hook runs in the bench's project: a relative path is made
	// absolute here, where it was given.
	abs, err := filepath.Abs(*hook)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worst:", err)
		os.Exit(1)
	}
	if err := run(abs, *runs, *size, *limit); err != nil {
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
	// Each event is written to a file and the hook is run on it by a
	// fresh copy of this program (-event): the kernel counts in a child's
	// peak memory the peak of the process it was started from, and this
	// one held every input.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	type input struct {
		name  string
		bytes int
		file  string
	}
	inputs := append([]worstcase.Input{{Name: "(git status)", Command: "git status"}}, worstcase.Inputs(size)...)
	var files []input
	for i, in := range inputs {
		event, err := json.Marshal(map[string]any{
			"session_id": "worst", "cwd": project, "permission_mode": "default",
			"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "toolu_01",
			"tool_input": map[string]any{"command": in.Command},
		})
		if err != nil {
			return err
		}
		file := filepath.Join(dir, fmt.Sprintf("event%d.json", i))
		if err := os.WriteFile(file, event, 0o600); err != nil {
			return err
		}
		files = append(files, input{in.Name, len(in.Command), file})
	}
	fmt.Printf("%-24s %8s %9s %9s %8s  %s\n", "input", "bytes", "wall ms", "cpu ms", "peak MB", "decision")
	for _, in := range files {
		var worst, cpu time.Duration
		var rss int64
		decision := ""
		for range runs {
			cmd := exec.Command(self, "-hook", hook, "-event", in.file, "-timeout", limit.String())
			cmd.Env, cmd.Dir, cmd.Stderr = env, project, os.Stderr
			out, err := cmd.Output()
			if err != nil {
				return fmt.Errorf("%s: %w", in.name, err)
			}
			var r result
			if err := json.Unmarshal(out, &r); err != nil {
				return fmt.Errorf("%s: %w", in.name, err)
			}
			worst, cpu, rss = max(worst, r.Wall), max(cpu, r.CPU), max(rss, r.RSS)
			decision = r.Decision
		}
		fmt.Printf("%-24s %8d %9.1f %9.1f %8.1f  %s\n", in.name, in.bytes,
			ms(worst), ms(cpu), float64(rss)/1024, decision)
	}
	return nil
}

// result is one run of the hook.
type result struct {
	Wall, CPU time.Duration
	// RSS is the peak resident memory in KiB.
	RSS      int64
	Decision string
}

// runOnce runs the hook on one event and prints the run as JSON.
func runOnce(hook, event string, limit time.Duration) error {
	stdin, err := os.Open(event)
	if err != nil {
		return err
	}
	defer stdin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, hook, "claude")
	cmd.Stdin = stdin
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err = cmd.Run()
	r := result{Wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return fmt.Errorf("%s did not start: %w", hook, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.RSS = ru.Maxrss
		r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	r.Decision = summary(out.Bytes(), err, ctx.Err() == context.DeadlineExceeded)
	return json.NewEncoder(os.Stdout).Encode(r)
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
