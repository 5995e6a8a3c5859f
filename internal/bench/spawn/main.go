// Command spawn measures programs as spawned processes: each is run many
// times with a JSON event on stdin, interleaved round-robin so that load
// on the machine affects them alike, and the latency percentiles and the
// ratio of medians are printed.
//
//	go run ./internal/bench/spawn -n 400 NAME=CMD... [NAME=CMD...]
//
// CMD may start with VAR=value words, which are set in its environment,
// and with <FILE, which replaces -input for that program.
//
// The first program is the baseline for ratios.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/bench/benchstat"
)

func main() {
	n := flag.Int("n", 400, "runs per program")
	warm := flag.Int("warmup", 20, "runs per program before measuring")
	input := flag.String("input", "", "file holding the JSON event for stdin")
	dir := flag.String("dir", "", "working directory for the programs")
	flag.Parse()
	if flag.NArg() == 0 || *input == "" {
		fmt.Fprintln(os.Stderr, "usage: spawn -input FILE [-n N] NAME=CMD [NAME=CMD...]")
		os.Exit(2)
	}
	data, err := os.ReadFile(*input)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spawn:", err)
		os.Exit(1)
	}
	type prog struct {
		name  string
		argv  []string
		env   []string
		input []byte
		d     []time.Duration
	}
	var progs []*prog
	for _, a := range flag.Args() {
		name, cmd, ok := strings.Cut(a, "=")
		var env []string
		input := data
		for {
			f := strings.Fields(cmd)
			if len(f) > 0 && strings.HasPrefix(f[0], "<") {
				b, err := os.ReadFile(f[0][1:])
				if err != nil {
					fmt.Fprintln(os.Stderr, "spawn:", err)
					os.Exit(1)
				}
				input = b
				cmd = strings.TrimSpace(strings.TrimPrefix(cmd, f[0]))
				continue
			}
			if len(f) > 0 && strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "/") {
				env = append(env, f[0])
				cmd = strings.TrimSpace(strings.TrimPrefix(cmd, f[0]))
				continue
			}
			break
		}
		if !ok {
			fmt.Fprintln(os.Stderr, "spawn: want NAME=CMD, got", a)
			os.Exit(2)
		}
		progs = append(progs, &prog{name: name, argv: strings.Fields(cmd), env: env, input: input})
	}
	for round := 0; round < *warm+*n; round++ {
		for _, p := range progs {
			c := exec.Command(p.argv[0], p.argv[1:]...)
			c.Stdin = bytes.NewReader(p.input)
			c.Dir = *dir
			if len(p.env) > 0 {
				c.Env = append(os.Environ(), p.env...)
			}
			var out bytes.Buffer
			c.Stdout = &out
			start := time.Now()
			if err := c.Run(); err != nil {
				fmt.Fprintf(os.Stderr, "spawn: %s: %v\n", p.name, err)
				os.Exit(1)
			}
			if round >= *warm {
				p.d = append(p.d, time.Since(start))
			}
		}
	}
	base := benchstat.Percentile(progs[0].d, 50)
	fmt.Printf("%s %8s\n", benchstat.Header(28, "program"), "x base")
	for _, p := range progs {
		fmt.Printf("%s %8.2f\n", benchstat.Row(28, p.name, p.d), float64(benchstat.Percentile(p.d, 50))/float64(base))
	}
}
