package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Helpers for the command-line clients of services (container engines,
// Kubernetes, code forges): they read settings from variables of their
// environment, send the words of a call to a server, and print.

// settingsNames are parts of variable names that name a program to run
// (pagers, browsers, editors, external diff tools, plugins, hooks,
// runtimes, shells) or move a configuration, a home folder or a search
// path, which may name such programs, credential helpers or hooks.
var settingsNames = []string{"PAGER", "BROWSER", "EDITOR", "DIFF", "PLUGIN", "CONF", "TOML", "HOME", "PATH", "DIR",
	"SHELL", "EXEC", "CMD", "COMMAND", "HOOK", "RUNTIME", "KUBERC"}

// clientEnv records what the variables a command sets do to a client:
// one that names a program, a configuration or a folder is unknown
// (containers.conf, CONTAINERS_* and the like too); one that names a
// server (DOCKER_HOST, CONTAINER_HOST) is the request's destination,
// unknown when it is not plainly an address (ssh://-oProxyCommand=...).
// Other variables only choose what is read or how it is printed
// (GH_REPO, DOCKER_CONTEXT, NO_COLOR).
func clientEnv(c *Call, fx *Effects) {
	dynamicWords(c, fx)
	for _, a := range c.Cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		up := strings.ToUpper(name)
		for _, bad := range settingsNames {
			if strings.Contains(up, bad) {
				fx.Unknown(name + " may name a program or a configuration the client loads")
				break
			}
		}
		switch {
		case strings.HasPrefix(up, "CONTAINERS_"):
			fx.Unknown(name + " changes the container engine's configuration")
		case (up == "DOCKER_HOST" || up == "CONTAINER_HOST") && !plainAddress(val):
			fx.Unknown(name + " is not a plain address")
		}
	}
}

// dynamicWords records an unknown effect for each word of the call
// computed at run time, in a place where it may be any option (--raw,
// --show-token, -o yaml) or subcommand: the program reads it as it
// comes. The command an exec runs is the analysis's to judge.
func dynamicWords(c *Call, fx *Effects) {
	if strings.HasSuffix(c.SubPath(), "exec") {
		return
	}
	for _, a := range c.Pos {
		if a.Dynamic {
			fx.Unknown("the word " + a.Value + " is computed at run time and may be any option")
			return
		}
	}
}

// envValue returns the value the command gives a variable, if it does.
func envValue(c *Call, name string) (string, bool) {
	for _, a := range c.Cmd.Assigns {
		if n, v, ok := strings.Cut(a, "="); ok && n == name {
			return v, true
		}
	}
	return "", false
}

// plainAddress reports a server address that is only an address: not
// computed, and not smuggling options to a program that connects to it
// (ssh://-oProxyCommand=...).
func plainAddress(v string) bool {
	// ssh:// reaches the engine through ssh, which runs what
	// ~/.ssh/config says (ProxyCommand) and a command on the host.
	return !strings.HasPrefix(v, "-") && !strings.Contains(v, "://-") && !strings.ContainsAny(v, " \t\n$`") &&
		!strings.HasPrefix(strings.ToLower(v), "ssh://")
}

// requestWords returns the words a call sends to its server: its operands
// and the values of its options, but for those that name a file the call
// reads or writes (their content is judged as a file).
func requestWords(c *Call) []shell.Arg {
	var out []shell.Arg
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.HasValue || o.Spec != nil && (o.Spec.Tag == TagRead || o.Spec.Tag == TagWrite) {
			continue
		}
		out = append(out, o.Value)
	}
	return append(out, c.Args()...)
}

// asksHelp reports a --help option: the client prints help (for a
// client whose settings act even then, the Effects function decides).
func asksHelp(c *Call) bool {
	for i := range c.Opts {
		if s := c.Opts[i].Spec; s != nil && s.Is("--help") {
			return true
		}
	}
	return false
}

// lastValue returns the last value given to any of the options alts, as a
// word.
func lastValue(c *Call, alts string) (shell.Arg, bool) {
	vs := c.ValueArgs(alts)
	if len(vs) == 0 {
		return shell.Arg{}, false
	}
	return vs[len(vs)-1], true
}

// shellArgFrom returns a word that is a part of another: computed at run
// time when the other is.
func shellArgFrom(a shell.Arg, v string) shell.Arg {
	return shell.Arg{Value: v, Dynamic: a.Dynamic, Glob: a.Glob}
}

// namedTrust records each option of opts the call gives that chooses
// whom a client trusts as its server: a certificate authority the command
// names, a name to check the certificate against, or no check at all.
// Whoever then answers in the server's place (a proxy on the way, an
// address the resolver gives) receives the credential (cred) the client
// sends with every request.
func namedTrust(c *Call, fx *Effects, opts, cred string) {
	for o := range strings.SplitSeq(opts, "|") {
		if c.Has(o) {
			fx.Unknown(c.Name + " " + o + " trusts a server the command chooses, which receives " + cred)
		}
	}
}

// namedHost records each host a call names, by the options in opts or
// the variables in vars that the command sets, when the client sends a
// credential (cred) with every request whatever the host: the command
// chooses who receives it. The address the user's configuration or
// environment gives is their own choice, and is not named here.
func namedHost(c *Call, fx *Effects, opts, vars, cred string) {
	if opts != "" {
		for _, h := range c.ValueArgs(opts) {
			fx.Unknown(c.Name + " sends " + cred + " to " + h.Value + ", a host the command names")
		}
	}
	for _, a := range c.Cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		if slices.Contains(strings.Split(vars, "|"), name) {
			fx.Unknown(c.Name + " sends " + cred + " to " + val + ", a host " + name + " names")
		}
	}
}
