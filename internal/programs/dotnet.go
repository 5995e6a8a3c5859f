package programs

// dotnet, the .NET SDK. Listing SDKs, runtimes, tools, workloads,
// templates and NuGet sources reads; every command that evaluates a
// project (build, test, run, restore, pack, publish, format, list package)
// runs its MSBuild targets, which can run any program, and dotnet APP.dll
// runs an application.

const dotnetOpts = `
-h -? --help                     help
--version                        help
--info
--list-sdks
--list-runtimes
-d --diagnostics
--additionalprobingpath=PATH     read
--roll-forward=POLICY
--fx-version=VERSION
--depsfile=FILE                  read
--runtimeconfig=FILE             read
`

// dotnetListOpts are the options of the listing actions.
const dotnetListOpts = `
-g --global
--local
--tool-path=DIR                  read
--format=FORMAT
--machine-readable
-v --verbosity=LEVEL
--author=AUTHOR
--type=TYPE
--tag=TAG
-lang --language=LANG
--columns=COLUMNS
--columns-all
--ignore-constraints
--project=FILE                   read
--configfile=FILE                read
`

// dotnetEnv records variables that load code into the SDK, a .NET
// program itself, or move its files.
func dotnetEnv(c *Call, fx *Effects) {
	unknownEnv(c, fx, "DOTNET_STARTUP_HOOKS", "DOTNET_ADDITIONAL_DEPS", "DOTNET_ROOT*", "DOTNET_CLI_HOME",
		"COREHOST_TRACE*", "MSBUILD*", "DOTNET_HOST_PATH", "DOTNET_MSBUILD_SDK_RESOLVER*")
}

// dotnetCache records the SDK's first-run files and its telemetry.
func dotnetCache(fx *Effects) {
	cacheAt(fx, "~/.dotnet", "the SDK writes its first-run files and caches")
}

// dotnetTop: the --info style options print; an operand is an application
// to run.
func dotnetTop(c *Call, fx *Effects) {
	if len(c.Pos) == 0 {
		// The --info style options, or bare dotnet's help.
		dotnetEnv(c, fx)
		dotnetCache(fx)
		return
	}
	runsProject(c, fx, "dotnet runs an application or evaluates a project")
}

// dotnetAction: a subcommand whose listed actions print and whose others
// install, build or change state.
func dotnetAction(read string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts(read, a[0].Value) {
			if c.Sub() == "nuget" && c.Operand(1) != "source" {
				runsProject(c, fx, "dotnet nuget "+a[0].Value+" is not a listing")
				return
			}
			dotnetEnv(c, fx)
			dotnetCache(fx)
			if c.Sub() == "workload" || c.Sub() == "sdk" {
				fx.Network("api.nuget.org")
			}
			return
		}
		runsProject(c, fx, "dotnet "+c.SubPath()+" evaluates a project, installs or runs code")
	}
}

var dotnetProgram = &Program{Names: []string{"dotnet"}, Node: Node{Opts: dotnetOpts, Operands: true, POSIX: true,
	Effects: dotnetTop, MakeSubs: func() []*Sub {
		return []*Sub{
			{"tool|workload|new", &Node{Inherit: true, Effects: dotnetAction("list"), Opts: dotnetListOpts}},
			{"nuget", &Node{Inherit: true, Effects: dotnetAction("list"), Opts: dotnetListOpts}},
			{"sdk", &Node{Inherit: true, Effects: dotnetAction("check"), Opts: dotnetListOpts}},
			{"help", &Node{Inherit: true, Effects: func(*Call, *Effects) {}}},
			{"build|build-server|clean|format|msbuild|pack|publish|restore|run|sln|solution|store|test|vstest|watch|" +
				"add|remove|list|reference|package|dev-certs|fsi|user-jwts|user-secrets|nuget-push|exec|tool-run|project",
				&Node{Inherit: true, Loose: true, Opts: `
-h -? --help
--version
`, Effects: func(c *Call, fx *Effects) {
					runsProject(c, fx, "dotnet "+c.Sub()+" evaluates the project's MSBuild files, which run programs")
				}}},
		}
	}}}
