// Command jsonl measures `governance check --jsonl` on a batch of shell
// commands drawn from the labeled corpus, cycled to the requested count:
// the path accuracy is measured through.
//
//	go run ./internal/bench/jsonl -governance bin/governance -n 10000 -runs 5
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
	"time"

	"github.com/agentgov/governance/internal/corpus"
)

func main() {
	bin := flag.String("governance", "bin/governance", "the governance binary")
	file := flag.String("corpus", corpus.File, "the command corpus")
	n := flag.Int("n", 10000, "lines per batch")
	runs := flag.Int("runs", 5, "batches to time")
	flag.Parse()
	if err := run(*bin, *file, *n, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "jsonl:", err)
		os.Exit(1)
	}
}

func run(bin, corpusFile string, n, runs int) error {
	cmds, err := corpus.ReadCommands(corpusFile)
	if err != nil {
		return err
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return err
	}
	var in bytes.Buffer
	for i := range n {
		line, err := json.Marshal(map[string]string{"cmd": cmds[i%len(cmds)]})
		if err != nil {
			return err
		}
		in.Write(append(line, '\n'))
	}
	dir, err := os.MkdirTemp("", "bench-jsonl-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var times []time.Duration
	for range runs {
		cmd := exec.Command(bin, "check", "--jsonl")
		// A project of its own, and state (the decision log) kept out of
		// the user's.
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+dir+"/state", "XDG_CONFIG_HOME="+dir+"/config", "HOME="+dir)
		cmd.Stdin = bytes.NewReader(in.Bytes())
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, os.Stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s check --jsonl: %w", bin, err)
		}
		times = append(times, time.Since(start))
		if got := bytes.Count(out.Bytes(), []byte{'\n'}); got != n {
			return fmt.Errorf("check --jsonl answered %d lines for %d", got, n)
		}
	}
	slices.Sort(times)
	med := times[len(times)/2]
	fmt.Printf("%d lines of check --jsonl: median %s (min %s, max %s) over %d runs, %.1f µs a line\n",
		n, med.Round(time.Millisecond), times[0].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond),
		runs, float64(med.Microseconds())/float64(n))
	return nil
}
