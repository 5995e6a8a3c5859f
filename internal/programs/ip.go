package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// ip (iproute2) shows and changes the network configuration: ip OPTIONS
// OBJECT VERB ARGUMENTS. Every part may be abbreviated, and iproute2
// resolves an abbreviation by trying the names in a fixed order, the
// first that starts with it winning: ip r a is ip route add, ip l s is
// ip link set, ip a s is ip address show. The model keeps those orders
// (ip/ip.c's object table, each object's chain of matches()) so that an
// abbreviation means what it means to ip; its global options are matched
// the same way (-h is -human, -b is -batch, -n is -netns).
//
// Show, list, get and the like only print; add, change, replace, delete,
// flush, set, restore and the like change the configuration. ip netns
// exec and ip vrf exec run a program the model does not see, -batch runs
// the commands of a file, and ip xfrm state prints the IPsec keys.

var ipProgram = &Program{Names: []string{"ip"}, Parse: parseIP, Node: Node{Prefix: true, Opts: `
-loops=COUNT
-family=FAMILY
-4
-6
-0
-M
-B
-human -human-readable
-iec
-stats -statistics
-details
-resolve
-oneline
-timestamp
-tshort
-Version      help
-force
-batch=FILE   read
-brief
-json
-pretty
-rcvbuf=SIZE
-color[=WHEN]
-help         help
-netns=NAME
-Numeric
-all
-echo
`, Effects: func(c *Call, fx *Effects) {
	// No object: ip prints its usage, or runs a batch.
	ipBatch(c, fx)
}, MakeSubs: ipObjects}}

// ipGlobal lists ip's global options in the order ip.c tries them, with
// whether a prefix is enough and whether they take a value.
var ipGlobal = []struct {
	name  string
	exact bool
	value bool
}{
	{"-loops", false, true}, {"-family", false, true}, {"-4", true, false}, {"-6", true, false},
	{"-0", true, false}, {"-M", true, false}, {"-B", true, false}, {"-human", false, false},
	{"-human-readable", false, false}, {"-iec", false, false}, {"-stats", false, false},
	{"-statistics", false, false}, {"-details", false, false}, {"-resolve", false, false},
	{"-oneline", false, false}, {"-timestamp", false, false}, {"-tshort", false, false},
	{"-Version", false, false}, {"-force", false, false}, {"-batch", false, true}, {"-brief", false, false},
	{"-json", false, false}, {"-pretty", false, false}, {"-rcvbuf", false, true}, {"-color", false, false},
	{"-help", false, false}, {"-netns", false, true}, {"-Numeric", false, false}, {"-all", false, false},
	{"-echo", true, false},
}

// parseIP reads ip's words: global options, then the object and its verb
// (and the verbs below them), then the verb's arguments, which are
// keywords and values, never options.
func parseIP(c *Call, args []shell.Arg) {
	g := c.Prog.grammar()
	i := 0
options:
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case !strings.HasPrefix(v, "-"):
			break options
		case a.Dynamic:
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
			continue
		case v == "--":
			c.DashDash = 0
			i++
			break options
		}
		opt := v
		if strings.HasPrefix(opt, "--") {
			opt = opt[1:]
		}
		o := Opt{Typed: v}
		if name, when, ok := strings.Cut(opt, "="); ok || strings.HasPrefix("-color", name) {
			// -color[=always|auto|never], tried before -help.
			if len(name) > 1 && strings.HasPrefix("-color", name) && (!ok || when == "always" || when == "auto" || when == "never") &&
				!ipEarlierMatch(opt) {
				o.Spec = ipSpec(g, "-color")
				if ok {
					o.Value, o.HasValue = shell.Arg{Value: when}, true
				}
				c.Opts = append(c.Opts, o)
				continue
			}
		}
		for _, gl := range ipGlobal {
			if gl.name == opt || !gl.exact && strings.HasPrefix(gl.name, opt) {
				o.Spec = ipSpec(g, gl.name)
				if gl.value {
					if i+1 < len(args) {
						i++
						o.Value, o.HasValue = args[i], true
					} else {
						c.unknown = append(c.unknown, v+" (no value)")
					}
				}
				break
			}
		}
		if o.Spec == nil {
			c.unknown = append(c.unknown, v)
		} else if o.Spec.Tag == TagHelp {
			c.Help = true
		}
		c.Opts = append(c.Opts, o)
	}
	node := &c.Prog.Node
	for ; i < len(args) && len(node.subs()) > 0; i++ {
		a := args[i]
		s := node.sub(a.Value)
		if s == nil || a.Dynamic {
			c.UnknownSub = a.Value
			break
		}
		node = s.Node
		c.Nodes = append(c.Nodes, node)
		c.Pos = append(c.Pos, a)
		c.NSub++
	}
	c.Pos = append(c.Pos, args[i:]...)
}

