package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
)

// clock returns the time --now gives, else the app's clock.
func (a *App) clock(now string) (time.Time, error) {
	if now == "" {
		return a.Now(), nil
	}
	t, err := time.Parse(time.RFC3339, now)
	if err != nil {
		return time.Time{}, usagef("--now must be an RFC 3339 time such as 2026-11-21T12:00:00Z, not %q", now)
	}
	return t, nil
}

// ruleHits reads the last time each rule decided a call.
func ruleHits(p layout.Paths, since time.Time) (map[string]time.Time, map[string]int, error) {
	last, count := map[string]time.Time{}, map[string]int{}
	for e, err := range decisionlog.Read(p.DecisionLog(), decisionlog.Filter{Since: since}) {
		if err != nil {
			return nil, nil, err
		}
		r := e.Result.Rule
		count[r]++
		if e.Timestamp.After(last[r]) {
			last[r] = e.Timestamp
		}
	}
	return last, count, nil
}

// projectRuleHits reads the decision log for the calls of one project:
// the last time each rule decided one, and the time of the oldest.
func projectRuleHits(p layout.Paths) (map[string]time.Time, time.Time, error) {
	last := map[string]time.Time{}
	var oldest time.Time
	for e, err := range decisionlog.Read(p.DecisionLog(), decisionlog.Filter{}) {
		if err != nil {
			return nil, time.Time{}, err
		}
		if e.Input.ProjectRoot != p.ProjectRoot {
			continue
		}
		if oldest.IsZero() || e.Timestamp.Before(oldest) {
			oldest = e.Timestamp
		}
		if r := e.Result.Rule; e.Timestamp.After(last[r]) {
			last[r] = e.Timestamp
		}
	}
	return last, oldest, nil
}

