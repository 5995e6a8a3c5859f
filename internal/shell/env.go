package shell

import (
	"regexp"
	"strings"
	"sync"
)

// unsafeEnv are variables that change what a command runs or loads: code
// or configuration it reads from a place the variable names.
var unsafeEnv = []string{"LD_*", "DYLD_*", "ANSIBLE_*", "NODE_V8_COVERAGE", "NODE_REDIRECT_WARNINGS", "NODE_COMPILE_CACHE",
	"NODE_REPL_HISTORY", "NODE_EXTRA_CA_CERTS", "PYTHONPERFSUPPORT", "PYTHONPROFILEIMPORTTIME", "BASH_ENV", "ENV", "PROMPT_COMMAND", "PATH",
	"GIT_*", "PAGER", "MANPAGER", "EDITOR", "VISUAL", "PYTHONPATH", "PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT",
	"RUBYOPT", "SHELLOPTS", "BASHOPTS", "IFS", "LESS*", "GCONV_PATH", "PYTHONHOME",
	"PYTHONWARNINGS", "PERL5LIB", "RUBYLIB", "NODE_PATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
	"TF_CLI_ARGS*", "KUBECONFIG", "AWS_CONFIG_FILE", "npm_config_*", "NPM_CONFIG_*", "SSH_ASKPASS", "SUDO_ASKPASS", "BROWSER",
	// Where programs find their configuration, start-up code and
	// helpers: the home folder and the XDG folders (git, less, jq, go,
	// aws, python's user site), and the variables of single programs.
	"HOME", "XDG_*", "ZDOTDIR", "INPUTRC", "PYTHONUSERBASE", "PYTHONBREAKPOINT", "PYTHONPYCACHEPREFIX",
	"PYTHONPLATLIBDIR", "PYTHONEXECUTABLE", "PYTHONINSPECT", "PYENV_*", "CLOUDSDK_*", "GROFF_*", "MANPATH", "MANOPT",
	"MANROFFOPT", "MANROFFSEQ", "MAN_DISABLE_SECCOMP", "MAGIC", "JQ_LIBRARY_PATH", "GOENV", "GOFLAGS", "GOROOT",
	"GOTOOLCHAIN", "CC", "CXX", "CGO_*", "AWS_SHARED_CREDENTIALS_FILE", "AWS_PAGER", "RUSTC", "RUSTC_WRAPPER", "RUSTDOC",
	"RUSTUP_*", "CARGO_HOME", "CARGO_BUILD_*", "CARGO_TARGET_*", "DOCKER_CONFIG", "RIPGREP_CONFIG_PATH", "OPENSSL_CONF",
	"OPENSSL_ENGINES", "CURL_HOME", "WGETRC", "GNUPGHOME", "BAT_CONFIG_PATH", "*_PAGER", "TERMINFO", "TERMINFO_DIRS",
	"BASH_LOADABLES_PATH", "FZF_DEFAULT_COMMAND", "FZF_DEFAULT_OPTS", "FZF_DEFAULT_OPTS_FILE",
	"YARN_*", "COREPACK_*",
	// Where a checker that only reads writes its cache (black --check):
	// set in the shell, it moves the write anywhere.
	"BLACK_CACHE_DIR",
	// Options a program reads before its command line's.
	"SHELLCHECK_OPTS",
	// Where clients send the token or password they attach to every
	// request (vault, consul, nomad, glab, gh, psql, mysql, sqlcmd): set
	// in the shell, they choose a host for later commands.
	"VAULT_ADDR", "VAULT_AGENT_ADDR", "CONSUL_HTTP_ADDR", "NOMAD_ADDR", "GITLAB_HOST", "GL_HOST", "GH_HOST", "PGHOST",
	"PGHOSTADDR", "MYSQL_HOST", "SQLCMDSERVER",
	// Where a client sends its credentials, and whom it trusts as its
	// server: endpoints, certificate authorities and the switches that
	// turn the check off (a proxy, *_PROXY in any case, is in
	// UnsafeEnv), for any TLS client and the credentialed ones that read
	// their own; Go's module proxies receive .netrc's passwords, and
	// GOAUTH runs a program. SSLKEYLOGFILE writes the keys of every TLS
	// session to a file.
	"SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "AWS_CA_BUNDLE", "AWS_ENDPOINT_URL*",
	"NODE_TLS_REJECT_UNAUTHORIZED", "PYTHONHTTPSVERIFY", "GRPC_DEFAULT_SSL_ROOTS_FILE_PATH", "HTTPLIB2_CA_CERTS",
	"SSLKEYLOGFILE", "AZURE_CONFIG_DIR", "AZURE_CLI_DISABLE_CONNECTION_VERIFICATION", "ADAL_PYTHON_SSL_NO_VERIFY",
	"VAULT_CACERT", "VAULT_CAPATH", "VAULT_SKIP_VERIFY", "VAULT_TLS_SERVER_NAME", "CONSUL_CACERT", "CONSUL_CAPATH",
	"CONSUL_HTTP_SSL_VERIFY", "NOMAD_CACERT", "NOMAD_CAPATH", "NOMAD_SKIP_VERIFY", "HELM_KUBE*",
	"KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT", "PULUMI_BACKEND_URL", "PULUMI_API", "GOPROXY", "GOAUTH",
	"GOINSECURE", "GOSUMDB", "GONOSUMDB", "GONOSUMCHECK", "GOPRIVATE", "GONOPROXY",
	// What a child shell reads from its environment as code or as
	// where to find code: functions bash imports (BASH_FUNC_f%%), the
	// messages of MAILPATH it expands, the folders zsh and ksh autoload
	// functions from, the history an interactive shell writes, the fd
	// set -x writes to, and what changes where cd goes and what a glob
	// or a lookup finds.
	"BASH_FUNC_*", "MAILPATH", "FPATH", "HISTFILE", "BASH_XTRACEFD", "CDPATH", "GLOBIGNORE", "EXECIGNORE",
	"POSIXLY_CORRECT"}

