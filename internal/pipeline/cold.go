package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/internal/snapshot"
)

// coldReach reaches a plugin from a process that holds no warm plugins
// (see [Spawned]).
func coldReach(spec engine.PluginSpec) plugineval.Caller {
	if spec.AllowColdStart {
		return coldPlugin{spec: spec}
	}
	return noDaemon{}
}

// noDaemon is a plugin that only the daemon may run.
type noDaemon struct{}

func (noDaemon) Call(context.Context, *engine.Request) (engine.Verdict, error) {
	return engine.Verdict{}, plugineval.ErrNoDaemon
}

// coldPlugin runs a plugin for one call: `governance plugins eval` starts
// it, asks it and stops it. The hook links no plugin transport (go-plugin
// and gRPC would cost every hook call their initialisation); the
// governance binary does.
type coldPlugin struct{ spec engine.PluginSpec }

// coldSlack is how long, beyond the plugin's timeout, a cold start may
// take: starting the governance binary and the plugin.
const coldSlack = 10 * time.Second

func (c coldPlugin) Call(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	bin, err := snapshot.CompilerPathFor(req.ProjectRoot)
	if err != nil {
		return engine.Verdict{}, err
	}
	in, err := json.Marshal(plugineval.ColdRequest{Plugin: c.spec, Request: req})
	if err != nil {
		return engine.Verdict{}, err
	}
	line, err := runLine(bin, []string{bin, "plugins", "eval"}, in, c.spec.Timeout+coldSlack)
	if err != nil {
		return engine.Verdict{}, fmt.Errorf("could not be started without a daemon: %v", err)
	}
	var reply plugineval.ColdReply
	if err := json.Unmarshal(line, &reply); err != nil {
		return engine.Verdict{}, fmt.Errorf("could not be started without a daemon: governance plugins eval answered %q", line)
	}
	return reply.Result()
}

// runLine starts a program with input on its standard input and returns
// the first line it prints. It does not wait for the program to exit: the
// line is the answer, and what the program does after it (stopping the
// plugin) costs the caller nothing. The program's standard error is the
// caller's.
func runLine(bin string, argv []string, input []byte, limit time.Duration) ([]byte, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	proc, err := os.StartProcess(bin, argv, &os.ProcAttr{Files: []*os.File{inR, outW, os.Stderr}})
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go func() {
		inW.Write(input)
		inW.Close()
	}()
	timer := time.AfterFunc(limit, func() { proc.Kill() })
	defer timer.Stop()
	line, err := bufio.NewReader(outR).ReadBytes('\n')
	outR.Close()
	if err != nil {
		proc.Kill()
		proc.Wait()
		return nil, errors.New("governance plugins eval ended without an answer")
	}
	proc.Release()
	return line, nil
}
