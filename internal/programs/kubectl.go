package programs

import (
	"slices"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// kubectl (and OpenShift's oc) sends requests to a Kubernetes API server.
// Its subcommands and their options are in kubectl_commands.go; the
// global options below are valid anywhere on the line.
//
// Showing resources (get, describe, explain, api-resources, events, top,
// logs), comparing manifests with the cluster (diff), rendering a
// kustomization, waiting, and reading the client's own configuration only
// read: they are requests carrying the call's words, so a word computed at
// run time makes them more than reads. A few reads show secrets: get and
// wait in an output format that prints objects (yaml, json, jsonpath,
// templates, custom columns) show a Secret's data when a word of the
// command names Secrets or the objects come from files; --raw reads any
// API path; token resources (OpenShift's oauthaccesstokens, named by the
// tokens themselves) are not read in any format; config view --raw and
// --flatten print the credentials. A client or server dry run of a change
// only prints or validates the object; everything else (apply, create,
// delete, scale, exec into a shell, port-forward, proxy, edit...) changes
// the cluster or runs something.
//
// A kubeconfig (--kubeconfig, KUBECONFIG) can name a credential plugin
// that kubectl runs; --server sends the current user's credentials to a
// server the command names.

const kubectlGlobal = `
--as=USER
--as-group=GROUP
--as-uid=UID
--cache-dir=DIR                write
--certificate-authority=FILE   read
--client-certificate=FILE      read
--client-key=FILE              # a private key that signs the TLS handshake; never sent or printed
--cluster=NAME
--context=NAME
--disable-compression
--insecure-skip-tls-verify
--kubeconfig=FILE              # see kube
--kuberc=FILE                  unknown
--log-flush-frequency=DURATION
--match-server-version
-n --namespace=NAMESPACE
--password=PASSWORD
--profile=NAME
--profile-output=FILE
--request-timeout=DURATION
-s --server=URL
--tls-server-name=NAME
--token=TOKEN
--user=NAME
--username=NAME
-v --v=LEVEL
--vmodule=PATTERN
--warnings-as-errors
-h --help                      help
--version                      help
`

var kubectlProgram = &Program{Names: []string{"kubectl"}, Setup: setupCompletion, Launch: launchContainerExec, Pflag: true, Start: kubectlStart,
	Node: Node{Effects: kubePrints, Opts: kubectlGlobal, Subs: kubectlSubs}}

// ocProgram is OpenShift's client: kubectl's subcommands and a few of its
// own. projects and status only read; project with a name switches the
// current project; whoami -t prints the session's token.
var ocProgram = &Program{Names: []string{"oc"}, Launch: launchContainerExec, Pflag: true, Node: Node{Effects: kubePrints, Opts: kubectlGlobal,
	MakeSubs: func() []*Sub {
		return append([]*Sub{
			{Name: "projects", Node: &Node{Effects: kubeRead, Inherit: true, Opts: "-q --short"}},
			{Name: "status", Node: &Node{Effects: kubeRead, Inherit: true, Opts: "-A --all-namespaces\n-o --output=FORMAT\n--suggest"}},
			{Name: "project", Node: &Node{Effects: ocProject, Inherit: true, Opts: "-q --short"}},
			{Name: "whoami", Node: &Node{Effects: ocWhoami, Inherit: true,
				Opts: "-c --show-context\n--show-console\n--show-server\n-t --show-token\n-o --output=FORMAT"}},
		}, kubectlSubs...)
	}}}

// kube wraps an Effects function of a kubectl subcommand: the variables
// and the global options act first.
func kube(f func(*Call, *Effects)) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		clientEnv(c, fx)
		if c.Has("--kubeconfig") {
			fx.Exec("", "", "--kubeconfig may name a credential plugin kubectl runs")
		}
		if c.Has("--server") {
			fx.Unknown("--server sends the current user's credentials to a server the command names")
		}
		namedTrust(c, fx, "--insecure-skip-tls-verify|--certificate-authority|--tls-server-name", "the current user's credentials")
		for _, o := range c.ValueArgs("-o|--output") {
			// go-template-file=, jsonpath-file=, template-file= and
			// custom-columns-file= read the file they name, and what
			// it holds is printed as the template's text.
			if format, file, ok := strings.Cut(o.Value, "="); ok && strings.HasSuffix(format, "-file") || o.Dynamic {
				fx.Read(shell.Arg{Value: file, Dynamic: o.Dynamic})
			}
		}
		for _, v := range c.ValueArgs("-v|--v") {
			// From level 8 kubectl logs the API server's answers, whatever
			// the output format: Secrets' data, the pods' environment.
			if n, err := strconv.Atoi(v.Value); v.Dynamic || err != nil || n >= 8 {
				revealsSecret(fx, c.Name+" -v="+v.Value+" (the API server's answers)")
			}
		}
		for _, t := range c.ValueArgs("--template") {
			if t.Dynamic {
				fx.Unknown("--template is only known at run time")
			}
		}
		if p, ok := c.Value("--profile"); ok && p != "none" {
			out, ok := lastValue(c, "--profile-output")
			if !ok {
				out = shell.Arg{Value: "profile.pprof"}
			}
			fx.Write(out, "--profile")
		}
		f(c, fx)
	}
}

