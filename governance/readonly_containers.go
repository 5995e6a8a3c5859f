package governance

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Read-only knowledge of containers, Kubernetes and code forges (docker,
// podman, nerdctl, crictl, the compose tools, kubectl, oc, helm, kustomize,
// kind, minikube, gh, glab).
//
// Every program here dispatches on a path of subcommand words (docker
// container ls, kubectl config view, gh pr list). A check splits the command
// line with the family's own option tables (containerParse): the options before
// the path must be known global options with static values, or the path
// cannot be found for sure. The path then decides: the verbs that only show
// state (ls, list, ps, inspect, logs, get, describe, view, status, diff,
// history, top, version...) are read-only, everything else (run, exec,
// create, apply, delete, install, login, push, pull, plugins and
// extensions...) is not. A few reads are narrowed by their options: kubectl
// get of Secrets in a format that prints their data, kubectl config view
// --raw, gh api with a method other than GET, docker save and export to a
// file, helm template with a post-renderer, gh auth status --show-token.

// containerFlags names the options of one level of a command line as typed
// ("-n", "--namespace"): value lists those that take a value, flag those that
// do not.
type containerFlags struct {
	value, flag []string
}

// takes reports whether the option takes a value.
func (f *containerFlags) takes(name string) bool { return slices.Contains(f.value, name) }

// knows reports whether the option is one of the level's options.
func (f *containerFlags) knows(name string) bool {
	return slices.Contains(f.value, name) || slices.Contains(f.flag, name)
}

// containerOpt is one option of a command line, with its value when it takes
// one.
type containerOpt struct {
	name, value string
	// unknown reports a name or value computed at run time.
	unknown bool
}

// containerLine is a command line split by containerParse.
type containerLine struct {
	// words are the static positional words that follow the global
	// options, up to the first later option or computed word: the
	// subcommand path, and maybe some of its arguments (kubectl get pods).
	words []string
	// at are the indexes of words in the arguments.
	at []int
	// rest are the positional arguments after words; opts every option,
	// the global ones included.
	rest []shell.Arg
	opts []containerOpt
	// dynamic reports that a word after the leading ones is computed at
	// run time, or that an option value looks like an option (so the
	// split may differ from the program's own).
	dynamic bool
}

// containerUnknown reports an argument whose value is only known at run time.
func containerUnknown(a shell.Arg) bool { return a.Dynamic || a.Glob }

// containerIsOpt reports an option word (a lone "-" is a positional argument).
func containerIsOpt(v string) bool { return len(v) > 1 && v[0] == '-' }

// containerParse splits a command line (without the program name): global
// options, then the leading positional words, then the rest, whose options
// are read with local. It fails when an option before the words is not a
// known global option, or is computed at run time.
func containerParse(args []shell.Arg, global, local *containerFlags) (containerLine, bool) {
	var l containerLine
	i := 0
	for i < len(args) && containerIsOpt(args[i].Value) {
		if args[i].Value == "--" {
			return l, false
		}
		opts, next, ambiguous, ok := containerOption(args, i, global, true)
		if !ok || ambiguous {
			return l, false
		}
		for _, o := range opts {
			if o.unknown {
				return l, false
			}
		}
		l.opts = append(l.opts, opts...)
		i = next
	}
	for i < len(args) && !containerIsOpt(args[i].Value) && !containerUnknown(args[i]) {
		l.words = append(l.words, args[i].Value)
		l.at = append(l.at, i)
		i++
	}
	for i < len(args) {
		a := args[i]
		switch {
		case a.Value == "--" && !containerUnknown(a):
			for _, b := range args[i+1:] {
				l.dynamic = l.dynamic || containerUnknown(b)
			}
			l.rest = append(l.rest, args[i+1:]...)
			return l, true
		case containerIsOpt(a.Value):
			opts, next, ambiguous, _ := containerOption(args, i, local, false)
			for _, o := range opts {
				l.dynamic = l.dynamic || o.unknown
			}
			l.dynamic = l.dynamic || ambiguous
			l.opts = append(l.opts, opts...)
			i = next
			continue
		default:
			l.dynamic = l.dynamic || containerUnknown(a)
			l.rest = append(l.rest, a)
		}
		i++
	}
	return l, true
}

// containerOption reads the option at args[i]: a long option (--name, --name=v,
// --name v) or a cluster of short ones (-it, -oyaml, -o=yaml, -o yaml). It
// returns the options, the index of the next argument, and whether the
// value taken from the next word looks like an option itself (the program
// may see it either way). In strict mode an unknown option fails.
func containerOption(args []shell.Arg, i int, f *containerFlags, strict bool) (opts []containerOpt, next int, ambiguous, ok bool) {
	v := args[i].Value
	unknown := containerUnknown(args[i])
	// nextValue takes the following word as the option's value.
	nextValue := func(o containerOpt) ([]containerOpt, int, bool, bool) {
		if i+1 >= len(args) {
			return append(opts, o), i + 1, false, true
		}
		o.value, o.unknown = args[i+1].Value, o.unknown || containerUnknown(args[i+1])
		return append(opts, o), i + 2, containerIsOpt(o.value), true
	}
	if strings.HasPrefix(v, "--") {
		name, val, has := strings.Cut(v, "=")
		if strict && !f.knows(name) {
			return nil, 0, false, false
		}
		o := containerOpt{name: name, value: val, unknown: unknown}
		if !has && f.takes(name) {
			return nextValue(o)
		}
		return []containerOpt{o}, i + 1, false, true
	}
	for j := 1; j < len(v); j++ {
		name := "-" + v[j:j+1]
		if strict && !f.knows(name) {
			return nil, 0, false, false
		}
		if f.takes(name) {
			o := containerOpt{name: name, value: strings.TrimPrefix(v[j+1:], "="), unknown: unknown}
			if j+1 == len(v) {
				return nextValue(o)
			}
			return append(opts, o), i + 1, false, true
		}
		opts = append(opts, containerOpt{name: name, unknown: unknown})
	}
	return opts, i + 1, false, true
}

// containerAt returns the i-th leading word, or "".
func containerAt(l *containerLine, i int) string {
	if i < 0 || i >= len(l.words) {
		return ""
	}
	return l.words[i]
}

// containerArgs returns the positional arguments after the first n words.
func containerArgs(l *containerLine, n int) []string {
	var out []string
	if n < len(l.words) {
		out = append(out, l.words[n:]...)
	}
	for _, a := range l.rest {
		out = append(out, a.Value)
	}
	return out
}

// containerHas reports whether any of the options is present.
func containerHas(l *containerLine, names ...string) bool {
	for _, o := range l.opts {
		if slices.Contains(names, o.name) {
			return true
		}
	}
	return false
}

// containerHasPrefix reports an option whose name starts with any of the
// prefixes.
func containerHasPrefix(l *containerLine, prefixes ...string) bool {
	for _, o := range l.opts {
		if hasPrefixAny(o.name, prefixes...) {
			return true
		}
	}
	return false
}

// containerWordsContain reports whether any word after the program name
// contains s, ignoring case (a resource type, a config key), whatever the
// split of the line.
func containerWordsContain(cl *cmdline, s string) bool {
	for _, a := range cl.cmd.Args[1:] {
		if strings.Contains(strings.ToLower(a.Value), s) {
			return true
		}
	}
	return false
}

// containerEnvDenied are parts of variable names that name a program to run
// (pagers, browsers, editors, external diff tools, plugins, hooks,
// runtimes, shells) or move the configuration, the home directory or a
// search path.
var containerEnvDenied = []string{"PAGER", "BROWSER", "EDITOR", "DIFF", "PLUGIN", "CONF", "TOML", "HOME", "PATH", "DIR",
	"SHELL", "EXEC", "CMD", "COMMAND", "HOOK", "RUNTIME"}

// containerEnvSafe reports whether the command's variable assignments keep it
// read-only. Variables that name a program to run (pagers, browsers,
// editors, external diff tools, plugins), move the configuration (which
// may name such programs, credential plugins or hooks) or the home
// directory are not; a DOCKER_HOST or CONTAINER_HOST only chooses which
// daemon is read.
func containerEnvSafe(cl *cmdline) bool {
	for _, a := range cl.cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		up := strings.ToUpper(name)
		for _, bad := range containerEnvDenied {
			if strings.Contains(up, bad) {
				return false
			}
		}
		if strings.HasPrefix(up, "CONTAINERS_") || (up == "DOCKER_HOST" || up == "CONTAINER_HOST") && !containerHostOK(val) {
			return false
		}
	}
	return true
}

