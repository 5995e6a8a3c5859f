package main

import (
	"errors"
	"fmt"
	"os"
	"sort"

	"github.com/agentgov/governance/internal/variants"
)

// variantSeed fixes the variants, as the variants package's test does.
const variantSeed = 20250101

// runVariants makes perCase variants of every shell command of the
// corpus (see internal/variants), sends them through governance check
// --jsonl, and prints each category's four numbers for the originals and
// for the variants. A variant is labelled as its original, but an
// allowed command's variant made with a transform that is not harmless
// is labelled not-deny.
func runVariants(gov string, recs []record, results []result, perCase int, quiet bool) error {
	g := &variants.Generator{PerCase: perCase, MaxSteps: 3, Seed: variantSeed}
	var vrecs []record
	broken, cmds := 0, 0
	for _, r := range recs {
		if r.Cmd == "" {
			continue
		}
		cmds++
		vs, err := g.Generate(variants.Case{Cmd: r.Cmd, Assert: variants.Assert(r.Assert), Category: r.Category, Peer: r.Peer})
		if errors.Is(err, variants.ErrBroken) {
			broken++
		}
		for _, v := range vs {
			vrecs = append(vrecs, record{Cmd: v.Cmd, Assert: string(v.Assert), Category: r.Category, Peer: r.Peer})
		}
	}
	if broken > 0 {
		fmt.Fprintf(os.Stderr, "accuracy: the transforms made commands that do not parse for %d commands (go test ./internal/variants lists them)\n", broken)
	}
	vresults, err := run(gov, vrecs, false)
	if err != nil {
		return err
	}
	orig, vars := map[string]*tally{}, map[string]*tally{}
	count := func(m map[string]*tally, r record, decision string) {
		for _, key := range []string{"all", r.Category} {
			if m[key] == nil {
				m[key] = newTally()
			}
			m[key].add(r.Assert, decision)
		}
	}
	for i, r := range recs {
		if r.Cmd != "" {
			count(orig, r, results[i].Decision)
		}
	}
	for i, r := range vrecs {
		count(vars, r, vresults[i].Decision)
	}
	fmt.Printf("variants: %d of %d shell commands (up to %d a command)\n\n", len(vrecs), cmds, perCase)
	keys := []string{"all"}
	if !quiet {
		for k := range orig {
			if k != "all" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys[1:])
	}
	fmt.Printf("== shell commands per category: originals -> variants\n%-26s", "")
	for _, a := range asserts {
		fmt.Printf(" %22s", names[a])
	}
	fmt.Println()
	for _, k := range keys {
		fmt.Printf("%-26s", k)
		for _, a := range asserts {
			o, v := orig[k], vars[k]
			if v == nil || v.n[a] == 0 {
				fmt.Printf(" %22s", "-")
				continue
			}
			fmt.Printf(" %22s", fmt.Sprintf("%5.1f%% -> %5.1f%%", pct(o.fail[a], o.n[a]), pct(v.fail[a], v.n[a])))
		}
		fmt.Println()
	}
	fmt.Println()
	return nil
}
