package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Helpers for package managers, build tools, linters and formatters: the
// project code they run, the variables that name programs they run, the
// requests they make to registries and the caches they keep.
//
// What these tools do depends on the project they work in: its scripts,
// build scripts, tests and configuration files that are code (a Gemfile,
// eslint.config.js, a mypy plugin) run whenever a subcommand is made to
// run them, and such a call is an Exec effect, never read-only. Files of
// the project that name programs a call runs (.cargo/config.toml's
// rustc-wrapper, rust-toolchain.toml's path) come with the project as
// its code does: a call runs code nobody has seen when one of them is
// there (configRuns). A virtual environment's interpreter is the user's
// set-up, as a repository's .git/config is.

// runsProject records that the call runs code the project provides
// (scripts, build scripts, tests, configuration that is code) and that its
// operands may be files that code reads, so that the rules see them.
func runsProject(c *Call, fx *Effects, why string) {
	fx.Exec("", "", why)
	words := c.Args()
	for i := range c.Opts {
		// The values of options a loose table does not list may be
		// files too (uv run --with-requirements FILE).
		if o := &c.Opts[i]; o.Loose && o.HasValue {
			words = append(words[:len(words):len(words)], o.Value)
		}
	}
	for _, a := range words {
		// A word with blanks in it is text handed to the code, not a
		// file name (tool explain 'cat ~/.ssh/id_rsa').
		if a.Value != "-" && (a.Dynamic || !strings.ContainsAny(a.Value, " \t\n")) {
			fx.Read(a)
		}
	}
}

// configRuns records that the call runs what a configuration file of one
// of the names names, when one is there: in the folder the call runs in
// or, with upward, in any folder above it.
func configRuns(fx *Effects, why string, upward bool, names ...string) {
	for _, n := range names {
		fx.Add(Effect{Op: Exec, IfPresent: n, Upward: upward, Why: why})
	}
}

// changes records a change of state (an installation, a registry, an
// account) and the operands as files the call may read.
func changes(c *Call, fx *Effects, why string) {
	fx.Change(why)
	readOperands(c, fx)
}

// toolWords returns the words a request of a package tool may carry: its
// operands and the values of its options.
func toolWords(c *Call) []shell.Arg {
	out := append([]shell.Arg(nil), c.Args()...)
	for i := range c.Opts {
		if c.Opts[i].HasValue {
			out = append(out, c.Opts[i].Value)
		}
	}
	return out
}

// request records a request to host that carries the call's words.
// The hosts of the package registries the toolchains use by default, as
// messages name them (a project's configuration may name others).
const (
	npmRegistry   = "the npm registry"
	goModuleProxy = "the Go module proxy"
)

func request(c *Call, fx *Effects, host string) { fx.Network(host, toolWords(c)...) }

// shellWord is a constant word, for a file the tool reads or writes by
// its own choice (package.json, uv.lock).
func shellWord(v string) shell.Arg { return shell.Arg{Value: v} }

// cacheAt records a tool's ordinary write to its own files under path.
func cacheAt(fx *Effects, path, why string) { fx.Cache(shellWord(path), why) }

// assigned returns the first variable the command sets whose name is one
// of names, or starts with one of them that ends in *; "" for none.
func assigned(c *Call, names ...string) string {
	for _, a := range c.Cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		for _, n := range names {
			if prefix, ok := strings.CutSuffix(n, "*"); ok && strings.HasPrefix(name, prefix) || name == n {
				return name
			}
		}
	}
	return ""
}

// unknownEnv records an unknown effect when the command sets a variable
// that makes the tool run another program or load other code.
func unknownEnv(c *Call, fx *Effects, names ...string) {
	if v := assigned(c, names...); v != "" {
		fx.Unknown(v + " names a program or code that " + c.Name + " runs")
	}
}

// isOperand reports whether the call has an operand equal to one of the
// alternatives in "a|b".
func isOperand(c *Call, alts string) bool {
	for _, a := range c.Args() {
		for alt := range strings.SplitSeq(alts, "|") {
			if !a.Dynamic && a.Value == alt {
				return true
			}
		}
	}
	return false
}

// inAlts reports whether w is one of the alternatives in "a|b".
func inAlts(alts, w string) bool {
	for a := range strings.SplitSeq(alts, "|") {
		if a == w {
			return true
		}
	}
	return false
}

// secretKey reports a configuration key that holds a credential
// (_authToken, //registry/:_password, token, a client key): configuration
// getters print such values in clear.
func secretKey(a shell.Arg) bool {
	v := strings.ToLower(a.Value)
	if a.Dynamic || strings.HasPrefix(v, "_") || strings.Contains(v, ":_") {
		return true
	}
	for _, s := range []string{"auth", "token", "pass", "secret", "cred", "cert", "key", "otp"} {
		if strings.Contains(v, s) {
			return true
		}
	}
	return false
}

// anySecretKey reports whether an operand names a credential.
func anySecretKey(c *Call) bool {
	for _, a := range c.Args() {
		if secretKey(a) {
			return true
		}
	}
	return false
}
