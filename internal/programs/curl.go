package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// curl transfers data to or from a URL. A plain GET or HEAD whose response
// is printed is a network request that carries the command's words; a
// request body, an upload, a method that changes the server, a file the
// response or a log goes to, credentials, and a config file (which can
// hold any option) are more than that.

var curlProgram = &Program{Names: []string{"curl"}, Downloads: curlDownloads, Node: Node{Opts: `
--abstract-unix-socket=PATH
--alt-svc=FILE                   write   # an alt-svc cache it reads and rewrites
--anyauth
-a --append                      change  # appends to the remote file on upload
--aws-sigv4=PROVIDER                     # signs with the credentials of -u
--basic
--ca-native
--cacert=FILE                    read
--capath=DIR                     read
-E --cert=CERT
--cert-status
--cert-type=TYPE
--ciphers=LIST
--compressed
--compressed-ssh
-K --config=FILE                         # see curlEffects: a config can hold any option
--connect-timeout=SECONDS
--connect-to=HOST1:PORT1:HOST2:PORT2
-C --continue-at=OFFSET
-b --cookie=DATA
-c --cookie-jar=FILE             write
--create-dirs
--create-file-mode=MODE
--crlf
--crlfile=FILE                   read
--curves=LIST
-d --data=DATA
--data-ascii=DATA
--data-binary=DATA
--data-raw=DATA
--data-urlencode=DATA
--delegation=LEVEL
--digest
-q --disable
--disable-eprt
--disable-epsv
--disallow-username-in-url
--dns-interface=INTERFACE
--dns-ipv4-addr=ADDRESS
--dns-ipv6-addr=ADDRESS
--dns-servers=ADDRESSES
--doh-cert-status
--doh-insecure
--doh-url=URL
--dump-ca-embed
-D --dump-header=FILE            write
--ech=CONFIG
--egd-file=FILE                  read
--engine=NAME                    unknown # loads an OpenSSL engine, a shared library
--etag-compare=FILE
--etag-save=FILE                 write
--expect100-timeout=SECONDS
-f --fail
--fail-early
--fail-with-body
--false-start
--follow
-F --form=NAME=CONTENT
--form-escape
--form-string=NAME=STRING
--ftp-account=DATA
--ftp-alternative-to-user=COMMAND
--ftp-create-dirs                change  # creates folders on the server
--ftp-method=METHOD
--ftp-pasv
-P --ftp-port=ADDRESS
--ftp-pret
--ftp-skip-pasv-ip
--ftp-ssl-ccc
--ftp-ssl-ccc-mode=MODE
--ftp-ssl-control
-G --get
-g --globoff
--happy-eyeballs-timeout-ms=MS
--haproxy-clientip=IP
--haproxy-protocol
-I --head
-H --header=HEADER
-h --help                        help
--hostpubmd5=MD5
--hostpubsha256=SHA256
--hsts=FILE                      write   # an HSTS cache it reads and rewrites
--http0.9
-0 --http1.0
--http1.1
--http2
--http2-prior-knowledge
--http3
--http3-only
--ignore-content-length
-i --include
-k --insecure
--interface=NAME
--ip-tos=TOS
--ipfs-gateway=URL
-4 --ipv4
-6 --ipv6
--json=DATA
-j --junk-session-cookies
--keepalive-cnt=N
--keepalive-time=SECONDS
--key=KEY
--key-type=TYPE
--knownhosts=FILE                read
--krb=LEVEL
--libcurl=FILE                   write
--limit-rate=SPEED
-l --list-only
--local-port=RANGE
-L --location
--location-trusted
--login-options=OPTIONS
--mail-auth=ADDRESS              change  # sends mail
--mail-from=ADDRESS              change
--mail-rcpt=ADDRESS              change
--mail-rcpt-allowfails
-M --manual                      help
--max-filesize=BYTES
--max-redirs=NUM
-m --max-time=SECONDS
--metalink                       unknown # downloads and saves the files a metalink lists
--mptcp
--negotiate
-n --netrc
--netrc-file=FILE                read
--netrc-optional
-: --next
--no-alpn
-N --no-buffer
--no-clobber
--no-keepalive
--no-npn
--no-progress-meter
--no-sessionid
--noproxy=LIST
--ntlm
--ntlm-wb                        unknown # runs winbind's ntlm_auth helper
--oauth2-bearer=TOKEN
--out-null
-o --output=FILE                         # see curlEffects: joined to --output-dir
--output-dir=DIR                 dir
-Z --parallel
--parallel-immediate
--parallel-max=NUM
--pass=PHRASE
--path-as-is
--pinnedpubkey=HASHES
--post301
--post302
--post303
--preproxy=HOST
-# --progress-bar
--proto=PROTOCOLS
--proto-default=PROTOCOL
--proto-redir=PROTOCOLS
-x --proxy=HOST
--proxy-anyauth
--proxy-basic
--proxy-ca-native
--proxy-cacert=FILE              read
--proxy-capath=DIR               read
--proxy-cert=CERT
--proxy-cert-type=TYPE
--proxy-ciphers=LIST
--proxy-crlfile=FILE             read
--proxy-digest
--proxy-header=HEADER
--proxy-http2
--proxy-insecure
--proxy-key=KEY
--proxy-key-type=TYPE
--proxy-negotiate
--proxy-ntlm
--proxy-pass=PHRASE
--proxy-pinnedpubkey=HASHES
--proxy-service-name=NAME
--proxy-ssl-allow-beast
--proxy-ssl-auto-client-cert
--proxy-tls13-ciphers=LIST
--proxy-tlsauthtype=TYPE
--proxy-tlspassword=STRING
--proxy-tlsuser=NAME
--proxy-tlsv1
-U --proxy-user=USER:PASSWORD
--proxy1.0=HOST
-p --proxytunnel
--pubkey=FILE                    read
-Q --quote=COMMAND
--random-file=FILE               read
-r --range=RANGE
--rate=RATE
--raw
-e --referer=URL
-J --remote-header-name
-O --remote-name
--remote-name-all
-R --remote-time
--remove-on-error
-X --request=METHOD
--request-target=PATH
--resolve=HOST:PORT:ADDR
--retry=NUM
--retry-all-errors
--retry-connrefused
--retry-delay=SECONDS
--retry-max-time=SECONDS
--sasl-authzid=IDENTITY
--sasl-ir
--service-name=NAME
-S --show-error
--show-headers
--sigalgs=LIST
-s --silent
--skip-existing
--socks4=HOST
--socks4a=HOST
--socks5=HOST
--socks5-basic
--socks5-gssapi
--socks5-gssapi-nec
--socks5-gssapi-service=NAME
--socks5-hostname=HOST
-Y --speed-limit=SPEED
-y --speed-time=SECONDS
--ssl
--ssl-allow-beast
--ssl-auto-client-cert
--ssl-no-revoke
--ssl-reqd
--ssl-revoke-best-effort
--ssl-sessions=FILE              write   # a session cache it reads and rewrites
-2 --sslv2
-3 --sslv3
--stderr=FILE                    write
--styled-output
--suppress-connect-headers
--tcp-fastopen
--tcp-nodelay
-t --telnet-option=OPT=VAL
--tftp-blksize=VALUE
--tftp-no-options
-z --time-cond=TIME
--tls-earlydata
--tls-max=VERSION
--tls13-ciphers=LIST
--tlsauthtype=TYPE
--tlspassword=STRING
--tlsuser=NAME
-1 --tlsv1
--tlsv1.0
--tlsv1.1
--tlsv1.2
--tlsv1.3
--tr-encoding
--trace=FILE                     write
--trace-ascii=FILE               write
--trace-config=LIST
--trace-ids
--trace-time
--unix-socket=PATH
-T --upload-file=FILE
--url=URL
--url-query=DATA
-B --use-ascii
-u --user=USER:PASSWORD
-A --user-agent=NAME
--variable=NAME=VALUE            unknown # reads files and the environment into variables
-v --verbose
-V --version                     help
--vlan-priority=PRIORITY
-w --write-out=FORMAT
--xattr
`, Effects: curlEffects}}