// ipEarlierMatch reports an option word that one of the global options
// tried before -color takes (-c is -color, but -col... could not be
// anything else either: only the options before -rcvbuf in ip.c's order
// come first).
func ipEarlierMatch(opt string) bool {
	for _, gl := range ipGlobal {
		if gl.name == "-color" {
			return false
		}
		if gl.name == opt || !gl.exact && strings.HasPrefix(gl.name, opt) {
			return true
		}
	}
	return false
}

// ipSpec returns the grammar's entry for a global option.
func ipSpec(g *grammar, name string) *OptSpec {
	if len(name) == 2 {
		return g.lookupShort(name[1])
	}
	spec, _ := g.lookupLong(name[1:])
	return spec
}

// ipBatch records -batch: the commands of a file (or of standard input).
func ipBatch(c *Call, fx *Effects) {
	for i := range c.Opts {
		if spec := c.Opts[i].Spec; spec != nil && spec.Is("-batch") {
			fx.Unknown("ip -batch runs the commands of a file")
			return
		}
	}
}

// ipShow prints; ipChange changes the network configuration.
var (
	ipShow   = &Node{Effects: func(c *Call, fx *Effects) { ipBatch(c, fx) }}
	ipChange = &Node{Effects: func(c *Call, fx *Effects) {
		ipBatch(c, fx)
		fx.Change("ip " + c.SubPath() + " changes the network configuration")
	}}
	ipExec = &Node{Effects: func(c *Call, fx *Effects) {
		ipBatch(c, fx)
		fx.Unknown("ip " + c.SubPath() + " runs its operands as a program")
	}}
)

// ipObject is an object whose verbs are tried in order; with no verb it
// shows (or prints its usage).
func ipObject(verbs ...*Sub) *Node {
	return &Node{Prefix: true, Subs: verbs, Effects: ipShow.Effects}
}

// ipKeysObject is ip xfrm state, which with no verb lists the states.
func ipKeysObject(verbs ...*Sub) *Node {
	return &Node{Prefix: true, Subs: verbs, Effects: ipXfrmKeys.Effects}
}

// The verbs shared by most objects.
var (
	ipList = &Sub{"list|show|lst", ipShow}
	ipHelp = &Sub{"help", ipShow}
)

// ipMonitor listens for changes and prints them; "file FILE" reads
// recorded ones instead.
var ipMonitor = &Node{Effects: func(c *Call, fx *Effects) {
	ipBatch(c, fx)
	args := c.Args()
	for i, a := range args {
		if a.Value != "" && strings.HasPrefix("file", a.Value) && i+1 < len(args) {
			fx.Read(args[i+1])
		}
	}
}}

// ipXfrmKeys prints IPsec states (ip xfrm state, ip xfrm monitor), keys
// included.
var ipXfrmKeys = &Node{Effects: func(c *Call, fx *Effects) {
	ipBatch(c, fx)
	fx.PrintsSecret("ip " + c.SubPath() + " prints the IPsec keys")
}}

// ipAddressVerbs are ip address's verbs in ipaddress.c's order.
var ipAddressVerbs = []*Sub{
	{"add", ipChange}, {"change|chg", ipChange}, {"replace", ipChange},
	{"delete", ipChange}, ipList, {"flush", ipChange}, {"save", ipShow},
	{"showdump", ipShow}, {"restore", ipChange}, ipHelp,
}

