package programs

import "strings"

// gh and glab are the command-line clients of GitHub and GitLab. Their
// subcommands are requests to the forge: listing, viewing, diffing,
// searching and watching issues, pull or merge requests, runs,
// pipelines, releases and repositories only read (--web opens them in a
// browser); creating, editing, merging, commenting, checking out,
// cloning, downloading, running workflows, and extensions (programs) do
// not. An explicit repository (-R owner/repo, GH_REPO) only chooses what
// is read. gh auth token and --show-token print credentials; config get
// of a token reads a stored one; the api command only reads with GET.
// Their settings may name a pager, a browser, an editor or a
// configuration folder (GH_PAGER, GH_BROWSER, GH_CONFIG_DIR): see
// clientEnv.

var ghProgram = &Program{Names: []string{"gh"}, Setup: setupCompletion, Pflag: true, Start: ghStart, Node: Node{Effects: ghPrints, Opts: `
-h --help     help
--version     help
`, Subs: ghSubs}}

// forge wraps an Effects function of gh or glab: the variables act first.
func forge(f func(*Call, *Effects)) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		clientEnv(c, fx)
		if h := foreignHost(c); h != "" {
			fx.Unknown(c.Name + " sends the token it holds for other hosts (GH_ENTERPRISE_TOKEN, GITLAB_TOKEN) to " + h)
		}
		f(c, fx)
		switch {
		case !c.Has("--web"):
		case c.Name == "gh":
			// gh opens a page of the forge at an address it builds from
			// the call (a foreign host is judged above), in the browser
			// the user chose: unless its configuration names one.
			fx.Add(Effect{Op: Exec, IfPresent: "~/.config/gh/config.yml", Harmless: ghConfigNoBrowser,
				Why: c.Name + " --web opens the browser ~/.config/gh/config.yml names"})
		default:
			fx.Exec("", "", c.Name+" --web opens a browser")
		}
	}
}

// ghConfigNoBrowser reports a configuration of gh that names no browser
// (browser: empty or absent), so that gh opens pages with the user's own
// ($BROWSER, or the desktop's).
func ghConfigNoBrowser(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "browser:"); ok {
			if v = strings.Trim(strings.TrimSpace(v), `"'`); v != "" {
				return false
			}
		}
	}
	return true
}

// forgeHost returns the forge's host the call names, or "".
func forgeHost(c *Call) string {
	if h, ok := c.Value("--hostname"); ok {
		return h
	}
	for _, name := range forgeHostVars(c) {
		if v, ok := envValue(c, name); ok {
			return v
		}
	}
	return ""
}

// forgeHostVars are the variables that choose the forge's host.
func forgeHostVars(c *Call) []string {
	if c.Name == "glab" {
		return []string{"GITLAB_HOST", "GL_HOST"}
	}
	return []string{"GH_HOST"}
}

// foreignHost returns a host the call sends its request to that is not
// the forge's public one ("?" when not known): --hostname, GH_HOST or
// GITLAB_HOST, a repository named with its host (-R host/owner/repo, a
// URL, GH_REPO), or an api endpoint given as a URL. gh sends
// GH_ENTERPRISE_TOKEN to any such host, glab GITLAB_TOKEN: a host the
// command names may be anyone's.
func foreignHost(c *Call) string {
	public := "github.com"
	hosts := []string{forgeHost(c)}
	if c.Name == "glab" {
		public = "gitlab.com"
	}
	repos := c.ValueArgs("-R|--repo")
	if v, ok := envValue(c, "GH_REPO"); ok {
		repos = append(repos, argOf(v))
	}
	if strings.HasPrefix(c.SubPath(), "repo ") {
		// gh repo view [HOST/]OWNER/REPO or a URL.
		repos = append(repos, c.Args()...)
	}
	for _, r := range repos {
		if r.Dynamic {
			return "?"
		}
		v := r.Value
		if _, rest, ok := strings.Cut(v, "://"); ok {
			v = rest
		}
		if parts := strings.Split(strings.Trim(v, "/"), "/"); len(parts) >= 3 {
			hosts = append(hosts, parts[0])
		}
	}
	if c.SubPath() == "api" {
		for _, a := range c.Args() {
			if a.Dynamic {
				return "?"
			}
			if _, rest, ok := strings.Cut(a.Value, "://"); ok {
				h, _, _ := strings.Cut(rest, "/")
				hosts = append(hosts, h)
			}
		}
	}
	for _, h := range hosts {
		h = strings.ToLower(strings.TrimSuffix(h, "."))
		if _, rest, ok := strings.Cut(h, "://"); ok {
			h, _, _ = strings.Cut(rest, "/")
		}
		if h != "" && h != public && h != "api."+public && h != "www."+public {
			return h
		}
	}
	return ""
}

