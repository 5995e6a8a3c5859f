package soundness

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/oracle"
)

// Violation is something a command did that its prediction did not say.
type Violation struct {
	// Kind is write, exec, network, secret-read or leak.
	Kind   string
	Detail string
}

func (v Violation) String() string { return v.Kind + ": " + v.Detail }

// Violations compares what a command did with what was predicted of it.
// A command the policy allows may only read non-secret files and print:
// its tools may write their own caches and run their helpers, and a
// predicted request may reach the network, but nothing else.
func Violations(p *Prediction, o *oracle.Observation) []Violation {
	var out []Violation
	for _, f := range o.Files {
		if f.Kind == oracle.KindDelete && strings.Contains(f.Err, "ENOENT") {
			// A delete of what is not there changes nothing.
			continue
		}
		if p.Covers(f.Path) && (f.Target == "" || p.Covers(f.Target)) {
			continue
		}
		d := string(f.Kind) + " " + f.Path
		if f.Target != "" {
			d += " -> " + f.Target
		}
		if f.Err != "" {
			d += " (attempted: " + f.Err + ")"
		}
		out = append(out, Violation{"write", d})
	}
	for _, e := range o.Execs {
		if e.Err != "" {
			continue
		}
		name := path.Base(e.Path)
		argv0 := ""
		if len(e.Argv) > 0 {
			argv0 = path.Base(e.Argv[0])
		}
		if p.Programs[name] || p.Programs[argv0] || p.Helpers[name] || p.Helpers[argv0] {
			continue
		}
		out = append(out, Violation{"exec", fmt.Sprintf("%s %q (depth %d)", e.Path, e.Argv, e.Depth)})
	}
	for _, n := range o.Network {
		if p.Network {
			continue
		}
		d := fmt.Sprintf("%s %s %s:%d", n.Call, n.Family, n.Address, n.Port)
		if len(n.DNS) > 0 {
			d += " dns " + strings.Join(n.DNS, ",")
		}
		out = append(out, Violation{"network", d})
	}
	for _, s := range o.SecretReads {
		if slices.Contains(p.Creds, s.Path) {
			continue
		}
		d := s.Secret + " " + s.Path
		if s.Via != "" {
			d += " via " + s.Via
		}
		out = append(out, Violation{"secret-read", d})
	}
	for _, l := range o.Leaks {
		out = append(out, Violation{"leak", fmt.Sprintf("%s to %s (%s)", l.Secret, l.Sink, l.Encoding)})
	}
	return out
}