// kubectlStart: every kubectl call, its help included, asks the API
// server what it serves (discovery) and keeps what it learns; diff
// writes the two trees it compares in a temporary folder.
func kubectlStart(c *Call, fx *Effects) {
	fx.Network(kubeServer(c))
	fx.Cache(argOf("~/.kube/cache"), "kubectl keeps the API server's discovery")
	fx.Cache(argOf("/tmp"), "kubectl keeps temporary files")
}

// kubeServer returns the API server the call names, or "".
func kubeServer(c *Call) string {
	s, _ := c.Value("--server")
	return s
}

// kubeRequest records a request to the API server carrying the call's
// words, and the manifests it reads (-f, -k).
func kubeRequest(c *Call, fx *Effects) {
	kubeFiles(c, fx)
	fx.Network(kubeServer(c), requestWords(c)...)
}

// kubeFiles records the manifests a call reads: files and folders (-f),
// URLs it downloads, or a kustomization (-k).
func kubeFiles(c *Call, fx *Effects) {
	for _, a := range c.ValueArgs("--filename") {
		switch {
		case a.Value == "-":
		case strings.HasPrefix(a.Value, "http://") || strings.HasPrefix(a.Value, "https://"):
			fx.Network("", a)
		default:
			fx.ReadTree(a, true)
			fx.Source(a)
		}
	}
	for _, a := range c.ValueArgs("--kustomize") {
		fx.ReadTree(a, true)
	}
}

// getEffects: get and wait print objects. --raw reads any API path; an
// output format that prints objects shows a Secret's data, unless no word
// of the command names Secrets and the objects come from the server's
// listing (the table formats show no values); token resources are not
// read at all.
func getEffects(c *Call, fx *Effects) {
	if c.Has("--raw") {
		fx.Unknown("get --raw reads any API path, Secrets included")
	}
	if kubeWordsContain(c, "token") {
		fx.Unknown("token resources are named by the tokens themselves")
	}
	dumps := c.Has("--template")
	for _, a := range c.ValueArgs("--output") {
		if v := strings.ToLower(a.Value); a.Dynamic || v != "wide" && v != "name" {
			dumps = true
		}
	}
	if dumps && (c.HasAny("--filename|--kustomize") || kubeWordsContain(c, "secret")) {
		fx.Unknown("the output format prints the data of Secrets")
	}
	if dumps && kubeNamesAny(c, podSpecs) && !kubeMetadataOnly(c) {
		revealsSecret(fx, c.Name+" "+c.SubPath()+" of workloads in an output format that prints objects (their containers' environment)")
	}
	kubeRequest(c, fx)
}

// podSpecs are the resource types whose objects hold a pod's spec, and
// with it the environment its containers are given (all lists them).
var podSpecs = []string{"all", "pod", "pods", "po", "deployment", "deployments", "deploy", "statefulset", "statefulsets", "sts",
	"daemonset", "daemonsets", "ds", "job", "jobs", "cronjob", "cronjobs", "cj", "replicaset", "replicasets", "rs",
	"replicationcontroller", "replicationcontrollers", "rc", "podtemplate", "podtemplates",
	// OpenShift's deployment and build configurations, Knative services,
	// Argo's rollouts and workflows, KEDA's scaled jobs: a pod's spec too.
	"deploymentconfig", "deploymentconfigs", "dc", "buildconfig", "buildconfigs", "bc", "ksvc", "kservice",
	"rollout", "rollouts", "workflow", "workflows", "wf", "cronworkflow", "cronworkflows", "cwf",
	"workflowtemplate", "workflowtemplates", "wftmpl", "scaledjob", "scaledjobs", "sj"}

