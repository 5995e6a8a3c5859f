package main

import (
	"fmt"
	"os"
)

// measureUnattended decides the corpus again as the hook decides a
// session nobody watches (Claude Code in bypassPermissions, a headless
// run): a shell call the analysis cannot prove runs confined where the
// machine can confine, and is asked where it cannot. It prints the
// overall numbers, the confined counts and the plain allows next to the
// attended run's, and reports whether they are within max (as -max) and
// the plain allows no fewer.
func measureUnattended(gov string, recs []record, attended *measured, max string, detail bool) bool {
	results, err := run(gov, recs, true)
	if err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
	m := measure(recs, results)
	cannot := ""
	for _, r := range results {
		if r.Rule == "cannot-confine" {
			cannot = r.Message
			break
		}
	}
	printTable("unattended: what the analysis cannot prove runs confined", m.overall)
	printConfined(m.confined)
	allows := m.overall["commands"].n["allow"]
	fmt.Printf("plain allows of allow-labelled shell commands: %d/%d %.1f%% (attended %d/%d %.1f%%)\n\n",
		m.plain, allows, pct(m.plain, allows), attended.plain, allows, pct(attended.plain, allows))
	if detail {
		fmt.Println("failures (unattended):")
		for _, f := range m.failures {
			fmt.Println("  " + f)
		}
	}
	if cannot != "" {
		fmt.Printf("this machine cannot confine, so those calls were asked: %s\n\n", cannot)
		if os.Getenv("CI") != "true" {
			// As the tests that need bubblewrap: skipped outside CI,
			// failed in it.
			fmt.Print("the limits of the unattended run are not checked here (they are in CI)\n\n")
			return true
		}
	}
	if max == "" {
		return true
	}
	ok := within(m.overall["commands"], max)
	if m.plain < attended.plain {
		fmt.Printf("fewer plain allows unattended (%d) than attended (%d)\n", m.plain, attended.plain)
		ok = false
	}
	return ok
}
