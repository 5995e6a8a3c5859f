package engine

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// A request to this machine is mostly a developer's own server (curl
// http://localhost:3000/api/health), and stays as the request is judged.
// But infrastructure control planes listen there too, and hand whoever
// asks what their command-line tools are asked about: kubectl proxy
// serves the cluster's secrets with the user's credentials, the Docker
// Engine API on TCP a container's environment and files, Consul, etcd
// and Vault their key-value stores, Envoy's admin its TLS keys. A request
// to one of them, on this machine or a private address, is judged as the
// tool that fronts it: a person decides. A cloud's metadata service,
// which hands out the machine's credentials, is refused in every
// spelling of its address, whatever program or tool makes the request.

// controlPlanePort names the control plane whose well-known port port
// is, one that hands out credentials, configuration or files; "" for
// any other port. A switch, not a map: the hook does no work at start.
func controlPlanePort(port string) string {
	switch port {
	case "2375":
		return "the Docker Engine API"
	case "2376":
		return "the Docker Engine API over TLS"
	case "2379":
		return "etcd"
	case "4001":
		return "etcd (its former client port)"
	case "6443":
		return "the Kubernetes API server"
	case "16443":
		return "the Kubernetes API server (MicroK8s)"
	case "8001":
		return "kubectl proxy (the Kubernetes API with the user's credentials)"
	case "10250":
		return "the kubelet"
	case "10255":
		return "the kubelet's read-only port"
	case "8500":
		return "Consul"
	case "8501":
		return "Consul over TLS"
	case "8200":
		return "Vault"
	case "4646":
		return "Nomad"
	case "15000":
		return "Envoy's admin interface (Istio's sidecar)"
	case "9901":
		return "Envoy's admin interface"
	}
	return ""
}

// controlPlanePath names what a URL's path asks a control plane for, on
// any port: secrets, credentials, key-value stores, a container's
// environment, logs or files, a proxy's configuration, an application's
// environment; "" for any other path.
//
// The path is read as the server reads it: percent-decoded until it no
// longer changes (%73ecrets, namespaces%2Fdefault%2Fsecrets), a
// segment's ;parameters left off (secrets;x), a backslash a slash.
func controlPlanePath(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	p = strings.ToLower(percentDecoded(p))
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
	for i, s := range segs {
		if j := strings.IndexByte(s, ';'); j >= 0 {
			segs[i] = s[:j]
		}
	}
	for i, s := range segs {
		next := func(k int) string {
			if i+k < len(segs) {
				return segs[i+k]
			}
			return ""
		}
		switch s {
		case "secrets", "secret", "credentials", "config_dump", "heapdump", "env", "environ", "configprops":
			return "/" + strings.Join(segs[:i+1], "/")
		case "v1", "v3":
			if next(1) == "kv" {
				return "a key-value store (/" + s + "/kv)"
			}
		case "v2":
			if next(1) == "keys" {
				return "etcd's keys (/v2/keys)"
			}
		case "containers":
			switch next(2) {
			case "json", "archive", "export", "logs", "attach", "exec":
				return "a container's " + next(2) + " (/containers/" + next(1) + "/" + next(2) + ")"
			}
		}
	}
	return ""
}

// percentDecoded decodes a path's %XX escapes, again while a round
// changes it (a server or proxy may decode twice); a % that starts no
// escape stays as it is.
func percentDecoded(p string) string {
	for range 8 {
		if !strings.Contains(p, "%") {
			return p
		}
		var b strings.Builder
		changed := false
		for i := 0; i < len(p); i++ {
			if p[i] == '%' && i+2 < len(p) && hexDigit(p[i+1]) && hexDigit(p[i+2]) {
				b.WriteByte(hexValue(p[i+1])<<4 | hexValue(p[i+2]))
				i += 2
				changed = true
				continue
			}
			b.WriteByte(p[i])
		}
		if !changed {
			return p
		}
		p = b.String()
	}
	return p
}

func hexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexValue(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// urlParts splits a URL into host, port and path; a URL without a
// scheme (curl localhost:8001/api) is read as curl and wget read it.
func urlParts(raw string) (host, port, path string) {
	s := raw
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	authority := s
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		authority, path = s[:i], s[i:]
	}
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	host = authority
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end >= 0 {
			host, port = host[:end+1], strings.TrimPrefix(host[end+1:], ":")
		}
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host, port = host[:i], host[i+1:]
	}
	return strings.TrimSuffix(strings.ToLower(host), "."), port, path
}

