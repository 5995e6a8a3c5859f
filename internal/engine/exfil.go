package engine

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// A call that reads a secret and has a network sink anywhere in it can
// send the secret out: through a pipe, a substitution, a file written and
// read within the call, a DNS name. The secrets are the files the policy
// forbids reading, account and process files, secret-named environment
// variables and dumps of the whole environment; the sinks are the
// programs whose model makes a request, the unmodelled senders, and
// bash's /dev/tcp and /dev/udp. Such a call is denied, naming both.

// leak is a secret a call reads, or a sink it sends to, for a message.
type leak struct {
	what, by string
}

// callExfiltration denies a call that reads a secret and reaches the
// network anywhere in it.
func (ev *evaluation) callExfiltration(subjects []*subject) (Verdict, bool) {
	var secret, sink *leak
	// printer is the credential printer the secret comes from, if that is
	// where it comes from: a registry login to its own provider takes it.
	printer := ""
	for _, s := range subjects {
		if s.kind == KindShell && printer == "" && printsSecret(s.cl) {
			printer = s.cl.name
		}
	}
	for _, s := range subjects {
		switch {
		case s.kind == KindShell:
			c := s.cl.cmd
			// A credential printer asks its own service for the secret;
			// that request sends none.
			if sink == nil && !printsSecret(s.cl) && !(printer != "" && providerLogin(printer, s.cl)) {
				if by := ev.sinkOf(s.cl); by != "" {
					sink = &leak{what: by, by: s.display}
				}
			}
			if secret == nil {
				name := ev.secretEnvRead(s.cl)
				if name == "" {
					name = ev.copiedSecretRead(s.cl)
				}
				if name != "" {
					secret = &leak{what: name, by: s.display}
				}
			}
			if sink == nil {
				for _, r := range c.Redirects {
					if v := r.Target.Value; strings.HasPrefix(v, "/dev/tcp/") || strings.HasPrefix(v, "/dev/udp/") {
						sink = &leak{what: "a connection to " + v, by: s.display}
					}
				}
			}
		case s.kind == KindRead && !s.stat && secret == nil:
			// A file the rules forbid reading is denied as such; an
			// account or process file may be read, but not sent.
			if s.file.is(ClassSensitive) {
				secret = &leak{what: ev.relPath(s.file), by: s.via}
			}
		}
	}
	if secret == nil || sink == nil {
		return Verdict{}, false
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "exfiltration", Subject: secret.what,
		Message: "This call reads " + secret.what + " (in `" + secret.by + "`) and sends data over the network (" + sink.what +
			" in `" + sink.by + "`): the secret could leave the machine.",
		Suggestion: "Run the network request on its own, without reading secrets in the same call; if a secret is needed, ask the user."}, true
}

// sinkOf says how a command reaches the network, or "".
func (ev *evaluation) sinkOf(cl *cmdline) string {
	if cl.call != nil {
		for _, e := range cl.call.Effects().List {
			if e.Op == programs.Network {
				if e.Host != "" {
					return cl.name + " to " + e.Host
				}
				return cl.name
			}
		}
	}
	if networkSender(cl) {
		return cl.name
	}
	return ""
}

// secretEnvRead returns a secret the command reads from the environment:
// a secret-named variable its words expand, or hand to a child in a
// prefix assignment (x=$GITHUB_TOKEN bash -c ...), a variable named at
// run time (${!n}), or all of them (env, printenv, set), or "".
func (ev *evaluation) secretEnvRead(cl *cmdline) string {
	if name := varRead(cl.cmd, ev.secretEnvName); name != "" {
		return name
	}
	if cl.call != nil {
		for _, e := range cl.call.Effects().List {
			if e.Secret {
				// A credential printer (gh auth token): what it prints
				// is the secret.
				return "the output of " + cl.name
			}
			if e.Op == programs.Env && ev.secretEnvName(e.Path.Value) {
				if e.Path.Value == "" {
					return "the whole environment"
				}
				return "$" + e.Path.Value
			}
		}
	}
	return ""
}