// authStatus shows who is logged in; --show-token prints the token.
func authStatus(c *Call, fx *Effects) {
	if c.Has("--show-token") {
		fx.PrintsSecret(c.Name + " auth status --show-token prints the token")
	}
	fx.Network(forgeHost(c), requestWords(c)...)
}

// configGet prints a setting; with a host it reads the host's settings,
// where tokens are stored.
func configGet(c *Call, fx *Effects) {
	for _, a := range c.Cmd.Args[1:] {
		if a.Dynamic || strings.Contains(strings.ToLower(a.Value), "token") {
			fx.PrintsSecret(c.Name + " config get may print a stored token")
			return
		}
	}
}

// apiEffects: gh api and glab api send a request to an endpoint. A GET
// only reads. Fields (-f, -F) turn a request into a POST unless the
// method is GET, where they become query parameters; a GraphQL query
// that is not a mutation only reads too. --input and -F name=@file send
// files, and a header can override the method.
func apiEffects(c *Call, fx *Effects) {
	fx.Network(forgeHost(c), requestWords(c)...)
	args := c.Args()
	if len(args) != 1 {
		fx.Unknown(c.Name + " api takes one endpoint")
		return
	}
	get := false
	for _, a := range c.ValueArgs("--method") {
		if a.Dynamic || !strings.EqualFold(a.Value, "GET") {
			fx.Change(c.Name + " api --method " + a.Value)
			return
		}
		get = true
	}
	if c.Has("--input") {
		fx.Change(c.Name + " api --input sends a body")
	}
	for _, a := range c.ValueArgs("--header") {
		if a.Dynamic || strings.Contains(strings.ToLower(a.Value), "method") {
			fx.Change(c.Name + " api --header " + a.Value)
		}
	}
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil || !o.HasValue || !o.Spec.Is("--field") && !o.Spec.Is("--raw-field") {
			continue
		}
		key, val, _ := strings.Cut(o.Value.Value, "=")
		if o.Spec.Is("--field") && strings.HasPrefix(val, "@") {
			// The file's content is sent.
			fx.Read(shellArgFrom(o.Value, strings.TrimPrefix(val, "@")))
			fx.Change(c.Name + " api sends the file " + val[1:])
			continue
		}
		if get {
			continue
		}
		if args[0].Value != "graphql" || key == "query" && strings.Contains(strings.ToLower(val), "mutation") {
			fx.Change(c.Name + " api sends " + o.Typed + " " + key + " in a request that changes")
		}
	}
}

// ghStart: every gh call, its help included, reads its token to
// authenticate and asks git which repository the folder is.
func ghStart(c *Call, fx *Effects) {
	fx.Cred(argOf("~/.config/gh/hosts.yml"), "gh authenticates with its token")
	fx.Helper("git", "gh asks git about the repository")
}

func ghPrints(c *Call, fx *Effects) { forge(printsOnly)(c, fx) }

// ghRead asks the forge and prints.
func ghRead(c *Call, fx *Effects) {
	forge(func(c *Call, fx *Effects) { fx.Network(forgeHost(c), requestWords(c)...) })(c, fx)
}

// ghChange changes the forge, the repository on disk, or runs a
// program (extensions, codespace ssh).
func ghChange(c *Call, fx *Effects) {
	forge(func(c *Call, fx *Effects) { fx.Change(c.Name + " " + c.SubPath()) })(c, fx)
}

func ghAPIEffects(c *Call, fx *Effects) { forge(apiEffects)(c, fx) }

func ghSecretEffects(c *Call, fx *Effects) {
	forge(func(c *Call, fx *Effects) { fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints a token") })(c, fx)
}

func ghAuthStatusEffects(c *Call, fx *Effects) { forge(authStatus)(c, fx) }

func ghConfigGetEffects(c *Call, fx *Effects) { forge(configGet)(c, fx) }

// ghBrowseEffects: gh browse opens the page in a web browser (gh's
// browser setting, or $BROWSER), unless -n prints its address.
func ghBrowseEffects(c *Call, fx *Effects) {
	ghRead(c, fx)
	if !c.Has("-n") {
		fx.Exec("", "", c.Name+" browse opens a web browser")
	}
}
