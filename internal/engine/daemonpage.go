package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// The daemon serves the approvals page and its decide API on a loopback
// port that it records in daemon.json in the state folder, and answers
// the hook on a unix socket beside it. A person answers approvals there;
// an agent's connection to them is an attempt to answer its own, so it is
// denied whatever program makes it and however it spells this machine.
//
// The spellings of this machine are too many to list (127.1, 0x7f000001,
// 2130706433, 017700000001, the whole of 127.0.0.0/8, [::1] and
// [::ffff:127.0.0.1], 0.0.0.0, localhost., the names the hosts file maps
// to loopback), and a connection can be pointed there from elsewhere
// (curl --resolve, --connect-to, a proxy, an interpreter's socket). What
// every such call has to say is the port, or the socket: a command that
// may open a connection (a network effect, an unknown program, code an
// interpreter runs, bash's /dev/tcp) and whose words name the page's port
// (in any base a program reads it in) or the daemon's socket is denied.
// A port computed at run time leaves the command unknown, which is never
// allowed. A page on the default port of its scheme is named by no port:
// there, a request to this machine (see loopback.go) is denied.

// channel is what a call would have to name to reach the daemon.
type channel struct {
	// port is the page's port, "" when no daemon runs.
	port string
	// pid is the daemon's process, "" when none runs.
	pid string
	// sockets are texts that name the daemon's socket: its path, the
	// state folder from the home, and the default state folder's tail.
	sockets []string
}

// governanceChannel returns the daemon's channel, read once per call.
func (ev *evaluation) governanceChannel() *channel {
	if ev.channel != nil {
		return ev.channel
	}
	ch := &channel{sockets: []string{"state/governance"}}
	ev.channel = ch
	dir := ev.e.Policy.StateDir
	if dir == "" {
		return ch
	}
	ch.sockets = append(ch.sockets, filepath.Join(dir, "daemon.sock"))
	if ev.pc.home != "" && strings.HasPrefix(dir, ev.pc.home+"/") {
		ch.sockets = append(ch.sockets, "~"+strings.TrimPrefix(dir, ev.pc.home))
	}
	data, err := os.ReadFile(filepath.Join(dir, "daemon.json"))
	if err != nil {
		return ch
	}
	var info struct {
		URL    string `json:"url"`
		Socket string `json:"socket"`
		PID    int    `json:"pid"`
	}
	if json.Unmarshal(data, &info) != nil {
		return ch
	}
	if info.PID > 0 {
		ch.pid = strconv.Itoa(info.PID)
	}
	if info.Socket != "" {
		ch.sockets = append(ch.sockets, info.Socket)
	}
	// http://127.0.0.1:PORT (net/url is more than the hook links for it).
	host, _, _ := strings.Cut(strings.TrimPrefix(info.URL, "http://"), "/")
	i := strings.LastIndexByte(host, ':')
	if i < 0 {
		return ch
	}
	n, err := strconv.ParseUint(host[i+1:], 10, 16)
	if err != nil || n == 0 {
		return ch
	}
	ch.port = strconv.FormatUint(n, 10)
	return ch
}

// names reports whether text names the channel: a path of the socket,
// or the port as a number of its own, as the programs that take it read
// one: decimal with leading zeros, 0x, 0o, 0b, a leading 0 for octal,
// digits grouped by underscores (41_234 in Python and JavaScript).
func (ch *channel) names(text string) string {
	for _, s := range ch.sockets {
		if strings.Contains(text, s) {
			return "its socket"
		}
	}
	return ch.namesPort(text)
}

