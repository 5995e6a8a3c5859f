package programs

// The compose tools (docker compose, nerdctl compose, docker-compose,
// podman-compose) run a project of containers described by compose files.
// ps, ls, images, logs, top, port, events, stats and version only show
// state. config prints the resolved files with the values of the
// variables they name (from the environment and the env files), so only
// its listings of names (--services, --volumes...) and --no-interpolate
// only read. exec runs a command the analysis finds and judges on its
// own; everything else starts, stops, builds, pulls or removes
// containers.
//
// The project options (-f, -p, --env-file, --profile) are valid after the
// subcommand too. An env file's values fill the compose files' variables:
// the listings do not print them, but config, run, up and exec put them
// in what is printed or in a container's environment, so there the env
// file is a file read.

// composeOpts are the project options of compose v2 (docker compose,
// nerdctl compose, and the docker-compose binary of v2).
const composeOpts = `
--all-resources
--ansi=WHEN
--compatibility
--dry-run
--env-file=FILE          # see composeEnvFiles
-f --file=FILE           read
--parallel=N
--profile=PROFILE
--progress=TYPE
--project-directory=DIR  dir
-p --project-name=NAME
-h --help
`

// composePlugin is docker compose (and nerdctl compose).
var composePlugin = &Node{Effects: composeGroup, Opts: composeOpts, Subs: composeSubs}

// dockerComposeProgram is the standalone docker-compose: v2's options and
// v1's (which spoke to the daemon itself: -H, --tls...).
var dockerComposeProgram = &Program{Names: []string{"docker-compose"}, Launch: launchContainerExec, Pflag: true,
	Node: Node{Effects: composeGroup, Opts: composeOpts + `
-c --context=NAME
-H --host=HOST
--log-level=LEVEL
--no-ansi
--skip-hostname-check
--tls
--tlscacert=FILE   read
--tlscert=FILE     read
--tlskey=FILE      # a private key that signs the TLS handshake; never sent or printed
--tlsverify
--verbose
-v --version
`, Subs: composeSubs}}

// podmanComposeProgram is podman-compose, a Python program that reads its
// options with argparse (abbreviations allowed) and runs podman: the
// options that pass arguments to podman may pass any of podman's.
var podmanComposeProgram = &Program{Names: []string{"podman-compose"}, Node: Node{Effects: composeGroup, Opts: `
-h --help
-v --version
-f --file=FILE              read
-p --project-name=NAME
--podman-path=PATH          exec
--podman-args=ARGS          unknown
--podman-pull-args=ARGS     unknown
--podman-push-args=ARGS     unknown
--podman-build-args=ARGS    unknown
--podman-inspect-args=ARGS  unknown
--podman-run-args=ARGS      unknown
--podman-start-args=ARGS    unknown
--podman-stop-args=ARGS     unknown
--podman-rm-args=ARGS       unknown
--podman-volume-args=ARGS   unknown
--env-file=FILE
--profile=PROFILE
--in-pod=BOOL
--pod-args=ARGS             unknown
--no-ansi
--no-cleanup
--dry-run
--parallel=N
--verbose
`, Subs: []*Sub{
	{Name: "ps", Node: &Node{Effects: composeRead, Opts: "-h --help\n-q --quiet\n--format=FORMAT"}},
	{Name: "logs", Node: &Node{Effects: composeRead, Opts: `
-h --help
-f --follow
-l --latest
-n --names
--since=TIME
-t --timestamps
--tail=N
--until=TIME
`}},
	{Name: "version", Node: &Node{Effects: composeRead, Opts: "-h --help\n-f --format=FORMAT\n--short"}},
	{Name: "config", Node: &Node{Effects: composeConfig, Opts: "-h --help\n--services\n-q --quiet"}},
	{Name: "exec", Node: &Node{Effects: composeExec, POSIX: true, Opts: `
-h --help
-d --detach
--privileged   change
-u --user=USER
-T
--index=N
-e --env=VAR
-w --workdir=DIR
`}},
	{Name: "help", Node: &Node{Effects: printsOnly}},
	{Name: "pull|push|build|up|down|run|start|stop|restart|kill|pause|unpause|port|systemd|images|stats",
		Node: &Node{Effects: composeChange, Operands: true, Loose: true, Opts: "-h --help"}},
}}}

