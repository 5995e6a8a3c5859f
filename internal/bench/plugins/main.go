// Command plugins measures plugin calls inside the daemon: a warm plugin
// call as the daemon makes it (host to plugin over gRPC and back), and a
// hook request answered by a running daemon for a project with the plugin
// and for one without, interleaved, so that the difference is the
// plugin's cost on the path a hook waits for.
//
//	go run ./internal/bench/plugins -plugin bin/governance-secrets -n 2000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/bench/benchstat"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/daemon"
	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/pluginhost"
)

func main() {
	plugin := flag.String("plugin", "", "the plugin executable (an absolute path)")
	args := flag.String("args", "", "the plugin's arguments, separated by spaces")
	dir := flag.String("dir", "", "the folder the plugin runs in")
	n := flag.Int("n", 2000, "measured calls")
	flag.Parse()
	if *plugin == "" {
		fmt.Fprintln(os.Stderr, "usage: plugins -plugin PATH [-args ARGS] [-dir DIR] [-n N]")
		os.Exit(2)
	}
	spec := engine.PluginSpec{Name: "bench", Path: *plugin, Args: strings.Fields(*args), Dir: *dir,
		Position: engine.BeforeRules, Timeout: 2 * time.Second, OnError: engine.Deny}
	if err := run(spec, *n); err != nil {
		fmt.Fprintln(os.Stderr, "plugins:", err)
		os.Exit(1)
	}
}

// The call measured: a file write the secrets plugin scans.
var call = &engine.Request{Harness: "claude", Event: "PreToolUse", Tool: engine.Tool{Kind: engine.KindWrite,
	Name: "Write", Input: engine.Input{Paths: []string{"notes.md"}, Content: strings.Repeat("a line of notes\n", 20)}}}

func run(spec engine.PluginSpec, n int) error {
	ctx := context.Background()
	p := pluginhost.New(spec, pluginhost.Options{})
	defer p.Stop()
	start := time.Now()
	info, err := p.Describe(ctx)
	if err != nil {
		return err
	}
	started := time.Since(start)
	warm := make([]time.Duration, 0, n)
	for i := 0; i < n+n/10; i++ {
		t := time.Now()
		if _, err := p.Call(ctx, call); err != nil {
			return err
		}
		if i >= n/10 {
			warm = append(warm, time.Since(t))
		}
	}

	plain, with, err := throughDaemon(ctx, spec, info.Name == "secrets", n)
	if err != nil {
		return err
	}
	fmt.Printf("plugin %s %s, start (launch, handshake, describe): %s\n\n", info.Name, info.Version, benchstat.Millis(started))
	fmt.Println(benchstat.Header(44, ""))
	fmt.Println(benchstat.Row(44, "warm plugin call (host <-> plugin)", warm))
	fmt.Println(benchstat.Row(44, "hook request via the daemon, no plugin", plain))
	fmt.Println(benchstat.Row(44, "hook request via the daemon, with the plugin", with))
	fmt.Printf("\nthe plugin adds %s at p50 to a hook answered by the daemon\n",
		benchstat.Millis(benchstat.Percentile(with, 50)-benchstat.Percentile(plain, 50)))
	return nil
}

// throughDaemon runs a daemon and sends it hook requests for two
// projects, one configuring the plugin, in turn. When the plugin is the
// secrets example, it checks first that the plugin answers.
func throughDaemon(ctx context.Context, spec engine.PluginSpec, secrets bool, n int) (plain, with []time.Duration, err error) {
	base, err := os.MkdirTemp("", "bench-plugins-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(base)
	home := filepath.Join(base, "home")
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"XDG_STATE_HOME": filepath.Join(home, ".local", "state"), "PATH": os.Getenv("PATH")}
	var env []string
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	args, _ := json.Marshal(spec.Args)
	projects := map[string]string{"plain": "default: defer\n",
		"with": "plugins:\n  - name: bench\n    path: " + spec.Path + "\n    args: " + string(args) + "\n    position: before_rules\n"}
	for name, cfg := range projects {
		dir := filepath.Join(base, name)
		if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.MkdirAll(filepath.Join(dir, ".governance"), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, ".governance", "config.yaml"), []byte(cfg), 0o644); err != nil {
			return nil, nil, err
		}
	}
	if spec.Dir != "" && len(spec.Args) > 0 {
		// Arguments name files in the plugin's folder: the configuration
		// beside them says so.
		if err := os.CopyFS(filepath.Join(base, "with", ".governance"), os.DirFS(spec.Dir)); err != nil {
			return nil, nil, err
		}
	}
	// The plugin comes from the project's configuration: trust it as the
	// user.
	if _, err := config.TrustPlugin(filepath.Join(vars["XDG_CONFIG_HOME"], "governance"), spec.Path); err != nil {
		return nil, nil, err
	}
	state := filepath.Join(vars["XDG_STATE_HOME"], "governance")
	srv := daemon.New(daemon.Config{StateDir: state, Getenv: func(k string) string { return vars[k] }})
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() { cancel(); <-done }()
	select {
	case <-srv.Ready():
	case err := <-done:
		return nil, nil, err
	}
	ask := func(project string) (time.Duration, error) {
		dir := filepath.Join(base, project)
		input, _ := json.Marshal(map[string]any{"session_id": "bench", "cwd": dir, "hook_event_name": "PreToolUse",
			"tool_name": "Write", "tool_input": map[string]any{"file_path": dir + "/notes.md", "content": call.Tool.Input.Content}})
		t := time.Now()
		out, err := askHook(state, input, env)
		d := time.Since(t)
		if err == nil && project == "with" && strings.Contains(out, "plugin") {
			err = fmt.Errorf("the plugin did not answer: %s", out)
		}
		return d, err
	}
	if secrets {
		if err := probe(state, filepath.Join(base, "with"), env); err != nil {
			return nil, nil, err
		}
	}
	for i := 0; i < n+n/10; i++ {
		a, err := ask("plain")
		if err != nil {
			return nil, nil, err
		}
		b, err := ask("with")
		if err != nil {
			return nil, nil, err
		}
		if i >= n/10 {
			plain, with = append(plain, a), append(with, b)
		}
	}
	return plain, with, nil
}

// probe checks that the secrets plugin answers for the project that
// configures it.
func probe(state, dir string, env []string) error {
	input, _ := json.Marshal(map[string]any{"session_id": "bench", "cwd": dir, "hook_event_name": "PreToolUse",
		"tool_name": "Write", "tool_input": map[string]any{"file_path": "notes.md", "content": "-----BEGIN RSA " + "PRIVATE KEY-----\n"}})
	out, err := askHook(state, input, env)
	if err != nil || !strings.Contains(out, "bench:known-format") {
		return fmt.Errorf("the plugin did not deny a private key through the daemon: %v %s", err, out)
	}
	return nil
}

// askHook has the daemon answer a Claude Code hook input as
// governance-hook hands it over (the decoded event), and returns what the
// hook would print.
func askHook(state string, input []byte, env []string) (string, error) {
	d := hooks.Dialects["claude"]
	ev, err := d.Decode(input, hooks.Env{})
	if err != nil {
		return "", err
	}
	ev.Rewrites = ev.Input != nil
	conn, err := net.DialTimeout("unix", daemonproto.SocketPath(state), 10*time.Second)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	r, _, err := pipeline.AskDaemon(conn, &ev.Event, env)
	if err != nil {
		return "", err
	}
	return string(d.Encode(ev, r)), nil
}
