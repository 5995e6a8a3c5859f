// Command accuracy measures the default policy against the labeled corpus:
// it sends every call through `governance check --jsonl`, in a fresh
// project with an empty home and no user configuration, and prints the four
// numbers (safety misses, dangerous allows, over-blocks, friction) overall,
// per category and per peer. With -variants N, it also sends N variants of
// each shell command that keep its meaning (see internal/variants), and
// prints the numbers of the variants next to the originals', per category.
//
//	go run ./internal/bench/accuracy -governance bin/governance -corpus testdata/corpus
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/agentgov/governance/internal/variants"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type record struct {
	Cmd      string         `json:"cmd"`
	Assert   string         `json:"assert"`
	Category string         `json:"category"`
	Peer     string         `json:"peer"`
	Route    string         `json:"tool_route"`
	Input    map[string]any `json:"input"`
	Expect   string         `json:"expect"`
}

type result struct {
	Decision string `json:"decision"`
	Layer    string `json:"layer"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
}

// tally counts one group's cases and failures per assert kind.
type tally struct {
	n, fail map[string]int
}

func newTally() *tally { return &tally{n: map[string]int{}, fail: map[string]int{}} }

// add counts a case of an assertion and whether the decision fails it;
// a command that must be denied also counts for deny-allowed, the
// safety misses that are allows.
func (t *tally) add(assert, decision string) {
	for _, a := range []string{assert, assert + "-allowed"} {
		if a == "deny-allowed" || a == assert {
			t.n[a]++
			if fails(a, decision) {
				t.fail[a]++
			}
		}
	}
}

var asserts = []string{"deny", "deny-allowed", "not-allow", "not-deny", "allow"}

var names = map[string]string{"deny": "safety misses", "deny-allowed": "deny label allowed", "not-allow": "dangerous allows",
	"not-deny": "over-blocks", "allow": "friction"}

// fails reports whether a decision fails an assertion. defer counts as
// ask. A confined call is counted apart: it runs, so it misses a deny,
// but inside a confinement, so it is neither a dangerous allow nor
// friction.
func fails(assert, decision string) bool {
	blocked := decision == "deny" || decision == "abort"
	allowed := decision == "allow" || decision == "warn"
	if decision == "confined" && assert == "allow" {
		return false
	}
	switch assert {
	case "deny":
		return !blocked
	case "not-allow", "deny-allowed":
		return allowed
	case "not-deny":
		return blocked
	case "allow":
		return !allowed
	}
	return false
}

func main() {
	gov := flag.String("governance", "bin/governance", "the governance binary")
	corpus := flag.String("corpus", "testdata/corpus", "the corpus folder")
	detail := flag.Bool("failures", false, "list every failing case")
	quiet := flag.Bool("quiet", false, "print the overall table only")
	maxPct := flag.String("max", "", "fail (exit 1) when a shell-command number exceeds its limit, e.g. deny=10,deny-allowed=1,not-allow=2,not-deny=2,allow=15 (percent)")
	perCase := flag.Int("variants", 0, "also decide this many variants of each shell command, and print their numbers next to the originals'")
	unattended := flag.Bool("unattended", false, "also decide every call as the hook decides a session nobody watches, where a call the analysis cannot prove runs confined, and print those numbers")
	maxUnattended := flag.String("max-unattended", "", "with -unattended, fail (exit 1) when a shell-command number of that run exceeds its limit (as -max), or its plain allows are fewer")
	flag.Parse()

	recs, err := readCorpus(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
	results, err := run(*gov, recs, false)
	if err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
	m := measure(recs, results)
	fmt.Printf("corpus: %d calls\n\n", len(recs))
	printTable("overall", m.overall)
	printConfined(m.confined)
	if !*quiet {
		printTable("shell commands per category", m.byCat)
		printTable("shell commands per peer", m.byPeer)
		printTable("file-tool calls per category", m.files)
	}
	if *detail {
		fmt.Println("failures:")
		for _, f := range m.failures {
			fmt.Println("  " + f)
		}
	}
	if *perCase > 0 {
		if err := runVariants(*gov, recs, results, *perCase, *quiet); err != nil {
			fmt.Fprintln(os.Stderr, "accuracy:", err)
			os.Exit(1)
		}
	}
	ok := *maxPct == "" || within(m.overall["commands"], *maxPct)
	if *unattended {
		ok = measureUnattended(*gov, recs, m, *maxUnattended, *detail) && ok
	}
	if !ok {
		os.Exit(1)
	}
}

// measured are the numbers of one run over the corpus.
type measured struct {
	// overall groups all calls, the shell commands and the file-tool
	// calls; byCat and byPeer the shell commands, files the file-tool
	// calls, per category.
	overall, byCat, byPeer, files map[string]*tally
	// confined counts the confined calls by label.
	confined map[string]int
	// plain counts the allow-labelled shell commands decided allow or
	// warn: a plain allow, neither confined nor friction.
	plain    int
	failures []string
}

// measure tallies a run's decisions by label, category and peer. Shell
// commands and file-tool calls are reported apart: the file cases come
// from peers' own configured paths and measure another thing than
// command analysis.
func measure(recs []record, results []result) *measured {
	m := &measured{overall: map[string]*tally{}, byCat: map[string]*tally{}, byPeer: map[string]*tally{},
		files: map[string]*tally{}, confined: map[string]int{}}
	for i, r := range recs {
		got := results[i]
		set, groups := "commands", []struct {
			m   map[string]*tally
			key string
		}{{m.overall, "all"}, {m.overall, "commands"}, {m.byCat, r.Category}, {m.byPeer, r.Peer}}
		if r.Cmd == "" {
			set = "file access"
			groups = []struct {
				m   map[string]*tally
				key string
			}{{m.overall, "all"}, {m.overall, set}, {m.files, r.Category}}
		}
		var ts []*tally
		for _, g := range groups {
			if g.m[g.key] == nil {
				g.m[g.key] = newTally()
			}
			ts = append(ts, g.m[g.key])
		}
		for _, t := range ts {
			t.add(r.Assert, got.Decision)
		}
		if got.Decision == "confined" {
			m.confined[r.Assert]++
		}
		if r.Cmd != "" && r.Assert == "allow" && (got.Decision == "allow" || got.Decision == "warn") {
			m.plain++
		}
		if fails(r.Assert, got.Decision) {
			what := r.Cmd
			if what == "" {
				b, _ := json.Marshal(r.Input)
				what = r.Route + " " + string(b)
			}
			m.failures = append(m.failures, fmt.Sprintf("%-10s got %-6s %-24s [%s/%s] %q", r.Assert, got.Decision, got.Rule, r.Category, r.Peer, what))
		}
	}
	sort.Strings(m.failures)
	return m
}

func within(t *tally, spec string) bool {
	ok := true
	for _, part := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(part, "=")
		var limit float64
		fmt.Sscanf(v, "%g", &limit)
		if pct(t.fail[k], t.n[k]) > limit {
			fmt.Printf("over the limit: %s %.2f%% > %g%%\n", names[k], pct(t.fail[k], t.n[k]), limit)
			ok = false
		}
	}
	return ok
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func printTable(title string, m map[string]*tally) {
	fmt.Printf("== %s\n%-26s", title, "")
	for _, a := range asserts {
		fmt.Printf(" %22s", names[a])
	}
	fmt.Println()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t := m[k]
		fmt.Printf("%-26s", k)
		for _, a := range asserts {
			if t.n[a] == 0 {
				fmt.Printf(" %22s", "-")
				continue
			}
			fmt.Printf(" %22s", fmt.Sprintf("%d/%d %5.1f%%", t.fail[a], t.n[a], pct(t.fail[a], t.n[a])))
		}
		fmt.Println()
	}
	fmt.Println()
}

func readCorpus(dir string) ([]record, error) {
	var out []record
	for _, name := range []string{"commands.jsonl", "file_access.jsonl"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var r record
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if r.Expect != "" {
				r.Assert = r.Expect
				if r.Category == "" {
					r.Category = "secrets"
				}
				r.Peer = "file-access"
			}
			out = append(out, r)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// routeTool maps a file-access route to a tool name check understands.
var routeTool = map[string]string{"path": "read", "patch": "apply_patch", "command": "bash", "glob": "glob",
	"grep": "grep", "unknown": "unknown-tool"}

// run sends every record through governance check --jsonl, as in a
// session a person watches, or with unattended as in one nobody does.
func run(gov string, recs []record, unattended bool) ([]result, error) {
	tmp, err := os.MkdirTemp("", "accuracy-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, r := range recs {
		var line any
		if r.Route != "" {
			line = map[string]any{"tool": routeTool[r.Route], "input": r.Input}
		} else {
			line = map[string]any{"cmd": r.Cmd}
		}
		if err := enc.Encode(line); err != nil {
			return nil, err
		}
	}
	if abs, err := filepath.Abs(gov); err == nil {
		gov = abs
	}
	var args []string
	if unattended {
		args = append(args, "--unattended")
	}
	cmd := variants.DefaultEnv.Check(gov, tmp, args...)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var results []result
	dec := json.NewDecoder(out)
	for {
		var r result
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		results = append(results, r)
	}
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	if len(results) != len(recs) {
		return nil, fmt.Errorf("governance check --jsonl answered %d of %d requests", len(results), len(recs))
	}
	return results, nil
}

// printConfined prints how many calls ran confined, by their label:
// allows the hook runs inside a confinement rather than a plain allow
// or a prompt.
func printConfined(by map[string]int) {
	n := 0
	for _, c := range by {
		n += c
	}
	fmt.Printf("confined (run inside a confinement, counted apart): %d", n)
	if n > 0 {
		var parts []string
		for _, a := range []string{"deny", "not-allow", "not-deny", "allow"} {
			if by[a] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", a, by[a]))
			}
		}
		fmt.Printf(" (labelled %s)", strings.Join(parts, ", "))
	}
	fmt.Print("\n\n")
}
