package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// wget downloads what URLs name and saves it to files: only --spider
// (which checks that a URL exists) and -O - (which prints the document)
// save nothing. Bodies, methods that change the server, credentials,
// wgetrc commands (-e, --config) and input files of URLs are more than a
// fetch.

var wgetProgram = &Program{Names: []string{"wget"}, Start: wgetStart, Downloads: wgetDownloads, Node: Node{Opts: `
-4 --inet4-only
-6 --inet6-only
-a --append-output=FILE          write
-A --accept=LIST
--accept-regex=REGEX
--ask-password                   unknown # asks for a password on the terminal
--auth-no-challenge
-b --background                          # see wgetEffects: logs to wget-log
-B --base=URL
--backups=N
--bind-address=ADDRESS
--body-data=STRING
--body-file=FILE                 read
--ca-certificate=FILE            read
--ca-directory=DIR               read
--certificate=FILE               read
--certificate-type=TYPE
--check-certificate
--ciphers=STRING
--compression=TYPE
--config=FILE                    read    # see wgetEffects: wgetrc commands
--connect-timeout=SECONDS
--content-disposition
--content-on-error
-c --continue
--convert-file-only
-k --convert-links
--crl-file=FILE                  read
--cut-dirs=NUMBER
-d --debug
--default-page=NAME
--delete-after
-D --domains=LIST
--dns-timeout=SECONDS
-X --exclude-directories=LIST
--exclude-domains=LIST
-e --execute=COMMAND             unknown # a wgetrc command: any setting, output files included
--follow-ftp
--follow-tags=LIST
-x --force-directories
-F --force-html
--ftp-password=PASS
--ftp-user=USER
--ftps-clear-data-connection
--ftps-fallback-to-ftp
--ftps-implicit
--ftps-resume-ssl
--header=STRING
-h --help                        help
--hsts-file=FILE                 write
--http-password=PASS
--http-user=USER
--https-only
--ignore-case
--ignore-length
--ignore-tags=LIST
-I --include-directories=LIST
-i --input-file=FILE
--iri
--keep-session-cookies
-l --level=NUMBER
--limit-rate=RATE
--load-cookies=FILE              read
--local-encoding=ENC
--max-redirect=NUMBER
--method=METHOD
-m --mirror
-n=LETTERS                               # -nv -nc -nd -nH -np: see wgetEffects
--no-cache
--no-check-certificate
--no-clobber
--no-config
--no-cookies
--no-directories
--no-dns-cache
--no-glob
--no-host-directories
--no-hsts
--no-http-keep-alive
--no-if-modified-since
--no-iri
--no-netrc
--no-parent
--no-passive-ftp
--no-proxy
--no-remove-listing
--no-use-server-timestamps
--no-verbose
--no-warc-compression
--no-warc-digests
--no-warc-keep-log
-O --output-document=FILE                # see wgetEffects
-o --output-file=FILE            write
-p --page-requisites
-P --directory-prefix=PREFIX     dir
--password=PASS
--pinnedpubkey=HASHES
--post-data=STRING
--post-file=FILE                 read
--prefer-family=FAMILY
--preserve-permissions
--private-key=FILE               read
--private-key-type=TYPE
--progress=TYPE
--protocol-directories
--proxy-password=PASS
--proxy-user=USER
-q --quiet
-Q --quota=NUMBER
--random-wait
--read-timeout=SECONDS
-r --recursive
--referer=URL
--regex-type=TYPE
-R --reject=LIST
--reject-regex=REGEX
--rejected-log=FILE              write
-L --relative
--remote-encoding=ENC
--report-speed=TYPE
--restrict-file-names=OS
--retr-symlinks
--retry-connrefused
--retry-on-host-error
--retry-on-http-error=ERRORS
--save-cookies=FILE              write
--save-headers
--secure-protocol=PROTOCOL
-S --server-response
--show-progress
-H --span-hosts
--spider
--start-pos=OFFSET
--strict-comments
-N --timestamping
-T --timeout=SECONDS
--trust-server-names
-t --tries=NUMBER
--unlink
--use-askpass=COMMAND            exec
--user=USER
-U --user-agent=AGENT
-v --verbose
-V --version                     help
-w --wait=SECONDS
--waitretry=SECONDS
--warc-cdx
--warc-dedup=FILE                read
--warc-file=FILENAME                     # see wgetEffects: FILENAME.warc.gz
--warc-header=STRING
--warc-max-size=NUMBER
--warc-tempdir=DIR               dir
--xattr
-E --adjust-extension
-K --backup-converted
`, Effects: wgetEffects}}

// wgetCredentials are the options that send credentials.
const wgetCredentials = "--user|--password|--http-user|--http-password|--ftp-user|--ftp-password|--proxy-user|" +
	"--proxy-password|--load-cookies|--certificate|--private-key"

// wgetTree are the options under which wget saves files whose names
// the model cannot tell: recursion, page requisites, names the server
// chooses, converted links, backups.
const wgetTree = "-r|-m|-p|-x|-k|-K|-E|--protocol-directories|--cut-dirs|--content-disposition|" +
	"--trust-server-names|--backups"

func wgetEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	// wget reads ~/.wgetrc (or the file WGETRC names) first, unless
	// --no-config.
	if !c.Has("--no-config") {
		fx.Add(Effect{Op: Unknown, IfPresent: "~/.wgetrc", Harmless: wgetrcHarmless,
			Why: "~/.wgetrc sets what every wget call writes, reads or sends"})
	}
	words := c.Cmd.Args[1:]
	http := func(string) string { return "http" }
	urls := c.Args()
	for _, u := range urls {
		requestTo(fx, u, http, words)
	}
	for _, in := range c.ValueArgs("-i") {
		if in.Value != "-" && !strings.Contains(in.Value, "://") {
			fx.Read(in)
		} else if strings.Contains(in.Value, "://") {
			requestTo(fx, in, http, words)
		}
		fx.Unknown("-i requests the URLs listed in " + in.Value)
	}
	if len(urls) == 0 && !c.Has("-i") {
		fx.Unknown("wget without a URL")
	}
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		v := o.Value
		switch {
		case o.Spec.Is("-n"):
			// -nv, -nc, -nd, -nH, -np (and -nr) turn things off.
			if v.Dynamic || strings.Trim(v.Value, "vcdHpr") != "" {
				fx.Unknown("-n" + v.Value + " is not an option the model of wget knows")
			}
		case o.Spec.Is("--config"):
			fx.Unknown(o.Typed + " reads wgetrc commands from a file")
		case o.Spec.Is("--method"):
			if v.Dynamic || !safeMethod(v.Value) {
				fx.Change("sends a " + v.Value + " request")
			}
		case o.Spec.Is("--post-data") || o.Spec.Is("--post-file") || o.Spec.Is("--body-data") || o.Spec.Is("--body-file"):
			fx.Change("sends a body (" + o.Typed + ")")
		case o.Spec.Is("--header"):
			if credentialHeader(v.Value) {
				fx.Unknown(o.Typed + " sends credentials in a header")
			}
		case o.Spec.Is("--warc-file"):
			fx.Write(shell.Arg{Value: v.Value + ".warc.gz", Dynamic: v.Dynamic}, o.Typed)
		case o.Spec.Is("-b"):
			if !c.HasAny("-o|-a") {
				fx.Write(shell.Arg{Value: "wget-log"}, o.Typed)
			}
		}
	}
	if c.HasAny(wgetCredentials) {
		fx.Unknown("sends credentials")
	}
	wgetSaves(c, fx, urls)
}

// wgetSaves records the files wget saves what it downloads to.
func wgetSaves(c *Call, fx *Effects, urls []shell.Arg) {
	recursive := c.HasAny(wgetTree)
	if outs := c.ValueArgs("-O"); len(outs) > 0 {
		writeUnlessNotFile(fx, outs[len(outs)-1], "-O")
		return
	}
	if c.Has("--spider") && !recursive {
		return
	}
	dir := shell.Arg{Value: "."}
	if ds := c.ValueArgs("-P"); len(ds) > 0 {
		dir = ds[len(ds)-1]
	}
	if recursive || c.Has("-i") {
		fx.Add(Effect{Op: Write, Path: dir, Tree: true, Why: "saves what it downloads"})
	} else {
		page, ok := c.Value("--default-page")
		if !ok {
			page = "index.html"
		}
		for _, u := range urls {
			name := remoteName(u.Value)
			if name == "" {
				name = page
			}
			fx.Write(shell.Arg{Value: path.Join(dir.Value, name), Dynamic: dir.Dynamic || u.Dynamic, Glob: u.Glob}, "saves what it downloads")
		}
	}
	if c.Has("--delete-after") {
		fx.Add(Effect{Op: Delete, Path: dir, Tree: true, Why: "--delete-after"})
	}
}

// wgetStart: wget reads ~/.netrc for the host it reaches (unless
// --no-netrc), and keeps its HSTS list.
func wgetStart(c *Call, fx *Effects) {
	if !c.Has("--no-netrc") {
		fx.Cred(argOf("~/.netrc"), "wget authenticates with ~/.netrc")
	}
	fx.Cache(argOf("~/.wget-hsts"), "wget keeps the hosts that asked for HTTPS")
}

// wgetrcSafe are the wgetrc commands that change how wget connects,
// retries and reports, not what it writes, reads or sends.
var wgetrcSafe = []string{"timeout", "dnstimeout", "connecttimeout", "readtimeout", "tries", "wait", "waitretry",
	"randomwait", "retryconnrefused", "useragent", "httpproxy", "httpsproxy", "noproxy", "useproxy", "quiet", "verbose",
	"progress", "showprogress", "checkcertificate", "cacertificate", "cadirectory", "robots", "maxredirect",
	"inet4only", "inet6only", "preferfamily", "compression", "limitrate"}

// wgetrcHarmless reports a wgetrc that sets only commands of wgetrcSafe
// (wget reads a command's name without case, dashes or underscores).
func wgetrcHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		name, _, _ := strings.Cut(line, "=")
		name = strings.NewReplacer("-", "", "_", "", " ", "", "\t", "").Replace(strings.ToLower(name))
		if !slices.Contains(wgetrcSafe, name) {
			return false
		}
	}
	return true
}

// wgetDownloads: wget saves what it fetches to the file of -O, or to the
// last part of the address.
func wgetDownloads(c *shell.Simple) []string {
	return savedTo(c, 'O', "--output-document", true, false)
}