// containerHostOK reports a daemon address that is only an address: not
// computed, and not smuggling ssh options (ssh://-oProxyCommand=...).
func containerHostOK(v string) bool {
	return !strings.HasPrefix(v, "-") && !strings.Contains(v, "://-") && !strings.ContainsAny(v, " \t\n$`")
}

// containerHostsOK checks every -H/--host option of a line.
func containerHostsOK(l *containerLine) bool {
	for _, o := range l.opts {
		if (o.name == "-H" || o.name == "--host" || o.name == "--url") && !containerHostOK(o.value) {
			return false
		}
	}
	return true
}

// Kinds of subcommands in the docker-like tables.
const (
	containerNot   = iota // changes state, runs code, or is unknown
	containerAny          // only reads, whatever its arguments
	containerFixed        // only reads when its arguments are static and no option writes a file or shows a secret
)

// containerFixedDenied are the options that make a containerFixed subcommand
// write a file (save -o, generate kube -f), start something (buildx inspect
// --bootstrap) or show a secret (podman secret inspect --showsecret).
var containerFixedDenied = []string{"-o", "--output", "-f", "--filename", "--files", "--bootstrap", "--showsecret"}

var (
	containerDockerGlobal = containerFlags{
		value: []string{"-H", "--host", "-c", "--context", "-l", "--log-level", "--config", "--tlscacert", "--tlscert", "--tlskey"},
		flag:  []string{"-D", "--debug", "--tls", "--tlsverify"},
	}
	containerPodmanGlobal = containerFlags{
		value: []string{"-c", "--connection", "--url", "--identity", "--log-level"},
		flag:  []string{"-r", "--remote", "--noout", "--syslog"},
	}
	containerNerdctlGlobal = containerFlags{
		value: []string{"-a", "--address", "-H", "--host", "-n", "--namespace", "--snapshotter"},
		flag:  []string{"--debug", "--debug-full", "--insecure-registry", "--experimental"},
	}
	containerDockerLocal = containerFlags{
		value: []string{"--filter", "--format", "--limit", "--since", "--tail", "--until", "-n", "--output", "-o", "--type", "--platform", "--builder"},
	}
	containerComposeGlobal = containerFlags{
		value: []string{"-f", "--file", "-p", "--project-name", "--project-directory", "--env-file", "--profile", "--ansi",
			"--progress", "--parallel", "-H", "--host", "-c", "--context", "--log-level"},
		flag: []string{"--dry-run", "--compatibility", "--all-resources", "--no-ansi", "--verbose", "--tls", "--tlsverify", "--skip-hostname-check"},
	}
	containerComposeLocal = containerFlags{
		value: []string{"--format", "--filter", "--since", "--until", "-n", "--tail", "--index", "-o", "--output", "--hash"},
	}
	containerCrictlGlobal = containerFlags{
		value: []string{"-r", "--runtime-endpoint", "-i", "--image-endpoint", "-t", "--timeout"},
		flag:  []string{"-D", "--debug"},
	}
)

