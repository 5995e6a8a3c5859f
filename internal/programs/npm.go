package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// npm and npx: npm's subcommands that inspect the installed tree, the
// registry and the configuration only read (and write npm's debug log and
// cache); those that install, run package scripts, publish, log in or
// edit the configuration run code or change state.
//
// Every npm configuration key is also a command-line option, valid with
// every subcommand, and npm expands unambiguous abbreviations of them
// (--scri is --script-shell). Keys that name a program npm runs (browser,
// editor, git, script-shell, shell, node-gyp, call) are exec; keys that
// name a configuration file to load (userconfig, globalconfig) can name
// such programs in turn.

// npmOpts are npm's configuration keys as options, with its shorthands.
const npmOpts = `
--_auth=X
--access=X
-a --all
--no-all
--allow-same-version
--no-allow-same-version
--allow-directory=X
--allow-file=X
--allow-git=X
--allow-remote=X
--allow-scripts=X
--also=X
--audit
--no-audit
--audit-level=X
--auth-type=X
--before=X
--bin-links
--no-bin-links
--browser[=X]
--no-browser
--bypass-2fa
--no-bypass-2fa
--ca=X                                   unknown # a certificate authority npm trusts
--cache=X                                write
--cache-max=X
--cache-min=X
--cafile=X                               unknown # a certificate authority npm trusts
-c --call=X                              exec
--cert=X                                 unknown
--cidr=X
--color[=X]
--no-color
--commit-hooks
--no-commit-hooks
--cpu=X
--dangerously-allow-all-scripts
--no-dangerously-allow-all-scripts
--depth=X
--description
--no-description
--dev
--no-dev
--diff=X
--diff-ignore-all-space
--no-diff-ignore-all-space
--diff-name-only
--no-diff-name-only
--diff-no-prefix
--no-diff-no-prefix
--diff-dst-prefix=X
--diff-src-prefix=X
--diff-text
--no-diff-text
--diff-unified=X
--dry-run
--no-dry-run
--editor=X                               exec
--engine-strict
--no-engine-strict
--expect-result-count=X
--expect-results
--no-expect-results
--expires=X
--fetch-retries=X
--fetch-retry-factor=X
--fetch-retry-maxtimeout=X
--fetch-retry-mintimeout=X
--fetch-timeout=X
-f --force
--no-force
--foreground-scripts
--no-foreground-scripts
--format-package-lock
--no-format-package-lock
--fund
--no-fund
--git=X                                  exec
--git-tag-version
--no-git-tag-version
-g --global
--no-global
--globalconfig=X                         code
--global-style
--no-global-style
--heading=X
--https-proxy=X                          unknown # sees npm's requests, with the token
--if-present
--no-if-present
--ignore-scripts
--no-ignore-scripts
--include=X
--include-staged
--no-include-staged
--include-workspace-root
--no-include-workspace-root
--include-attestations
--no-include-attestations
--init-author-email=X
--init-author-name=X
--init-author-url=X
--init-license=X
--init-module=X                          code
--init-type=X
--init-version=X
--init-private
--no-init-private
--init.author.email=X
--init.author.name=X
--init.author.url=X
--init.license=X
--init.module=X                          code
--init.version=X
--install-links
--no-install-links
--install-strategy=X
--json
--no-json
--key=X                                  unknown
--legacy-bundling
--no-legacy-bundling
--legacy-peer-deps
--no-legacy-peer-deps
--libc=X
--link
--no-link
--local-address=X                        unknown
-L --location=X
--lockfile-version=X
--loglevel=X
--logs-dir=X                             write
--logs-max=X
-l --long
--no-long
--name=X
--maxsockets=X
-m --message=X
--min-release-age=X
--min-release-age-exclude=X
--node-gyp=X                             exec
--node-options=X                         code
--noproxy=X                              unknown
--offline
--no-offline
--omit=X
--omit-lockfile-registry-resolved
--no-omit-lockfile-registry-resolved
--only=X
--orgs=X
--optional
--no-optional
--os=X
--otp=X
--package=X
--package-lock
--no-package-lock
--package-lock-only
--no-package-lock-only
--pack-destination=X                     write
--packages=X
-p --parseable
--no-parseable
--allow-scripts-pending
--no-allow-scripts-pending
--allow-scripts-pin
--no-allow-scripts-pin
--prefer-dedupe
--no-prefer-dedupe
--prefer-offline
--no-prefer-offline
--prefer-online
--no-prefer-online
-C --prefix=X                            dir
--preid=X
--production
--no-production
--progress
--no-progress
--provenance
--no-provenance
--provenance-file=X                      read
--proxy=X                                unknown # sees npm's requests, with the token
--read-only
--no-read-only
--rebuild-bundle
--no-rebuild-bundle
--registry=X                             net
--replace-registry-host=X                unknown
-S --save
--no-save
-B --save-bundle
--no-save-bundle
-D --save-dev
--no-save-dev
-E --save-exact
--no-save-exact
-O --save-optional
--no-save-optional
--save-peer
--no-save-peer
--save-prefix=X
-P --save-prod
--no-save-prod
--sbom-format=X
--sbom-type=X
--scope=X
--scopes=X
--packages-all
--no-packages-all
--packages-and-scopes-permission=X
--orgs-permission=X
--password=X
--token-description=X
--script-shell=X                         exec
--searchexclude=X
--searchlimit=X
--searchopts=X
--searchstaleness=X
--shell=X                                exec
--shrinkwrap
--no-shrinkwrap
--sign-git-commit
--no-sign-git-commit
--sign-git-tag
--no-sign-git-tag
--strict-peer-deps
--no-strict-peer-deps
--strict-allow-scripts
--no-strict-allow-scripts
--strict-ssl[=X]                         unknown # false lets anyone on the way read the token
--no-strict-ssl                          unknown
--tag=X
--tag-version-prefix=X
--timing
--no-timing
--umask=X
--unicode
--no-unicode
--update-notifier
--no-update-notifier
-? -H -h --usage --help   help
--user-agent=X
--userconfig=X                           code
-v --version                             help
--versions
--no-versions
--viewer=X                               unknown
--which=X
-w --workspace=X
--workspaces
--no-workspaces
--workspaces-update
--no-workspaces-update
-y --yes
--no-yes
-d -dd -ddd --verbose
-q --quiet
-s --silent
-desc
--local
-n --no
--porcelain
--readonly
-reg=X                                   net
-iwr
-ws
--enjoy-by=X
--nodedir=X                              dir
`