// ipRuleVerbs are ip rule's (and ip mrule's) verbs in iprule.c's order.
var ipRuleVerbs = []*Sub{
	{"list|lst|show", ipShow}, {"save", ipShow}, {"restore", ipChange}, {"add", ipChange},
	{"delete", ipChange}, {"flush", ipChange}, ipHelp,
}

// ipNeighVerbs are ip neighbour's verbs in ipneigh.c's order.
var ipNeighVerbs = []*Sub{
	{"add", ipChange}, {"change|chg", ipChange}, {"replace", ipChange},
	{"delete", ipChange}, {"get", ipShow}, {"show|lst|list", ipShow},
	{"flush", ipChange}, ipHelp,
}

// ipNtableVerbs, ipTunnelVerbs, ipTuntapVerbs and ipTcpMetricsVerbs are
// shared by the objects' two names.
var (
	ipNtableVerbs = []*Sub{{"change|chg", ipChange}, {"show|lst|list", ipShow}, ipHelp}
	ipTunnelVerbs = []*Sub{
		{"add", ipChange}, {"change", ipChange}, {"delete", ipChange},
		{"show|lst|list", ipShow}, {"prl", ipChange}, {"6rd", ipChange}, ipHelp,
	}
	ipTuntapVerbs = []*Sub{
		{"add", ipChange}, {"delete", ipChange}, {"show|lst|list", ipShow}, ipHelp,
	}
	ipTcpMetricsVerbs = []*Sub{
		{"list|lst|show", ipShow}, {"delete|remove", ipChange}, {"flush", ipChange}, ipHelp,
	}
)