// namesPort reports whether text names the port as a number of its own.
func (ch *channel) namesPort(text string) string {
	if ch.port == "" {
		return ""
	}
	for i := 0; i < len(text); {
		if !alnum(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && alnum(text[j]) {
			j++
		}
		if w := text[i:j]; w[0] >= '0' && w[0] <= '9' && ch.isPort(strings.ReplaceAll(w, "_", "")) {
			return "its port " + ch.port
		}
		i = j
	}
	return ""
}

// isPort reports a number that is the port in some base.
func (ch *channel) isPort(w string) bool {
	if n, err := strconv.ParseUint(w, 0, 64); err == nil && strconv.FormatUint(n, 10) == ch.port {
		return true
	}
	n, err := strconv.ParseUint(w, 10, 64)
	return err == nil && strconv.FormatUint(n, 10) == ch.port
}

// defaultPort reports a page on the port a URL with no port goes to.
func (ch *channel) defaultPort() bool { return ch.port == "80" || ch.port == "443" }

func alnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// mayConnect reports a command that may open a connection: one whose
// model says it makes a request or does not know what it does, an
// unknown program, a sender, code it runs, bash's /dev/tcp and /dev/udp.
func (ev *evaluation) mayConnect(s *subject) bool {
	cl := s.cl
	for _, r := range cl.cmd.Redirects {
		if v := r.Target.Value; strings.HasPrefix(v, "/dev/tcp/") || strings.HasPrefix(v, "/dev/udp/") || r.Target.Dynamic {
			return true
		}
	}
	if cl.call == nil || networkSender(cl) {
		return true
	}
	for _, e := range cl.call.Effects().List {
		switch e.Op {
		case programs.Network, programs.Unknown, programs.Exec:
			return true
		}
	}
	return false
}

// daemonPageVerdict denies a command that may connect to the daemon's
// page, API or socket: one that may open a connection and whose words, or
// the call's text, name the daemon's port or socket.
func (ev *evaluation) daemonPageVerdict(s *subject) Verdict {
	if s.cl == nil || !ev.mayConnect(s) {
		return Verdict{}
	}
	ch := ev.governanceChannel()
	what := ch.names(ev.req.Tool.Input.Command)
	c := s.cl.cmd
	for i := 0; what == "" && i < len(c.Args); i++ {
		what = ch.names(c.Args[i].Value)
	}
	for i := 0; what == "" && i < len(c.Redirects); i++ {
		what = ch.names(c.Redirects[i].Target.Value)
	}
	for i := 0; what == "" && i < len(c.Assigns); i++ {
		what = ch.names(c.Assigns[i])
	}
	if what == "" {
		what = ch.names(c.Stdin.Body)
	}
	for i := 1; what == "" && i < len(c.Args); i++ {
		what = ev.socketPath(c.Args[i], c.Cwd)
	}
	if what == "" && ch.defaultPort() && s.cl.call != nil {
		// A URL that names no port goes to its scheme's.
		for _, e := range s.cl.call.Effects().List {
			if e.Op == programs.Network && (e.Host == "" || ev.thisMachine(e.Host)) {
				what = "this machine, whose port " + ch.port + " is the page's"
				break
			}
		}
	}
	if what == "" {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.display,
		Message: "`" + s.display + "` may connect to governance's daemon (the call names " + what +
			"), whose page and API are where a person answers approvals; an agent may not answer or query them, " +
			"whichever program connects and however it spells this machine.",
		Suggestion: "Wait for the person to answer; `governance approvals list` shows what is waiting. " +
			"A server of your own listens on another port."}
}

// channelToolVerdict denies a web fetch or a tool server's call whose URL
// or arguments name the daemon's port or socket: the harness or the
// server connects from this machine too.
func (ev *evaluation) channelToolVerdict(s *subject) Verdict {
	ch := ev.governanceChannel()
	what := ch.names(s.url)
	if what == "" && s.kind == KindWeb && ch.defaultPort() && (s.host == "" || ev.thisMachine(s.host)) {
		what = "this machine, whose port " + ch.port + " is the page's"
	}
	if what == "" && s.kind == KindMCP {
		what = ch.namedIn(s.arguments)
	}
	if what == "" {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection",
		Message: "This call may connect to governance's daemon (it names " + what +
			"), whose page and API are where a person answers approvals; an agent may not answer or query them.",
		Suggestion: "Wait for the person to answer; `governance approvals list` shows what is waiting."}
}

// namedIn reports whether a value of a tool call's arguments names the
// channel.
func (ch *channel) namedIn(v any) string {
	switch v := v.(type) {
	case string:
		return ch.names(v)
	case float64:
		if ch.port != "" && strconv.FormatFloat(v, 'f', -1, 64) == ch.port {
			return "its port " + ch.port
		}
	case map[string]any:
		for _, x := range v {
			if w := ch.namedIn(x); w != "" {
				return w
			}
		}
	case []any:
		for _, x := range v {
			if w := ch.namedIn(x); w != "" {
				return w
			}
		}
	}
	return ""
}

// socketPath reports a word that names the daemon's socket as a path,
// relative to the command's folder or as a glob that could match it
// (cd ~/.local/state && curl --unix-socket governance/d* ...), alone or
// after a prefix (UNIX-CONNECT:PATH, --unix-socket=PATH).
func (ev *evaluation) socketPath(a shell.Arg, cwd string) string {
	dir := ev.e.Policy.StateDir
	if dir == "" || a.Dynamic {
		return ""
	}
	sock := filepath.Join(dir, "daemon.sock")
	v := a.Value
	for _, w := range []string{v, v[strings.LastIndexAny(v, ":=")+1:]} {
		if w == "" {
			continue
		}
		// A pattern that does not parse ([].{a:b}, a JMESPath query) is
		// no glob: the shell and every glob function take it as it is.
		glob := strings.ContainsAny(w, "*?[") && doublestar.ValidatePattern(w)
		p := ev.pc.resolve(w, false, glob, cwd)
		if p.abs == "" {
			continue
		}
		if glob {
			if ok, err := doublestar.Match(p.abs, sock); ok || err != nil {
				return "its socket"
			}
			continue
		}
		if within(p.abs, dir) {
			return "its socket"
		}
	}
	return ""
}

// plantedVerdict denies writing a file (a script, a configuration) whose
// text names the daemon's port and this machine: a program run later
// would connect to the page from where the words are no longer seen
// (echo 'urlopen("http://127.1:PORT/")' > x.py, then python3 x.py).
func (ev *evaluation) plantedVerdict(s *subject) Verdict {
	text := ev.req.Tool.Input.Command + "\n" + ev.req.Tool.Input.Content
	ch := ev.governanceChannel()
	what := ch.namesPort(text)
	if what == "" || !mentionsThisMachine(text) {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: ev.relPath(s.file),
		Message: "This call writes " + ev.relPath(s.file) + " with text that names this machine and " + what +
			", the port of governance's daemon, whose page and API are where a person answers approvals; " +
			"a program that reads it later could connect there.",
		Suggestion: "Wait for the person to answer; `governance approvals list` shows what is waiting. " +
			"A server of your own listens on another port."}
}

// mentionsThisMachine reports text that may spell this machine: a name
// or address of loopback or of the unspecified address, in the forms a
// person writes them (not every spelling: a port alone decides where
// the text is a command).
func mentionsThisMachine(text string) bool {
	t := strings.ToLower(text)
	for _, m := range []string{"localhost", "127.", "::1", "0x7f", "2130706433", "0177", "0.0.0.0", "::ffff:", "[::]", "/dev/tcp/"} {
		if strings.Contains(t, m) {
			return true
		}
	}
	return false
}