// curlCredentials are the options that send credentials or sign with
// them: what the request may do then is more than a fetch. (--negotiate,
// --ntlm, --digest and the like only choose how the credentials of -u are
// sent.)
const curlCredentials = "-u|-U|-E|-b|--oauth2-bearer|--pass|--proxy-pass|--key|--proxy-key|--proxy-cert|--tlsuser|" +
	"--tlspassword|--proxy-tlsuser|--proxy-tlspassword|--aws-sigv4|--sasl-authzid|--login-options|" +
	"--ssl-auto-client-cert|--proxy-ssl-auto-client-cert|--krb|" +
	"--socks5-gssapi|--ftp-account|--ftp-alternative-to-user"

// curlGuess is the scheme curl uses for a URL without one: named after
// the host's first label for a few protocols, else http.
func curlGuess(defaultScheme string) func(string) string {
	return func(host string) string {
		if defaultScheme != "" {
			return strings.ToLower(defaultScheme)
		}
		for _, p := range []string{"ftp", "dict", "ldap", "imap", "smtp", "pop3"} {
			if strings.HasPrefix(host, p+".") {
				return p
			}
		}
		return "http"
	}
}

func curlEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	// curl reads the user's .curlrc first, unless the first word is -q:
	// ~/.curlrc, $XDG_CONFIG_HOME/.curlrc, or without XDG_CONFIG_HOME
	// ~/.config/curlrc (no dot).
	if len(c.Cmd.Args) < 2 || c.Cmd.Args[1].Dynamic || c.Cmd.Args[1].Value != "-q" && c.Cmd.Args[1].Value != "--disable" {
		for _, f := range []string{"~/.curlrc", "~/.config/.curlrc", "~/.config/curlrc"} {
			fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: curlrcHarmless,
				Why: f + " adds options to every curl call: what it writes, uploads or sends"})
		}
	}
	// Every word goes out, or decides what does: a word computed at run
	// time may carry what another command printed.
	words := c.Cmd.Args[1:]
	proto, _ := c.Value("--proto-default")
	guess := curlGuess(proto)
	urls := append(c.ValueArgs("--url"), c.Args()...)
	if len(urls) == 0 && !c.HasAny("-K|--config") {
		fx.Unknown("curl without a URL")
	}
	for _, u := range urls {
		requestTo(fx, u, guess, words)
	}
	outDir, hasOutDir := c.Value("--output-dir")
	outDirArg := shell.Arg{Value: outDir}
	for _, a := range c.ValueArgs("--output-dir") {
		outDirArg = a
	}
	inDir := func(a shell.Arg) shell.Arg {
		if !hasOutDir || path.IsAbs(a.Value) {
			return a
		}
		return shell.Arg{Value: path.Join(outDir, a.Value), Dynamic: a.Dynamic || outDirArg.Dynamic, Glob: a.Glob}
	}
	get := c.Has("-G")
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		v := o.Value
		switch {
		case o.Spec.Is("-o"):
			if !notFile(v) {
				fx.Write(inDir(v), o.Typed)
			}
		case o.Spec.Is("-K"):
			if v.Value != "-" {
				fx.Read(v)
			}
			fx.Unknown(o.Typed + " reads options from a config file")
		case o.Spec.Is("-X"):
			if v.Dynamic || !safeMethod(v.Value) {
				fx.Change("sends a " + v.Value + " request")
			}
		case o.Spec.Is("-d") || o.Spec.Is("--data-ascii") || o.Spec.Is("--data-binary") || o.Spec.Is("--json"):
			if f, ok := strings.CutPrefix(v.Value, "@"); ok {
				curlReadData(fx, v, f, o.Typed)
			}
			if !get || o.Spec.Is("--json") {
				fx.Change("sends a body (" + o.Typed + ")")
			}
		case o.Spec.Is("--etag-compare"):
			// The file's content is sent as the If-None-Match header.
			curlReadData(fx, v, v.Value, o.Typed)
		case o.Spec.Is("--data-raw"):
			if !get {
				fx.Change("sends a body (" + o.Typed + ")")
			}
		case o.Spec.Is("--data-urlencode") || o.Spec.Is("--url-query"):
			if !strings.Contains(v.Value, "=") {
				if _, f, ok := strings.Cut(strings.TrimPrefix(v.Value, "+"), "@"); ok {
					curlReadData(fx, v, f, o.Typed)
				}
			}
			if o.Spec.Is("--data-urlencode") && !get {
				fx.Change("sends a body (" + o.Typed + ")")
			}
		case o.Spec.Is("-F"):
			if _, content, ok := strings.Cut(v.Value, "="); ok && (strings.HasPrefix(content, "@") || strings.HasPrefix(content, "<")) {
				f, _, _ := strings.Cut(content[1:], ";")
				curlReadData(fx, v, f, o.Typed)
			}
			fx.Change("sends a form (" + o.Typed + ")")
		case o.Spec.Is("--form-string"):
			fx.Change("sends a form (" + o.Typed + ")")
		case o.Spec.Is("-T"):
			if v.Value != "-" && v.Value != "." {
				fx.Read(v)
			}
			fx.Change("uploads (" + o.Typed + ")")
		case o.Spec.Is("-H") || o.Spec.Is("--proxy-header"):
			if f, ok := strings.CutPrefix(v.Value, "@"); ok {
				if f != "-" {
					fx.Read(shell.Arg{Value: f, Dynamic: v.Dynamic})
				}
				fx.Unknown(o.Typed + " sends headers read from a file")
			} else if credentialHeader(v.Value) && !curlLiteralCredential(c, v, urls) {
				fx.Unknown(o.Typed + " sends credentials in a header")
			}
		case o.Spec.Is("-w"):
			curlWriteOut(fx, v, o.Typed)
		case o.Spec.Is("-Q"):
			if v.Dynamic || !ftpReadCommand(v.Value) {
				fx.Change("sends the command " + v.Value)
			}
		case o.Spec.Is("-n") || o.Spec.Is("--netrc-optional"):
			fx.Read(shell.Arg{Value: "~/.netrc"})
			fx.Unknown(o.Typed + " sends credentials from a netrc file")
		case o.Spec.Is("--netrc-file"):
			fx.Unknown(o.Typed + " sends credentials from a netrc file")
		case o.Spec.Is("-E") || o.Spec.Is("--key") || o.Spec.Is("--proxy-cert") || o.Spec.Is("--proxy-key"):
			if f := curlCertFile(v.Value); f != "" {
				fx.Read(shell.Arg{Value: f, Dynamic: v.Dynamic})
			}
		case o.Spec.Is("-b"):
			if !strings.Contains(v.Value, "=") {
				// A file of cookies to send.
				fx.Read(v)
			}
		case o.Spec.Is("-x") || o.Spec.Is("--preproxy") || o.Spec.Is("--proxy1.0") || o.Spec.Is("--socks4") ||
			o.Spec.Is("--socks4a") || o.Spec.Is("--socks5") || o.Spec.Is("--socks5-hostname"):
			if o.HasValue {
				u := splitURL(v.Value, func(string) string { return "http" })
				if v.Dynamic {
					u.host = ""
				}
				fx.Network(u.host, words...)
				if u.userinfo {
					fx.Unknown(o.Typed + " sends credentials to the proxy")
				}
			}
		case o.Spec.Is("--doh-url"):
			requestTo(fx, v, guess, words)
		case o.Spec.Is("--connect-to"):
			parts := strings.Split(v.Value, ":")
			if v.Dynamic || len(parts) != 4 || parts[2] != "" && !LoopbackHost(parts[2]) && !publicHost(parts[2]) {
				fx.Unknown(o.Typed + " sends the request to another host: " + v.Value)
			}
		case o.Spec.Is("--resolve"):
			if v.Dynamic || !curlResolveLoopback(v.Value) {
				fx.Unknown(o.Typed + " sends the request to another address: " + v.Value)
			}
		case o.Spec.Is("-z"):
			if f := strings.TrimLeft(v.Value, "+-"); f != "" && !strings.Contains(f, " ") && (f[0] < '0' || f[0] > '9') {
				// A date, or a file whose time is compared.
				fx.Stat(shell.Arg{Value: f, Dynamic: v.Dynamic})
			}
		case o.Spec.Is("-O") || o.Spec.Is("--remote-name-all"):
			for _, u := range urls {
				name := remoteName(u.Value)
				if u.Dynamic || name == "" {
					fx.Write(shell.Arg{Value: path.Join(outDir, "?"), Dynamic: true}, o.Typed)
					continue
				}
				fx.Write(inDir(shell.Arg{Value: name, Glob: u.Glob}), o.Typed)
			}
		case o.Spec.Is("-J") && c.HasAny("-O|--remote-name-all"):
			dir := outDirArg
			if !hasOutDir {
				dir = shell.Arg{Value: "."}
			}
			fx.Add(Effect{Op: Write, Path: dir, Tree: true, Why: o.Typed + " lets the server name the file"})
		}
	}
	for _, o := range c.Opts {
		if o.Spec == nil || !o.Spec.IsAny(curlCredentials) {
			continue
		}
		if o.Spec.IsAny("-u|--oauth2-bearer") && o.HasValue && curlLiteralCredential(c, o.Value, urls) {
			continue
		}
		fx.Unknown("sends credentials")
		break
	}
}