// ipOf reads a numeric host in every spelling a client accepts:
// inet_aton's for IPv4 (0xa9fea9fe, 2852039166, 169.254.43518), IPv6 in
// brackets or not, with a zone, and IPv4-mapped IPv6 as its IPv4.
func ipOf(host string) (netip.Addr, bool) {
	h := strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if i := strings.IndexByte(h, '%'); i >= 0 {
		h = h[:i]
	}
	if strings.Contains(h, ":") {
		a, err := netip.ParseAddr(h)
		if err != nil {
			return netip.Addr{}, false
		}
		return a.Unmap(), true
	}
	v, ok := inetAton(h)
	if !ok {
		return netip.Addr{}, false
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// metadataNames are cloud metadata services' host names.
var metadataNames = []string{"metadata.google.internal", "metadata.goog", "metadata", "instance-data",
	"instance-data.ec2.internal", "metadata.azure.internal", "metadata.tencentyun.com", "metadata.packet.net"}

// metadataHost reports a cloud metadata service: link-local IPv4
// (169.254.169.254 and ECS's 169.254.170.2 among them), Alibaba's
// 100.100.100.200, AWS's fd00:ec2::254, Oracle's 192.0.0.192, or one of
// their names, in any spelling of the address.
func metadataHost(host string) bool {
	for _, n := range metadataNames {
		if host == n {
			return true
		}
	}
	a, ok := ipOf(host)
	if !ok {
		return false
	}
	switch {
	case a.Is4() && netip.MustParsePrefix("169.254.0.0/16").Contains(a),
		a == netip.MustParseAddr("100.100.100.200"), a == netip.MustParseAddr("192.0.0.192"),
		a == netip.MustParseAddr("fd00:ec2::254"):
		return true
	}
	return false
}

// localOrPrivate reports a host of this machine or of a private
// network, or a name that is no public one (docker, kubernetes.default,
// host.docker.internal, vault.service.consul).
func (ev *evaluation) localOrPrivate(host string) bool {
	if host == "" {
		return false
	}
	if ev.thisMachine(host) {
		return true
	}
	if a, ok := ipOf(host); ok {
		return a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsUnspecified() ||
			netip.MustParsePrefix("100.64.0.0/10").Contains(a)
	}
	if !strings.Contains(host, ".") {
		return true
	}
	for _, suffix := range []string{".internal", ".local", ".localdomain", ".lan", ".svc", ".cluster.local", ".consul", ".home", ".corp"} {
		if strings.HasSuffix(host, suffix) {
			return true
		}
	}
	return false
}

// controlPlaneVerdict judges a URL: refused to a metadata service, asked
// to a path that names secrets on this machine or a private network, and,
// byPort, to a control plane's port. The port counts for a request whose
// program makes HTTP requests of what the URL names (an HTTP client, a
// web tool); another program given a control plane's address is its own
// client (docker -H tcp://build:2375 images, kubectl --server), judged by
// its own model.
func (ev *evaluation) controlPlaneVerdict(raw string, byPort bool) Verdict {
	host, port, path := urlParts(raw)
	if metadataHost(host) {
		return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "cloud-metadata",
			Message:    "This reaches a cloud metadata service (" + raw + "), which hands out the machine's credentials.",
			Suggestion: "Do not query instance metadata; ask the user for the value you need."}
	}
	if !ev.localOrPrivate(host) {
		return Verdict{}
	}
	what := ""
	if byPort {
		what = controlPlanePort(port)
	}
	if what == "" {
		what = controlPlanePath(path)
		if what == "" {
			return Verdict{}
		}
	}
	return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "local-control-plane",
		Message: "This request (" + raw + ") reaches " + what + " on this machine or a private network, which hands out " +
			"secrets, credentials or files as the tool that fronts it does (kubectl get secrets, docker inspect).",
		Suggestion: "Ask the user to make the request, or use the service's own command-line tool."}
}

// httpClients are programs whose words name URLs that they request,
// with a scheme or without one.
var httpClients = []string{"curl", "wget", "wget2", "http", "https", "xh", "xhs", "httpie", "curlie", "aria2c",
	"fetch", "lynx", "links", "elinks", "w3m"}

// rawClients send bytes of their input to the address they are given
// (openssl s_client, a TLS terminal; netcat, socat, telnet): a request to
// a control plane as an HTTP client's, whatever is piped in.
var rawClients = []string{"openssl", "gnutls-cli", "nc", "ncat", "netcat", "socat", "telnet"}

