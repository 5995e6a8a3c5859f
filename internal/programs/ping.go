package programs

import "slices"

// Probes: ping, traceroute, tracepath and mtr send packets to a host and
// print what comes back. The host's name goes out in a DNS query and the
// packets carry the other words (ping -p fills them with a pattern, mtr
// -B with a byte), so every operand and option value is data of the
// request: one computed at run time ($(cat .env).evil.com) makes the
// call more than a lookup. ping -f floods the host.

// probe records the request of a probe: to its first operand, carrying
// every operand and option value.
func probe(c *Call, fx *Effects) {
	fx.Network(c.Operand(0), requestWords(c)...)
}

// ping's options are iputils's and macOS's. macOS's -b and -h take a
// value where iputils's are flags (and iputils's -h prints help): the
// model reads their values only when attached, so a separate one counts
// as an operand, which is data all the same.
var pingProgram = &Program{Names: []string{"ping"}, Node: Node{Opts: `
-4
-6
-A
-a
-B
-b[=INTERFACE]
-C
-c=COUNT
-D
-d
-e=IDENTIFIER
-F=FLOWLABEL
-f            change
-G=SIZE
-g=SIZE
-H
-h[=SIZE]
-I=INTERFACE
-i=INTERVAL
-K=TYPE
-k=CLASS
-L
-l=PRELOAD
-M=OPTION
-m=MARK
-N=QUERY
-n
-O
-o
-P=POLICY
-p=PATTERN
-Q[=CLASS]
-q
-R
-r
-S=SIZE
-s=SIZE
-T=OPTION
-t=TTL
-U
-v
-W=TIMEOUT
-w=DEADLINE
-z=TOS
--apple-connect
--apple-time
-V     help
`, Effects: func(c *Call, fx *Effects) {
	// The destination is the last operand.
	args := c.Args()
	host := ""
	if len(args) > 0 {
		host = args[len(args)-1].Value
	}
	fx.Network(host, requestWords(c)...)
}}}

// traceroute's options are Linux traceroute's and macOS's. -M names the
// method module: a built-in one, or (on macOS) the first TTL; any other
// name is a module loaded from a file. -L only completes -UL (UDPLITE).
var tracerouteProgram = &Program{Names: []string{"traceroute"}, Node: Node{Opts: `
-4
-6
-A --as-path-lookups
-a
-D --dccp
-d --debug
-e --extensions
-F --dont-fragment
-f --first=TTL
-g --gateway=GATEWAY
-I --icmp
-i --interface=DEVICE
-L
-l --flowlabel=LABEL
-M --module=NAME
-m --max-hops=TTL
-N --sim-queries=NUMBER
-n
-O --options=OPTIONS
-P --protocol=PROTOCOL
-p --port=PORT
-q --queries=NUMBER
-r
-S
-s --source=ADDRESS
-T --tcp
-t --tos=TOS
-U --udp
-v
-w --wait=WAIT
-x
-z --sendwait=WAIT
--sport=PORT
--fwmark=MARK
--mtu
--back
-V --version  help
--help        help
`, Effects: func(c *Call, fx *Effects) {
	for _, m := range c.ValueArgs("-M") {
		if m.Dynamic || !isDigits(m.Value) && !slices.Contains(tracerouteModules, m.Value) {
			fx.Unknown("traceroute -M " + m.Value + " loads a module that is not built in")
		}
	}
	probe(c, fx)
}}}

// tracerouteModules are traceroute's built-in methods.
var tracerouteModules = []string{"default", "icmp", "tcp", "tcpconn", "udp", "udplite", "dccp", "raw"}

var tracepathProgram = &Program{Names: []string{"tracepath"}, Node: Node{Opts: `
-4
-6
-b
-l=LENGTH
-m=HOPS
-n
-p=PORT
-V     help
`, Effects: probe}}

// mtr: -F reads the host names to probe from a file, whose lines then
// go out in DNS queries and packets.
var mtrProgram = &Program{Names: []string{"mtr"}, Helpers: []string{"mtr-packet"}, Node: Node{Opts: `
-4
-6
-a --address=ADDRESS
-B --bitpattern=NUMBER
-b --show-ips
-C --csv
-c --report-cycles=COUNT
--displaymode=MODE
-e --mpls
-F --filename=FILE   read
-f --first-ttl=NUMBER
-G --gracetime=SECONDS
-g --gtk
-I --interface=NAME
-i --interval=SECONDS
-j --json
-L --localport=PORT
-l --raw
-M --mark=MARK
-m --max-ttl=NUMBER
-n --no-dns
-o --order=FIELDS
-P --port=PORT
-p --split
-Q --tos=NUMBER
-r --report
-S --sctp
-s --psize=SIZE
-T --tcp
-t --curses
-U --max-unknown=NUMBER
-u --udp
-w --report-wide
-x --xml
-y --ipinfo=NUMBER
-Z --timeout=SECONDS
-z --aslookup
-h --help     help
-v --version  help
`, Effects: func(c *Call, fx *Effects) {
	if c.Has("-F") {
		fx.Unknown("mtr -F sends the host names listed in a file")
	}
	probe(c, fx)
}}}
