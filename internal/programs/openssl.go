package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// openssl is modelled for its inspection subcommands: printing
// certificates, requests, CRLs and PKCS#7 bundles, verifying chains,
// printing keys in their public form, parsing ASN.1, and connecting to a
// TLS server to show its handshake (s_client). Its other subcommands
// (digests, encryption, random data, key generation, a CA, S/MIME ...) are
// not modelled. Private keys printed (rsa, pkey, ec, dsa without -pubout),
// passwords on the command line (-passin pass:...), client credentials,
// engines and providers (which load code) and a config file of the call's
// choosing (which can load them) are more than inspection.

var opensslProgram = &Program{Names: []string{"openssl"}, SingleDash: true, Node: Node{
	Effects: func(c *Call, fx *Effects) {
		unseenEffects(c, fx)
		// Without a subcommand openssl reads commands from standard input.
		fx.Unknown("openssl without a subcommand reads commands from standard input")
	},
	Subs: []*Sub{
		{Name: "version", Node: &Node{Opts: "-a\n-b\n-c\n-d\n-e\n-f\n-m\n-o\n-p\n-r\n-v\n-help help", Effects: opensslEffects}},
		{Name: "list", Node: &Node{Opts: opensslListOpts, Effects: opensslEffects}},
		{Name: "help", Node: &Node{Operands: true, Effects: opensslEffects}},
		{Name: "ciphers", Node: &Node{Opts: opensslCiphersOpts, Effects: opensslEffects}},
		{Name: "errstr", Node: &Node{Opts: "-help help", Effects: opensslEffects}},
		{Name: "info", Node: &Node{Opts: "-configdir\n-enginesdir\n-modulesdir\n-dsoext\n-dirnamesep\n-listsep\n-seeds\n-cpusettings\n-help help", Effects: opensslEffects}},
		{Name: "x509", Node: &Node{Opts: opensslX509Opts, Effects: opensslEffects}},
		{Name: "req", Node: &Node{Opts: opensslReqOpts, Effects: opensslEffects}},
		{Name: "crl", Node: &Node{Opts: opensslCrlOpts, Effects: opensslEffects}},
		{Name: "pkcs7", Node: &Node{Opts: opensslPkcs7Opts, Effects: opensslEffects}},
		{Name: "verify", Node: &Node{Opts: opensslVerifyOpts, Effects: opensslEffects}},
		{Name: "rsa", Node: &Node{Opts: opensslRsaOpts, Effects: opensslEffects}},
		{Name: "pkey", Node: &Node{Opts: opensslPkeyOpts, Effects: opensslEffects}},
		{Name: "ec", Node: &Node{Opts: opensslEcOpts, Effects: opensslEffects}},
		{Name: "dsa", Node: &Node{Opts: opensslDsaOpts, Effects: opensslEffects}},
		{Name: "s_client", Node: &Node{Opts: opensslSClientOpts, Effects: opensslEffects}},
		{Name: "asn1parse", Node: &Node{Opts: opensslAsn1parseOpts, Effects: opensslEffects}},
		{Name: "*", Node: &Node{Effects: opensslOther}},
	},
}}

// opensslCommon are the options every subcommand has: engines and
// providers load code.
const opensslCommon = `
-engine=ENGINE          unknown
-provider=NAME          unknown
-provider-path=DIR      unknown
-propquery=QUERY
`

const opensslListOpts = `
-help help
-1
-verbose
-select=NAME
-commands
-standard-commands
-digest-commands
-digest-algorithms
-kdf-algorithms
-random-instances
-random-generators
-mac-algorithms
-cipher-commands
-cipher-algorithms
-encoder
-decoder
-key-managers
-key-exchange-algorithms
-kem-algorithms
-signature-algorithms
-asymcipher-algorithms
-public-key-algorithms
-public-key-methods
-store-loaders
-providers
-engines
-disabled
-objects
-options=COMMAND
` + opensslCommon

const opensslCiphersOpts = `
-help help
-v
-V
-s
-tls1
-tls1_1
-tls1_2
-tls1_3
-stdname
-psk
-srp
-convert=NAME
-ciphersuites=LIST
` + opensslCommon

