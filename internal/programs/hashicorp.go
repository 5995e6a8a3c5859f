package programs

import "strings"

// vault, consul and nomad: Go CLIs of HashiCorp servers, COMMAND
// [SUBCOMMAND] [flags] [arguments]. Flags are Go flags (one dash or two,
// -name=value or -name value) and end at the first argument. Each command
// talks to the server's HTTP API; the listings and status commands only
// read. Reading a secret (vault read, vault kv get, consul kv get, nomad
// var get, tokens) prints it. Each client sends its token (VAULT_TOKEN or
// ~/.vault-token as X-Vault-Token, CONSUL_HTTP_TOKEN as X-Consul-Token,
// NOMAD_TOKEN as X-Nomad-Token) with every request, to whatever address
// it is given: an address the command names (-address, VAULT_ADDR=...)
// is a place the token may go (namedHost).

// hcNode is a command of these CLIs: its options, and what a call does;
// the command's own flags that the table does not list are accepted as
// parameters.
func hcNode(opts string, effects func(c *Call, fx *Effects)) *Node {
	return &Node{Opts: opts, Loose: true, POSIX: true, Operands: true, Effects: effects}
}

// hcGroup is a command with subcommands; any other subcommand gets
// other's effects.
func hcGroup(opts string, other func(c *Call, fx *Effects), subs ...*Sub) *Node {
	subs = append(subs, &Sub{Name: "*", Node: hcNode(opts, other)})
	return &Node{Opts: opts, Effects: other, Subs: subs}
}

// hcRequest records a request to the server the call names (the option
// addr, or the environment's), carrying the call's arguments and
// parameters, and the values of the options in sent.
func hcRequest(c *Call, fx *Effects, addr, sent string) {
	host, _ := c.Value(addr)
	fx.Network(host, apiWords(c, addr+"|"+sent)...)
}

// hcTrust are the options of the HashiCorp clients that choose whom they
// trust as their server.
const hcTrust = "-tls-skip-verify|-ca-cert|-ca-path|-tls-server-name"

// vault

