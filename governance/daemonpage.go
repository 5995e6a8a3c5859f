package governance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// The daemon serves the approvals page and its decide API on a loopback
// port that it writes to daemon.json in the state folder. A person answers
// approvals there; an agent's request to it is an attempt to answer its
// own, so it is denied whatever the request says (the page also wants a
// token the agent cannot read).

// daemonPort returns the port of the running daemon's page, or "".
func (ev *evaluation) daemonPort() string {
	if ev.e.Policy.StateDir == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(ev.e.Policy.StateDir, "daemon.json"))
	if err != nil {
		return ""
	}
	var info struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(data, &info) != nil {
		return ""
	}
	// http://127.0.0.1:PORT (net/url is more than the hook links for it).
	host, _, _ := strings.Cut(strings.TrimPrefix(info.URL, "http://"), "/")
	i := strings.LastIndexByte(host, ':')
	if i < 0 || strings.Trim(host[i+1:], "0123456789") != "" {
		return ""
	}
	return host[i+1:]
}

// localHost reports a host that reaches this machine: a loopback name or
// address, or the unspecified address, which connects here.
func localHost(host string) bool {
	switch host {
	case "0.0.0.0", "0", "[::]", "::":
		return true
	}
	return programs.LoopbackHost(host)
}

// daemonPageVerdict denies a command that sends a request to the
// daemon's page or API: a network effect to this machine whose words name
// the daemon's port.
func (ev *evaluation) daemonPageVerdict(s *subject) Verdict {
	cl := s.cl
	if cl.call == nil {
		return Verdict{}
	}
	port := ""
	for _, e := range cl.call.Effects().List {
		if e.Op != programs.Network || !localHost(e.Host) {
			continue
		}
		if port == "" {
			if port = ev.daemonPort(); port == "" {
				return Verdict{}
			}
		}
		for _, a := range cl.cmd.Args[1:] {
			if a.Value == port || strings.Contains(a.Value, ":"+port) {
				return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.display,
					Message: "`" + s.display + "` sends a request to governance's approvals page (port " + port +
						"), where a person answers approvals; an agent may not answer or query them there.",
					Suggestion: "Wait for the person to answer; `governance approvals list` shows what is waiting."}
			}
		}
	}
	return Verdict{}
}
