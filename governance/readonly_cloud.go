package governance

import (
	"slices"
	"strings"
)

// Read-only knowledge of cloud and infrastructure CLIs (aws, az, gcloud,
// gsutil, bq, terraform, tofu, cdk, packer, pulumi, auth0, the ansible-*
// tools, vault, consul, nomad, eksctl, promtool, amtool).
//
// The checks here follow three families of behaviour:
//
//   - Cloud APIs name an operation by a verb: aws describe-*, list-*, get-*,
//     az and gcloud "group ... show|list|describe". Those verbs only read,
//     except the ones that return secrets (get-secret-value,
//     get-authorization-token, keys list, get-credentials, ...) or write a
//     local file (s3api get-object OUTFILE), which are listed by what they
//     reveal or write rather than by service.
//   - Infrastructure-as-code tools have read-only inspection subcommands
//     (terraform validate|plan|show, packer validate, ansible-playbook
//     --list-tasks) next to ones that apply changes, write local files
//     (fmt, init, -out), run the project's own program (cdk synth, terraform
//     test) or print decrypted values (output -json, ansible-vault view).
//   - Query commands (athena start-query-execution, bq query) only read
//     when their SQL is a single read-only statement.

// cloudReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func cloudReadOnly(name string) func(*cmdline) bool {
	var check func(*cmdline) bool
	switch name {
	case "vault":
		check = vaultReadOnly
	case "consul":
		check = consulReadOnly
	case "nomad":
		check = nomadReadOnly
	case "eksctl":
		check = eksctlReadOnly
	case "promtool":
		check = promtoolReadOnly
	case "amtool":
		check = amtoolReadOnly
	case "prometheus":
		check = prometheusReadOnly
	default:
		// ansible-vault (view decrypts), ansible-pull (clones and runs) and
		// terragrunt (its configuration runs commands): only their help and
		// version, which the engine allows for every program.
		return nil
	}
	return func(cl *cmdline) bool {
		// terraform -help: the engine's generic help check does not see
		// single-dash long options of singleLong programs.
		if helpOnly(cl) {
			return true
		}
		return cloudWordsOK(cl) && check(cl)
	}
}

// cloudSpec returns the command-line spec of a program of this family, or nil.
func cloudSpec(name string) *progSpec {
	switch name {
	case "vault", "consul", "nomad":
		return hashicorpSpec
	case "eksctl":
		return eksctlSpec
	}
	return nil
}

// Command-line specs: which options take a value, so that positional
// arguments (files the engine checks) are found correctly. -t is left out
// of the short options (ansible-doc -t TYPE, auth0 -t TENANT): the engine
// reads the value of any -t as a cp-style target directory written to.
var (
	hashicorpSpec = &progSpec{singleLong: true, long: []string{"address", "ca-cert", "ca-path", "client-cert", "client-key",
		"field", "format", "header", "mount", "namespace", "region", "tls-server-name", "wrap-ttl"}}
	eksctlSpec = &progSpec{short: "cnopr", long: []string{"cluster", "name", "output", "profile", "region"}}
)

// ---------------------------------------------------------------------------
// Shared helpers.

// cloudWordsOK rejects words whose value is only known at run time, except
// the value of an option written as --opt="$X" (quoted, so that it stays
// one word, and bound to its option by the = sign). Anything else could
// expand to another subcommand or to an option that reveals secrets
// (--with-decryption, --reveal-secrets).
func cloudWordsOK(cl *cmdline) bool {
	for _, a := range cl.cmd.Args[1:] {
		if !a.Dynamic {
			continue
		}
		v := a.Value
		cut := strings.IndexAny(v, "$`")
		if cut < 0 {
			cut = len(v)
		}
		lit := v[:cut]
		if !a.Quoted || !strings.HasPrefix(lit, "-") || !strings.Contains(lit, "=") {
			return false
		}
	}
	return true
}

// cloudIsOpt reports whether a word is an option (not "-" alone, which
// means standard input, and not a negative number).
func cloudIsOpt(w string) bool {
	return len(w) > 1 && w[0] == '-' && !isNumber(w)
}

// cloudOptName returns an option word without its =value.
func cloudOptName(w string) string {
	name, _, _ := strings.Cut(w, "=")
	return name
}

// cloudOpts returns the names of all option words, as typed (with dashes).
func cloudOpts(words []string) []string {
	var out []string
	for _, w := range words {
		if w == "--" {
			break
		}
		if cloudIsOpt(w) {
			out = append(out, cloudOptName(w))
		}
	}
	return out
}