var vaultProgram = &Program{Names: []string{"vault"}, GoFlags: true, Node: Node{Opts: vaultOptions + `
-v -version                help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "status|list|path-help", Node: hcNode(vaultOptions, vaultRead)},
		{Name: "version", Node: hcNode(vaultOptions, printsOnly)},
		{Name: "kv", Node: hcGroup(vaultOptions, vaultOther,
			&Sub{Name: "list", Node: hcNode(vaultOptions, vaultRead)},
			&Sub{Name: "metadata", Node: hcGroup(vaultOptions, vaultOther,
				&Sub{Name: "get", Node: hcNode(vaultOptions, vaultRead)})},
		)},
		{Name: "secrets|auth|audit|namespace|plugin", Node: hcGroup(vaultOptions, vaultOther,
			&Sub{Name: "list", Node: hcNode(vaultOptions, vaultRead)})},
		{Name: "policy", Node: hcGroup(vaultOptions, vaultOther,
			&Sub{Name: "list|read", Node: hcNode(vaultOptions, vaultRead)})},
		{Name: "token", Node: hcGroup(vaultOptions, vaultOther,
			&Sub{Name: "capabilities", Node: hcNode(vaultOptions, vaultRead)})},
		{Name: "print|operator|lease|transit|pki|events|hcp", Node: hcGroup(vaultOptions, vaultOther)},
		{Name: "*", Node: hcNode(vaultOptions, vaultOther)},
	}
}}}

// vaultOptions are the HTTP and output options of every command (and the
// few of the read commands).
const vaultOptions = `
-h -help                   help
-address=ADDRESS           net
-agent-address=ADDRESS     net
-ca-cert=FILE              read
-ca-path=DIR               read
-client-cert=FILE          read
-client-key=FILE           read
-disable-redirects[=BOOL]
-header=KEY=VALUE
-mfa=CREDENTIAL
-namespace -ns=NAMESPACE
-non-interactive[=BOOL]
-output-curl-string[=BOOL]          # prints a curl command with the token
-output-policy[=BOOL]
-policy-override=POLICY
-tls-server-name=NAME
-tls-skip-verify[=BOOL]
-unlock-key=KEY
-wrap-ttl=DURATION         change   # wraps the answer: a new token
-format=FORMAT
-field=FIELD
-detailed[=BOOL]
-mount=PATH
-accessor[=BOOL]
`

// vaultRequest records the request of a command.
func vaultRequest(c *Call, fx *Effects) {
	hcRequest(c, fx, "-address", "-header|-namespace|-mfa|-policy-override|-unlock-key")
	namedHost(c, fx, "-address|-agent-address", "VAULT_ADDR|VAULT_AGENT_ADDR", "the token of $VAULT_TOKEN or ~/.vault-token")
	namedTrust(c, fx, hcTrust, "the token of $VAULT_TOKEN or ~/.vault-token")
}

// vaultRead is a command that lists or describes, and prints.
func vaultRead(c *Call, fx *Effects) {
	vaultRequest(c, fx)
	if c.Has("-output-curl-string") {
		revealsSecret(fx, "vault -output-curl-string")
	}
}

// vaultOther is any other command: it prints a secret (read, kv get,
// token lookup, print token) or changes the server or the local token.
func vaultOther(c *Call, fx *Effects) {
	vaultRequest(c, fx)
	switch p := c.SubPath(); {
	case p == "read" || p == "kv get" || strings.HasPrefix(p, "token ") || p == "print token" || p == "kv patch" ||
		p == "unwrap":
		revealsSecret(fx, "vault "+p)
	default:
		fx.Change("vault " + p + " changes the server, its secrets or the local token")
	}
}

// consul

var consulProgram = &Program{Names: []string{"consul"}, GoFlags: true, Node: Node{Opts: consulOptions + `
-v -version                help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "members|info|monitor", Node: hcNode(consulOptions, consulRead)},
		{Name: "catalog", Node: hcGroup(consulOptions, consulOther,
			&Sub{Name: "datacenters|nodes|services", Node: hcNode(consulOptions, consulRead)})},
		{Name: "version", Node: hcNode(consulOptions, printsOnly)},
		{Name: "validate", Node: &Node{Opts: consulOptions + `
-quiet
-config-format=FORMAT
`, POSIX: true, Operands: true, Effects: readsFiles}},
		{Name: "operator", Node: hcGroup(consulOptions, consulOther,
			&Sub{Name: "raft", Node: hcGroup(consulOptions, consulOther,
				&Sub{Name: "list-peers", Node: hcNode(consulOptions, consulRead)})},
			&Sub{Name: "autopilot", Node: hcGroup(consulOptions, consulOther,
				&Sub{Name: "get-config", Node: hcNode(consulOptions, consulRead)})},
		)},
		{Name: "kv|acl|connect|config|services|peering|snapshot|intention", Node: hcGroup(consulOptions, consulOther)},
		{Name: "*", Node: hcNode(consulOptions, consulOther)},
	}
}}}

// consulOptions are the HTTP API options of every command.
const consulOptions = `
-h -help                   help
-ca-file=FILE              read
-ca-path=DIR               read
-client-cert=FILE          read
-client-key=FILE           read
-datacenter=DC
-http-addr=ADDRESS         net
-stale[=BOOL]
-tls-server-name=NAME
-token=TOKEN
-token-file=FILE           read
-namespace=NAMESPACE
-partition=PARTITION
`

// consulRead asks the agent about the cluster and prints.
func consulRead(c *Call, fx *Effects) {
	hcRequest(c, fx, "-http-addr", "-datacenter|-namespace|-partition|-token")
	namedHost(c, fx, "-http-addr", "CONSUL_HTTP_ADDR", "the token of $CONSUL_HTTP_TOKEN")
	namedTrust(c, fx, hcTrust+"|-ca-file", "the token of $CONSUL_HTTP_TOKEN")
}