// npmNoHelp shadows the help options for subcommands that run what their
// operands name: npm run x --help is not a request for help here.
const npmNoHelp = `
-? -H -h --usage --help
-v --version
`

// npmLog records the debug log npm writes on every run, and the program
// --browser names, which npm runs to open web pages.
func npmLog(c *Call, fx *Effects) {

	for _, v := range c.ValueArgs("--browser") {
		if v.Dynamic || v.Value != "false" && v.Value != "true" {
			code := v.Value
			if v.Dynamic {
				code = ""
			}
			// npm gives the browser the address to open.
			fx.Runs(code, "--browser names the program npm opens web pages with", true, false)
		}
	}
}

// npmPrints is the Effects of a subcommand that reads the project, the
// installed tree or npm's own files and prints.
func npmPrints(c *Call, fx *Effects) { npmLog(c, fx) }

// npmAsks is the Effects of a subcommand that queries the registry and
// prints (view, search, outdated, audit).
func npmAsks(c *Call, fx *Effects) {
	npmLog(c, fx)
	cacheAt(fx, "~/.npm/_cacache", "npm caches registry responses")
	request(c, fx, npmRegistry)
	npmSendsConfig(fx)
}

// npmSendsConfig: an .npmrc names the registry (or proxy) npm sends its
// requests to, and the token it sends with them, which may be any
// environment variable (_authToken=${GITHUB_TOKEN}). A project's .npmrc
// is the project's to set, so any one there makes the request unknown;
// the user's own ~/.npmrc only when it sends elsewhere or names a
// variable.
func npmSendsConfig(fx *Effects) {
	fx.Add(Effect{Op: Unknown, IfPresent: ".npmrc", Upward: true,
		Why: "a project's .npmrc may name the registry npm sends to and a variable it sends"})
	fx.Add(Effect{Op: Unknown, IfPresent: "~/.npmrc", Harmless: npmrcHarmless,
		Why: "~/.npmrc names a registry, a proxy or an environment variable npm sends"})
}

