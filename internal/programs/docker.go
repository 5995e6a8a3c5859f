package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// docker, podman and nerdctl ask a container engine to list, inspect,
// run, build and remove containers, images, networks and volumes. Their
// subcommands and options are in docker_commands.go and
// podman_commands.go (nerdctl shares docker's); this file says what each
// kind of subcommand does.
//
// A call that only shows state (ps, images, inspect, logs, stats, top,
// events, version, info, the ls and inspect of every object) is a request
// to the engine carrying the call's words: the engine may be on another
// machine (-H, DOCKER_HOST, a context), so a word computed at run time
// makes the call more than a read. Everything else (run, create, start,
// build, pull, push, rm, prune, login, swarm...) changes the engine's
// state. exec runs a command the shell analysis found and judges on its
// own; cp writes on this machine's side. export and save print an
// archive, or write it with -o. Secrets are listed and inspected without
// their values (podman secret inspect --showsecret prints them); swarm
// join-token and unlock-key print secrets.
//
// docker lists and runs its CLI plugins (docker-compose, docker-buildx,
// anything in the cli-plugins folder of its configuration) even for
// --help, so --config, which moves that folder, runs programs whatever
// the subcommand.

var dockerProgram = &Program{Names: []string{"docker"}, Setup: setupCompletion, Launch: launchContainerExec, Pflag: true, Start: dockerStart, Node: Node{Effects: engineGroup, Opts: `
--config=DIR
-c --context=NAME
-D --debug
-H --host=HOST
-l --log-level=LEVEL
--tls
--tlscacert=FILE      read
--tlscert=FILE        read
--tlskey=FILE         # a private key that signs the TLS handshake; never sent or printed
--tlsverify
-v --version
-h --help
`, MakeSubs: func() []*Sub {
	return append([]*Sub{
		{Name: "compose", Node: composePlugin},
		{Name: "buildx", Node: dockerBuildx},
	}, dockerSubs...)
}}}

// nerdctl is containerd's docker: docker's subcommands, its own global
// options, and its namespaces.
var nerdctlProgram = &Program{Names: []string{"nerdctl"}, Launch: launchContainerExec, Pflag: true, Node: Node{Effects: engineGroup, Opts: `
-a -H --address --host=ADDRESS
-n --namespace=NAMESPACE
--snapshotter --storage-driver=NAME
--cni-path=DIR            exec     # the CNI plugins it runs
--cni-netconfpath=DIR     unknown  # network configurations that name plugins
--data-root=DIR           write
--cgroup-manager=NAME     unknown
--insecure-registry
--hosts-dir=DIR           unknown
--experimental
--host-gateway-ip=IP
--bridge-ip=IP
--kube-hide-dupe
--debug
--debug-full
-v --version
-h --help
`, MakeSubs: func() []*Sub {
	return append([]*Sub{
		{Name: "compose", Node: composePlugin},
		{Name: "namespace|ns", Node: nerdctlNamespace},
	}, dockerSubs...)
}}}

var nerdctlNamespace = &Node{Effects: engineGroup, Opts: "-h --help", Subs: []*Sub{
	{Name: "ls|list", Node: &Node{Effects: daemonRead, Opts: "-q --quiet\n--format=FORMAT\n-h --help"}},
	{Name: "inspect", Node: &Node{Effects: daemonRead, Opts: "-f --format=FORMAT\n-h --help"}},
	{Name: "create|update|remove|rm", Node: &Node{Effects: daemonChange, Opts: "--label=LABEL\n-h --help"}},
}}