// containerDockerOp classifies a docker, podman or nerdctl subcommand path.
// Listing, inspecting, logs, stats, processes, ports, events and history
// only read; export and save only read when they write the archive to
// standard output. Secrets are listed and inspected without their values;
// swarm join-token and the like are not reads.
func containerDockerOp(l *containerLine) int {
	w1 := containerAt(l, 1)
	switch containerAt(l, 0) {
	case "ps", "images", "inspect", "logs", "stats", "top", "port", "diff", "events", "history", "info", "version", "search", "wait":
		return containerAny
	case "export", "save":
		return containerFixed
	case "container":
		switch w1 {
		case "ls", "list", "ps", "inspect", "logs", "stats", "top", "port", "diff", "wait", "exists":
			return containerAny
		case "export":
			return containerFixed
		}
	case "image":
		switch w1 {
		case "ls", "list", "inspect", "history", "tree", "exists", "diff":
			return containerAny
		case "save":
			return containerFixed
		}
	case "network", "volume", "config", "plugin", "namespace":
		switch w1 {
		case "ls", "list", "inspect", "exists":
			return containerAny
		}
	case "context":
		switch w1 {
		case "ls", "list", "inspect", "show":
			return containerAny
		}
	case "node", "service":
		switch w1 {
		case "ls", "list", "inspect", "ps", "logs":
			return containerAny
		}
	case "stack":
		switch w1 {
		case "ls", "list", "ps", "services":
			return containerAny
		}
	case "secret":
		switch w1 {
		case "ls", "list", "exists":
			return containerAny
		case "inspect":
			return containerFixed
		}
	case "trust", "manifest":
		if w1 == "inspect" {
			return containerAny
		}
	case "system":
		switch w1 {
		case "df", "info", "events":
			return containerAny
		case "connection":
			if w2 := containerAt(l, 2); w2 == "ls" || w2 == "list" {
				return containerAny
			}
		}
	case "buildx", "builder":
		switch w1 {
		case "ls", "du", "version":
			return containerAny
		case "inspect":
			return containerFixed
		case "imagetools":
			if containerAt(l, 2) == "inspect" {
				return containerAny
			}
		}
	case "pod":
		switch w1 {
		case "ps", "ls", "list", "inspect", "top", "stats", "logs", "exists":
			return containerAny
		}
	case "machine":
		switch w1 {
		case "ls", "list", "inspect", "info":
			return containerAny
		}
	case "generate":
		if w1 == "kube" || w1 == "systemd" {
			return containerFixed
		}
	case "kube":
		if w1 == "generate" {
			return containerFixed
		}
	}
	return containerNot
}

// containerDockerDenied are global options of docker, podman and nerdctl that
// are not read-only wherever they appear (podman's and nerdctl's are
// accepted after the subcommand too): they choose where CLI plugins are
// loaded from (docker --config), name programs, hooks or plugins the
// engine runs (--runtime, --conmon, --hooks-dir, --cni-path, a storage
// mount_program), move the storage or configuration, or write the output
// to a file (--out).
var containerDockerDenied = []string{"--config", "--root", "--runroot", "--runtime", "--runtime-flag", "--conmon", "--hooks-dir",
	"--network-cmd-path", "--network-config-dir", "--cni-config-dir", "--cdi-spec-dir", "--module", "--storage-driver",
	"--storage-opt", "--imagestore", "--registries-conf", "--out", "--ssh", "--tmpdir", "--volumepath", "--db-backend",
	"--events-backend", "--cgroup-manager", "--cni-path", "--cni-netconfpath", "--data-root", "--hosts-dir"}