// curlLiteralCredential reports a credential the command line spells out
// (-u user:password, --oauth2-bearer TOKEN, an Authorization header) that
// goes only to the hosts the call names: the request carries what the
// call says to where it says, and no secret reaches it from a variable
// or a file (a value computed at run time stays unknown; the engine
// follows secret variables and files into the request as sources). curl
// keeps such credentials from the hosts a redirect leads to, unless
// --location-trusted.
func curlLiteralCredential(c *Call, v shell.Arg, urls []shell.Arg) bool {
	if v.Dynamic || len(urls) == 0 || c.Has("--location-trusted") {
		return false
	}
	for _, u := range urls {
		if u.Dynamic {
			return false
		}
	}
	return true
}

// curlReadData records a request body read from a file ("-" is standard
// input): the file is read and its content sent.
func curlReadData(fx *Effects, v shell.Arg, file, why string) {
	if file != "-" && file != "" {
		fx.Read(shell.Arg{Value: file, Dynamic: v.Dynamic})
	}
	fx.Change("sends the content of " + file + " (" + why + ")")
}

// curlCertFile returns the file of a --cert or --key value
// (file[:password]), or "" for a PKCS#11 URI.
func curlCertFile(v string) string {
	if strings.HasPrefix(v, "pkcs11:") {
		return ""
	}
	f, _, _ := strings.Cut(v, ":")
	return f
}

