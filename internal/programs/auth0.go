package programs

import "strings"

// auth0, the Auth0 CLI: auth0 GROUP... VERB [parameters], and auth0 api
// [METHOD] PATH for the management API. list, show, search and the like
// only read, except with --reveal-secrets, and except the commands on
// tokens, secrets and log or event streams (whose answers carry their
// sinks' API keys).

var auth0Program = &Program{Names: []string{"auth0"}, Pflag: true, Node: Node{Opts: auth0Options + `
--version        help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "api", Node: &Node{Opts: auth0Options + `
-d --data=BODY
-q --query=KEY=VALUE
--force
`, Operands: true, Effects: auth0API}},
		{Name: "*", Node: auth0Tree.node()},
	}
}}}

// auth0Options are the options of every command.
const auth0Options = `
--debug
--json
--json-compact
--csv
--no-color
--no-input
--tenant=TENANT
-h --help                help
-r --reveal-secrets               # apps show and list: the client secrets
`

var auth0Tree = &verbTree{
	name:  "auth0",
	opts:  auth0Options,
	reads: "list|ls|show|search|search-by-email|diff|tail|stats",
	sent:  "--tenant",
	read: func(c *Call, fx *Effects, path []string) {
		cmd := "auth0 " + strings.Join(path, " ")
		if c.Has("--reveal-secrets") {
			revealsSecret(fx, cmd+" --reveal-secrets")
			return
		}
		verb := path[len(path)-1]
		for _, w := range path {
			if strings.Contains(w, "token") || strings.Contains(w, "secret") ||
				strings.Contains(w, "streams") && verb != "stats" {
				revealsSecret(fx, cmd)
				return
			}
		}
	},
}

// auth0APIRoots are management API collections whose GET answers carry no
// secrets. Not listed: clients (client secrets), connections, log-streams,
// hooks, emails, guardian, keys, resource-servers (signing secrets).
var auth0APIRoots = []string{"actions", "attack-protection", "branding", "client-grants", "custom-domains",
	"email-templates", "grants", "logs", "organizations", "prompts", "roles", "rules", "stats", "tenants", "users",
	"users-by-email"}

// auth0API is auth0 api [METHOD] PATH: a request to the management API,
// a GET unless a method or a body is given.
func auth0API(c *Call, fx *Effects) {
	fx.Network("", apiWords(c, "--data|--query|--tenant")...)
	args := c.Args()
	method := "get"
	if len(args) > 1 {
		method = strings.ToLower(args[0].Value)
		args = args[1:]
	} else if len(args) == 1 && strings.EqualFold(args[0].Value, "get") {
		args = nil
	}
	switch {
	case c.Has("--data"):
		fx.Change("auth0 api with a body changes the tenant")
		return
	case method != "get":
		fx.Change("auth0 api " + method + " changes the tenant")
		return
	case len(args) != 1 || args[0].Dynamic:
		fx.Unknown("auth0 api: a path the model cannot name")
		return
	}
	path := strings.TrimPrefix(strings.TrimPrefix(args[0].Value, "/"), "api/v2/")
	root, _, _ := strings.Cut(path, "/")
	root, _, _ = strings.Cut(root, "?")
	for _, r := range auth0APIRoots {
		if r == root {
			return
		}
	}
	fx.PrintsSecret("auth0 api get " + root + ": the answer may carry secrets (client secrets, keys)")
}
