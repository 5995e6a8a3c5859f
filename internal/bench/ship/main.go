// Command ship measures `governance audit ship`: decisions shipped per
// second to a local OpenTelemetry Collector (the one the test tools build:
// OTLP receiver, file exporter) on 127.0.0.1. The decision log is made by
// `governance check --jsonl` over commands of the labeled corpus; each run
// ships all of it from the start.
//
//	go run ./internal/bench/ship -governance bin/governance -n 20000 -runs 3
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/agentgov/governance/internal/corpus"

	"github.com/agentgov/governance/internal/ship"
	"github.com/agentgov/governance/internal/ship/otelcoltest"
)

func main() {
	bin := flag.String("governance", "bin/governance", "the governance binary")
	file := flag.String("corpus", corpus.File, "the command corpus")
	n := flag.Int("n", 20000, "decisions in the log")
	runs := flag.Int("runs", 3, "runs to time")
	batch := flag.Int("batch", 1000, "audit_export.batch")
	flag.Parse()
	if err := run(*bin, *file, *n, *runs, *batch); err != nil {
		fmt.Fprintln(os.Stderr, "ship:", err)
		os.Exit(1)
	}
}

func run(bin, corpusFile string, n, runs, batch int) error {
	colBin, err := otelcoltest.Bin(".")
	if err != nil {
		return fmt.Errorf("%w: run scripts/install-test-tools", err)
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "bench-ship-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	col, err := otelcoltest.Start(colBin, filepath.Join(dir))
	if err != nil {
		return err
	}
	defer col.Stop()

	home := filepath.Join(dir, "home")
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home+"/.config", "XDG_STATE_HOME="+home+"/.local/state")
	conf := fmt.Sprintf("audit_export:\n  endpoint: %s\n  batch: %d\n", col.Endpoint(), batch)
	if err := os.MkdirAll(filepath.Join(home, ".config", "governance"), 0o700); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(home, ".config", "governance", "config.yaml"), []byte(conf), 0o600); err != nil {
		return err
	}
	cmds, err := corpus.ReadCommands(corpusFile)
	if err != nil {
		return err
	}
	var in bytes.Buffer
	for i := range n {
		line, _ := json.Marshal(map[string]string{"cmd": cmds[i%len(cmds)]})
		in.Write(append(line, '\n'))
	}
	check := exec.Command(bin, "check", "--jsonl")
	check.Dir, check.Env, check.Stdin, check.Stderr = dir, env, &in, os.Stderr
	if err := check.Run(); err != nil {
		return fmt.Errorf("check --jsonl: %w", err)
	}
	state := ship.StatePath(filepath.Join(home, ".local", "state", "governance", "decisions.jsonl"))

	var rates []float64
	for range runs {
		os.Remove(state)
		c := exec.Command(bin, "audit", "ship", "--json")
		c.Dir, c.Env, c.Stderr = dir, env, os.Stderr
		out, err := c.Output()
		if err != nil {
			return fmt.Errorf("audit ship: %w\n%s", err, out)
		}
		var r struct {
			Shipped int     `json:"shipped"`
			Seconds float64 `json:"seconds"`
		}
		if err := json.Unmarshal(out, &r); err != nil {
			return err
		}
		if r.Shipped != n {
			return fmt.Errorf("audit ship shipped %d of %d", r.Shipped, n)
		}
		rates = append(rates, float64(r.Shipped)/r.Seconds)
	}
	slices.Sort(rates)
	fmt.Printf("%d decisions shipped to a local collector in batches of %d: median %.0f a second (min %.0f, max %.0f) over %d runs (goal: 20,000)\n",
		n, batch, rates[len(rates)/2], rates[0], rates[len(rates)-1], runs)
	return nil
}