// curlWriteOut records what a --write-out format does: @file reads the
// format from a file (which may send output anywhere), and %output{file}
// switches the output to a file.
func curlWriteOut(fx *Effects, v shell.Arg, why string) {
	if f, ok := strings.CutPrefix(v.Value, "@"); ok {
		if f != "-" {
			fx.Read(shell.Arg{Value: f, Dynamic: v.Dynamic})
		}
		fx.Unknown(why + " reads its format from a file")
		return
	}
	rest := v.Value
	for {
		i := strings.Index(rest, "%output{")
		if i < 0 {
			return
		}
		rest = rest[i+len("%output{"):]
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			fx.Unknown(why + " has an unterminated %output{")
			return
		}
		f := strings.TrimPrefix(rest[:end], ">>")
		writeUnlessNotFile(fx, shell.Arg{Value: f, Dynamic: v.Dynamic}, why)
		rest = rest[end:]
	}
}

// ftpReadCommand reports an FTP command sent by curl -Q that reads or only
// moves around, never one that deletes, renames, stores or runs.
func ftpReadCommand(q string) bool {
	q = strings.TrimLeft(q, "*+-")
	verb, _, _ := strings.Cut(strings.TrimSpace(q), " ")
	switch strings.ToUpper(verb) {
	case "CDUP", "CWD", "EPSV", "FEAT", "HELP", "LIST", "MDTM", "MLSD", "MLST", "MODE", "NLST", "NOOP", "PASV", "PWD",
		"SIZE", "STAT", "SYST", "TYPE":
		return true
	}
	return false
}