// cloudHasOpt reports whether any of the wanted options was typed. A long
// option also matches an abbreviation of at least three letters (--with-d
// for --with-decryption), which argparse-based CLIs accept.
func cloudHasOpt(opts []string, want ...string) bool {
	for _, o := range opts {
		for _, w := range want {
			if o == w || strings.HasPrefix(o, "--") && len(o) >= 5 && strings.HasPrefix(w, o) {
				return true
			}
		}
	}
	return false
}

// cloudHasFlag reports whether a Go-style option (one or two dashes, no
// abbreviations: terraform, packer, vault) was typed, by name without dashes.
func cloudHasFlag(opts []string, names ...string) bool {
	for _, o := range opts {
		n := strings.TrimLeft(o, "-")
		if slices.Contains(names, n) {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Infrastructure as code: terraform, tofu, pulumi, cdk, packer

// ---------------------------------------------------------------------------
// HashiCorp and other operations CLIs: vault, consul, nomad, eksctl,
// promtool, amtool

// vaultReadOnly: vault status and the listings of paths, mounts, methods
// and policies. read, kv get and token lookup print secrets or tokens;
// -output-curl-string prints the token.
func vaultReadOnly(cl *cmdline) bool {
	if cloudHasFlag(cloudOpts(argWords(cl)), "output-curl-string") {
		return false
	}
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	switch pos[0] {
	case "status", "version", "list", "path-help":
		return true
	case "kv":
		return len(pos) >= 2 && (pos[1] == "list" || pos[1] == "metadata" && len(pos) >= 3 && pos[2] == "get")
	case "secrets", "auth", "audit", "namespace", "plugin":
		return len(pos) >= 2 && pos[1] == "list"
	case "policy":
		return len(pos) >= 2 && (pos[1] == "list" || pos[1] == "read")
	case "token":
		return len(pos) >= 2 && pos[1] == "capabilities"
	}
	return false
}

// consulReadOnly: cluster membership, catalog and agent information. The
// KV store and ACL tokens may hold secrets.
func consulReadOnly(cl *cmdline) bool {
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	switch pos[0] {
	case "members", "info", "version", "monitor", "validate", "catalog":
		return true
	case "operator":
		return len(pos) >= 3 && (pos[1] == "raft" && pos[2] == "list-peers" ||
			pos[1] == "autopilot" && pos[2] == "get-config")
	}
	return false
}

// nomadReadOnly: status, inspection and logs of jobs, nodes and
// allocations; job plan is a dry run. Variables hold secrets; alloc exec
// and fs reach into running tasks.
func nomadReadOnly(cl *cmdline) bool {
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	sub := ""
	if len(pos) >= 2 {
		sub = pos[1]
	}
	switch pos[0] {
	case "status", "version", "agent-info":
		return true
	case "job":
		return sub == "status" || sub == "inspect" || sub == "history" || sub == "validate" || sub == "plan"
	case "node", "eval", "deployment", "alloc":
		return sub == "status" || sub == "list" || pos[0] == "alloc" && sub == "logs"
	case "server":
		return sub == "members"
	case "namespace", "var":
		return sub == "list"
	}
	return false
}

// prometheusReadOnly: prometheus runs the server, so only its extra help
// flags are read-only (--help and --version are allowed generically).
func prometheusReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	return len(args) == 1 && (args[0] == "--help-long" || args[0] == "--help-man")
}

// eksctlReadOnly: eksctl get, info and the describe utilities.
func eksctlReadOnly(cl *cmdline) bool {
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	switch pos[0] {
	case "get", "info", "version":
		return true
	case "utils":
		return len(pos) >= 2 && strings.HasPrefix(pos[1], "describe-")
	}
	return false
}

// promtoolReadOnly: checks, queries, rule tests and TSDB inspection.
// push sends metrics; debug and tsdb create-blocks-from write files.
func promtoolReadOnly(cl *cmdline) bool {
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	switch pos[0] {
	case "check", "query":
		return true
	case "test":
		return len(pos) >= 2 && pos[1] == "rules"
	case "tsdb":
		return len(pos) >= 2 && (pos[1] == "list" || pos[1] == "analyze" || pos[1] == "dump" ||
			pos[1] == "dump-openmetrics")
	}
	return false
}

// amtoolReadOnly: alert and silence queries, configuration checks and
// template rendering; not silence add/expire/import or alert add.
func amtoolReadOnly(cl *cmdline) bool {
	pos := posWords(cl)
	if len(pos) == 0 {
		return false
	}
	sub := ""
	if len(pos) >= 2 {
		sub = pos[1]
	}
	switch pos[0] {
	case "alert", "silence":
		return sub == "" || sub == "query"
	case "check-config", "config", "cluster", "template":
		return sub == "" || sub == "show" || sub == "routes" || sub == "render"
	}
	return false
}