var composeSubs = []*Sub{
	{Name: "ps", Node: &Node{Effects: composeRead, Inherit: true, Opts: `
-a --all
--filter=FILTER
--format=FORMAT
--no-trunc
--orphans
-q --quiet
--services
--status=STATUS
`}},
	{Name: "ls", Node: &Node{Effects: composeRead, Inherit: true, Opts: `
-a --all
--filter=FILTER
--format=FORMAT
-q --quiet
`}},
	{Name: "images", Node: &Node{Effects: composeRead, Inherit: true, Opts: "--format=FORMAT\n-q --quiet"}},
	{Name: "logs", Node: &Node{Effects: composeRead, Inherit: true, Opts: `
-f --follow
--index=N
--no-color
--no-log-prefix
--since=TIME
-n --tail=N
-t --timestamps
--until=TIME
`}},
	{Name: "top", Node: &Node{Effects: composeRead, Inherit: true}},
	{Name: "port", Node: &Node{Effects: composeRead, Inherit: true, Opts: "--index=N\n--protocol=PROTO"}},
	{Name: "events", Node: &Node{Effects: composeRead, Inherit: true, Opts: "--json\n--since=TIME\n--until=TIME"}},
	{Name: "stats", Node: &Node{Effects: composeRead, Inherit: true, Opts: "-a --all\n--format=FORMAT\n--no-stream\n--no-trunc"}},
	{Name: "version", Node: &Node{Effects: composeRead, Inherit: true, Opts: "--format=FORMAT\n--short"}},
	{Name: "config|convert", Node: &Node{Effects: composeConfig, Inherit: true, Opts: `
--environment
--format=FORMAT
--hash=SERVICES
--images
--lock-image-digests
--models
--networks
--no-consistency
--no-env-resolution
--no-interpolate
--no-normalize
--no-path-resolution
-o --output=FILE          write
--profiles
-q --quiet
--resolve-image-digests   net
--services
--variables
--volumes
`}},
	{Name: "exec", Node: &Node{Effects: composeExec, Inherit: true, POSIX: true, Opts: `
-d --detach
-e --env=VAR
--index=N
-i --interactive
--privileged      change
-t --tty
-T --no-TTY
-u --user=USER
-w --workdir=DIR
`}},
	{Name: "cp", Node: &Node{Effects: composeCopy, Inherit: true, Opts: "-a --archive\n--all\n-L --follow-link\n--index=N"}},
	{Name: "attach|build|commit|create|down|export|kill|pause|publish|pull|push|restart|rm|run|scale|start|stop|unpause|up|wait|watch|alpha|viz|volumes|bridge",
		Node: &Node{Effects: composeChange, Inherit: true, Operands: true, Opts: composeChangeOpts}},
}

// composeChangeOpts are the options of the subcommands that change the
// project, so that their values are not read as operands.
const composeChangeOpts = `
--abort-on-container-exit
--abort-on-container-failure
--always-recreate-deps
-a --attach=SERVICE
--attach-dependencies
--build
--build-arg=ARG
--builder=NAME
--cap-add=CAP
--cap-drop=CAP
--check
-d --detach
--entrypoint=CMD
-e --env=VAR
--exit-code-from=SERVICE
--force-recreate
-i --interactive
--ignore-buildable
--ignore-pull-failures
--include-deps
-l --label=LABEL
--menu
--name=NAME
--no-attach=SERVICE
--no-build
--no-cache
--no-color
--no-deps
--no-log-prefix
--no-recreate
--no-start
--no-TTY
-T
--policy=POLICY
--pull=POLICY
--quiet-pull
-q --quiet
--remove-orphans
-V --renew-anon-volumes
--rm
--rmi=TYPE
--scale=SCALE
--service-ports
-s --signal=SIGNAL
-t --timeout=SECONDS
--timestamps
--use-aliases
-u --user=USER
-v --volumes
-w --workdir=DIR
--volume=VOLUME
--wait
--wait-timeout=SECONDS
--watch
-y --yes
--push
--ssh=KEY
--memory=BYTES
--with-dependencies
-o --output=FILE   write
--stop
--index=N
`

// compose wraps an Effects function of a compose subcommand: the
// variables and the engine's address act first, and --help prints help.
func compose(f func(*Call, *Effects)) func(*Call, *Effects) {
	return engine(func(c *Call, fx *Effects) {
		if c.Has("--project-directory") {
			// The folder's compose file and its .env are read.
			for _, d := range c.ValueArgs("--project-directory") {
				fx.ReadTree(d, true)
			}
		}
		f(c, fx)
	})
}

// composeEnvFiles records the env files of a call whose output or
// containers receive their values.
func composeEnvFiles(c *Call, fx *Effects) {
	for _, a := range c.ValueArgs("--env-file") {
		fx.Read(a)
	}
}

func composeGroup(c *Call, fx *Effects) { compose(printsOnly)(c, fx) }

// composeRead lists the project's containers, images, logs or
// events.
func composeRead(c *Call, fx *Effects) {
	compose(func(c *Call, fx *Effects) { fx.Network(engineHost(c), requestWords(c)...) })(c, fx)
}

// composeChange starts, stops, builds or removes the project's
// containers; its env files reach their environment.
func composeChange(c *Call, fx *Effects) {
	compose(func(c *Call, fx *Effects) {
		composeEnvFiles(c, fx)
		fx.Change(c.Name + " " + c.SubPath())
	})(c, fx)
}

func composeExec(c *Call, fx *Effects) {
	compose(func(c *Call, fx *Effects) {
		composeEnvFiles(c, fx)
		execEffects(c, fx)
	})(c, fx)
}

func composeCopy(c *Call, fx *Effects) { compose(copyEffects)(c, fx) }

// composeConfig prints the resolved compose files: the values of
// their variables unless it lists names only or does not
// interpolate.
func composeConfig(c *Call, fx *Effects) {
	compose(func(c *Call, fx *Effects) {
		if c.HasAny("--services|--volumes|--profiles|--images|--networks|--hash|-q|--quiet|--models") &&
			!c.HasAny("--environment|--variables") || c.Has("--no-interpolate") {
			return
		}
		composeEnvFiles(c, fx)
		fx.Env("")
	})(c, fx)
}