// shellURLVerdict judges the URLs and the host:port addresses a
// command's words name, whatever the program: git ls-remote, npm
// --registry, pip --index-url and openssl s_client -connect reach a
// metadata service or a control plane as curl does. A word is a URL
// from its scheme's :// on (--registry=http://..., url=http://...), or
// host:port[/path] when host is an address or this machine's name. An
// HTTP client's words are URLs without a scheme or port too, and
// httpie's :PORT/path is localhost's. Other words cost no parsing.
func (ev *evaluation) shellURLVerdict(s *subject) Verdict {
	cl := s.cl
	if cl == nil {
		return Verdict{}
	}
	client := isHTTPClient(cl.name)
	globs := client && curlGlobs(cl)
	var win Verdict
	for _, a := range cl.cmd.Args[1:] {
		if a.Dynamic {
			continue
		}
		w := a.Value
		if i := strings.IndexByte(w, '='); i >= 0 && strings.HasPrefix(w, "-") {
			w = w[i+1:]
		}
		if strings.HasPrefix(w, "-") || w == "" || strings.ContainsAny(w, " \t\n") {
			continue
		}
		if i := strings.Index(w, "://"); i >= 0 {
			w = w[schemeStart(w, i):]
		} else if client {
			if strings.HasPrefix(w, ":") && len(w) > 1 && (w[1] == '/' || w[1] >= '0' && w[1] <= '9') {
				w = "localhost" + w
			}
			// A word without a scheme is a URL when its host is an
			// address or this machine, not a file name (-o build/env).
			if !ev.addressHost(w) {
				continue
			}
		} else if !hostPortShaped(w) || !ev.addressHost(w) {
			continue
		}
		v := ev.controlPlaneVerdict(w, client || slices.Contains(rawClients, cl.name))
		if globs && strings.ContainsAny(w, "{[") {
			v = ev.globVerdict(w)
		}
		if v.stricter(win) {
			win = v
		}
	}
	if win.Outcome != NoOpinion {
		win.Subject = s.display
	}
	return win
}

// schemeStart is where the scheme before the :// at i begins in w.
func schemeStart(w string, i int) int {
	for i > 0 {
		c := w[i-1]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			break
		}
		i--
	}
	return i
}

// hostPortShaped reports a word of the form host:port[/path], port a
// number: 169.254.169.254:80, localhost:8001/api. It allocates nothing.
func hostPortShaped(w string) bool {
	authority := w
	if i := strings.IndexAny(w, "/?#"); i >= 0 {
		authority = w[:i]
	}
	i := strings.LastIndexByte(authority, ':')
	if i <= 0 || i == len(authority)-1 {
		return false
	}
	for j := i + 1; j < len(authority); j++ {
		if authority[j] < '0' || authority[j] > '9' {
			return false
		}
	}
	return true
}

// addressHost reports a URL whose host is an address in any spelling,
// a metadata service's name or this machine's.
func (ev *evaluation) addressHost(w string) bool {
	host, _, _ := urlParts(w)
	if _, ip := ipOf(host); ip {
		return true
	}
	return metadataHost(host) || ev.thisMachine(host)
}

func isHTTPClient(name string) bool {
	for _, c := range httpClients {
		if name == c {
			return true
		}
	}
	return false
}

// webURLVerdict judges the URLs a web tool fetches as a shell client's
// (see shellURLVerdict), every one its URL or prompt names (Gemini's
// web_fetch takes a prompt with URLs in it, and fetches a private one
// itself), and refuses a private network's address in any spelling, as
// the private-network rule refuses curl's.
func (ev *evaluation) webURLVerdict(s *subject) Verdict {
	in := ev.req.Tool.Input
	var win Verdict
	var urls []string
	if in.URL != "" || !webSearch(ev.req.Tool.Name) {
		// A search's query is text looked for, not fetched.
		urls = webURLs(in.Query)
	}
	if in.URL != "" {
		urls = append(urls, in.URL)
	}
	for _, u := range urls {
		v := ev.controlPlaneVerdict(u, true)
		if v.Outcome == NoOpinion {
			host, _, _ := urlParts(u)
			if a, ok := ipOf(host); ok && (a.IsPrivate() || netip.MustParsePrefix("100.64.0.0/10").Contains(a)) {
				v = Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "private-network",
					Message:    "This reaches into a private network (" + u + "), where credentials and internal services live.",
					Suggestion: "Use public endpoints, or ask the user to make requests to internal hosts."}
			}
		}
		if v.stricter(win) {
			win = v
		}
	}
	if win.Outcome != NoOpinion {
		win.Subject = s.display
	}
	return win
}

// webURLs returns the URLs in a text: the words that have a scheme's ://.
func webURLs(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '"' || r == '\'' || r == '<' || r == '>' || r == '(' || r == ')'
	}) {
		w = strings.TrimRight(w, ".,;:!?")
		if strings.Contains(w, "://") {
			out = append(out, w)
		}
	}
	return out
}

// webSearch reports a web tool that searches rather than fetches.
func webSearch(name string) bool {
	switch strings.ToLower(name) {
	case "websearch", "web_search", "google_web_search", "search":
		return true
	}
	return false
}

