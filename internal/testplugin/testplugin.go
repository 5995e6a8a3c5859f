// Package testplugin is a governance plugin for tests: a test binary
// serves it when governance starts the binary as a plugin, so that tests
// run real plugin subprocesses without building one.
//
//	func TestMain(m *testing.M) {
//		if testplugin.Started() {
//			testplugin.Serve(os.Args[1:])
//			return
//		}
//		os.Exit(m.Run())
//	}
//
// The command of a shell call says what the plugin does: "deny TEXT"
// denies with TEXT, "ask TEXT" asks, "sleep" sleeps past any timeout,
// "panic" crashes the plugin, "fail" returns an error; it has no opinion
// on other commands. Reads are denied. Its last argument changes how it
// starts: "exit-at-start" exits before the handshake, "protocol-2" speaks
// another protocol version, "shell-only" wants only shell calls.
package testplugin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/plugins"
)

// Started reports whether governance started this program as a plugin.
func Started() bool {
	return os.Getenv(plugins.Handshake.MagicCookieKey) == plugins.Handshake.MagicCookieValue
}

// Serve serves the test plugin; args are the plugin's arguments.
func Serve(args []string) {
	mode := ""
	if len(args) > 0 {
		mode = args[len(args)-1]
	}
	switch mode {
	case "exit-at-start":
		fmt.Fprintln(os.Stderr, "cannot load the policy")
		os.Exit(3)
	case "protocol-2":
		hs := plugins.Handshake
		hs.ProtocolVersion = 2
		plugin.Serve(&plugin.ServeConfig{HandshakeConfig: hs, GRPCServer: plugin.DefaultGRPCServer,
			Plugins: plugin.PluginSet{plugins.PluginName: &plugins.GRPCPlugin{Impl: evaluator{}}}})
		return
	}
	plugins.Serve(evaluator{shellOnly: mode == "shell-only"})
}

type evaluator struct{ shellOnly bool }

func (e evaluator) Describe(context.Context) (plugins.Info, error) {
	info := plugins.Info{Name: "test-plugin", Version: "1.2.3"}
	if e.shellOnly {
		info.Kinds = []engine.Kind{engine.KindShell}
	}
	return info, nil
}

func (evaluator) Evaluate(ctx context.Context, req *engine.Request) (plugins.Verdict, error) {
	cmd := req.Tool.Input.Command
	switch {
	case cmd == "sleep":
		// Past any timeout: the host gives up first. (Answering when
		// the context ends could reach the host just before its own
		// deadline, as an answer in time.)
		select {
		case <-time.After(10 * time.Second):
			return plugins.Allow(), nil
		case <-ctx.Done():
			return plugins.Verdict{}, ctx.Err()
		}
	case cmd == "panic":
		panic("the test plugin panics")
	case cmd == "fail":
		return plugins.Verdict{}, errors.New("the policy has no answer")
	case strings.HasPrefix(cmd, "deny "):
		v := plugins.Deny("denied: "+strings.TrimPrefix(cmd, "deny "), "do something else")
		v.Rule = "test-rule"
		return v, nil
	case strings.HasPrefix(cmd, "ask "):
		return plugins.Ask("asks: "+strings.TrimPrefix(cmd, "ask "), "approve it if it is fine"), nil
	case req.Tool.Kind == engine.KindRead:
		return plugins.Deny("reads are denied", "do not read"), nil
	}
	return plugins.Verdict{}, nil
}
