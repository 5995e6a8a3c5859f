package programs

// Raw connections: nc (OpenBSD's, the traditional one and nmap's ncat),
// socat and telnet connect to a host, or listen for one, and pass their
// standard input to it and what comes back to their output. Whatever they
// read is sent, so every call is a request that carries data: it is never
// read-only. nc -e and -c, ncat's --exec, --sh-exec and --lua-exec run a
// program for each connection; -o and ncat's --output and --hex-dump
// write a log.

// rawConnection records a connection to host that sends the standard
// input.
func rawConnection(c *Call, fx *Effects, host string) {
	fx.Network(host, requestWords(c)...)
	fx.Change(c.Name + " sends its standard input over the connection")
}

// The table is the union of the three nc's options; the spellings of one
// that another lacks are flags of that one, so values are read as the one
// that takes them.
var ncProgram = &Program{Names: []string{"nc", "ncat", "netcat", "nc.openbsd", "nc.traditional"}, Node: Node{Opts: `
-4
-6
-b
-C --crlf
-D
-d --recv-only
-F
-h          help
-I=LENGTH
-i --delay=INTERVAL
-k --keep-open
-l --listen
-M=TTL
-N
-n --nodns
-O=LENGTH
-o --output=FILE              write
-P=USER
-p --source-port=PORT
-q=SECONDS
-r
-S
-s --source=ADDRESS
-T=KEYWORD
-t
-U --unixsock
-u --udp
-V=RTABLE
-v --verbose
-W=COUNT
-w --wait=TIMEOUT
-X=PROTOCOL
-x --hex-dump=FILE            write
-Z
-z
-e --exec=COMMAND             exec
-c --sh-exec=COMMAND          code
--lua-exec=FILE               exec
-g=HOPS
-G=POINTER
-m --max-conns=NUMBER
-a=HOST
--allow=HOSTS
--allowfile=FILE              read
--deny=HOSTS
--denyfile=FILE               read
--append-output
--broker
--chat
--send-only
--no-shutdown
--proxy=ADDRESS
--proxy-type=TYPE
--proxy-auth=AUTH
--proxy-dns=TYPE
--ssl
--ssl-cert=FILE               read
--ssl-key=FILE                read
--ssl-verify
--ssl-trustfile=FILE          read
--ssl-ciphers=CIPHERS
--ssl-servername=NAME
--ssl-alpn=LIST
--version                     help
--help                        help
`, Effects: func(c *Call, fx *Effects) {
	rawConnection(c, fx, c.Operand(0))
}}}

// socat's two addresses may name files, programs (EXEC:, SYSTEM:) or
// sockets: the model does not read them, so a socat call is unknown as
// well as a connection.
var socatProgram = &Program{Names: []string{"socat"}, Node: Node{Loose: true, LooseShort: true, Opts: `
-h --help   help
-V          help
`, Effects: func(c *Call, fx *Effects) {
	rawConnection(c, fx, "")
	fx.Unknown("socat's addresses may name files and programs")
}}}

var telnetProgram = &Program{Names: []string{"telnet"}, Node: Node{Loose: true, LooseShort: true, Effects: func(c *Call, fx *Effects) {
	rawConnection(c, fx, c.Operand(0))
}}}