// containerDocker checks docker, podman and nerdctl (see containerDockerOp and
// containerDockerDenied). The compose plugin is checked by containerCompose.
func containerDocker(global *containerFlags) func(*cmdline) bool {
	return func(cl *cmdline) bool {
		args := cl.cmd.Args[1:]
		l, ok := containerParse(args, global, &containerDockerLocal)
		if !ok || !containerEnvSafe(cl) || containerHas(&l, containerDockerDenied...) || !containerHostsOK(&l) {
			return false
		}
		if containerAt(&l, 0) == "compose" {
			return containerCompose(args[l.at[0]+1:])
		}
		switch containerDockerOp(&l) {
		case containerAny:
			return true
		case containerFixed:
			return !l.dynamic && !containerHas(&l, containerFixedDenied...)
		}
		return false
	}
}

// containerCompose checks the arguments of a compose tool after its name
// (docker compose, docker-compose, podman-compose, nerdctl compose): ps, ls,
// images, logs, top, port, events, stats and version only read; config prints
// the resolved file with the values of its variables, so only its name listings
// (--services, --volumes...) are reads.
func containerCompose(args []shell.Arg) bool {
	l, ok := containerParse(args, &containerComposeGlobal, &containerComposeLocal)
	if !ok || !containerHostsOK(&l) {
		return false
	}
	switch containerAt(&l, 0) {
	case "ps", "ls", "images", "logs", "top", "port", "events", "stats", "version":
		return true
	case "config":
		return !l.dynamic && !containerHas(&l, "-o", "--output") &&
			containerHas(&l, "--services", "--volumes", "--profiles", "--images", "--networks", "--hash", "-q", "--quiet")
	}
	return false
}

// containerCrictl checks crictl: listing and inspecting containers, pods and
// images, logs and stats only read. crictl info is not: it prints the
// runtime's configuration, registry credentials included. crictl --config
// is not accepted (the file can name other endpoints and settings).
func containerCrictl(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerCrictlGlobal, &containerFlags{})
	if !ok || !containerEnvSafe(cl) {
		return false
	}
	switch containerAt(&l, 0) {
	case "ps", "pods", "images", "img", "inspect", "inspecti", "inspectp", "logs", "stats", "statsp", "version", "imagefsinfo":
		return true
	}
	return false
}

var (
	containerKubeGlobal = containerFlags{
		value: []string{"--as", "--as-group", "--as-uid", "--cache-dir", "--certificate-authority", "--client-certificate",
			"--client-key", "--cluster", "--context", "--kubeconfig", "--namespace", "--password", "--profile", "--profile-output",
			"--request-timeout", "--server", "--tls-server-name", "--token", "--user", "--username", "--v", "-n", "-s", "-v"},
		flag: []string{"--insecure-skip-tls-verify", "--match-server-version", "--warnings-as-errors", "--disable-compression"},
	}
	// containerKubeLocal lists options that take a value in the read-only
	// subcommands; none of them is a flag without value in get or wait,
	// whose positional arguments matter.
	containerKubeLocal = containerFlags{
		value: []string{"--as", "--as-group", "--as-uid", "--cache-dir", "--certificate-authority", "--client-certificate",
			"--client-key", "--cluster", "--context", "--kubeconfig", "--namespace", "--password", "--profile", "--profile-output",
			"--request-timeout", "--server", "--tls-server-name", "--token", "--user", "--username", "--v", "-n", "-s", "-v",
			"-o", "--output", "-l", "--selector", "--field-selector", "-f", "--filename", "-k", "--kustomize", "-L",
			"--label-columns", "--sort-by", "--template", "--chunk-size", "--subresource", "--raw", "-c", "--container",
			"--since", "--since-time", "--tail", "--limit-bytes", "--max-log-requests", "--pod-running-timeout", "--timeout",
			"--for", "--revision", "--field-manager", "--concurrency", "--api-version", "--api-group", "--verbs",
			"--from-file", "--from-env-file", "--from-literal", "--image", "--port", "--replicas", "--type", "--name",
			"--target-port", "--selector", "--env", "--overrides", "--patch", "--patch-file", "--min", "--max", "--cpu-percent",
			"--dry-run"},
	}
)