// ruleAppeared is when a rule's file last changed: the rule is at most
// that old, as far as the files tell.
func ruleAppeared(r *engine.Rule) time.Time {
	file := r.Source
	if i := strings.LastIndexByte(file, ':'); i > 0 && strings.Trim(file[i+1:], "0123456789") == "" {
		file = file[:i]
	}
	fi, err := os.Stat(file)
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

func (a *App) learnCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "learn",
		Short: "Learned policy: propose entries from the decision log, approve, retire, promote",
		Example: `  governance learn propose
  governance learn propose --write
  governance learn approve m-1a2b3c4d`,
		Long: `Learned entries live in learned.yaml beside the rules (the project's and the
user's). Only approved entries decide, for calls the rules leave undecided.

  learn propose   mines the decision log: a command shape with enough human
                  (or gatekeeper) approvals and no denials becomes a pending
                  allow entry; approvals and denials split by one option or
                  path class become a conditional pair. A proposal never
                  covers an option or a kind of path no approval had. It
                  reads this project's decisions into its learned.yaml;
                  --global reads every project's into the user's. An entry
                  already recorded (a retired one above all) is not
                  proposed again.
  learn approve   lets a pending entry decide, and starts its review
                  schedule (governance review).
  learn retire    stops an entry deciding.
  learn promote   turns entries confirmed through three reviews into rules.`,
	}
	var min int
	var since time.Duration
	var write, global, proposeJSON bool
	var now string
	propose := &cobra.Command{
		Use:   "propose",
		Short: "Propose learned entries from the decision log (--write records them as pending)",
		Example: `  governance learn propose --since 720h
  governance learn propose --write
  governance learn propose --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			t, err := a.clock(now)
			if err != nil {
				return err
			}
			// Entries are the project's, mined from its own decisions; a
			// user-wide entry, mined from every project's, only with
			// --global.
			opts := learned.MineOptions{Min: min, Now: t}
			file := filepath.Join(p.UserDir, learned.Name)
			if !global {
				if !inProject(p) {
					return usagef("%s is in no project: run it in the project to learn from, or pass --global for entries that hold in every project", a.Cwd)
				}
				opts.ProjectRoot = p.ProjectRoot
				file = filepath.Join(p.RepoDir, learned.Name)
			}
			f := decisionlog.Filter{}
			if since > 0 {
				f.Since = t.Add(-since)
			}
			props, err := learned.Mine(decisionlog.Read(p.DecisionLog(), f), opts)
			if err != nil {
				return err
			}
			known, err := a.knownEntries(p, global)
			if err != nil {
				return err
			}
			var entries []learned.Entry
			for _, pr := range props {
				for _, e := range []*learned.Entry{&pr.Entry, pr.Pair} {
					// What is already recorded, in whatever state, is not
					// proposed again: above all, not what a person retired.
					if e != nil && !known[e.ID] {
						entries = append(entries, *e)
					}
				}
			}
			if len(entries) == 0 && !proposeJSON {
				fmt.Fprintln(a.Stdout, "nothing to propose")
				return nil
			}
			out := proposeOut{Proposals: []proposalOut{}}
			for _, e := range entries {
				if proposeJSON {
					po, err := a.proposal(p, e)
					if err != nil {
						return err
					}
					out.Proposals = append(out.Proposals, po)
					continue
				}
				printLearned(a, &e)
				if err := a.printRadius(p, e); err != nil {
					return err
				}
			}
			if !write || len(entries) == 0 {
				if proposeJSON {
					return writeJSON(a.Stdout, out)
				}
				fmt.Fprintln(a.Stdout, "(not written: --write records them as pending entries)")
				return nil
			}
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			added := 0
			err = a.keepTrust(file, func() error {
				return learned.Update(file, func(lf *learned.File) error {
					for _, e := range entries {
						if lf.Find(e.ID) == nil {
							lf.Entries = append(lf.Entries, e)
							added++
						}
					}
					return nil
				})
			})
			if err != nil {
				return err
			}
			if proposeJSON {
				out.Written, out.File = added, file
				return writeJSON(a.Stdout, out)
			}
			fmt.Fprintf(a.Stdout, "wrote %d pending entries to %s\n", added, file)
			return nil
		},
	}
	propose.Flags().BoolVar(&proposeJSON, "json", false, "print the proposals as JSON")
	propose.Flags().IntVar(&min, "min", 5, "approvals a command shape needs")
	propose.Flags().DurationVar(&since, "since", 0, "only decisions this recent (default: the whole log)")
	propose.Flags().BoolVar(&write, "write", false, "record the proposals as pending entries in learned.yaml")
	propose.Flags().StringVar(&now, "now", "", "as of this time (RFC 3339)")
	propose.Flags().BoolVar(&global, "global", false, "mine every project's decisions into the user's learned.yaml (default: this project's, into its own)")

	setStatus := func(use, short, status string) *cobra.Command {
		var now string
		sc := &cobra.Command{
			Use:     use + " ID",
			Example: "  governance learn " + use + " m-1a2b3c4d",
			Short:   short,
			Args:    cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				t, err := a.clock(now)
				if err != nil {
					return err
				}
				p := a.paths(a.Cwd)
				file, err := findEntry(p, args[0])
				if err != nil {
					return err
				}
				return a.keepTrust(file, func() error {
					return learned.Update(file, func(lf *learned.File) error {
						e := lf.Find(args[0])
						switch status {
						case learned.Approved:
							if e.Status != learned.Pending {
								return fmt.Errorf("entry %s is %s, not pending", e.ID, e.Status)
							}
							if err := a.printRadius(p, *e); err != nil {
								return err
							}
							e.Status = learned.Approved
							e.Schedule(t)
							e.Reviews = append(e.Reviews, learned.Review{Time: t.UTC(), Who: who(), Verdict: "approve"})
							e.Context = learned.Context(p.ProjectRoot, ruleDirs(p)...)
						case learned.Retired:
							if err := e.Apply(learned.Retire, who(), "", t, ""); err != nil {
								return err
							}
						}
						fmt.Fprintf(a.Stdout, "%s %s\n", e.ID, e.Status)
						return nil
					})
				})
			},
		}
		sc.Flags().StringVar(&now, "now", "", "as of this time (RFC 3339)")
		return sc
	}
	var promoteWrite bool
	promote := &cobra.Command{
		Use:   "promote",
		Short: "Turn entries confirmed through three reviews into rules (--write adds them to rules/learned.yaml)",
		Example: `  governance learn promote
  governance learn promote --write`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			return a.keepTrust(filepath.Join(p.RepoDir, learned.Name), func() error { return a.promote(promoteWrite) })
		},
	}
	promote.Flags().BoolVar(&promoteWrite, "write", false, "write the rules and retire the entries they replace")
	c.AddCommand(propose, setStatus("approve", "Let a pending entry decide, and start its review schedule", learned.Approved),
		setStatus("retire", "Stop an entry deciding", learned.Retired), promote)
	return c
}

func printLearned(a *App, e *learned.Entry) {
	pat, _ := yaml.Marshal(e.Pattern)
	fmt.Fprintf(a.Stdout, "%s  %s %s  (%s, %s, confidence %.2f)\n", e.ID, e.Decision, engine.Sanitize(e.Description),
		e.Status, e.Provenance, e.Confidence)
	for _, line := range strings.Split(strings.TrimSpace(string(pat)), "\n") {
		fmt.Fprintf(a.Stdout, "    %s\n", line)
	}
	if e.Reasoning != "" {
		fmt.Fprintf(a.Stdout, "    because: %s\n", engine.Sanitize(e.Reasoning))
	}
	if e.Evidence != nil {
		fmt.Fprintf(a.Stdout, "    evidence: %d allowed, %d denied; decisions %s\n", e.Evidence.Allowed, e.Evidence.Denied,
			strings.Join(e.Evidence.DecisionIDs, ", "))
	}
}

// ruleDirs are the rules folders whose changes bring reviews forward.
func ruleDirs(p layout.Paths) []string {
	return []string{filepath.Join(p.UserDir, "rules"), filepath.Join(p.RepoDir, "rules")}
}

// findEntry returns the learned.yaml that holds an entry.
func findEntry(p layout.Paths, id string) (string, error) {
	for _, file := range learned.FilesOf(p.UserDir, p.RepoDir) {
		f, err := learned.Read(file)
		if err != nil {
			return "", err
		}
		if f.Find(id) != nil {
			return file, nil
		}
	}
	return "", fmt.Errorf("no learned entry %q (governance review --list shows them)", id)
}

// promote proposes rules for entries confirmed through three reviews.
func (a *App) promote(write bool) error {
	p := a.paths(a.Cwd)
	type promo struct {
		file string
		e    learned.Entry
	}
	var promos []promo
	for _, file := range learned.FilesOf(p.UserDir, p.RepoDir) {
		f, err := learned.Read(file)
		if err != nil {
			return err
		}
		for _, e := range f.Entries {
			if e.Status == learned.Approved && e.Confirmations() >= 3 {
				promos = append(promos, promo{file, e})
			}
		}
	}
	if len(promos) == 0 {
		fmt.Fprintln(a.Stdout, "no entry was confirmed through three reviews yet")
		return nil
	}
	var rules []map[string]any
	for _, pr := range promos {
		spec, err := pr.e.Spec("")
		if err != nil {
			return err
		}
		m := map[string]any{"id": "promoted-" + pr.e.ID, "description": pr.e.Description, "decision": pr.e.Decision,
			"match": pr.e.Pattern, "examples": map[string]any{"match": pr.e.Examples}}
		if spec.Message != "" {
			m["message"] = strings.TrimPrefix(spec.Message, "Learned: ")
		}
		if spec.Suggestion != "" {
			m["suggestion"] = spec.Suggestion
		}
		rules = append(rules, m)
	}
	data, err := yaml.Marshal(map[string]any{"rules": rules})
	if err != nil {
		return err
	}
	if !write {
		fmt.Fprintf(a.Stdout, "# proposed rules (governance learn promote --write adds them to rules/learned.yaml):\n%s", data)
		return nil
	}
	out := filepath.Join(p.RepoDir, "rules", "learned.yaml")
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("%s exists; move its rules elsewhere first, or promote by hand from the output without --write", out)
	}
	if _, err := config.ParseRules(out, data, engine.ScopeRepo); err != nil {
		return fmt.Errorf("the promoted rules do not load: %w", err)
	}
	if err := atomicfile.Write(out, append([]byte("# Rules promoted from learned entries confirmed through three reviews.\n"), data...), 0o644); err != nil {
		return err
	}
	for _, pr := range promos {
		if err := learned.Update(pr.file, func(f *learned.File) error {
			e := f.Find(pr.e.ID)
			return e.Apply(learned.Retire, who(), "promoted to rule promoted-"+e.ID, a.Now(), "")
		}); err != nil {
			return err
		}
	}
	fmt.Fprintf(a.Stdout, "wrote %d rules to %s and retired the entries\n", len(promos), out)
	return nil
}

// dueItem is something governance review shows.
type dueItem struct {
	id, kind, why, summary, file string
	hits                         int
}

func (a *App) reviewCmd() *cobra.Command {
	var list, asJSON bool
	var confirm, modify, retire, decision, description, note, now string
	c := &cobra.Command{
		Use:   "review",
		Short: "Review what is due: learned entries and rules, on a spaced-repetition schedule",
		Long: `Every approved learned entry and every rule of the user's and the project's
configuration comes back for review: a week after approval, then two
weeks, a month, two months, four months, eight months, then every year.
A change of the rule files, or a new file that looks like a secret in the
project, brings reviews forward.

On a terminal, review asks about each item: confirm (the next review moves
out), modify (change the decision or description; the schedule starts
again) or retire. In scripts, use --confirm, --modify or --retire with an
id; --list only lists.`,
		Example: `  governance review
  governance review --list
  governance review --list --json
  governance review --confirm L3 --note "still right"
  governance review --modify L4 --decision ask
  governance review --retire no-npm-publish`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := a.clock(now)
			if err != nil {
				return err
			}
			p := a.paths(a.Cwd)
			switch {
			case confirm != "":
				return a.applyReview(p, confirm, learned.Confirm, "", "", note, t)
			case modify != "":
				if decision == "" && description == "" {
					return usagef("--modify needs --decision or --description")
				}
				return a.applyReview(p, modify, learned.Modify, decision, description, note, t)
			case retire != "":
				return a.applyReview(p, retire, learned.Retire, "", "", note, t)
			}
			items, err := a.dueItems(p, t)
			if err != nil {
				return err
			}
			if asJSON {
				// --json only lists, as --list does.
				out := []reviewOut{}
				for _, it := range items {
					out = append(out, reviewOut{ID: it.id, Kind: it.kind, Summary: it.summary, Hits: it.hits, Why: it.why, File: it.file})
				}
				return writeJSON(a.Stdout, out)
			}
			if len(items) == 0 {
				fmt.Fprintln(a.Stdout, "nothing is due for review")
				return nil
			}
			interactive := !list && isTerminal(a.Stdin)
			for _, it := range items {
				fmt.Fprintf(a.Stdout, "%-10s %-7s %s (%d hits): %s\n", it.id, it.kind, engine.Sanitize(it.summary), it.hits, it.why)
			}
			if !interactive {
				return nil
			}
			in := bufio.NewReader(a.Stdin)
			for _, it := range items {
				fmt.Fprintf(a.Stdout, "\n%s: %s\n[c]onfirm, [m]odify, [r]etire, [s]kip? ", it.id, engine.Sanitize(it.summary))
				answer, _ := in.ReadString('\n')
				switch strings.TrimSpace(strings.ToLower(answer)) {
				case "c", "confirm":
					err = a.applyReview(p, it.id, learned.Confirm, "", "", "", t)
				case "r", "retire":
					err = a.applyReview(p, it.id, learned.Retire, "", "", "", t)
				case "m", "modify":
					if it.kind != "learned" {
						fmt.Fprintf(a.Stdout, "edit the rule in %s, then run `governance review --modify %s --description ...`\n", it.file, it.id)
						continue
					}
					fmt.Fprint(a.Stdout, "decision (allow, ask, deny; empty keeps it): ")
					d, _ := in.ReadString('\n')
					fmt.Fprint(a.Stdout, "description (empty keeps it): ")
					desc, _ := in.ReadString('\n')
					err = a.applyReview(p, it.id, learned.Modify, strings.TrimSpace(d), strings.TrimSpace(desc), "", t)
				}
				if err != nil {
					return err
				}
			}
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&list, "list", false, "only list what is due")
	f.BoolVar(&asJSON, "json", false, "list what is due as JSON (implies --list)")
	f.StringVar(&confirm, "confirm", "", "confirm the entry or rule with this id")
	f.StringVar(&modify, "modify", "", "modify the entry with this id (with --decision or --description)")
	f.StringVar(&retire, "retire", "", "retire the entry or rule with this id")
	f.StringVar(&decision, "decision", "", "the new decision, with --modify")
	f.StringVar(&description, "description", "", "the new description, with --modify")
	f.StringVar(&note, "note", "", "a note recorded with the review")
	f.StringVar(&now, "now", "", "review as of this time (RFC 3339)")
	return c
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// dueItems lists the learned entries and rules due for review, starting
// the schedule of rules seen for the first time.
func (a *App) dueItems(p layout.Paths, now time.Time) ([]dueItem, error) {
	ctx := learned.Context(p.ProjectRoot, ruleDirs(p)...)
	_, hits, _ := ruleHits(p, time.Time{})
	var items []dueItem
	for _, file := range learned.FilesOf(p.UserDir, p.RepoDir) {
		f, err := learned.Read(file)
		if err != nil {
			return nil, err
		}
		for _, e := range f.Entries {
			if due, why := e.Due(now, ctx); due {
				items = append(items, dueItem{id: e.ID, kind: "learned", why: why, summary: e.Decision + " " + e.Description,
					file: file, hits: hits["learned:"+e.ID]})
			}
		}
	}
	l, err := config.LoadAsWritten(p)
	if err != nil {
		return nil, withHint(err, "fix the configuration first (governance lint)")
	}
	for _, scope := range []struct{ name, dir string }{{engine.ScopeGlobal, p.UserDir}, {engine.ScopeRepo, p.RepoDir}} {
		var rules []*engine.Rule
		for _, r := range l.Policy.Rules {
			if r.Scope == scope.name {
				rules = append(rules, r)
			}
		}
		if len(rules) == 0 {
			continue
		}
		file := filepath.Join(scope.dir, learned.ReviewsName)
		err := learned.UpdateReviews(file, func(rv *learned.Reviews) error {
			for _, r := range rules {
				rr := rv.Track(r.ID, now)
				if due, why := rr.Due(now, ctx); due {
					items = append(items, dueItem{id: r.ID, kind: "rule", why: why, summary: r.Outcome().String() + " " + r.ID,
						file: r.Source, hits: hits[r.ID]})
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].kind < items[j].kind })
	return items, nil
}

// applyReview records a review of a learned entry or a rule.
func (a *App) applyReview(p layout.Paths, id, verdict, decision, description, note string, now time.Time) error {
	ctx := learned.Context(p.ProjectRoot, ruleDirs(p)...)
	if file, err := findEntry(p, id); err == nil {
		return a.keepTrust(file, func() error {
			return learned.Update(file, func(f *learned.File) error {
				e := f.Find(id)
				if e.Status != learned.Approved {
					return fmt.Errorf("entry %s is %s; only approved entries are reviewed (learn approve)", id, e.Status)
				}
				if verdict == learned.Modify {
					if decision != "" {
						if !slices.Contains([]string{"allow", "ask", "deny"}, decision) {
							return usagef("--decision must be allow, ask or deny")
						}
						e.Decision = decision
					}
					if description != "" {
						e.Description = description
					}
				}
				if err := e.Apply(verdict, who(), note, now, ctx); err != nil {
					return err
				}
				fmt.Fprintf(a.Stdout, "%s: %s; %s\n", id, verdict, nextReview(e.Status, e.NextReview))
				return nil
			})
		})
	}
	l, err := config.LoadAsWritten(p)
	if err != nil {
		return withHint(err, "fix the configuration first (governance lint)")
	}
	for _, r := range l.Policy.Rules {
		if r.ID != id || r.Scope == engine.ScopeBuiltin {
			continue
		}
		dir := p.RepoDir
		if r.Scope == engine.ScopeGlobal {
			dir = p.UserDir
		}
		if verdict == learned.Modify && decision != "" {
			return usagef("a rule's decision changes in its file (%s); review it with --modify --description after editing", r.Source)
		}
		return learned.UpdateReviews(filepath.Join(dir, learned.ReviewsName), func(rv *learned.Reviews) error {
			rr := rv.Track(id, now)
			if err := rr.Apply(verdict, who(), note, now, ctx); err != nil {
				return err
			}
			if rr.Retired {
				fmt.Fprintf(a.Stdout, "%s: retired; it no longer decides (its text stays in %s until you delete it)\n", id, r.Source)
				return nil
			}
			fmt.Fprintf(a.Stdout, "%s: %s; %s\n", id, verdict, nextReview(learned.Approved, rr.NextReview))
			return nil
		})
	}
	return errors.New("no learned entry or configured rule with id " + id)
}

func nextReview(status string, t time.Time) string {
	if status != learned.Approved {
		return "it no longer decides"
	}
	return "next review " + t.Format("2006-01-02")
}

func (a *App) auditRulesCmd() *cobra.Command {
	var days int
	var asJSON bool
	var now string
	c := &cobra.Command{
		Use:   "audit-rules",
		Short: "Find problems in the rule set: shadowed rules, unused rules, broken examples, contradictions",
		Long: `audit-rules checks the configuration's rules and learned entries: rules
whose own examples another rule decides differently (an allow shadowed by
a deny, or the reverse), rules the decision log shows no call hit in
--days days, rules whose examples no longer hold, and learned entries that
contradict a rule. It exits 1 when it finds a problem, so CI can run it.

Hits are counted in this project's calls only. A rule is reported unused
only when the decision log covers the whole window here and the rule was
there all along (its file is older than the window); otherwise it is
listed as "not enough history yet", which does not fail the run.`,
		Example: `  governance audit-rules
  governance audit-rules --days 30 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := a.clock(now)
			if err != nil {
				return err
			}
			p := a.paths(a.Cwd)
			l, err := config.LoadAsWritten(p)
			if err != nil {
				return withHint(err, "fix the configuration first (governance lint)")
			}
			last, logSince, err := projectRuleHits(p)
			if err != nil {
				return err
			}
			findings := learned.Audit(l.Policy, learned.AuditOptions{Hits: last, Days: days, Now: t,
				LogSince: logSince, Appeared: ruleAppeared})
			if asJSON {
				if findings == nil {
					findings = []learned.Finding{}
				}
				if err := writeJSON(a.Stdout, findings); err != nil {
					return err
				}
			} else {
				for _, f := range findings {
					fmt.Fprintln(a.Stdout, f)
				}
			}
			problems := 0
			for _, f := range findings {
				if !f.Young() {
					problems++
				}
			}
			if problems > 0 {
				fmt.Fprintf(a.Stderr, "governance: error: %s in the rule set\n", count(problems, "problem"))
				return errReported
			}
			if !asJSON {
				fmt.Fprintln(a.Stdout, "ok: no problem found")
			}
			return nil
		},
	}
	c.Flags().IntVar(&days, "days", 90, "report rules no call hit in this many days (0: skip)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the findings as JSON")
	c.Flags().StringVar(&now, "now", "", "as of this time (RFC 3339)")
	return c
}