// npmrcHarmless reports an .npmrc that leaves the registry and the proxy
// as they are, names no other configuration file and expands no
// environment variable.
func npmrcHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if strings.Contains(line, "${") {
			return false
		}
		key, _, _ := strings.Cut(line, "=")
		// npm's ini reader unquotes a key and reads key[] as key.
		key = strings.TrimSpace(key)
		if len(key) >= 2 && (key[0] == '"' || key[0] == '\'') && key[len(key)-1] == key[0] {
			key = key[1 : len(key)-1]
		}
		key = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(key), "[]"))
		if line[0] == '[' || strings.ContainsAny(key, `\"'`) || npmrcRedirects(key) {
			return false
		}
	}
	return true
}

// npmrcRedirectKeys are the configuration keys that choose where npm
// sends its requests (and the token with them), what it trusts, where it
// writes, or a program or code it runs. Sorted.
var npmrcRedirectKeys = []string{
	"browser", "ca", "cache", "cafile", "call", "cert", "editor", "git", "globalconfig", "https-proxy", "init-module",
	"init.module", "key", "local-address", "logs-dir", "node-gyp", "node-options", "noproxy", "onload-script",
	"prefix", "proxy", "registry", "replace-registry-host", "script-shell", "shell", "strict-ssl", "tmp", "userconfig",
	"viewer",
}

// npmrcRedirects reports a key of npmrcRedirectKeys, a scope's registry
// (@scope:registry), any proxy, a script, or a registry's own
// certificate files (//host/:certfile).
func npmrcRedirects(key string) bool {
	if strings.HasPrefix(key, "//") {
		i := strings.LastIndexByte(key, ':')
		key = key[i+1:]
		return key == "certfile" || key == "keyfile" || key == "cafile" || key == "ca" || key == "cert"
	}
	return slices.Contains(npmrcRedirectKeys, key) || strings.HasSuffix(key, ":registry") ||
		strings.HasSuffix(key, "proxy") || strings.HasSuffix(key, "-script")
}

// npmrcEverywhere records what every call of npm reads first: the .npmrc
// of the project (the nearest one above) and ~/.npmrc. npm sends the
// registry's token with every request, the update check of npm ls
// included; a file that sends elsewhere, trusts another authority, names
// a variable, or names a program or a folder to write makes the call
// unknown.
func npmrcEverywhere(c *Call, fx *Effects) {
	fx.Add(Effect{Op: Unknown, IfPresent: ".npmrc", Upward: true, Harmless: npmrcHarmless,
		Why: "the project's .npmrc names a registry, a proxy, a certificate authority, a program or an environment variable npm sends"})
	fx.Add(Effect{Op: Unknown, IfPresent: "~/.npmrc", Harmless: npmrcHarmless,
		Why: "~/.npmrc names a registry, a proxy, a certificate authority, a program or an environment variable npm sends"})
	npmNetEnv(c, fx)
}

// npmNetEnv: variables set for the call that send node's requests
// through a proxy or change what TLS trusts. (npm_config_* and
// NODE_OPTIONS are the shell analysis's.)
func npmNetEnv(c *Call, fx *Effects) {
	if v := assigned(c, "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY",
		"no_proxy", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED", "SSL_CERT_FILE", "SSL_CERT_DIR",
		"NODE_USE_ENV_PROXY"); v != "" {
		fx.Unknown(v + " changes where " + c.Name + " sends its requests, with the registry's token, or what it trusts")
	}
}

// npmRuns is the Effects of a subcommand that installs packages (running
// their install scripts) or runs the project's scripts.
func npmRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "npm "+c.Sub()+" runs package scripts or the programs it installs")
	fx.Source(npmIn(c, argOf("package.json")))
	if inAlts("install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add|ci|clean-install|ic|install-clean|isntall-clean|"+
		"install-test|it|install-ci-test|cit|clean-install-test|sit|update|u|up|upgrade|udpate|rebuild|rb", c.Sub()) {
		lifecycle(c, fx)
	}
}

// npmChanges is the Effects of a subcommand that changes the registry, the
// account, the project's files or npm's configuration.
func npmChanges(c *Call, fx *Effects) {
	changes(c, fx, "npm "+c.SubPath()+" changes the registry, an account or the project")
}