// containerKube checks kubectl and oc. Showing resources (get, describe,
// explain, api-resources, events, top, logs), comparing manifests (diff),
// rendering kustomizations, waiting, and reading the client's configuration
// only read. --kubeconfig (and KUBECONFIG) is not accepted: a kubeconfig can
// name a credential plugin that kubectl runs; --profile writes a profile file.
func containerKube(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerKubeGlobal, &containerKubeLocal)
	if !ok || !containerEnvSafe(cl) || containerHas(&l, "--kubeconfig", "--profile", "--profile-output") {
		return false
	}
	w1 := containerAt(&l, 1)
	switch containerAt(&l, 0) {
	case "api-resources", "api-versions", "completion", "describe", "diff", "events", "explain", "logs", "options", "top", "version":
		return true
	case "get", "wait":
		return containerKubeGet(cl, &l)
	case "kustomize":
		return containerKustomizeBuild(&l)
	case "cluster-info":
		// cluster-info dump copies the cluster's state, optionally to files.
		return !l.dynamic && len(containerArgs(&l, 1)) == 0
	case "config":
		switch w1 {
		case "get-contexts", "get-clusters", "get-users", "current-context":
			return true
		case "view":
			// view redacts credentials unless --raw; --flatten inlines key
			// files.
			return !l.dynamic && !containerHas(&l, "--raw", "--flatten")
		}
	case "auth":
		return w1 == "can-i" || w1 == "whoami"
	case "rollout":
		return w1 == "history" || w1 == "status"
	case "apply", "create", "replace", "patch", "delete", "annotate", "label", "run", "expose", "set", "scale", "autoscale":
		// A client dry run only prints the object; a server dry run has
		// the API server validate it without storing it (admission
		// webhooks that have side effects are skipped). --from-file puts a
		// file's content in the printed object.
		return !l.dynamic && containerDryRun(&l, "client", "server") &&
			!containerHas(&l, "--from-file", "--from-env-file", "-k", "--kustomize", "--prune")
	case "plugin":
		return w1 == "list"
	}
	if cl.name != "oc" {
		return false
	}
	switch containerAt(&l, 0) {
	case "projects", "status":
		return true
	case "project":
		// With a name, oc project switches the current project.
		return !l.dynamic && len(containerArgs(&l, 1)) == 0
	case "whoami":
		// whoami -t prints the session token.
		return !l.dynamic && !containerHas(&l, "-t", "--show-token")
	}
	return false
}

// containerKubeGet checks kubectl get and wait. --raw reads any API path. An
// output format that prints objects (yaml, json, jsonpath, templates,
// custom columns) shows a Secret's data, so it is only read-only when no
// word of the command names a secret type and the objects do not come from
// files (-f, -k); the table formats (default, wide, name) show no values.
// Token resources (OpenShift's oauthaccesstokens, whose names were the
// tokens) are not read in any format.
func containerKubeGet(cl *cmdline, l *containerLine) bool {
	if l.dynamic || containerHas(l, "--raw") || containerWordsContain(cl, "token") {
		return false
	}
	dumps := false
	for _, o := range l.opts {
		switch o.name {
		case "-o", "--output":
			if v := strings.ToLower(o.value); o.unknown || v != "wide" && v != "name" {
				dumps = true
			}
		case "--template":
			dumps = true
		}
	}
	if !dumps {
		return true
	}
	return !containerHas(l, "-f", "--filename", "-k", "--kustomize") && !containerWordsContain(cl, "secret")
}

// containerKustomizeBuild checks kustomize build and kubectl kustomize: the
// --enable-* options run plugins, exec functions or helm, --helm-command
// names a program, and -o writes files.
func containerKustomizeBuild(l *containerLine) bool {
	return !l.dynamic && !containerHasPrefix(l, "--enable", "--helm", "--mount", "--network") && !containerHas(l, "-o", "--output")
}

var (
	containerHelmGlobal = containerFlags{
		value: []string{"--burst-limit", "--kube-apiserver", "--kube-as-group", "--kube-as-user", "--kube-ca-file",
			"--kube-context", "--kube-tls-server-name", "--kube-token", "--kubeconfig", "--namespace", "-n", "--qps",
			"--registry-config", "--repository-cache", "--repository-config", "--content-cache"},
		flag: []string{"--debug", "--kube-insecure-skip-tls-verify"},
	}
	containerHelmLocal = containerFlags{
		value: []string{"--burst-limit", "--kube-apiserver", "--kube-as-group", "--kube-as-user", "--kube-ca-file",
			"--kube-context", "--kube-tls-server-name", "--kube-token", "--kubeconfig", "--namespace", "-n", "--qps",
			"--registry-config", "--repository-cache", "--repository-config", "--content-cache",
			"-f", "--values", "--set", "--set-string", "--set-file", "--set-json", "--set-literal", "--version", "-o",
			"--output", "--revision", "--filter", "--max", "--offset", "--time-format", "--keyring", "--repo", "--username",
			"--password", "--ca-file", "--cert-file", "--key-file", "--kube-version", "--api-versions", "-a",
			"--name-template", "--description", "--post-renderer", "--post-renderer-args", "--output-dir", "--timeout",
			"-s", "--show-only"},
	}
)