// printRadius shows what an allow entry would newly allow: the logged
// calls it covers that were not allowed and no person approved.
// proposeOut is the JSON form of learn propose (docs/json.md).
type proposeOut struct {
	Proposals []proposalOut `json:"proposals"`
	// Written and File say what --write recorded.
	Written int    `json:"written,omitempty"`
	File    string `json:"file,omitempty"`
}

// proposalOut is one proposed learned entry and what it would newly allow.
type proposalOut struct {
	ID          string `json:"id"`
	Description string `json:"description"`
	Decision    string `json:"decision"`
	// Pattern is the entry's pattern with learned.yaml's keys.
	Pattern    map[string]any `json:"pattern"`
	Confidence float64        `json:"confidence"`
	Examples   []string       `json:"examples,omitempty"`
	// NewlyAllows counts the logged calls no approval covered that the
	// entry would allow; NewlyAllowed lists them, each once.
	NewlyAllows  int      `json:"newly_allows"`
	NewlyAllowed []string `json:"newly_allowed,omitempty"`
}

// proposal is the JSON form of a proposed entry.
func (a *App) proposal(p layout.Paths, e learned.Entry) (proposalOut, error) {
	out := proposalOut{ID: e.ID, Description: e.Description, Decision: e.Decision, Confidence: e.Confidence, Examples: e.Examples}
	data, err := yaml.Marshal(e.Pattern)
	if err != nil {
		return out, err
	}
	if err := yaml.Unmarshal(data, &out.Pattern); err != nil {
		return out, err
	}
	if e.Decision == "allow" {
		r, err := learned.BlastRadius(e, decisionlog.Read(p.DecisionLog(), decisionlog.Filter{}))
		if err != nil {
			return out, err
		}
		out.NewlyAllows, out.NewlyAllowed = r.Count, r.Calls
	}
	return out, nil
}