// prompts are the variables a shell expands as a prompt: bash's PS4 under
// set -x, PS0, PS1 and PROMPT_COMMAND's neighbours in an interactive shell,
// zsh's names for them. Expanded, a prompt runs the command substitutions
// it holds; it reaches a child shell from its environment.
var prompts = []string{"PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT", "PROMPT2", "PROMPT3", "PROMPT4", "RPROMPT",
	"RPROMPT2", "RPS1", "RPS2", "SPROMPT"}

// unsafePrompt reports a prompt that is more than text and plain
// variables: a command substitution, arithmetic, an indirect name or a
// subscript (bash evaluates both as arithmetic, which runs the code a
// variable's value holds), an operator, or an escape (bash decodes \nnn
// before it expands). $LINENO, ${BASH_SOURCE} and ${FUNCNAME[0]} are
// expanded once: their values are not expanded again.
func unsafePrompt(value string) bool {
	return strings.ContainsAny(promptVarRe().ReplaceAllString(value, ""), "$`\\")
}

// promptVarRe matches the plain variables of a prompt, compiled on first
// use: the hook does no work at start (TestHookStartsIdle).
func promptVarRe() *regexp.Regexp {
	promptVarOnce.Do(func() {
		promptVar = regexp.MustCompile(`\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*(?:\[[0-9]+\])?\})`)
	})
	return promptVar
}

var (
	promptVarOnce sync.Once
	promptVar     *regexp.Regexp
)

// UnsafeEnv reports a variable that, set to value, changes what a command
// runs or loads. A PATH of the system's own program folders finds the
// programs a bare name would find anyway; an IFS of blanks splits as the
// analysis does; CGO_ENABLED=0 only turns cgo off.
func UnsafeEnv(name, value string) bool {
	switch {
	case name == "PATH" && systemPath(value):
		return false
	case name == "IFS":
		return strings.Trim(value, " \t\n") != ""
	case name == "CGO_ENABLED" && value == "0":
		// Turns cgo off: nothing more is compiled or run.
		return false
	case contains(prompts, name):
		return unsafePrompt(value)
	case proxyVar(name):
		return true
	}
	for _, g := range unsafeEnv {
		if g == name || strings.HasSuffix(g, "*") && strings.HasPrefix(name, g[:len(g)-1]) ||
			strings.HasPrefix(g, "*") && strings.HasSuffix(name, g[1:]) {
			return true
		}
	}
	return false
}

// proxyVar reports a variable that names the proxy a client sends its
// requests through: HTTPS_PROXY, ALL_PROXY and the like, in any case
// (Python reads every *_proxy whatever its case). The proxy sees where
// each request goes, and with a certificate it is trusted with (an
// SSL_CERT_FILE, --no-verify-ssl) the credentials it carries. NO_PROXY
// only turns proxies off.
func proxyVar(name string) bool {
	up := strings.ToUpper(name)
	return strings.HasSuffix(up, "_PROXY") && up != "NO_PROXY"
}

// systemPath reports a PATH made only of the system's own program
// folders, which are the programs a bare name would find anyway (env -i
// PATH=/bin ls).
func systemPath(v string) bool {
	for _, dir := range strings.Split(v, ":") {
		switch strings.TrimSuffix(dir, "/") {
		case "/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin":
		default:
			return false
		}
	}
	return v != ""
}