// npmOpens is the Effects of a subcommand that opens a web page in the
// browser, unless the browser is turned off and it only prints the URL.
func npmOpens(c *Call, fx *Effects) {
	if npmNoBrowser(c) {
		npmAsks(c, fx)
		return
	}
	fx.Change("npm " + c.Sub() + " opens a web page in the browser")
	request(c, fx, npmRegistry)
}

// npmNoBrowser reports --no-browser or --browser=false: npm prints the URL
// instead of opening it.
func npmNoBrowser(c *Call) bool {
	if c.Has("--no-browser") {
		return true
	}
	v, ok := c.Value("--browser")
	return ok && v == "false"
}

// npmListsOr is the Effects of a subcommand whose listing actions (ls,
// list, get...) read and whose other actions change state.
func npmListsOr(read string, asks bool) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts(read, a[0].Value) {
			if asks {
				npmAsks(c, fx)
			} else {
				npmLog(c, fx)
			}
			return
		}
		npmChanges(c, fx)
	}
}

// npmConfig: npm config list and get print the configuration (get refuses
// keys that hold credentials, which older npm versions print in clear);
// set, delete, edit and fix change it.
func npmConfig(c *Call, fx *Effects) {
	args := c.Args()
	switch {
	case len(args) == 0:
		fx.Unknown("npm config needs an action")
	case args[0].Dynamic:
		fx.Unknown("the action of npm config is computed at run time")
	case args[0].Value == "list" || args[0].Value == "ls":
		npmPrintsConfig(fx)
		npmLog(c, fx)
	case args[0].Value == "get":
		npmGet(c, args[1:], fx)
	case args[0].Value == "edit":
		fx.Exec("", "", "npm config edit opens the configuration in an editor")
	default:
		npmChanges(c, fx)
	}
}

// npmGet prints configuration keys; a key that holds a credential is not
// a read-only question.
func npmGet(c *Call, keys []shell.Arg, fx *Effects) {
	for _, k := range keys {
		if secretKey(k) {
			fx.PrintsSecret("npm config get " + k.Value + " may print a credential")
			return
		}
	}
	npmPrintsConfig(fx)
	npmLog(c, fx)
}

// npmPrintsConfig: a value in a project's .npmrc may be ${NAME}, which
// npm replaces with the variable's value before it prints it (only the
// keys of credentials are hidden).
func npmPrintsConfig(fx *Effects) {
	fx.Add(Effect{Op: Unknown, IfPresent: ".npmrc", Upward: true,
		Why: "npm prints the environment variables a project's .npmrc names in ${...}"})
}

// npmCache: ls and info read npm's cache; verify rewrites its index;
// add downloads into it; clean and rm delete it.
func npmCache(c *Call, fx *Effects) {
	switch c.Operand(0) {
	case "ls", "list", "info":
		npmLog(c, fx)
	case "verify":
		npmLog(c, fx)
		cacheAt(fx, "~/.npm/_cacache", "npm cache verify rewrites the index of npm's cache")
	case "npx":
		switch c.Operand(1) {
		case "ls", "list", "info":
			npmLog(c, fx)
		default:
			npmChanges(c, fx)
		}
	default:
		npmChanges(c, fx)
	}
}

// npmPkg: get prints fields of package.json; set, delete and fix rewrite
// it.
func npmPkg(c *Call, fx *Effects) {
	if c.Operand(0) == "get" && !c.Args()[0].Dynamic {
		fx.Read(shellWord("package.json"))
		npmLog(c, fx)
		return
	}
	fx.Write(shellWord("package.json"), "npm pkg "+c.Operand(0))
	npmLog(c, fx)
}

// npmAudit: audit sends the dependency tree to the registry and prints
// its advisories; audit signatures verifies them; audit fix installs.
func npmAudit(c *Call, fx *Effects) {
	switch {
	case len(c.Args()) == 0 || c.Operand(0) == "signatures" && len(c.Args()) == 1:
		npmAsks(c, fx)
	default:
		npmRuns(c, fx)
	}
}