// reviewOut is one item of review --list --json (docs/json.md).
type reviewOut struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Summary string `json:"summary"`
	Hits    int    `json:"hits"`
	Why     string `json:"why"`
	File    string `json:"file,omitempty"`
}

func (a *App) printRadius(p layout.Paths, e learned.Entry) error {
	if e.Decision != "allow" {
		return nil
	}
	r, err := learned.BlastRadius(e, decisionlog.Read(p.DecisionLog(), decisionlog.Filter{}))
	if err != nil {
		return err
	}
	if r.Count == 0 {
		fmt.Fprintln(a.Stdout, "    would newly allow: nothing the log holds beyond its approvals")
		return nil
	}
	fmt.Fprintf(a.Stdout, "    would newly allow %d logged call(s) that no approval covered:\n", r.Count)
	for i, c := range r.Calls {
		if i == 10 {
			fmt.Fprintf(a.Stdout, "      ... and %d more\n", len(r.Calls)-i)
			break
		}
		fmt.Fprintf(a.Stdout, "      %s\n", engine.Sanitize(c))
	}
	return nil
}

// knownEntries returns the ids of the entries already recorded in the
// user's and the project's learned.yaml, whatever their state; with
// global, also those a person retired in any project the decision log
// has seen, since a user-wide entry would bring them back there.
func (a *App) knownEntries(p layout.Paths, global bool) (map[string]bool, error) {
	known := map[string]bool{}
	read := func(dir string, retiredOnly bool) error {
		if dir == "" {
			return nil
		}
		f, err := learned.Read(filepath.Join(dir, learned.Name))
		if err != nil {
			return err
		}
		for _, e := range f.Entries {
			if !retiredOnly || e.Status == learned.Retired {
				known[e.ID] = true
			}
		}
		return nil
	}
	for _, dir := range []string{p.UserDir, p.RepoDir} {
		if err := read(dir, false); err != nil {
			return nil, err
		}
	}
	if global {
		for _, root := range loggedProjects(p.DecisionLog()) {
			// Another project's broken file is its own lint's to report.
			_ = read(layout.Discover(root, root, a.Getenv).RepoDir, true)
		}
	}
	return known, nil
}