// consulOther is any other command: the KV store and ACL tokens hold
// secrets, and the rest changes the cluster or the agent.
func consulOther(c *Call, fx *Effects) {
	consulRead(c, fx)
	switch p := c.SubPath(); {
	case p == "kv get" || p == "kv export" || strings.HasPrefix(p, "acl"):
		revealsSecret(fx, "consul "+p)
	default:
		fx.Change("consul " + p + " changes the cluster, its data or the agent")
	}
}

// nomad

var nomadProgram = &Program{Names: []string{"nomad"}, GoFlags: true, Node: Node{Opts: nomadOptions + `
-v -version                help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "status|agent-info", Node: hcNode(nomadOptions, nomadRead)},
		{Name: "version", Node: hcNode(nomadOptions, printsOnly)},
		{Name: "job", Node: hcGroup(nomadOptions, nomadOther,
			&Sub{Name: "status|inspect|history", Node: hcNode(nomadOptions, nomadRead)},
			// plan is a dry run on the server of the job file given.
			&Sub{Name: "validate|plan", Node: &Node{Opts: nomadOptions + `
-diff[=BOOL]
-json
-hcl1
-hcl2-strict[=BOOL]
-policy-override
-var=NAME=VALUE
-var-file=FILE             read
-vault-namespace=NAMESPACE
-vault-token=TOKEN
-verbose
`, POSIX: true, Operands: true, Effects: func(c *Call, fx *Effects) {
				readOperands(c, fx)
				nomadRead(c, fx)
			}}},
		)},
		{Name: "node|eval|deployment", Node: hcGroup(nomadOptions, nomadOther,
			&Sub{Name: "status|list", Node: hcNode(nomadOptions, nomadRead)})},
		{Name: "alloc", Node: hcGroup(nomadOptions, nomadOther,
			&Sub{Name: "status|list|logs", Node: hcNode(nomadOptions, nomadRead)})},
		{Name: "server", Node: hcGroup(nomadOptions, nomadOther,
			&Sub{Name: "members", Node: hcNode(nomadOptions, nomadRead)})},
		{Name: "namespace|var", Node: hcGroup(nomadOptions, nomadOther,
			&Sub{Name: "list", Node: hcNode(nomadOptions, nomadRead)})},
		{Name: "acl|operator|volume|quota|sentinel|system|plugin", Node: hcGroup(nomadOptions, nomadOther)},
		{Name: "*", Node: hcNode(nomadOptions, nomadOther)},
	}
}}}

// nomadOptions are the API options of every command.
const nomadOptions = `
-h -help                   help
-address=ADDRESS           net
-region=REGION
-namespace=NAMESPACE
-ca-cert=FILE              read
-ca-path=DIR               read
-client-cert=FILE          read
-client-key=FILE           read
-tls-server-name=NAME
-tls-skip-verify[=BOOL]
-token=TOKEN
`

// nomadRead asks the cluster about jobs, nodes and allocations and
// prints.
func nomadRead(c *Call, fx *Effects) {
	hcRequest(c, fx, "-address", "-region|-namespace|-token")
	namedHost(c, fx, "-address", "NOMAD_ADDR", "the token of $NOMAD_TOKEN")
	namedTrust(c, fx, hcTrust, "the token of $NOMAD_TOKEN")
}

// nomadOther is any other command: variables and ACL tokens hold secrets,
// alloc exec and fs reach into running tasks, the rest changes the
// cluster.
func nomadOther(c *Call, fx *Effects) {
	nomadRead(c, fx)
	switch p := c.SubPath(); {
	case p == "var get" || strings.HasPrefix(p, "acl"):
		revealsSecret(fx, "nomad "+p)
	default:
		fx.Change("nomad " + p + " changes the cluster, runs commands in tasks or reads their files")
	}
}