// npmDiff compares packages: a spec that is not a registry package (a
// folder, a git repository) is packed first, which runs its prepare
// script; the project itself (no spec) is not.
func npmDiff(c *Call, fx *Effects) {
	for _, a := range append(c.ValueArgs("--diff"), c.Args()...) {
		if a.Dynamic || !npmRegistrySpec(a.Value) {
			runsProject(c, fx, "npm diff packs "+a.Value+", running its prepare script")
			return
		}
	}
	npmAsks(c, fx)
}

// npmPack: packing the project or a folder runs its prepack and prepare
// scripts; packing packages of the registry (lodash, @types/node@20) runs
// none: npm fetches their tarballs, as npm view fetches their documents,
// and writes each into --pack-destination or the current folder as
// NAME-VERSION.tgz (@scope/name as scope-name-VERSION.tgz), none with
// --dry-run.
func npmPack(c *Call, fx *Effects) {
	args := c.Args()
	for _, a := range args {
		if a.Dynamic || !npmRegistrySpec(a.Value) {
			npmRuns(c, fx)
			return
		}
	}
	if len(args) == 0 {
		npmRuns(c, fx)
		return
	}
	npmAsks(c, fx)
	if c.Has("--dry-run") {
		return
	}
	dir := "."
	for _, d := range c.ValueArgs("--pack-destination") {
		dir = d.Value
		if d.Dynamic {
			fx.Unknown("npm pack writes into a folder named at run time")
			return
		}
	}
	for _, a := range args {
		name := a.Value
		if i := strings.LastIndexByte(name, '@'); i > 0 {
			name = name[:i]
		}
		name = strings.ReplaceAll(strings.TrimPrefix(name, "@"), "/", "-")
		fx.Write(shell.Arg{Value: path.Join(dir, name+"-*.tgz"), Glob: true}, "npm pack writes the tarball of "+a.Value)
	}
}

// npmRegistrySpec reports a package spec of the registry: a name, with a
// scope, a version, a range or a tag (lodash, @types/node@20), not a
// folder, a tarball, a URL or a git repository (user/repo).
func npmRegistrySpec(v string) bool {
	name, version := v, ""
	if i := strings.LastIndexByte(v, '@'); i > 0 {
		name, version = v[:i], v[i+1:]
	}
	if strings.HasPrefix(name, "@") {
		scope, rest, ok := strings.Cut(name[1:], "/")
		if !ok || scope == "" {
			return false
		}
		name = rest
	}
	return name != "" && !strings.HasPrefix(name, ".") && !strings.ContainsAny(name, `/\:~`) &&
		!strings.ContainsAny(version, `/\:`)
}

// npmRun: without a script name, run lists the scripts.
func npmRun(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		npmLog(c, fx)
		return
	}
	npmRuns(c, fx)
}

// npmVersion: without an argument, version prints the versions of the
// package, npm and node; with one it rewrites package.json, commits, tags
// and runs the version scripts.
func npmVersion(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		npmLog(c, fx)
		return
	}
	npmRuns(c, fx)
}

// npmFund: without a package it lists the funding of the tree; with one
// it opens the package's funding page.
func npmFund(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		npmLog(c, fx)
		return
	}
	npmOpens(c, fx)
}

// npmProfile: get prints the profile (not its secrets); set, enable-2fa
// and disable-2fa change the account.
func npmProfile(c *Call, fx *Effects) {
	if c.Operand(0) == "get" && !anySecretKey(c) && !c.Args()[0].Dynamic {
		npmAsks(c, fx)
		return
	}
	npmChanges(c, fx)
}

var (
	npmPrintsNode = &Node{Inherit: true, Effects: npmPrints}
	npmAsksNode   = &Node{Inherit: true, Effects: npmAsks}
	npmRunsNode   = &Node{Inherit: true, Opts: npmNoHelp, Effects: npmRuns}
	npmChangeNode = &Node{Inherit: true, Effects: npmChanges}
	npmOpensNode  = &Node{Inherit: true, Effects: npmOpens}
)

