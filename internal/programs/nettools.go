package programs

// The network configuration tools of net-tools and of the BSDs: netstat
// and ss print sockets, routes and counters; ifconfig, route and arp
// print the interfaces, routes and neighbours, and change them when
// given more to do. ss -K closes sockets and -D writes a dump.

// ifconfig shows all interfaces, or the one its first operand names;
// any word after that (an address, up, down, mtu 9000, -arp) sets
// something on it.
var ifconfigProgram = &Program{Names: []string{"ifconfig"}, Node: Node{POSIX: true, Opts: `
-a
-C                 # macOS: the interface cloners
-d                 # BSD: interfaces that are down
-L                 # macOS: address lifetimes
-l                 # BSD: names only
-m                 # BSD: supported media
-r                 # macOS: the interface's routing parameters
-s
-u                 # BSD: interfaces that are up
-v
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	if len(c.Args()) > 1 {
		fx.Change("ifconfig " + c.Operand(0) + " " + c.Operand(1) + " changes the interface")
	}
}}}

// route prints the routing table; add, del, delete, change and flush
// change it. BSD's get, show and monitor print a route or the routing
// messages.
var routeProgram = &Program{Names: []string{"route"}, SingleDash: true, Node: Node{Opts: `
-A=FAMILY
-4
-6
--inet
--inet6
--ax25
--netrom
--ipx
--ddp
--x25
-C --cache
-d                 # BSD: debug
-e --extend
-F --fib
-N --symbolic
-n --numeric
-q                 # BSD: quiet
-t                 # BSD: test
-v --verbose
-h --help     help
-V --version  help
`, Effects: printsOnly, Subs: []*Sub{
	{"get|show|monitor", &Node{Inherit: true, Opts: routeModifiers, Effects: printsOnly}},
	{"add|del|delete|change|flush", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		fx.Change("route " + c.Sub() + " changes the routing table")
	}}},
}}}

// routeModifiers are BSD route's words that qualify a destination.
const routeModifiers = `
-inet
-inet6
-link
-net
-host
-interface -iface
-ifscope=INTERFACE
`

// arp prints the neighbour cache; -s, -S, -d and -f change it (-f with
// the entries of a file, /etc/ethers by default).
var arpProgram = &Program{Names: []string{"arp"}, Node: Node{Opts: `
-a --all
-D --use-device
-d --delete   change
-e
-f --file     change
-H -t --hw-type=TYPE
-i --device=INTERFACE
-l                 # macOS: with -a, reachability
-n --numeric
-A -p --protocol=FAMILY
-S            change    # macOS: set, replacing
-s --set      change
-v --verbose
-x                 # macOS: with -a, extended
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	if c.Has("-f") && len(c.Args()) > 0 {
		fx.Read(c.Args()[0])
		return
	}
	// Its operands are host names, looked up in DNS; without -n so are
	// the addresses it prints.
	if len(c.Args()) > 0 || !c.Has("-n") {
		fx.Network("", c.Args()...)
	}
}}}

// netstat prints connections, routes, interfaces and counters; its
// options are net-tools's and macOS's. Where the two disagree on whether
// a letter takes a value (-p, -w) the model reads a value only when
// attached; netstat ignores operands.
var netstatProgram = &Program{Names: []string{"netstat"}, Node: Node{Opts: `
-4
-6
-A --protocol=FAMILY
-a --all
-B                 # macOS: BPF peers
-b                 # macOS: bytes
-C --cache
-c --continuous
-d                 # macOS: dropped packets
-e --extend
-F --fib
-f=FAMILY          # macOS
-g --groups
-I=INTERFACE
-i --interfaces[=INTERFACE]
-L                 # macOS: listen queues
-l --listening
-M --masquerade
-m                 # macOS: memory
-N --symbolic
-n --numeric
--numeric-hosts
--numeric-ports
--numeric-users
-o --timers
-p[=PROTOCOL] --programs
-q                 # macOS: with -i, quiet
-R                 # macOS: extended per-interface
-r --route
-S --sctp
-s --statistics
-T                 # macOS
-t --tcp
-U --udplite
-u --udp
-v --verbose
-W --wide
-w[=WAIT] --raw
-x --unix
-Z --context
--inet
--inet6
--ax25
--ipx
--netrom
--ddp
--bluetooth
-h --help     help
-V --version  help
`, Effects: printsOnly}}

// ss prints sockets; -K closes the ones it lists, -D dumps them to a
// file, -F reads the filter from a file. Its operands are the filter.
var ssProgram = &Program{Names: []string{"ss"}, Node: Node{Opts: `
-0 --packet
-4 --ipv4
-6 --ipv6
-A --query --socket=QUERY
-a --all
-B --bound-inactive
-b --bpf
--cgroup
-D --diag=FILE     write
-d --dccp
-E --events
-e --extended
-F --filter=FILE   read
-f --family=FAMILY
-H --no-header
-i --info
--inet-sockopt
-K --kill          change
-l --listening
-M --mptcp
-m --memory
-N --net=NAMESPACE
-n --numeric
-O --oneline
-o --options
-p --processes
-r --resolve
-S --sctp
-s --summary
-T --threads
-t --tcp
--tipc
--tipcinfo
--tos
-u --udp
--vsock
-w --raw
-x --unix
--xdp
-Z --context
-z --contexts
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	if c.HasAny("-r|--resolve") {
		// It looks addresses up in DNS and asks rpcbind for services.
		fx.Network("")
	}
	if len(c.Args()) > 0 {
		// A filter's host names are looked up.
		fx.Network("", c.Args()...)
	}
}}}