// ipObjects are ip's objects in ip.c's order.
func ipObjects() []*Sub {
	return []*Sub{
		{"address", ipObject(ipAddressVerbs...)},
		{"addrlabel", ipObject(&Sub{"list|lst|show", ipShow}, &Sub{"add", ipChange}, &Sub{"delete", ipChange},
			&Sub{"flush", ipChange}, ipHelp)},
		{"maddress", ipObject(&Sub{"add", ipChange}, &Sub{"delete", ipChange}, ipList, ipHelp)},
		{"route", ipObject(&Sub{"add", ipChange}, &Sub{"change|chg", ipChange}, &Sub{"replace", ipChange},
			&Sub{"prepend", ipChange}, &Sub{"append", ipChange}, &Sub{"test", ipChange}, &Sub{"delete", ipChange},
			ipList, &Sub{"get", ipShow}, &Sub{"flush", ipChange}, &Sub{"save", ipShow}, &Sub{"restore", ipChange},
			&Sub{"showdump", ipShow}, ipHelp)},
		{"rule", ipObject(ipRuleVerbs...)},
		{"neighbor|neighbour", ipObject(ipNeighVerbs...)},
		{"ntable|ntbl", ipObject(ipNtableVerbs...)},
		{"link", ipObject(&Sub{"add", ipChange}, &Sub{"set|change", ipChange}, &Sub{"replace", ipChange},
			&Sub{"delete", ipChange}, &Sub{"show|lst|list", ipShow}, &Sub{"xstats", ipShow},
			&Sub{"afstats", ipShow}, &Sub{"property", ipChange}, ipHelp)},
		{"l2tp", ipObject(ipHelp, &Sub{"add", ipChange}, &Sub{"delete", ipChange}, &Sub{"show|lst|list", ipShow})},
		{"fou", ipObject(ipHelp, &Sub{"add", ipChange}, &Sub{"delete", ipChange}, &Sub{"show", ipShow})},
		{"ila", ipObject(ipHelp, &Sub{"add", ipChange}, &Sub{"delete", ipChange}, &Sub{"show|lst|list", ipShow})},
		{"macsec", ipObject(ipHelp, &Sub{"show", ipShow}, &Sub{"add", ipChange}, &Sub{"set", ipChange},
			&Sub{"delete", ipChange}, &Sub{"offload", ipChange})},
		{"tunnel|tunl", ipObject(ipTunnelVerbs...)},
		{"tuntap|tap", ipObject(ipTuntapVerbs...)},
		{"token", ipObject(&Sub{"list|lst|show", ipShow}, &Sub{"set|add", ipChange}, &Sub{"delete", ipChange},
			&Sub{"get", ipShow}, ipHelp)},
		{"tcpmetrics|tcp_metrics", ipObject(ipTcpMetricsVerbs...)},
		{"monitor", ipMonitor},
		{"xfrm", ipObject(
			&Sub{"state|sa", ipKeysObject(&Sub{"add", ipChange}, &Sub{"update", ipChange}, &Sub{"allocspi", ipChange},
				&Sub{"delete", ipChange}, &Sub{"deleteall|delall", ipChange}, &Sub{"list|show|lst", ipXfrmKeys},
				&Sub{"get", ipXfrmKeys}, &Sub{"flush", ipChange}, &Sub{"count", ipShow}, ipHelp)},
			&Sub{"policy", ipObject(&Sub{"add", ipChange}, &Sub{"update", ipChange}, &Sub{"delete", ipChange},
				&Sub{"deleteall|delall", ipChange}, ipList, &Sub{"get", ipShow}, &Sub{"flush", ipChange},
				&Sub{"count", ipShow}, &Sub{"set", ipChange}, &Sub{"setdefault", ipChange},
				&Sub{"getdefault", ipShow}, ipHelp)},
			&Sub{"monitor", ipXfrmKeys},
			ipHelp)},
		{"mroute", ipObject(ipList, ipHelp)},
		{"mrule", ipObject(ipRuleVerbs...)},
		{"netns", ipObject(ipList, &Sub{"list-id", ipShow}, ipHelp, &Sub{"add", ipChange}, &Sub{"set", ipChange},
			&Sub{"delete", ipChange}, &Sub{"identify", ipShow}, &Sub{"pids", ipShow}, &Sub{"exec", ipExec},
			&Sub{"monitor", ipShow}, &Sub{"attach", ipChange})},
		{"netconf", ipObject(&Sub{"show|lst|list", ipShow}, ipHelp)},
		{"vrf", ipObject(&Sub{"identify", ipShow}, &Sub{"pids", ipShow}, &Sub{"exec", ipExec},
			&Sub{"show|lst|list", ipShow}, ipHelp)},
		{"sr", ipObject(ipHelp,
			&Sub{"hmac", ipObject(&Sub{"show", ipShow}, &Sub{"set", ipChange})},
			&Sub{"tunsrc", ipObject(&Sub{"show", ipShow}, &Sub{"set", ipChange})})},
		{"nexthop", ipObject(&Sub{"add", ipChange}, &Sub{"replace", ipChange}, &Sub{"delete", ipChange}, ipList,
			&Sub{"get", ipShow}, &Sub{"flush", ipChange},
			&Sub{"bucket", ipObject(ipList, &Sub{"get", ipShow}, ipHelp)}, ipHelp)},
		{"mptcp", ipObject(ipHelp,
			&Sub{"endpoint", ipObject(&Sub{"add", ipChange}, &Sub{"change", ipChange}, &Sub{"delete", ipChange},
				&Sub{"show", ipShow}, &Sub{"flush", ipChange})},
			&Sub{"limits", ipObject(&Sub{"set", ipChange}, &Sub{"show", ipShow})},
			&Sub{"monitor", ipShow})},
		{"ioam", ipObject(ipHelp,
			&Sub{"namespace", ipObject(&Sub{"show", ipShow}, &Sub{"add", ipChange}, &Sub{"del", ipChange},
				&Sub{"set", ipChange})},
			&Sub{"schema", ipObject(&Sub{"show", ipShow}, &Sub{"add", ipChange}, &Sub{"del", ipChange})},
			&Sub{"monitor", ipShow})},
		{"help", ipShow},
		{"stats", ipObject(ipHelp, &Sub{"show", ipShow}, &Sub{"set", ipChange})},
	}
}