var npmProgram = &Program{Names: []string{"npm"}, Setup: setupCompletion, SingleDash: true, Start: npmStart, Node: Node{Opts: npmOpts, Effects: npmPrints,
	MakeSubs: func() []*Sub {
		return []*Sub{
			// The installed tree, the project and npm's own set-up.
			{"ls|list|ll|la|explain|why|query|sbom|root|prefix|bin|completion|help-search", npmPrintsNode},
			// npm help shows the page with the viewer (and browser) the
			// configuration names: a project's .npmrc may name any program.
			{"help|hlep", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
				configRuns(fx, "npm help runs the viewer or browser a project's .npmrc names", true, ".npmrc")
				npmPrints(c, fx)
			}}},
			// The registry.
			{"view|info|show|v|search|s|se|find|outdated|ping|whoami|stars|doctor|find-dupes", npmAsksNode},
			{"diff", &Node{Inherit: true, Effects: npmDiff}},
			{"audit", &Node{Inherit: true, Effects: npmAudit}},
			{"docs|home|bugs|issues|repo", npmOpensNode},
			{"fund", &Node{Inherit: true, Effects: npmFund}},
			{"config|c", &Node{Inherit: true, Effects: npmConfig}},
			{"get", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) { npmGet(c, c.Args(), fx) }}},
			{"cache", &Node{Inherit: true, Effects: npmCache}},
			{"pkg", &Node{Inherit: true, Effects: npmPkg}},
			{"profile", &Node{Inherit: true, Effects: npmProfile}},
			{"dist-tag|dist-tags|owner|author|team|token|org|ogr", &Node{Inherit: true, Effects: npmListsOr("ls|list", true)}},
			{"access", &Node{Inherit: true, Effects: npmListsOr("list|ls|get|ls-packages|ls-collaborators", true)}},
			{"run|run-script|rum|urn", &Node{Inherit: true, Opts: npmNoHelp, Effects: npmRun}},
			{"version|verison", &Node{Inherit: true, Opts: npmNoHelp, Effects: npmVersion}},
			// Installing, building and running: install scripts, lifecycle
			// scripts, the project's scripts, a package's binaries.
			{"install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add|ci|clean-install|ic|install-clean|isntall-clean|" +
				"install-test|it|install-ci-test|cit|clean-install-test|sit|update|u|up|upgrade|udpate|uninstall|un|unlink|remove|rm|r|" +
				"dedupe|ddp|prune|rebuild|rb|link|ln|test|t|tst|start|stop|restart|exec|x|explore|init|create|innit|publish|" +
				"edit|install-scripts|approve-scripts|deny-scripts|stage|shrinkwrap", npmRunsNode},
			{"pack", &Node{Inherit: true, Effects: npmPack}},
			// Accounts and the registry.
			{"adduser|add-user|login|logout|deprecate|undeprecate|unpublish|star|unstar|set|trust", npmChangeNode},
		}
	}}}

// npx runs a package's binary, installing the package first when it is
// missing: options end at the package name, whose arguments follow.
var npxProgram = &Program{Names: []string{"npx"}, Start: npmStart, Node: Node{POSIX: true, Opts: `
-p --package=PKG
-c --call=CMD              exec
-y --yes
-n --no --no-yes
-q --quiet
-s --silent
-w --workspace=NAME
-ws --workspaces
--include-workspace-root
--prefix=DIR               dir
--registry=URL             net
--cache=DIR                write
--userconfig=FILE          code
--ignore-existing
--shell=SHELL              exec
--shell-auto-fallback
-h --help                  help
-v --version               help
`, Effects: func(c *Call, fx *Effects) { runsProject(c, fx, "npx runs a package's program") }}}

// npmStart is what every npm call does, its help and version included: it
// runs on node, and checks the registry for a newer npm now and then,
// noting when it did.
func npmStart(c *Call, fx *Effects) {
	npmrcEverywhere(c, fx)
	cacheAt(fx, "~/.npm/_logs", "npm writes a debug log of every run")
	fx.Helper("node", "npm runs on node")
	cacheAt(fx, "~/.npm/_update-notifier-last-checked", "npm notes when it last looked for a newer version")
	fx.Network(npmRegistry)
}

// npmIn resolves a path of the package npm acts on against --prefix (or
// -C): npm --prefix sub run x runs sub/package.json's script.
func npmIn(c *Call, a shell.Arg) shell.Arg {
	dirs := c.ValueArgs("-C|--prefix")
	if len(dirs) == 0 {
		return a
	}
	d := dirs[len(dirs)-1]
	out := a
	out.Value = strings.TrimSuffix(d.Value, "/") + "/" + a.Value
	out.Dynamic = a.Dynamic || d.Dynamic
	return out
}
