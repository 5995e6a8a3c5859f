package cli

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
)

// auditOptions are the flags of audit and audit stats.
type auditOptions struct {
	since, agent, decision, session string
	asJSON, follow                  bool
	last                            int
}

// followInterval is how often audit --follow looks for new entries.
const followInterval = 250 * time.Millisecond

func (a *App) auditCmd() *cobra.Command {
	var o auditOptions
	c := &cobra.Command{
		Use:   "audit",
		Short: "Show the decision log: every decision the hook and check made; stats",
		Long: `audit prints the decisions recorded in the decision log
($XDG_STATE_HOME/governance/decisions.jsonl), oldest first, one line each:
time, decision, agent ("main" for the main thread), rule and subject. A
decision recorded in log-only mode, and so not applied, ends with
[not enforced].

Filters: --since a duration (90m, 24h, 7d) or a time (2026-11-21,
2026-11-21T12:00:00Z), which also reads the rotated logs it reaches back
to; --agent (main for the main thread); --decision, one outcome or a list
(deny,abort); --session. --json prints the log's lines as they are, one
JSON object per line. -n prints only the last N. --follow keeps printing
decisions as they are made until interrupted (Ctrl-C); it starts with the
last 10 unless -n or --since says otherwise.

Secrets in commands, URLs, paths and MCP arguments are masked before a
decision is recorded. audit ship sends the decisions to the team's
collector (audit_export in the user configuration).

Exit status: 0 done, 1 error, 2 usage.`,
		Example: `  governance audit --since 24h
  governance audit --decision deny,abort --agent reviewer
  governance audit --session 4f2b8c1e --json
  governance audit --follow
  governance audit stats --since 7d
  governance audit ship`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("last") && o.last < 0 {
				return usagef("-n must be 0 or more, not %d", o.last)
			}
			f, err := o.filter(a.Now())
			if err != nil {
				return err
			}
			path, err := a.decisionLog()
			if err != nil {
				return err
			}
			show := func(e *decisionlog.Entry) error { return printEntry(a.Stdout, e, o.asJSON) }
			if o.follow {
				backlog := 10
				switch {
				case cmd.Flags().Changed("last"):
					backlog = o.last
				case o.since != "":
					backlog = -1
				}
				ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				return decisionlog.Follow(ctx, path, f, backlog, followInterval, show)
			}
			var kept []*decisionlog.Entry
			for e, err := range decisionlog.Read(path, f) {
				if err != nil {
					return err
				}
				if !cmd.Flags().Changed("last") {
					if err := show(e); err != nil {
						return err
					}
					continue
				}
				kept = append(kept, e)
				if len(kept) > o.last {
					kept = kept[1:]
				}
			}
			for _, e := range kept {
				if err := show(e); err != nil {
					return err
				}
			}
			a.hintNoLog(path)
			return nil
		},
	}
	pf := c.PersistentFlags()
	pf.StringVar(&o.since, "since", "", "only decisions made since a duration ago (24h, 7d) or a time (2026-11-21)")
	pf.StringVar(&o.agent, "agent", "", `only the decisions of this agent ("main" for the main thread)`)
	pf.StringVar(&o.decision, "decision", "", "only these decisions: allow, warn, defer, ask, deny, abort (comma-separated)")
	pf.StringVar(&o.session, "session", "", "only the decisions of this session")
	pf.BoolVar(&o.asJSON, "json", false, "print JSON: the log's lines (audit), the counts (stats)")
	f := c.Flags()
	f.BoolVarP(&o.follow, "follow", "f", false, "keep printing decisions as they are made, until interrupted")
	f.IntVarP(&o.last, "last", "n", 0, "print only the last N decisions")
	c.AddCommand(a.auditStatsCmd(&o), a.auditShipCmd(&o))
	return c
}