// podman is daemonless, but its global options are valid after the
// subcommand too, and many of them name programs (--conmon, --runtime,
// --hooks-dir) or move its storage.
var podmanProgram = &Program{Names: []string{"podman"}, Launch: launchContainerExec, Pflag: true, Node: Node{Effects: engineGroup, Opts: `
--cdi-spec-dir=DIR                   unknown
--cgroup-manager=STRING              unknown
--config=DIR                         unknown
--conmon=STRING                      exec
-c --connection=STRING
--db-backend=STRING                  unknown
--events-backend=STRING              unknown
--hooks-dir=STRINGS                  exec
--identity=FILE                      # a private key for ssh; never sent or printed
--imagestore=DIR                     write
--log-level=STRING
--module=FILE                        unknown
--namespace=STRING
--network-cmd-path=STRING            exec
--network-config-dir=STRING          unknown
--noout
--out=FILE                           write
--registries-conf=FILE               unknown
-r --remote
--root=STRING                        write
--runroot=STRING                     write
--runtime=STRING                     exec
--runtime-flag=STRINGARRAY           unknown
--ssh=STRING                         unknown
--storage-driver=STRING              unknown
--storage-opt=STRINGARRAY            unknown
--syslog
--tmpdir=STRING                      write
--transient-store
--url=STRING
-v --version
--volumepath=STRING                  write
-h --help
`, Subs: podmanSubs}}

// dockerBuildx is the buildx plugin (docker builder is the same with it
// installed): listing builders and their disk use, inspecting a builder or
// an image in a registry only read; inspect --bootstrap starts the
// builder.
var dockerBuildx = &Node{Effects: engineGroup, Opts: `
--builder=NAME
-D --debug
-h --help
`, Subs: []*Sub{
	{Name: "ls", Node: &Node{Effects: daemonRead, Opts: "--format=FORMAT\n--no-trunc\n-h --help"}},
	{Name: "du", Node: &Node{Effects: daemonRead, Opts: "--builder=NAME\n--filter=FILTER\n--format=FORMAT\n--verbose\n-h --help"}},
	{Name: "version", Node: &Node{Effects: daemonRead, Opts: "-h --help"}},
	{Name: "inspect", Node: &Node{Effects: daemonRead, Opts: "--bootstrap  change\n--builder=NAME\n-h --help"}},
	{Name: "imagetools", Node: &Node{Effects: engineGroup, Opts: "--builder=NAME\n-h --help", Subs: []*Sub{
		{Name: "inspect", Node: &Node{Effects: imagetoolsInspect, Opts: "--builder=NAME\n--format=FORMAT\n--raw\n-h --help"}},
		{Name: "create", Node: &Node{Effects: daemonChange, Opts: "-h --help"}},
	}}},
	{Name: "build|b", Node: dockerImageBuild},
	{Name: "bake|create|dial-stdio|history|prune|rm|stop|use|debug|policy", Node: &Node{Effects: daemonChange, Opts: "-h --help"}},
}}

// engine wraps an Effects function of an engine's subcommand: the
// variables and global options act first, and --help prints help and does
// nothing else.
func engine(f func(*Call, *Effects)) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		clientEnv(c, fx)
		if c.Name == "docker" && c.Has("--config") {
			fx.Exec("", "", "--config names a folder whose CLI plugins docker runs")
		}
		if v, ok := envValue(c, "DOCKER_CONFIG"); ok && v != "" {
			fx.Exec("", "", "DOCKER_CONFIG names a folder whose CLI plugins docker runs")
		}
		for _, h := range c.ValueArgs("--host|--url|--address|--connection") {
			if h.Dynamic || !plainAddress(h.Value) {
				fx.Unknown("the engine's address " + h.Value + " is not a plain address")
			}
		}
		// podman keeps its runtime state under /run/user and its
		// storage, and runs conmon.
		if c.Name != "docker" {
			fx.Cache(argOf("~/.docker"), c.Name+" keeps its own files")
		}
		if c.Name == "podman" || c.Name == "podman-compose" {
			fx.Cache(argOf("/run/user"), "podman keeps its runtime state")
			fx.Cache(argOf("/var/lib/containers"), "podman's storage")
			fx.Cache(argOf("~/.local/share/containers"), "podman's storage")
			fx.Cache(argOf("~/.config/containers"), "podman's settings")
			fx.Helper("conmon", "podman runs its container monitor")
			fx.Helper("podman", "podman-compose runs podman")
		}
		if asksHelp(c) {
			// Help lists the CLI plugins, which the CLI asks its engine
			// about.
			fx.Network(engineHost(c))
			return
		}
		f(c, fx)
	}
}

