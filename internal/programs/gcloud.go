package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// gcloud and gsutil, the Google Cloud CLIs (bq is in bq.go).
//
// gcloud GROUP... VERB [parameters]: the verbs list, describe, get and the
// like only read, unless the command names credentials or tokens
// (container clusters get-credentials, auth print-access-token, secrets
// versions access, redis instances get-auth-string).

var gcloudProgram = &Program{Names: []string{"gcloud"}, Start: gcloudStart, Node: Node{Opts: gcloudOptions + `
--version          help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "help|topic", Node: &Node{Opts: gcloudOptions, Operands: true, Effects: printsOnly}},
		{Name: "info", Node: &Node{Opts: gcloudOptions + `
--anonymize
--run-diagnostics          net    # checks that the network and the services answer
--show-log                        # prints the last log file
`, Effects: printsOnly}},
		{Name: "version", Node: &Node{Opts: gcloudOptions, Effects: printsOnly}},
		{Name: "*", Node: gcloudTree.node()},
	}
}}}

// gcloudStart is what every gcloud call does: its launcher script finds
// the SDK and its Python (readlink, dirname, uname) and runs it; the CLI
// writes its configuration, logs and credential caches under
// ~/.config/gcloud (or CLOUDSDK_CONFIG), Python may write bytecode beside
// the SDK's modules, and the search for credentials looks up the
// metadata server's name. It may ask git, ssh and tput for their version
// or the terminal's width.
func gcloudStart(c *Call, fx *Effects) {
	for _, h := range []string{"readlink", "dirname", "uname", "python3", "python", "git", "ssh", "tput"} {
		fx.Helper(h, "gcloud starts")
	}
	fx.Cache(assignedOr(c, "~/.config/gcloud", "CLOUDSDK_CONFIG"), "gcloud's configuration, logs and credential caches")
	for _, root := range []string{"/usr/lib/google-cloud-sdk", "/usr/share/google-cloud-sdk", "/opt/google-cloud-sdk",
		"~/google-cloud-sdk", "/snap/google-cloud-cli"} {
		fx.Cache(shell.Arg{Value: root}, "Python's bytecode beside the SDK's modules")
	}
	fx.Network("metadata.google.internal")
}

// gcloudOptions are the options of every command.
const gcloudOptions = `
--access-token-file=FILE          read
--account=ACCOUNT
--billing-project=PROJECT
--configuration=NAME
--flags-file=FILE                 unknown  # more options, read from a YAML file
--flatten=KEY
--format=FORMAT
-h --help                         help
--impersonate-service-account=ACCOUNT
--log-http                                 # requests and answers on stderr, tokens redacted
--no-log-http
--project=PROJECT
-q --quiet
--trace-token=TOKEN
--user-output-enabled
--no-user-output-enabled
--verbosity=LEVEL
--region=REGION
--zone=ZONE
`

var gcloudTree = &verbTree{
	name:  "gcloud",
	opts:  gcloudOptions,
	reads: "list|describe|get|read|tail|log|ls|cat|du|list-*|describe-*|get-*|search-*",
	// Groups named like verbs: gcloud run services list, gcloud deploy
	// releases list.
	groups: []string{"alpha deploy", "alpha run", "beta deploy", "beta run", "deploy", "run"},
	sent:   "--project|--billing-project|--region|--zone|--impersonate-service-account|--trace-token",
	read: func(c *Call, fx *Effects, path []string) {
		for _, w := range path {
			// IAP OAuth clients are listed with their secrets.
			if secretWord(w) || strings.Contains(w, "oauth-client") {
				revealsSecret(fx, "gcloud "+strings.Join(path, " "))
				return
			}
		}
		// --log-http prints the answers whole on stderr, whatever the
		// format.
		if httpLogged(c) && gcloudPrintsEnv(path) {
			revealsSecret(fx, "gcloud "+strings.Join(path, " ")+" with the HTTP answers logged (the environment or metadata it was deployed with)")
			return
		}
		// A description prints the whole object; a list its table, unless
		// a format asks for the objects.
		formats := c.ValueArgs("--format")
		if gcloudPrintsEnv(path) && (slices.Contains(path, "describe") || len(formats) > 0) && !envFreeProjection(formats) {
			revealsSecret(fx, "gcloud "+strings.Join(path, " ")+" (the environment or metadata it was deployed with)")
		}
	},
}

// httpLogged reports a gcloud call that logs its HTTP requests and
// answers: --log-http, unless a later --no-log-http turns it off.
func httpLogged(c *Call) bool {
	on := false
	for _, o := range c.Opts {
		switch {
		case o.Spec != nil && o.Spec.Is("--log-http"):
			on = true
		case o.Spec != nil && o.Spec.Is("--no-log-http"):
			on = false
		}
	}
	return on
}

// gcloudPrintsEnv reports the descriptions and lists of what runs with
// the environment variables it was deployed with: Cloud Functions, Cloud
// Run services, revisions, jobs and executions, App Engine versions; and
// of what holds its secrets in its configuration: a VM's or an instance
// template's metadata (startup scripts), a cluster's master credentials.
func gcloudPrintsEnv(path []string) bool {
	has := func(w string) bool { return slices.Contains(path, w) }
	if !has("describe") && !has("list") {
		return false
	}
	return has("functions") || has("run") && (has("services") || has("revisions") || has("jobs") || has("executions")) ||
		has("app") && has("versions") || has("compute") && (has("instances") || has("instance-templates")) ||
		has("container") && has("clusters")
}

// envFreeProjection reports --format projections (value(status.url),
// table(name,state)) that name no environment, spec, template or
// container; a format that prints the whole object (yaml, json) or none
// given is not.
func envFreeProjection(formats []shell.Arg) bool {
	if len(formats) == 0 {
		return false
	}
	for _, a := range formats {
		f := strings.ToLower(a.Value)
		if a.Dynamic || !strings.Contains(f, "(") {
			return false
		}
		for _, s := range []string{"env", "spec", "template", "container", "variables", "config"} {
			if strings.Contains(f, s) {
				return false
			}
		}
	}
	return true
}

// gsutil [-D|-d|-h HEADER|-i ACCOUNT|-m|-o SECTION:NAME=VALUE|-q|-u
// PROJECT] COMMAND [options] [arguments]: getopt reads the top options
// before the command. ls, cat, du, stat, hash and the "get" of bucket
// settings only read; -d and -D print the authentication headers; -o
// overrides boto settings (credentials, proxies, state folders).

var gsutilProgram = &Program{Names: []string{"gsutil"}, Start: gsutilStart, Node: Node{Opts: `
-D                        unknown  # debug output with the authentication headers
-d                        unknown
-h=HEADER
-i=ACCOUNT
-m
-o=OPTION                 unknown  # overrides a boto setting: credentials, proxies, folders
-q
-u=PROJECT
`, POSIX: true, Effects: printsOnly, Subs: []*Sub{
	{Name: "ls", Node: &Node{Opts: `
-a
-b
-d
-e
-h
-l
-L
-p=PROJECT
-r -R
`, Operands: true, Effects: gsutilRequest}},
	{Name: "cat", Node: &Node{Opts: `
-h
-r=RANGE
`, Operands: true, Effects: gsutilRequest}},
	{Name: "du", Node: &Node{Opts: `
-0
-a
-c
-e=PATTERN
-h
-s
-X=FILE                   read
`, Operands: true, Effects: gsutilRequest}},
	{Name: "stat", Node: &Node{Operands: true, Effects: gsutilRequest}},
	{Name: "hash", Node: &Node{Opts: `
-c
-h
-m
`, Operands: true, Effects: readsFiles}},
	{Name: "version", Node: &Node{Opts: "-l", Effects: printsOnly}},
	{Name: "help", Node: &Node{Operands: true, Effects: printsOnly}},
	{Name: "acl|autoclass|bucketpolicyonly|cors|defacl|defstorageclass|iam|label|lifecycle|logging|pap|" +
		"requesterpays|retention|rpo|ubla|versioning|web", Node: &Node{Effects: gsutilChange, Subs: []*Sub{
		{Name: "get", Node: &Node{Operands: true, Effects: gsutilRequest}},
		{Name: "*", Node: &Node{Operands: true, Effects: gsutilChange}},
	}}},
	{Name: "notification", Node: &Node{Effects: gsutilChange, Subs: []*Sub{
		{Name: "list", Node: &Node{Opts: "-o", Operands: true, Effects: gsutilRequest}},
		{Name: "*", Node: &Node{Operands: true, Effects: gsutilChange}},
	}}},
	{Name: "signurl", Node: &Node{Operands: true, Effects: func(c *Call, fx *Effects) {
		// A signed URL grants access to whoever holds it; the key file
		// is read.
		revealsSecret(fx, "gsutil signurl")
	}}},
	{Name: "*", Node: &Node{Operands: true, Effects: gsutilChange}},
}}}

// gsutilRequest records a request that reads buckets or objects, with the
// headers and the billed project the top options add.
func gsutilRequest(c *Call, fx *Effects) {
	fx.Network("", append(c.Args(), c.ValueArgs("-h|-u")...)...)
}

// gsutilChange is a command that changes buckets, objects or local files
// (cp, mv, rm, rsync, setmeta, the set of bucket settings). cp, mv and
// rsync read their local sources and write a local destination.
func gsutilChange(c *Call, fx *Effects) {
	if sub := c.Sub(); sub == "cp" || sub == "mv" || sub == "rsync" {
		args := c.Args()
		for i, a := range args {
			if strings.Contains(a.Value, "://") {
				continue
			}
			if i == len(args)-1 && len(args) > 1 {
				if !notFile(a) {
					fx.Add(Effect{Op: Write, Path: a, Tree: true, Why: "gsutil " + sub})
				}
			} else if a.Value != "-" {
				fx.Add(Effect{Op: Read, Path: a, Tree: true, Hidden: true})
			}
		}
	}
	fx.Change("gsutil " + c.SubPath() + " changes buckets, objects or files")
}

// gsutilStart: gsutil starts as gcloud does, and runs its work in Python
// processes that share semaphores and temporary folders.
func gsutilStart(c *Call, fx *Effects) {
	gcloudStart(c, fx)
	fx.Cache(argOf("/dev/shm"), "gsutil's processes share semaphores")
	fx.Cache(argOf("/tmp"), "gsutil's processes share temporary folders")
	fx.Cache(argOf("~/.gsutil"), "gsutil's state")
}