// opensslEffects records what an openssl subcommand does beyond its
// tagged options.
func opensslEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	sub := c.Sub()
	for _, p := range c.ValueArgs("-passin|-passout|-pass") {
		opensslPassword(fx, p)
	}
	for _, cfg := range c.ValueArgs("-config") {
		fx.Read(cfg)
		fx.Unknown("-config " + cfg.Value + " may load engines or providers")
	}
	// A file in openssl's configuration syntax may .include any other
	// and take values from the environment ($ENV::NAME), which
	// asn1parse -genconf and the extensions of -extfile print.
	for _, cfg := range c.ValueArgs("-genconf|-extfile") {
		fx.Unknown(cfg.Value + " is configuration, which may include any file and print environment variables")
	}
	switch sub {
	case "verify":
		readOperands(c, fx)
	case "req":
		// A new request without -key generates a private key and writes
		// it to -keyout, or to privkey.pem.
		if c.Has("-newkey") || c.HasAny("-new|-x509") && !c.Has("-key") && !c.Has("-in") {
			if len(c.ValueArgs("-keyout")) == 0 {
				fx.Write(shell.Arg{Value: "privkey.pem"}, "writes the new private key")
			}
		}
	case "x509":
		if c.Has("-CAcreateserial") {
			for _, ca := range c.ValueArgs("-CA") {
				base := strings.TrimSuffix(ca.Value, ".pem")
				fx.Write(shell.Arg{Value: base + ".srl", Dynamic: ca.Dynamic}, "-CAcreateserial")
			}
		}
	case "rsa", "pkey", "ec", "dsa":
		if !c.HasAny("-pubin|-pubout|-RSAPublicKey_in|-RSAPublicKey_out") && !(c.Has("-noout") && !c.Has("-text")) &&
			!(c.Has("-text_pub") && c.Has("-noout")) {
			fx.PrintsSecret("prints the private key")
		}
	case "s_client":
		opensslClient(c, fx)
	}
}

// opensslWriteOpts are the options of openssl's subcommands whose value
// is a file they write.
var opensslWriteOpts = lazy[map[string]bool]{make: func() map[string]bool {
	return map[string]bool{"-out": true, "-keyout": true, "-sess_out": true, "-writerand": true,
		"-CAserial": true, "-msgfile": true, "-keylogfile": true, "-outdir": true, "-reqout": true, "-respout": true}
}}

// opensslOther records what the model can tell of a subcommand it does
// not know (dgst, enc, genpkey, ca, smime, ...): nothing it does is known,
// but the words that follow options such as -out are files it writes, and
// the other words may be files it reads, which the secrets rules judge.
func opensslOther(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	fx.Unknown("openssl " + c.Sub() + " is not modelled")
	words := c.Cmd.Args[1:]
	for i := 1; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w.Value, "-") && !w.Dynamic {
			if opensslWriteOpts.get()[w.Value] && i+1 < len(words) {
				i++
				fx.Write(words[i], w.Value)
			}
			continue
		}
		fx.Read(w)
	}
}

// opensslPassword records where a -passin, -passout or -pass value takes
// a password from.
func opensslPassword(fx *Effects, p shell.Arg) {
	v := p.Value
	switch {
	case p.Dynamic:
		fx.Unknown("a password source computed at run time")
	case strings.HasPrefix(v, "file:"):
		fx.Read(shell.Arg{Value: v[len("file:"):]})
	case strings.HasPrefix(v, "env:"):
		fx.Env(v[len("env:"):])
	case strings.HasPrefix(v, "fd:"), v == "stdin":
	default:
		fx.Unknown("a password on the command line")
	}
}

// opensslClient records what s_client does: it connects to -connect (or
// -host and -port) and sends what it reads from standard input.
func opensslClient(c *Call, fx *Effects) {
	words := c.Cmd.Args[1:]
	host := "localhost"
	if h, ok := c.Value("-host"); ok {
		host = h
	}
	if conn, ok := c.Value("-connect"); ok {
		host = conn
		if i := strings.LastIndexByte(conn, ':'); i >= 0 && !strings.HasSuffix(conn, "]") {
			host = conn[:i]
		}
	}
	for _, a := range c.ValueArgs("-connect|-host") {
		if a.Dynamic {
			host = ""
		}
	}
	fx.Network(strings.ToLower(host), words...)
	if p, ok := c.Value("-proxy"); ok {
		h, _, _ := strings.Cut(p, ":")
		fx.Network(strings.ToLower(h), words...)
	}
	in := c.Cmd.Stdin
	if !(in.Kind == shell.StdinInherited || in.Kind == shell.StdinFile && in.Path.Value == "/dev/null") {
		fx.Unknown("s_client sends its standard input to the server")
	}
	for _, f := range c.ValueArgs("-cert|-xkey") {
		if !f.Dynamic && strings.Contains(f.Value, ":") {
			continue
		}
		fx.Read(f)
	}
	for _, f := range c.ValueArgs("-early_data") {
		fx.Read(f)
		fx.Unknown("-early_data sends the content of " + f.Value)
	}
	if c.HasAny("-cert|-key|-xkey|-psk|-srpuser|-srppass|-proxy_user|-proxy_pass") {
		fx.Unknown("sends credentials")
	}
}