// engineHost returns the engine's address the call names, or "".
func engineHost(c *Call) string {
	if h, ok := lastValue(c, "--host|--url|--address"); ok {
		return h.Value
	}
	for _, name := range []string{"DOCKER_HOST", "CONTAINER_HOST"} {
		if v, ok := envValue(c, name); ok {
			return v
		}
	}
	return ""
}

// execEffects: the command an exec runs is found by the shell analysis
// and judged on its own; the exec itself sends the container's name and
// its options to the engine. An env file sets variables nobody sees in
// the command's environment, and one of them may load code.
func execEffects(c *Call, fx *Effects) {
	if c.Cmd.Runs {
		fx.Found(c.Name + " exec")
	} else {
		fx.Exec("sh", "", c.Name+" exec runs a command the analysis could not read")
	}
	if c.Has("--env-file") {
		fx.Unknown("--env-file sets variables nobody sees in the command's environment")
	}
	words := requestWords(c)
	if args := c.Args(); len(args) > 0 {
		// The container, not the command's words.
		words = append(words[:len(words)-len(args)], args[0])
	}
	fx.Network(engineHost(c), words...)
}

// copyEffects: cp copies CONTAINER:PATH to a path on this machine (or to
// standard output as a tar archive with -), or a path of this machine
// (or a tar archive on standard input) into a container.
func copyEffects(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) != 2 {
		fx.Unknown(c.Name + " cp takes a source and a destination")
		return
	}
	src, dst := args[0], args[1]
	switch {
	case inContainer(src) && !inContainer(dst):
		fx.Network(engineHost(c), src)
		containerRead(c, fx, src)
		writeUnlessNotFile(fx, dst, c.Name+" cp")
	case inContainer(dst) && !inContainer(src):
		if src.Value != "-" {
			fx.ReadTree(src, true)
		}
		fx.Change(c.Name + " cp copies into a container")
	default:
		fx.Unknown(c.Name + " cp copies between a container and this machine; neither or both of " +
			src.Value + " and " + dst.Value + " name a container")
	}
}

// containerRead records the read of CONTAINER:PATH: a file whose name
// the secret rules judge as they judge one of this machine (app:/app/.env,
// app:/run/secrets/db, app:/proc/1/environ). What the path holds is not
// seen from here: it may be a folder (app:/, app:/app), whose files,
// secrets among them, are copied too.
func containerRead(c *Call, fx *Effects, src shell.Arg) {
	_, path, _ := strings.Cut(src.Value, ":")
	fx.Read(shell.Arg{Value: path, Glob: src.Glob})
	fx.Unknown(c.Name + " cp copies " + path + " out of the container, where its files are not seen")
}

