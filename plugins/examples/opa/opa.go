package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins"
)

// Version is the plugin's version.
const Version = "1.0.0"

// The queries whose results decide: sets of reasons.
const (
	denyQuery = "data.governance.deny"
	askQuery  = "data.governance.ask"
)

// Evaluator evaluates calls against Rego policies.
type Evaluator struct {
	policies []string
	data     string

	mu sync.Mutex
	// stamps are the modification times of the files the queries were
	// compiled from; a change recompiles them.
	stamps    map[string]time.Time
	deny, ask rego.PreparedEvalQuery
	err       error
}

// New returns an evaluator for the policies in the given files and
// folders, with data from a JSON file ("" for none).
func New(policies []string, data string) *Evaluator {
	return &Evaluator{policies: policies, data: data}
}

// Describe says what the plugin is; a policy that does not compile is an
// error here, so that `governance plugins list` shows it.
func (e *Evaluator) Describe(ctx context.Context) (plugins.Info, error) {
	if err := e.load(ctx); err != nil {
		return plugins.Info{}, err
	}
	return plugins.Info{Name: "opa", Version: Version}, nil
}

// Evaluate runs the deny and ask queries on the call.
func (e *Evaluator) Evaluate(ctx context.Context, req *governance.Request) (plugins.Verdict, error) {
	if err := e.load(ctx); err != nil {
		return plugins.Verdict{}, err
	}
	e.mu.Lock()
	deny, ask := e.deny, e.ask
	e.mu.Unlock()
	in := NewInput(req)
	reasons, err := eval(ctx, deny, in)
	if err != nil {
		return plugins.Verdict{}, err
	}
	if len(reasons) > 0 {
		return verdict(governance.Deny, denyQuery, reasons), nil
	}
	if reasons, err = eval(ctx, ask, in); err != nil {
		return plugins.Verdict{}, err
	}
	if len(reasons) > 0 {
		return verdict(governance.Ask, askQuery, reasons), nil
	}
	return plugins.Verdict{}, nil
}

// reason is one member of a deny or ask set.
type reason struct{ message, suggestion string }

func verdict(o governance.Outcome, rule string, rs []reason) plugins.Verdict {
	var msgs []string
	suggestion := ""
	for _, r := range rs {
		msgs = append(msgs, r.message)
		if suggestion == "" {
			suggestion = r.suggestion
		}
	}
	if suggestion == "" {
		suggestion = "Change the call so that the team's Rego policy allows it, or ask the policy's owners."
	}
	return plugins.Verdict{Outcome: o, Rule: rule, Message: strings.Join(msgs, "; "), Suggestion: suggestion}
}

// eval runs a query and reads the set it gives: strings, or objects with
// a message (or msg) and a suggestion. An undefined set is empty.
func eval(ctx context.Context, q rego.PreparedEvalQuery, in Input) ([]reason, error) {
	rs, err := q.Eval(ctx, rego.EvalInput(in))
	if err != nil {
		return nil, err
	}
	var out []reason
	for _, r := range rs {
		for _, ex := range r.Expressions {
			set, ok := ex.Value.([]any)
			if !ok {
				return nil, fmt.Errorf("%s is %T, not a set of reasons", ex.Text, ex.Value)
			}
			for _, v := range set {
				out = append(out, reasonOf(v))
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].message < out[j].message })
	return out, nil
}

func reasonOf(v any) reason {
	switch x := v.(type) {
	case string:
		return reason{message: x}
	case map[string]any:
		r := reason{}
		for _, k := range []string{"message", "msg", "reason"} {
			if s, ok := x[k].(string); ok {
				r.message = s
				break
			}
		}
		r.suggestion, _ = x["suggestion"].(string)
		if r.message == "" {
			b, _ := json.Marshal(x)
			r.message = string(b)
		}
		return r
	}
	b, _ := json.Marshal(v)
	return reason{message: string(b)}
}

// load compiles the policies when they changed since the last time.
func (e *Evaluator) load(ctx context.Context) error {
	files, err := e.files()
	if err != nil {
		return err
	}
	stamps := map[string]time.Time{}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return err
		}
		stamps[f] = fi.ModTime()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.stamps != nil && sameStamps(e.stamps, stamps) {
		return e.err
	}
	e.stamps = stamps
	e.err = e.compile(ctx, files)
	return e.err
}

func sameStamps(a, b map[string]time.Time) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !b[k].Equal(v) {
			return false
		}
	}
	return true
}

// files lists the policy files and the data file.
func (e *Evaluator) files() ([]string, error) {
	var out []string
	for _, p := range e.policies {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".rego") && !strings.HasSuffix(path, "_test.rego") {
				out = append(out, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if e.data != "" {
		out = append(out, e.data)
	}
	return out, nil
}

// compile prepares the two queries; e.mu is held.
func (e *Evaluator) compile(ctx context.Context, files []string) error {
	var opts []func(*rego.Rego)
	for _, f := range files {
		if f == e.data {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		opts = append(opts, rego.Module(f, string(src)))
	}
	if e.data != "" {
		raw, err := os.ReadFile(e.data)
		if err != nil {
			return err
		}
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return fmt.Errorf("%s: %w", e.data, err)
		}
		opts = append(opts, rego.Store(inmem.NewFromObject(doc)))
	}
	deny, err := rego.New(append(opts, rego.Query(denyQuery))...).PrepareForEval(ctx)
	if err != nil {
		return err
	}
	ask, err := rego.New(append(opts, rego.Query(askQuery))...).PrepareForEval(ctx)
	if err != nil {
		return err
	}
	e.deny, e.ask = deny, ask
	return nil
}