// containerHelm checks helm. Listing and showing releases and charts (list,
// status, history, get, show, search), rendering (template, lint) and
// verifying only read; install, upgrade, test, pull, package, push, repo
// changes and plugin commands do not. helm template is not read-only with
// a post-renderer (a program), --output-dir or --dependency-update (which
// write) or a server dry run; uninstall and rollback only read as a
// --dry-run. --kubeconfig and --registry-config can name credential
// programs.
func containerHelm(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerHelmGlobal, &containerHelmLocal)
	if !ok || !containerEnvSafe(cl) || containerHas(&l, "--kubeconfig", "--registry-config") {
		return false
	}
	w1 := containerAt(&l, 1)
	switch containerAt(&l, 0) {
	case "completion", "env", "history", "hist", "lint", "list", "ls", "search", "status", "verify", "version":
		return true
	case "get":
		switch w1 {
		case "all", "hooks", "manifest", "metadata", "notes", "values":
			return true
		}
	case "show", "inspect":
		switch w1 {
		case "all", "chart", "crds", "readme", "values":
			return true
		}
	case "plugin", "repo", "dependency", "dep":
		return w1 == "list" || w1 == "ls"
	case "template":
		return !l.dynamic && !containerHasPrefix(&l, "--post-renderer", "--output-dir", "--dependency-update", "--dry-run")
	case "uninstall", "un", "delete", "del", "rollback":
		return !l.dynamic && containerHelmDryRun(&l)
	case "install", "upgrade":
		// A dry run renders the chart as template does and changes no
		// release; hooks do not run. --set-file puts a file's content in
		// the printed manifests.
		return !l.dynamic && containerDryRun(&l, "", "true", "client", "server") &&
			!containerHasPrefix(&l, "--post-renderer", "--output-dir", "--dependency-update", "--set-file")
	}
	return false
}

// containerDryRun reports a --dry-run that is on, with one of the values
// allowed, in every occurrence.
func containerDryRun(l *containerLine, values ...string) bool {
	found := false
	for _, o := range l.opts {
		if o.name == "--dry-run" {
			if o.unknown || !slices.Contains(values, o.value) {
				return false
			}
			found = true
		}
	}
	return found
}

// containerHelmDryRun reports a --dry-run that is on in every occurrence.
func containerHelmDryRun(l *containerLine) bool {
	found := false
	for _, o := range l.opts {
		if o.name == "--dry-run" {
			if o.unknown || o.value != "" && o.value != "true" {
				return false
			}
			found = true
		}
	}
	return found
}

// containerKustomize checks kustomize: build (see containerKustomizeBuild) and
// version.
func containerKustomize(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerFlags{flag: []string{"--stack-trace"}}, &containerFlags{value: []string{"-o", "--output"}})
	if !ok || !containerEnvSafe(cl) {
		return false
	}
	switch containerAt(&l, 0) {
	case "version":
		return true
	case "build":
		return containerKustomizeBuild(&l)
	}
	return false
}

// containerKind checks kind: listing clusters and nodes. kind get kubeconfig
// prints client keys.
func containerKind(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerFlags{value: []string{"-v", "--verbosity"}, flag: []string{"-q", "--quiet"}}, &containerFlags{})
	if !ok || !containerEnvSafe(cl) {
		return false
	}
	switch containerAt(&l, 0) {
	case "version":
		return true
	case "get":
		w1 := containerAt(&l, 1)
		return w1 == "clusters" || w1 == "nodes"
	}
	return false
}

// containerMinikube checks minikube: status, version, ip and the list and view
// subcommands only read; logs reads unless --file writes them.
func containerMinikube(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerFlags{value: []string{"-p", "--profile", "--user"}, flag: []string{"--alsologtostderr", "--logtostderr"}},
		&containerFlags{value: []string{"-p", "--profile", "--user", "--file", "-n", "--length", "--node", "-o", "--output", "--format"}})
	if !ok || !containerEnvSafe(cl) {
		return false
	}
	w1 := containerAt(&l, 1)
	switch containerAt(&l, 0) {
	case "status", "version", "ip", "update-check":
		return true
	case "profile", "service", "addons", "node":
		return w1 == "list"
	case "config":
		return w1 == "view" || w1 == "get"
	case "image":
		return w1 == "ls" || w1 == "list"
	case "logs":
		return !l.dynamic && !containerHas(&l, "--file")
	}
	return false
}

// containerForgeLocal lists the options that take a value in the read-only
// subcommands of gh and glab and in their api command; the positional
// arguments of api and config get matter.
var containerForgeLocal = containerFlags{
	value: []string{"-R", "--repo", "-L", "--limit", "-q", "--jq", "-t", "--template", "--json", "-s", "--state", "-l",
		"--label", "-B", "--base", "-A", "--author", "-S", "--search", "-b", "--branch", "-X", "--method", "-F", "--field",
		"-f", "--raw-field", "-H", "--header", "--input", "-p", "--preview", "--hostname", "--cache", "-e", "--env",
		"-o", "--org", "-u", "--user", "-j", "--job", "-a", "--assignee", "--owner", "--order", "--sort", "--host"},
}

// containerForge checks gh and glab. Listing, viewing, diffing, searching and
// watching issues, pull or merge requests, runs, pipelines, releases,
// repositories and the like only read (--web only opens a browser);
// creating, editing, merging, commenting, checking out, cloning,
// downloading, running workflows, extensions, secrets and variables of
// glab are not reads. gh auth token and --show-token print credentials.
func containerForge(cl *cmdline) bool {
	l, ok := containerParse(cl.cmd.Args[1:], &containerFlags{}, &containerForgeLocal)
	if !ok || !containerEnvSafe(cl) {
		return false
	}
	switch containerAt(&l, 0) {
	case "api":
		return containerForgeAPI(&l)
	case "auth":
		return containerAt(&l, 1) == "status" && !l.dynamic && !containerHas(&l, "-t", "--show-token")
	}
	if cl.name == "glab" {
		// ci get --with-variables shows pipeline variables, often secrets.
		return containerGlabOp(&l) && !containerHas(&l, "--with-variables")
	}
	return containerGhOp(cl, &l)
}