// kubeNamesAny reports a word after the program's name that names one of
// the resource types (pods, deploy/web, deployment.apps/web, po,svc).
func kubeNamesAny(c *Call, types []string) bool {
	for _, a := range c.Cmd.Args[1:] {
		for _, w := range strings.Split(strings.ToLower(a.Value), ",") {
			w, _, _ = strings.Cut(w, "/")
			w, _, _ = strings.Cut(w, ".")
			if slices.Contains(types, w) {
				return true
			}
		}
	}
	return false
}

// kubeMetadataOnly reports templates (jsonpath, custom columns, Go
// templates) that read only the objects' metadata and status: no spec,
// no container, no environment, never the whole object.
func kubeMetadataOnly(c *Call) bool {
	var templates []shell.Arg
	for _, a := range c.ValueArgs("--output") {
		kind, t, ok := strings.Cut(a.Value, "=")
		if !ok || a.Dynamic || strings.HasSuffix(kind, "-file") ||
			!strings.Contains(kind, "jsonpath") && !strings.Contains(kind, "template") && !strings.Contains(kind, "custom-columns") {
			// A template file's name says nothing of what it prints.
			return false
		}
		if strings.Contains(kind, "custom-columns") {
			t = columnsPaths(t)
		}
		templates = append(templates, shell.Arg{Value: t})
	}
	templates = append(templates, c.ValueArgs("--template")...)
	if len(templates) == 0 {
		return false
	}
	for _, a := range templates {
		t := strings.ToLower(a.Value)
		if a.Dynamic || !strings.Contains(t, "metadata") && !strings.Contains(t, "status") {
			return false
		}
		for _, s := range []string{"spec", "env", "container", "{@}", "{.}", "{$}", "{{.}}", "json .", "annotation", "@", "['", "[\""} {
			if strings.Contains(t, s) {
				return false
			}
		}
		if wholeObject(t) || !kubePlainPaths(t) {
			return false
		}
		// The whole metadata holds the annotations, and kubectl apply's
		// last-applied-configuration there is the object, environment
		// included: only its plain fields are metadata.
		for rest := t; ; {
			i := strings.Index(rest, "metadata")
			if i < 0 {
				break
			}
			rest = rest[i+len("metadata"):]
			field := strings.TrimPrefix(rest, ".")
			if len(field) == len(rest) || !hasAnyPrefix(field, "name", "namespace", "labels", "uid", "creationtimestamp",
				"generation", "resourceversion", "ownerreferences", "deletiontimestamp") {
				return false
			}
		}
	}
	return true
}

// columnsPaths returns the paths of custom columns (NAME:.metadata.name,
// PHASE:status.phase), each starting with a dot as kubectl reads them.
func columnsPaths(spec string) string {
	var paths []string
	for _, col := range strings.Split(spec, ",") {
		_, p, _ := strings.Cut(col, ":")
		if !strings.HasPrefix(p, ".") && !strings.HasPrefix(p, "{") {
			p = "." + p
		}
		paths = append(paths, p)
	}
	return strings.Join(paths, ",")
}