const opensslX509Opts = `
-help help
-in=X read
-passin=X
-new
-x509toreq
-req
-copy_extensions=X
-inform=X
-vfyopt=X
-key=X read
-signkey=X read
-keyform=X
-out=X write
-outform=X
-nocert
-noout
-text
-dateopt=X
-certopt=X
-fingerprint
-alias
-serial
-startdate
-enddate
-dates
-subject
-issuer
-nameopt=X
-email
-hash
-subject_hash
-subject_hash_old
-issuer_hash
-issuer_hash_old
-ext=X
-ocspid
-ocsp_uri
-purpose
-pubkey
-modulus
-checkend=X
-checkhost=X
-checkemail=X
-checkip=X
-set_serial=X
-next_serial
-days=X
-preserve_dates
-subj=X
-force_pubkey=X read
-clrext
-extfile=X read
-extensions=X
-sigopt=X
-badsig
-sha1
-sha224
-sha256
-sha384
-sha512
-sha512-224
-sha512-256
-sha3-224
-sha3-256
-sha3-384
-sha3-512
-md5
-sm3
-blake2b512
-blake2s256
-CA=X read
-CAform=X
-CAkey=X read
-CAkeyform=X
-CAserial=X write
-CAcreateserial
-trustout
-setalias=X
-clrtrust
-addtrust=X
-clrreject
-addreject=X
-rand=X read
-writerand=X write
` + opensslCommon

const opensslReqOpts = `
-help help
-keygen_engine=X unknown
-in=X read
-inform=X
-verify
-new
-config=X
-section=X
-utf8
-nameopt=X
-reqopt=X
-text
-x509
-CA=X read
-CAkey=X read
-subj=X
-subject
-multivalue-rdn
-days=X
-set_serial=X
-copy_extensions=X
-addext=X
-extensions=X
-reqexts=X
-precert
-key=X read
-keyform=X
-pubkey
-keyout=X write
-passin=X
-passout=X
-newkey=X
-pkeyopt=X
-sigopt=X
-vfyopt=X
-sha1
-sha224
-sha256
-sha384
-sha512
-sha512-224
-sha512-256
-sha3-224
-sha3-256
-sha3-384
-sha3-512
-md5
-sm3
-blake2b512
-blake2s256
-out=X write
-outform=X
-batch
-verbose
-noenc
-nodes
-noout
-newhdr
-modulus
-rand=X read
-writerand=X write
` + opensslCommon

const opensslCrlOpts = `
-help help
-verify
-in=X read
-inform=X
-key=X read
-keyform=X
-out=X write
-outform=X
-dateopt=X
-text
-hash
-hash_old
-nameopt=X
-sha1
-sha224
-sha256
-sha384
-sha512
-sha512-224
-sha512-256
-sha3-224
-sha3-256
-sha3-384
-sha3-512
-md5
-sm3
-blake2b512
-blake2s256
-issuer
-lastupdate
-nextupdate
-noout
-fingerprint
-crlnumber
-badsig
-gendelta=X read
-CApath=X read
-CAfile=X read
-CAstore=X
-no-CAfile
-no-CApath
-no-CAstore
` + opensslCommon

const opensslPkcs7Opts = `
-help help
-in=X read
-inform=X
-outform=X
-out=X write
-noout
-text
-print
-print_certs
` + opensslCommon

const opensslVerifyOpts = `
-help help
-verbose
-nameopt=X
-trusted=X read
-CAfile=X read
-CApath=X read
-CAstore=X
-no-CAfile
-no-CApath
-no-CAstore
-untrusted=X read
-CRLfile=X read
-crl_download
-show_chain
-policy=X
-purpose=X
-verify_name=X
-verify_depth=X
-auth_level=X
-attime=X
-verify_hostname=X
-verify_email=X
-verify_ip=X
-ignore_critical
-issuer_checks
-crl_check
-crl_check_all
-policy_check
-explicit_policy
-inhibit_any
-inhibit_map
-x509_strict
-extended_crl
-use_deltas
-policy_print
-check_ss_sig
-trusted_first
-suiteB_128_only
-suiteB_128
-suiteB_192
-partial_chain
-no_alt_chains
-no_check_time
-allow_proxy_certs
-vfyopt=X
` + opensslCommon

const opensslRsaOpts = `
-help help
-check
-aes128
-aes192
-aes256
-aria128
-aria192
-aria256
-camellia128
-camellia192
-camellia256
-des
-des3
-idea
-in=X read
-inform=X
-pubin
-RSAPublicKey_in
-passin=X
-out=X write
-outform=X
-pubout
-RSAPublicKey_out
-passout=X
-noout
-text
-modulus
-traditional
-pvk-strong
-pvk-weak
-pvk-none
` + opensslCommon

const opensslPkeyOpts = `
-help help
-check
-pubcheck
-in=X read
-inform=X
-passin=X
-pubin
-out=X write
-outform=X
-aes128
-aes192
-aes256
-aria128
-aria192
-aria256
-camellia128
-camellia192
-camellia256
-des
-des3
-idea
-passout=X
-traditional
-pubout
-noout
-text
-text_pub
-ec_conv_form=X
-ec_param_enc=X
` + opensslCommon