// containerGhOp classifies the other gh subcommands.
func containerGhOp(cl *cmdline, l *containerLine) bool {
	w1 := containerAt(l, 1)
	switch containerAt(l, 0) {
	case "status", "browse", "completion", "version":
		return true
	case "pr":
		switch w1 {
		case "list", "view", "diff", "checks", "status":
			return true
		}
	case "issue":
		switch w1 {
		case "list", "view", "status":
			return true
		}
	case "repo":
		switch w1 {
		case "list", "view":
			return true
		case "deploy-key", "autolink", "gitignore", "license":
			w2 := containerAt(l, 2)
			return w2 == "list" || w2 == "view"
		}
	case "release":
		switch w1 {
		case "list", "view", "verify", "verify-asset":
			return true
		}
	case "run":
		switch w1 {
		case "list", "view", "watch":
			return true
		}
	case "workflow", "gist":
		return w1 == "list" || w1 == "view"
	case "ruleset":
		return w1 == "list" || w1 == "view" || w1 == "check"
	case "search":
		switch w1 {
		case "repos", "issues", "prs", "commits", "code":
			return true
		}
	case "project":
		switch w1 {
		case "list", "view", "field-list", "item-list":
			return true
		}
	case "org", "cache", "label", "alias", "gpg-key", "ssh-key":
		return w1 == "list"
	case "codespace", "cs":
		switch w1 {
		case "list", "ls", "logs", "view":
			return true
		case "ports":
			// Without a subcommand, ports lists them; forward and visibility
			// change them.
			return !l.dynamic && len(containerArgs(l, 2)) == 0
		}
	case "extension", "extensions", "ext":
		return w1 == "list" || w1 == "ls" || w1 == "search"
	case "variable":
		// Actions variables are plain configuration; secrets are another
		// command.
		return w1 == "list" || w1 == "get"
	case "secret":
		// The list shows names and dates; no command prints a value.
		return w1 == "list" || w1 == "ls"
	case "config":
		// config get with a host can read stored tokens.
		return w1 == "list" || w1 == "get" && !l.dynamic && !containerWordsContain(cl, "token")
	case "attestation":
		return w1 == "verify" || w1 == "trusted-root"
	}
	return false
}

// containerGlabOp classifies the other glab subcommands. CI/CD variables are
// often secrets, and glab config can hold tokens, so neither is read here.
func containerGlabOp(l *containerLine) bool {
	w1 := containerAt(l, 1)
	switch containerAt(l, 0) {
	case "version":
		return true
	case "mr":
		switch w1 {
		case "list", "ls", "view", "show", "diff", "approvers", "issues":
			return true
		}
	case "issue", "incident":
		switch w1 {
		case "list", "ls", "view", "show":
			return true
		}
	case "ci", "pipe", "pipeline":
		switch w1 {
		case "list", "get", "lint":
			return true
		}
	case "repo":
		switch w1 {
		case "list", "ls", "view", "contributors", "search":
			return true
		}
	case "release":
		switch w1 {
		case "list", "ls", "view":
			return true
		}
	case "label", "milestone", "schedule", "deploy-key", "ssh-key", "gpg-key":
		return w1 == "list" || w1 == "ls"
	case "changelog":
		return w1 == "generate"
	}
	return false
}

// containerForgeAPI checks gh api and glab api: a GET request only reads.
// Fields (-f, -F) turn a request into a POST unless the method is GET, where
// they become query parameters; a GraphQL query (not a mutation) also only
// reads. --input and -F name=@file send files, and a header can override the
// method.
func containerForgeAPI(l *containerLine) bool {
	if l.dynamic {
		return false
	}
	args := containerArgs(l, 1)
	if len(args) != 1 {
		return false
	}
	get := false
	for _, o := range l.opts {
		switch o.name {
		case "-X", "--method":
			if !strings.EqualFold(o.value, "GET") {
				return false
			}
			get = true
		case "--input":
			return false
		case "-H", "--header":
			if strings.Contains(strings.ToLower(o.value), "method") {
				return false
			}
		}
	}
	for _, o := range l.opts {
		switch o.name {
		case "-f", "--raw-field", "-F", "--field":
			key, val, _ := strings.Cut(o.value, "=")
			if (o.name == "-F" || o.name == "--field") && strings.HasPrefix(val, "@") {
				return false
			}
			if get {
				continue
			}
			if args[0] != "graphql" || key == "query" && strings.Contains(strings.ToLower(val), "mutation") {
				return false
			}
		}
	}
	return true
}

// containerReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func containerReadOnly(name string) func(*cmdline) bool {
	switch name {
	case "docker":
		return containerDocker(&containerDockerGlobal)
	case "podman":
		return containerDocker(&containerPodmanGlobal)
	case "nerdctl":
		return containerDocker(&containerNerdctlGlobal)
	case "docker-compose", "podman-compose":
		return func(cl *cmdline) bool { return containerEnvSafe(cl) && containerCompose(cl.cmd.Args[1:]) }
	case "crictl":
		return containerCrictl
	case "kubectl", "oc":
		return containerKube
	case "helm":
		return containerHelm
	case "kustomize":
		return containerKustomize
	case "kind":
		return containerKind
	case "minikube":
		return containerMinikube
	case "gh", "glab":
		return containerForge
	}
	return nil
}

// Command-line specs of the programs of this family that programs.go does
// not describe (docker, kubectl and helm are there): the options that take
// a value, before the subcommand (global) and after it.
var (
	containerPodmanSpec = &progSpec{
		global: &progSpec{short: "c", long: []string{"connection", "url", "identity", "log-level", "root", "runroot",
			"storage-driver", "storage-opt", "tmpdir", "cgroup-manager", "events-backend", "conmon", "runtime", "runtime-flag",
			"hooks-dir", "network-cmd-path", "module", "ssh", "out", "imagestore", "db-backend", "volumepath"}},
		long: []string{"filter", "format", "since", "until", "tail", "name", "env", "volume", "publish", "network",
			"entrypoint", "workdir", "user", "output", "label", "mount", "platform"},
	}
	containerNerdctlSpec = &progSpec{
		global: &progSpec{short: "aHn", long: []string{"address", "host", "namespace", "snapshotter", "storage-driver",
			"cni-path", "cni-netconfpath", "data-root", "cgroup-manager", "hosts-dir", "host-gateway-ip", "bridge-ip"}},
		long: []string{"filter", "format", "since", "until", "tail", "name", "env", "volume", "publish", "network",
			"entrypoint", "workdir", "user", "output", "label", "mount", "platform"},
	}
	containerComposeSpec = &progSpec{
		global: &progSpec{short: "fpHc", long: []string{"file", "project-name", "project-directory", "env-file", "profile",
			"ansi", "progress", "parallel", "host", "context", "log-level", "podman-path", "podman-args", "pod-args"}},
		long: []string{"format", "filter", "since", "until", "tail", "index", "output", "hash"},
	}
	containerOcSpec = &progSpec{
		global: &progSpec{short: "nsv", long: []string{"as", "as-group", "as-uid", "cache-dir", "certificate-authority",
			"client-certificate", "client-key", "cluster", "context", "kubeconfig", "namespace", "password", "profile",
			"profile-output", "request-timeout", "server", "tls-server-name", "token", "user", "username", "v"}},
		short: "nsvolfkLc",
		long: []string{"namespace", "context", "cluster", "user", "server", "token", "kubeconfig", "output", "selector",
			"field-selector", "filename", "kustomize", "label-columns", "sort-by", "template", "container", "since",
			"tail", "timeout", "for", "revision", "image", "replicas", "port", "type"},
	}
	containerCrictlSpec = &progSpec{
		global: &progSpec{short: "rit", long: []string{"runtime-endpoint", "image-endpoint", "timeout", "config"}},
		long:   []string{"name", "label", "state", "pod", "image", "output", "since", "tail"},
	}
	containerForgeSpec = &progSpec{
		global: &progSpec{},
		short:  "RLqtsBASbXFfHpeouja",
		long: []string{"repo", "limit", "jq", "template", "json", "state", "label", "base", "author", "search", "branch",
			"method", "field", "raw-field", "header", "input", "preview", "hostname", "cache", "env", "org", "user", "job",
			"assignee", "owner", "order", "sort", "host", "title", "body", "body-file", "reviewer", "milestone", "ref"},
	}
	containerKindSpec = &progSpec{
		global: &progSpec{short: "v", long: []string{"verbosity"}},
		long:   []string{"name", "config", "image", "kubeconfig", "wait"},
	}
	containerMinikubeSpec = &progSpec{
		global: &progSpec{short: "p", long: []string{"profile", "user"}},
		long:   []string{"profile", "user", "file", "length", "node", "output", "format", "driver", "memory", "cpus"},
	}
	containerKustomizeSpec = &progSpec{
		global: &progSpec{},
		short:  "o",
		long:   []string{"output", "helm-command", "load-restrictor", "mount", "network-name", "env"},
	}
)

// containerSpec returns the command-line spec of a program of this family, or
// nil.
func containerSpec(name string) *progSpec {
	switch name {
	case "podman":
		return containerPodmanSpec
	case "nerdctl":
		return containerNerdctlSpec
	case "docker-compose", "podman-compose":
		return containerComposeSpec
	case "oc":
		return containerOcSpec
	case "crictl":
		return containerCrictlSpec
	case "gh", "glab":
		return containerForgeSpec
	case "kind":
		return containerKindSpec
	case "minikube":
		return containerMinikubeSpec
	case "kustomize":
		return containerKustomizeSpec
	}
	return nil
}