// curlGlobs reports a client that expands globs in its URLs itself:
// curl (and curlie, which runs it), unless -g or --globoff turns that
// off, as the last of them says.
func curlGlobs(cl *cmdline) bool {
	if cl.name != "curl" && cl.name != "curlie" {
		return false
	}
	on := true
	for _, a := range cl.cmd.Args[1:] {
		switch a.Value {
		case "-g", "--globoff":
			on = false
		case "--no-globoff":
			on = true
		}
	}
	return on
}

// maxGlobURLs bounds the URLs a glob is expanded to for judging.
const maxGlobURLs = 256

// curlGlob expands a URL as curl does: {a,b} to each of its words,
// [a-z] and [1-10:2] to each of its letters or numbers, a backslash
// quoting the next character, an IPv6 address in brackets kept. It
// returns at most maxGlobURLs URLs, and false when there would be more
// or curl would not read the glob (then curl refuses it, or it targets
// more than was judged).
func curlGlob(raw string) ([]string, bool) {
	out := []string{""}
	add := func(alts []string) bool {
		if len(out)*len(alts) > maxGlobURLs {
			return false
		}
		next := make([]string, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				next = append(next, o+a)
			}
		}
		out = next
		return true
	}
	lit := func(s string) {
		for i := range out {
			out[i] += s
		}
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '\\' && i+1 < len(raw):
			i++
			lit(raw[i : i+1])
		case c == '{':
			end := strings.IndexByte(raw[i:], '}')
			if end < 0 || strings.ContainsAny(raw[i+1:i+end], "{[") {
				return out, false
			}
			if !add(strings.Split(raw[i+1:i+end], ",")) {
				return out, false
			}
			i += end
		case c == '[':
			end := strings.IndexByte(raw[i:], ']')
			if end < 0 {
				return out, false
			}
			body := raw[i+1 : i+end]
			if strings.Contains(body, ":") && strings.Trim(body, "0123456789abcdefABCDEF:.%") == "" && strings.Count(body, ":") > 1 {
				lit(raw[i : i+end+1]) // an IPv6 address
			} else if alts, ok := globRange(body); !ok || !add(alts) {
				return out, false
			}
			i += end
		default:
			lit(raw[i : i+1])
		}
	}
	return out, true
}

// globRange expands curl's range: a-z, 1-10, 01-10 (numbers padded
// as the first is), with an optional :step; false for what curl refuses
// or a range of more than maxGlobURLs.
func globRange(body string) ([]string, bool) {
	r, stepText, hasStep := strings.Cut(body, ":")
	from, to, ok := strings.Cut(r, "-")
	if !ok || from == "" || to == "" {
		return nil, false
	}
	step := 1
	if hasStep {
		n, err := strconv.Atoi(stepText)
		if err != nil || n < 1 {
			return nil, false
		}
		step = n
	}
	var out []string
	if len(from) == 1 && len(to) == 1 && !(from[0] >= '0' && from[0] <= '9') {
		if to[0] < from[0] {
			return nil, false
		}
		for c := int(from[0]); c <= int(to[0]); c += step {
			if len(out) == maxGlobURLs {
				return nil, false
			}
			out = append(out, string(rune(c)))
		}
		return out, true
	}
	lo, err1 := strconv.Atoi(from)
	hi, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil || lo < 0 || hi < lo {
		return nil, false
	}
	width := 0
	if len(from) > 1 && from[0] == '0' {
		width = len(from)
	}
	for n := lo; n <= hi; n += step {
		if len(out) == maxGlobURLs {
			return nil, false
		}
		s := strconv.Itoa(n)
		for len(s) < width {
			s = "0" + s
		}
		out = append(out, s)
	}
	return out, true
}

// globVerdict judges a URL curl expands as each URL it makes; one whose
// expansion is more than was judged, or that curl may read otherwise, is
// asked about when its host is this machine's or a private network's, or
// is itself a glob.
func (ev *evaluation) globVerdict(raw string) Verdict {
	urls, whole := curlGlob(raw)
	var win Verdict
	for _, u := range urls {
		if v := ev.controlPlaneVerdict(u, true); v.stricter(win) {
			win = v
		}
	}
	if whole || win.Outcome == Deny {
		return win
	}
	host, _, _ := urlParts(raw)
	if !ev.localOrPrivate(host) && !strings.ContainsAny(host, "{[") && !ev.localOrPrivate(urlHost(urls)) {
		return win
	}
	if win.Outcome == Ask {
		return win
	}
	return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "local-control-plane",
		Message: "This request (" + raw + ") is a glob curl expands to more URLs than were judged, on this machine " +
			"or a private network, where control planes hand out secrets, credentials or files.",
		Suggestion: "Name the URLs one by one, or pass -g (--globoff) to curl."}
}

// urlHost is the host of the first of urls, "" for none.
func urlHost(urls []string) string {
	if len(urls) == 0 {
		return ""
	}
	host, _, _ := urlParts(urls[0])
	return host
}