const opensslEcOpts = `
-help help
-in=X read
-inform=X
-pubin
-passin=X
-check
-aes128
-aes192
-aes256
-aria128
-aria192
-aria256
-camellia128
-camellia192
-camellia256
-des
-des3
-idea
-param_enc=X
-conv_form=X
-out=X write
-outform=X
-noout
-text
-param_out
-pubout
-no_public
-passout=X
` + opensslCommon

const opensslDsaOpts = `
-help help
-aes128
-aes192
-aes256
-aria128
-aria192
-aria256
-camellia128
-camellia192
-camellia256
-des
-des3
-idea
-pvk-strong
-pvk-weak
-pvk-none
-in=X read
-inform=X
-pubin
-passin=X
-out=X write
-outform=X
-noout
-text
-modulus
-pubout
-passout=X
` + opensslCommon

const opensslSClientOpts = `
-help help
-ssl_client_engine=X unknown
-ssl_config=X
-ct
-noct
-ctlogfile=X read
-host=X
-port=X
-connect=X
-bind=X
-proxy=X
-proxy_user=X
-proxy_pass=X
-unix=X
-4
-6
-maxfraglen=X
-max_send_frag=X
-split_send_frag=X
-max_pipelines=X
-read_buf=X
-fallback_scsv
-cert=X
-certform=X
-cert_chain=X read
-build_chain
-key=X read
-keyform=X
-pass=X
-verify=X
-nameopt=X
-CApath=X read
-CAfile=X read
-CAstore=X
-no-CAfile
-no-CApath
-no-CAstore
-requestCAfile=X read
-dane_tlsa_domain=X
-dane_tlsa_rrdata=X
-dane_ee_no_namechecks
-psk_identity=X
-psk=X
-psk_session=X read
-name=X
-reconnect
-sess_out=X write
-sess_in=X read
-crlf
-quiet
-ign_eof
-no_ign_eof
-starttls=X
-xmpphost=X
-brief
-prexit
-showcerts
-debug
-msg
-msgfile=X write
-nbio_test
-state
-keymatexport=X
-keymatexportlen=X
-security_debug
-security_debug_verbose
-trace
-keylogfile=X write
-nocommands
-servername=X
-noservername
-tlsextdebug
-ignore_unexpected_eof
-status
-serverinfo=X
-alpn=X
-async
-nbio
-tls1
-tls1_1
-tls1_2
-tls1_3
-dtls
-timeout
-mtu=X
-dtls1
-dtls1_2
-nextprotoneg=X
-early_data=X
-enable_pha
-use_srtp=X
-srpuser=X
-srppass=X
-srp_lateuser
-srp_moregroups
-srp_strength=X
-rand=X read
-writerand=X write
-no_ssl3
-no_tls1
-no_tls1_1
-no_tls1_2
-no_tls1_3
-bugs
-no_comp
-comp
-no_ticket
-serverpref
-legacy_renegotiation
-client_renegotiation
-no_renegotiation
-legacy_server_connect
-no_resumption_on_reneg
-no_legacy_server_connect
-allow_no_dhe_kex
-prioritize_chacha
-strict
-sigalgs=X
-client_sigalgs=X
-groups=X
-curves=X
-named_curve=X
-cipher=X
-ciphersuites=X
-min_protocol=X
-max_protocol=X
-record_padding=X
-debug_broken_protocol
-no_middlebox
-no_etm
-policy=X
-purpose=X
-verify_name=X
-verify_depth=X
-auth_level=X
-attime=X
-verify_hostname=X
-verify_email=X
-verify_ip=X
-ignore_critical
-issuer_checks
-crl_check
-crl_check_all
-policy_check
-explicit_policy
-inhibit_any
-inhibit_map
-x509_strict
-extended_crl
-use_deltas
-policy_print
-check_ss_sig
-trusted_first
-suiteB_128_only
-suiteB_128
-suiteB_192
-partial_chain
-no_alt_chains
-no_check_time
-allow_proxy_certs
-CRL=X read
-crl_download
-CRLform=X
-verify_return_error
-verify_quiet
-chainCAfile=X read
-chainCApath=X read
-chainCAstore=X
-verifyCAfile=X read
-verifyCApath=X read
-verifyCAstore=X
-xkey=X
-xcert=X read
-xchain=X read
-xchain_build
-xcertform=X
-xkeyform=X
` + opensslCommon

const opensslAsn1parseOpts = `
-help help
-oid=X read
-inform=X
-in=X read
-out=X write
-noout
-offset=X
-length=X
-strparse=X
-genstr=X
-genconf=X read
-strictpem
-item=X
-i
-dump
-dlimit=X
` + opensslCommon