// curlResolveLoopback reports a --resolve entry (HOST:PORT:ADDR[,ADDR])
// that points only at loopback addresses.
func curlResolveLoopback(v string) bool {
	parts := strings.SplitN(strings.TrimPrefix(v, "+"), ":", 3)
	if len(parts) != 3 {
		return false
	}
	for _, addr := range strings.Split(parts[2], ",") {
		if !LoopbackHost(strings.Trim(addr, "[]")) {
			return false
		}
	}
	return true
}

// curlrcSafe are the options a .curlrc may set without changing what curl
// writes, reads, uploads or sends beyond the request the command line
// makes: how it connects, retries and reports.
var curlrcSafe = []string{"silent", "s", "show-error", "S", "location", "L", "fail", "f", "fail-with-body", "compressed",
	"connect-timeout", "max-time", "m", "retry", "retry-delay", "retry-max-time", "retry-connrefused", "retry-all-errors",
	"proxy", "x", "noproxy", "socks5-hostname", "user-agent", "A", "http1.1", "http2", "ipv4", "4", "ipv6", "6",
	"progress-bar", "#", "no-progress-meter", "cacert", "capath", "insecure", "k", "tlsv1.2", "tlsv1.3", "max-redirs",
	"keepalive-time", "no-keepalive", "tcp-nodelay", "limit-rate", "speed-limit", "speed-time", "referer", "e", "globoff", "g"}