// noteAnalysisCopies records the variables the shell sets to a copy of
// a secret or of another copy (see shell.Analysis.Copies), until no more
// are found.
func (ev *evaluation) noteAnalysisCopies(a *shell.Analysis) {
	for more := true; more; {
		more = false
		for _, c := range a.Copies {
			if !slices.Contains(ev.secretCopies, c.Name) && secretVarIn(c.From, true, ev.secretVar) != "" {
				ev.secretCopies = append(ev.secretCopies, c.Name)
				more = true
			}
		}
	}
}

// secretVar reports a secret-named variable or one the call's shell set
// to a copy of a secret.
func (ev *evaluation) secretVar(name string) bool {
	return secretEnv(name) || slices.Contains(ev.secretCopies, name)
}

// copiedSecretRead returns the expansion by which a command reads a copy
// of a secret the call's shell made, or "".
func (ev *evaluation) copiedSecretRead(cl *cmdline) string {
	if len(ev.secretCopies) == 0 {
		return ""
	}
	return varRead(cl.cmd, ev.secretVar)
}

// varRead returns the expansion by which a command's words, prefix
// assignments, redirections or here-document read a variable that
// secret names, or one named at run time, or "".
func varRead(c *shell.Command, secret func(string) bool) string {
	for i, a := range c.Args {
		if presenceOperand(c, i) {
			continue
		}
		if name := secretVarIn(a.Value, a.Dynamic, secret); name != "" {
			return name
		}
	}
	for _, a := range c.Uses {
		// What [[ ]], (( )), let and case compare: the branch taken
		// shows the value, a bit at a time.
		if name := secretVarIn(a.Value, a.Dynamic, secret); name != "" {
			return name
		}
	}
	for _, a := range c.Assigns {
		// The value as written: a copy of a secret is a secret in the
		// child's environment and in the shell's own variable.
		if _, val, _ := strings.Cut(a, "="); strings.Contains(val, "$") {
			if name := secretVarIn(val, true, secret); name != "" {
				return name
			}
		}
	}
	for _, r := range c.Redirects {
		if name := secretVarIn(r.Target.Value, r.Target.Dynamic, secret); name != "" {
			return name
		}
	}
	if c.Stdin.Dynamic {
		if name := secretVarIn(c.Stdin.Body, true, secret); name != "" {
			return name
		}
	}
	return ""
}

// presenceOperand reports a word whose value the command does not use,
// only whether it is empty: the operand of -n or -z of test or [, the
// one operand of a test ([ "$TOKEN" ]), one compared with the empty text
// ([ "$TOKEN" != "" ]), the words of : and true (: "${TOKEN:?is not
// set}"). Scripts check that a token is set all the time.
func presenceOperand(c *shell.Command, i int) bool {
	switch c.Name {
	case ":", "true":
		return i > 0
	case "[", "test":
	default:
		return false
	}
	ops := c.Args[1:]
	if c.Name == "[" && len(ops) > 0 && ops[len(ops)-1].Value == "]" && !ops[len(ops)-1].Dynamic {
		ops = ops[:len(ops)-1]
	}
	if i < 1 || i > len(ops) {
		return false
	}
	if len(ops) == 1 || len(ops) == 2 && i == 2 && ops[0].Value == "!" && !ops[0].Dynamic {
		return true
	}
	if len(ops) == 3 && !ops[1].Dynamic && (ops[1].Value == "=" || ops[1].Value == "==" || ops[1].Value == "!=") {
		// [ "$TOKEN" != "" ] is [ -n "$TOKEN" ].
		other := ops[2-(i-1)]
		return i != 2 && !other.Dynamic && other.Value == ""
	}
	prev := c.Args[i-1]
	if prev.Dynamic || prev.Value != "-n" && prev.Value != "-z" {
		return false
	}
	// The -n or -z starts a primary: it is not the operand of another.
	if i-1 == 0 {
		return false
	}
	switch before := c.Args[i-2]; {
	case i-2 == 0:
		return true
	case before.Dynamic:
		return false
	default:
		return before.Value == "!" || before.Value == "(" || before.Value == "-a" || before.Value == "-o"
	}
}