// kubePlainPaths reports a template whose field paths all start at an
// object's metadata, status, kind or API version, or go through a list's
// items to one of those: {.items[*].metadata.name}, not {.items}, which
// prints the objects whole, nor {{with .spec}}{{.containers}}. A list's
// items are only ranged over ({{range .items}}, {range .items[*]}). t is
// lowercase.
func kubePlainPaths(t string) bool {
	isName := func(c byte) bool { return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	for i := 0; i < len(t); i++ {
		if t[i] != '.' || i > 0 && (isName(t[i-1]) || t[i-1] == ']') {
			continue
		}
		j := i + 1
		for j < len(t) && isName(t[j]) {
			j++
		}
		field := t[i+1 : j]
		if field == "items" {
			for j < len(t) && t[j] == '[' {
				k := strings.IndexByte(t[j:], ']')
				if k < 0 {
					return false
				}
				j += k + 1
			}
			if j == len(t) || t[j] != '.' {
				if !strings.HasSuffix(strings.TrimRight(t[:i], " "), "range") {
					return false
				}
				continue
			}
			// The path goes on into each item.
			k := j + 1
			for k < len(t) && isName(t[k]) {
				k++
			}
			field = t[j+1 : k]
		}
		if field != "metadata" && field != "status" && field != "kind" && field != "apiversion" {
			return false
		}
	}
	return true
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// kubeWordsContain reports whether a word after the program's name
// contains s, ignoring case (a resource type: secrets, secret/db,
// pods,secrets), whatever the split of the line.
func kubeWordsContain(c *Call, s string) bool {
	for _, a := range c.Cmd.Args[1:] {
		if strings.Contains(strings.ToLower(a.Value), s) {
			return true
		}
	}
	return false
}

// mutateEffects: apply, create, replace, patch, delete, label, annotate,
// run, expose, set, scale and autoscale change the cluster, unless they
// are a client dry run (the object is only printed) or a server dry run
// (the server validates it and stores nothing; admission webhooks with
// side effects are skipped). The files of --from-file and --from-env-file
// are read into the printed object; a kustomization (-k) and --prune are
// not dry-run reads.
func mutateEffects(c *Call, fx *Effects) {
	for _, a := range c.ValueArgs("--from-file|--from-env-file") {
		// [key=]path
		if k, p, ok := strings.Cut(a.Value, "="); ok && !strings.Contains(k, "/") {
			a.Value = p
		}
		fx.ReadTree(a, true)
	}
	dry := false
	for _, a := range c.ValueArgs("--dry-run") {
		dry = !a.Dynamic && (a.Value == "client" || a.Value == "server")
	}
	if !dry || c.HasAny("--kustomize|--prune") {
		kubeFiles(c, fx)
		fx.Change(c.Name + " " + c.SubPath())
		return
	}
	kubeRequest(c, fx)
}

// kubectlDiffEffects: diff asks the server what applying the manifests would
// change and shows it with diff (or KUBECTL_EXTERNAL_DIFF, a program).
func kubectlDiffEffects(c *Call, fx *Effects) {
	if c.Has("--prune") {
		fx.Unknown("diff --prune")
	}
	kubeRequest(c, fx)
}

// kubePrints prints what the client knows without asking the server
// (usage, completion scripts, its configuration, plugins on PATH).
func kubePrints(c *Call, fx *Effects) { kube(printsOnly)(c, fx) }

// kubeRead asks the API server and prints. describe of workloads prints
// their containers' environment, values included.
func kubeRead(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) {
		if c.Sub() == "version" && c.Has("--client") {
			return
		}
		if c.Sub() == "describe" && kubeNamesAny(c, podSpecs) {
			revealsSecret(fx, c.Name+" describe of workloads (their containers' environment)")
		}
		kubeRequest(c, fx)
	})(c, fx)
}

// kubeChange changes the cluster, or opens a connection into it
// (attach, port-forward, proxy, debug).
func kubeChange(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) {
		kubeFiles(c, fx)
		fx.Change(c.Name + " " + c.SubPath())
	})(c, fx)
}

func kubeGet(c *Call, fx *Effects) { kube(getEffects)(c, fx) }

func kubeMutate(c *Call, fx *Effects) { kube(mutateEffects)(c, fx) }

func kubeExec(c *Call, fx *Effects) { kube(func(c *Call, fx *Effects) { execEffects(c, fx) })(c, fx) }

func kubeCp(c *Call, fx *Effects) { kube(copyEffects)(c, fx) }

func kubeDiff(c *Call, fx *Effects) { kube(kubectlDiffEffects)(c, fx) }

func kubeEdit(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) { fx.Exec("", "", c.Name+" edit runs an editor (KUBE_EDITOR, EDITOR)") })(c, fx)
}

func kubeConfigView(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) {
		if c.HasAny("--raw|--flatten") {
			fx.PrintsSecret("config view --raw and --flatten print the credentials of the kubeconfig")
		}
	})(c, fx)
}

func kubeKustomize(c *Call, fx *Effects) { kube(kustomizeBuild)(c, fx) }

func ocProject(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) {
		if len(c.Args()) > 0 {
			fx.Change("oc project switches the current project")
			return
		}
		kubeRequest(c, fx)
	})(c, fx)
}

func ocWhoami(c *Call, fx *Effects) {
	kube(func(c *Call, fx *Effects) {
		if c.Has("--show-token") {
			fx.PrintsSecret("oc whoami -t prints the session's token")
		}
		kubeRequest(c, fx)
	})(c, fx)
}