// exportContainer prints (or writes with -o) the archive of a
// container's or a volume's files: its secrets too.
func exportContainer(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if !c.Has("--output") {
			fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints every file of the container, secrets included")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// imageHistory prints the commands that built an image's layers; whole
// (--no-trunc), they hold the values of the build's arguments (|1
// NPM_TOKEN=... /bin/sh -c npm ci).
func imageHistory(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if c.Has("--no-trunc") {
			fx.PrintsSecret(c.Name + " " + c.SubPath() + " --no-trunc prints the values of the build's arguments")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// imageInspect prints an image's configuration: the environment it
// starts its containers with (ENV DB_PASSWORD=...) and, in podman's
// answer, the commands of its history. A format that picks other fields
// only reads.
func imageInspect(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		formats := c.ValueArgs("--format")
		if !safeInspectFormat(formats) || mentions(formats, "history") {
			fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints the image's configuration, its environment included")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// imagetoolsInspect prints an image's manifest from its registry; a
// format that names the image (its configuration) or its provenance (the
// build's arguments), or the whole object, prints them too.
func imagetoolsInspect(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		for _, f := range c.ValueArgs("--format") {
			if f.Dynamic || wholeObject(f.Value) || mentions([]shell.Arg{f}, "image", "provenance") {
				fx.PrintsSecret(c.Name + " " + c.SubPath() + " --format " + f.Value + " prints the image's configuration, its environment included")
				break
			}
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// saveImage prints (or writes with -o) the archive of an image: its
// layers' files and its configuration, secrets included.
func saveImage(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if !c.Has("--output") {
			fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints every file of the image and its configuration, secrets included")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// mentions reports a format that names one of words (lower case) in any
// case.
func mentions(formats []shell.Arg, words ...string) bool {
	for _, f := range formats {
		for _, w := range words {
			if strings.Contains(strings.ToLower(f.Value), w) {
				return true
			}
		}
	}
	return false
}

// inContainer reports a cp operand that names a path in a container
// (CONTAINER:PATH): a colon before any slash, as docker reads it.
func inContainer(a shell.Arg) bool {
	if a.Dynamic {
		return false
	}
	i := strings.IndexByte(a.Value, ':')
	if i <= 0 {
		return false
	}
	return !strings.Contains(a.Value[:i], "/")
}

// dockerStart: every docker call, its help included, may ask its engine
// (to list the CLI plugins it prints help for, or to answer), and keeps
// its own files.
func dockerStart(c *Call, fx *Effects) {
	fx.Network(engineHost(c))
	fx.Cache(argOf("~/.docker"), "docker keeps its own files")
}

// engineGroup is a group of subcommands (docker container): alone, it
// prints its usage.
func engineGroup(c *Call, fx *Effects) { engine(printsOnly)(c, fx) }

// daemonRead asks the engine for state and prints it.
func daemonRead(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) { fx.Network(engineHost(c), requestWords(c)...) })(c, fx)
}

// daemonChange changes the engine's state: containers, images,
// networks, volumes, registries, the swarm.
func daemonChange(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) { fx.Change(c.Name + " " + c.SubPath()) })(c, fx)
}

// execInContainer runs a command in a container.
func execInContainer(c *Call, fx *Effects) { engine(execEffects)(c, fx) }

// copyContainer copies between a container and this machine.
func copyContainer(c *Call, fx *Effects) { engine(copyEffects)(c, fx) }

// printsSwarmSecret prints a join token or the unlock key.
func printsSwarmSecret(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints a secret of the swarm")
	})(c, fx)
}

// secretInspect shows a secret's metadata; with --showsecret, its
// value.
func secretInspect(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if c.Has("--showsecret") {
			fx.PrintsSecret("--showsecret prints the secret's value")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// inspectEnv: inspecting a container or a service prints the
// environment it was given (docker run -e DB_PASSWORD=...), unless a
// --format picks fields other than its configuration, environment or
// spec (--format '{{.State.Status}}').
func inspectEnv(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if !safeInspectFormat(c.ValueArgs("--format")) {
			fx.PrintsSecret(c.Name + " " + c.SubPath() + " prints the environment given to the container, secrets included")
		}
		fx.Network(engineHost(c), requestWords(c)...)
	})(c, fx)
}

// wholeObject reports a Go template that acts on the whole object
// ({{.}}, {{json .}}, {{ . | json }}): a dot not followed by a field's
// name, or the template's root $ ({{json $}}, {{$.Config}}) rather than
// a variable ($v).
func wholeObject(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '.' && f[i] != '$' {
			continue
		}
		if i+1 == len(f) || !(f[i+1] == '_' || f[i+1] >= 'a' && f[i+1] <= 'z' || f[i+1] >= 'A' && f[i+1] <= 'Z') {
			return true
		}
	}
	return false
}

// safeInspectFormat reports a format that names fields, none of them the
// configuration, the environment or the spec that hold the environment,
// and never the whole object. No format prints everything.
func safeInspectFormat(formats []shell.Arg) bool {
	if len(formats) == 0 {
		return false
	}
	for _, a := range formats {
		f := strings.ToLower(a.Value)
		if a.Dynamic || wholeObject(a.Value) || !strings.Contains(a.Value, ".") ||
			strings.Contains(f, "env") || strings.Contains(f, "config") || strings.Contains(f, "spec") {
			return false
		}
	}
	return true
}

// stackConfig prints the merged compose files with the values
// of the variables they name.
func stackConfig(c *Call, fx *Effects) {
	engine(func(c *Call, fx *Effects) {
		if !c.Has("--skip-interpolation") {
			fx.Env("")
		}
	})(c, fx)
}