// curlrcHarmless reports a .curlrc that sets only options of
// curlrcSafe: no output file, upload, data, header, other configuration
// file, URL or credentials.
func curlrcHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		name := line
		if i := strings.IndexAny(line, " \t=:"); i >= 0 {
			name = line[:i]
		}
		name = strings.TrimLeft(name, "-")
		if !slices.Contains(curlrcSafe, name) {
			return false
		}
	}
	return true
}

// curlDownloads: curl saves what it fetches to the file of -o, or with
// -O (--remote-name) to the last part of the address.
func curlDownloads(c *shell.Simple) []string {
	return savedTo(c, 'o', "--output", false, true)
}

// savedTo returns the files a download tool saves what it fetches to:
// the file named by its option short or long, or, when byURL (or with
// curl's -O, when remoteName) and no file is named, the last part of
// each address.
func savedTo(c *shell.Simple, short byte, long string, byURL, remoteName bool) []string {
	var out []string
	args := c.Args[1:]
	var urls []string
	named := func(v string) {
		if v != "-" && v != "" {
			out = append(out, v)
		}
		byURL = false
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			continue
		}
		switch {
		case v == long || v == "-"+string(short):
			if i+1 < len(args) && !args[i+1].Dynamic {
				named(args[i+1].Value)
			}
			i++
		case strings.HasPrefix(v, long+"="):
			named(v[len(long)+1:])
		case remoteName && v == "--remote-name":
			byURL = true
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			// A cluster of short options: -fsSLo file, -qO file, -ofile.
			if j := strings.IndexByte(v, short); j > 0 {
				if j == len(v)-1 {
					if i+1 < len(args) && !args[i+1].Dynamic {
						named(args[i+1].Value)
					}
					i++
				} else {
					named(v[j+1:])
				}
			} else if remoteName && strings.IndexByte(v, 'O') > 0 {
				byURL = true
			}
		case strings.Contains(v, "://"):
			urls = append(urls, v)
		}
	}
	if byURL {
		for _, u := range urls {
			u, _, _ = strings.Cut(u, "?")
			if base := path.Base(u); base != "" && base != "." && base != "/" && !strings.Contains(base, ":") {
				out = append(out, base)
			}
		}
	}
	return out
}