// secretVarIn returns the expansion by which a word's text reads a
// variable that secret names ($AWS_SECRET_ACCESS_KEY, ${GITHUB_TOKEN:-x}
// for secretEnv), or a variable whose name is only known at run time
// (${!n}, which may name any variable), or "". ${!prefix*} and ${!a[@]}
// expand to names, not values.
func secretVarIn(v string, dynamic bool, secret func(string) bool) string {
	if !dynamic {
		return ""
	}
	for i := 0; i < len(v); i++ {
		if v[i] != '$' {
			continue
		}
		j := i + 1
		braced := j < len(v) && v[j] == '{'
		if braced {
			j++
		}
		indirect := braced && j < len(v) && v[j] == '!'
		if indirect {
			j++
		}
		if braced && !indirect && j < len(v) && v[j] == '#' {
			// ${#NAME}: the length of the value is part of it.
			j++
		}
		start := j
		for j < len(v) && (v[j] == '_' || v[j] >= 'A' && v[j] <= 'Z' || v[j] >= 'a' && v[j] <= 'z' || j > start && v[j] >= '0' && v[j] <= '9') {
			j++
		}
		name := v[start:j]
		switch {
		case name == "":
		case indirect:
			if rest := v[j:]; strings.HasPrefix(rest, "*}") || strings.HasPrefix(rest, "@}") ||
				strings.HasPrefix(rest, "[@]}") || strings.HasPrefix(rest, "[*]}") {
				continue
			}
			return "${!" + name + "}"
		case braced && !indirect && (strings.HasPrefix(v[j:], ":+") || strings.HasPrefix(v[j:], "+")):
			// ${NAME:+word} is word when NAME is set: a test of
			// presence, which uses no value.
		case secret(name):
			return "$" + name
		}
	}
	return ""
}

// printsSecret reports a credential printer (gh auth token, aws ecr
// get-login-password).
func printsSecret(cl *cmdline) bool {
	if cl.call == nil {
		return false
	}
	for _, e := range cl.call.Effects().List {
		if e.Secret {
			return true
		}
	}
	return false
}

// providerDomains are the registries of each cloud's credential printer:
// `aws ecr get-login-password | docker login --password-stdin
// 1234.dkr.ecr.us-east-1.amazonaws.com` hands the token to the service
// it is for.
var providerDomains = []struct {
	printer string
	domains []string
}{
	{"aws", []string{".amazonaws.com"}},
	{"gcloud", []string{"gcr.io", ".gcr.io", ".pkg.dev"}},
	{"az", []string{".azurecr.io"}},
	{"gh", []string{"ghcr.io", "docker.pkg.github.com"}},
}

// providerLogin reports a registry login (docker, podman, buildah, helm
// registry, oras, skopeo login --password-stdin) to a registry of the
// provider whose credential printer is printer.
func providerLogin(printer string, cl *cmdline) bool {
	var domains []string
	for _, p := range providerDomains {
		if p.printer == printer {
			domains = p.domains
			break
		}
	}
	if domains == nil || cl.call == nil {
		return false
	}
	args := cl.call.Args()
	switch {
	case cl.name == "helm" && cl.call.SubPath() == "registry login":
	case (cl.name == "docker" || cl.name == "podman" || cl.name == "buildah" || cl.name == "oras" || cl.name == "skopeo" ||
		cl.name == "nerdctl") && cl.call.SubPath() == "login":
	default:
		return false
	}
	if len(args) != 1 || args[0].Dynamic || !cl.call.Has("--password-stdin") {
		return false
	}
	host := strings.ToLower(args[0].Value)
	if _, rest, ok := strings.Cut(host, "://"); ok {
		host = rest
	}
	host, _, _ = strings.Cut(host, "/")
	for _, d := range domains {
		if host == strings.TrimPrefix(d, ".") && !strings.HasPrefix(d, ".") || strings.HasPrefix(d, ".") && strings.HasSuffix(host, d) {
			return true
		}
	}
	return false
}