func (a *App) auditStatsCmd(o *auditOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "stats",
		Short: "Count the recorded decisions per decision, rule, agent and layer",
		Long: `stats counts the decisions in the decision log that the filters keep
(--since, --agent, --decision, --session, as for audit): per decision, per
rule (most hit first), per agent and per layer. --json prints the counts as
one JSON object, each list ordered most first.`,
		Example: `  governance audit stats --since 7d
  governance audit stats --agent reviewer --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := o.filter(a.Now())
			if err != nil {
				return err
			}
			path, err := a.decisionLog()
			if err != nil {
				return err
			}
			s := newAuditStats(f.Since)
			for e, err := range decisionlog.Read(path, f) {
				if err != nil {
					return err
				}
				s.add(e)
			}
			a.hintNoLog(path)
			if o.asJSON {
				return writeJSON(a.Stdout, s.out())
			}
			s.print(a.Stdout)
			return nil
		},
	}
}

// decisionLog is the path of the decision log.
func (a *App) decisionLog() (string, error) {
	p := a.paths("")
	if p.StateDir == "" {
		return "", errors.New("there is no state folder, so no decision log: set HOME or XDG_STATE_HOME")
	}
	return p.DecisionLog(), nil
}

// hintNoLog says so on stderr when no decision was ever recorded.
func (a *App) hintNoLog(path string) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(a.Stderr, "governance: hint: no decisions recorded yet (%s does not exist); the hook and `governance check` write it\n", path)
	}
}

// filter turns the flags into a filter; bad values are usage errors.
func (o *auditOptions) filter(now time.Time) (decisionlog.Filter, error) {
	f := decisionlog.Filter{Agent: o.agent, Session: o.session}
	if o.since != "" {
		t, err := parseSince(o.since, now)
		if err != nil {
			return f, err
		}
		f.Since = t
	}
	if o.decision != "" {
		for _, name := range strings.Split(o.decision, ",") {
			out, err := engine.ParseOutcome(strings.TrimSpace(name))
			if err != nil || out == engine.NoOpinion {
				return f, usagef("--decision: unknown decision %q (want allow, warn, defer, ask, deny or abort, or a comma-separated list)", name)
			}
			f.Outcomes = append(f.Outcomes, out)
		}
	}
	return f, nil
}

// parseSince reads --since: a duration ago (90m, 24h, 7d, 1d12h) or a
// time (RFC 3339, or a local date or date and time).
func parseSince(s string, now time.Time) (time.Time, error) {
	if d, ok := parseAgo(s); ok {
		return now.Add(-d), nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usagef("--since wants a duration such as 24h or 7d, or a time such as 2026-11-21 or 2026-11-21T12:00:00Z, not %q", s)
}

// parseAgo parses a non-negative duration that may start with days: 7d,
// 1d12h, 90m.
func parseAgo(s string) (time.Duration, bool) {
	var days time.Duration
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 {
			return 0, false
		}
		days, s = time.Duration(n)*24*time.Hour, s[i+1:]
		if s == "" {
			return days, true
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, false
	}
	return days + d, true
}

// printEntry prints one entry: its log line with --json, else one line
// of text that is safe for a terminal.
func printEntry(w io.Writer, e *decisionlog.Entry, asJSON bool) error {
	if asJSON {
		_, err := fmt.Fprintf(w, "%s\n", e.Line)
		return err
	}
	r := e.Result
	line := fmt.Sprintf("%s  %-6s  %-12s  %-24s  %s", e.Timestamp.Local().Format(time.RFC3339),
		oneLine(r.Decision), oneLine(agentName(e.Input.Agent)), oneLine(r.Rule), oneLine(subject(e)))
	if r.Enforced != nil && !*r.Enforced {
		line += "  [not enforced]"
	}
	_, err := fmt.Fprintln(w, strings.TrimRight(line, " "))
	return err
}

func agentName(agent string) string {
	if agent == "" {
		return decisionlog.MainAgent
	}
	return agent
}

// subject is what an entry's decision was about: the deciding verdict's
// subject, else the call's command, path, URL or tool.
func subject(e *decisionlog.Entry) string {
	in := e.Input.Tool.Input
	switch {
	case e.Result.Subject != "":
		return e.Result.Subject
	case in.Command != "":
		return in.Command
	case len(in.Paths) > 0:
		return strings.Join(in.Paths, " ")
	case in.URL != "":
		return in.URL
	case in.Query != "":
		return in.Query
	case in.Subagent != "":
		return in.Subagent
	case in.Server != "":
		return in.Server + " " + in.MCPTool
	}
	return e.Input.Tool.Name
}

// oneLine makes text safe for a terminal and keeps it on one line.
func oneLine(s string) string {
	s = engine.Sanitize(s)
	if strings.ContainsAny(s, "\n\t\r") {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}

// auditStats counts entries.
type auditStats struct {
	since                           time.Time
	total                           int
	decisions, rules, agents, layer map[string]int
}

func newAuditStats(since time.Time) *auditStats {
	return &auditStats{since: since, decisions: map[string]int{}, rules: map[string]int{}, agents: map[string]int{},
		layer: map[string]int{}}
}

func (s *auditStats) add(e *decisionlog.Entry) {
	s.total++
	s.decisions[e.Result.Decision]++
	s.rules[e.Result.Rule]++
	s.agents[agentName(e.Input.Agent)]++
	s.layer[e.Result.Layer]++
}

// statCount is one name and how many decisions it had.
type statCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// statsOut is the JSON form of audit stats.
type statsOut struct {
	Total     int         `json:"total"`
	Since     *time.Time  `json:"since,omitempty"`
	Decisions []statCount `json:"decisions"`
	Rules     []statCount `json:"rules"`
	Agents    []statCount `json:"agents"`
	Layers    []statCount `json:"layers"`
}

// ranked lists counts most first, then by name.
func ranked(m map[string]int) []statCount {
	out := make([]statCount, 0, len(m))
	for name, n := range m {
		out = append(out, statCount{name, n})
	}
	slices.SortFunc(out, func(a, b statCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Name, b.Name))
	})
	return out
}

func (s *auditStats) out() statsOut {
	o := statsOut{Total: s.total, Decisions: ranked(s.decisions), Rules: ranked(s.rules), Agents: ranked(s.agents),
		Layers: ranked(s.layer)}
	if !s.since.IsZero() {
		since := s.since.UTC()
		o.Since = &since
	}
	return o
}

func (s *auditStats) print(w io.Writer) {
	o := s.out()
	head := fmt.Sprintf("%d decisions", o.Total)
	if o.Since != nil {
		head += " since " + s.since.Local().Format(time.RFC3339)
	}
	fmt.Fprintln(w, head)
	for _, sec := range []struct {
		title string
		list  []statCount
	}{{"by decision", o.Decisions}, {"by rule", o.Rules}, {"by agent", o.Agents}, {"by layer", o.Layers}} {
		if len(sec.list) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", sec.title)
		for _, c := range sec.list {
			fmt.Fprintf(w, "  %-32s %6d\n", oneLine(c.Name), c.Count)
		}
	}
}
