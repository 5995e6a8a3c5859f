package programs

import "github.com/agentgov/governance/internal/shell"

// prometheus, promtool and amtool: the Prometheus server and its tools,
// with kingpin flags (--name=value or --name value, --[no-]name for a
// boolean, valid anywhere after the command).

// kingpinHelp are the help and version flags of a kingpin program.
const kingpinHelp = `
-h --help                  help
--help-long                help
--help-man                 help
--version                  help
`

// prometheus runs the server: it listens, scrapes its targets, evaluates
// rules and writes its storage. Only its help and version print.
var prometheusProgram = &Program{Names: []string{"prometheus"}, Node: Node{Opts: kingpinHelp, Operands: true,
	Effects: func(c *Call, fx *Effects) {
		fx.Change("prometheus runs the server: it listens, scrapes targets and writes its storage")
	}}}

// promtool checks configurations and rules, queries a server and
// inspects a TSDB; push sends metrics, debug writes an archive, and tsdb
// create-blocks-from and bench write blocks.
var promtoolProgram = &Program{Names: []string{"promtool"}, Node: Node{Opts: kingpinHelp + `
--enable-feature=FEATURES
--experimental
`, Effects: noCommand, Subs: []*Sub{
	{Name: "help", Node: &Node{Inherit: true, Operands: true, Effects: printsOnly}},
	{Name: "check", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
		{Name: "config", Node: &Node{Inherit: true, Operands: true, Opts: `
--syntax-only
--lint=CHECKS
--lint-fatal
--agent
--ignore-unknown-fields
`, Effects: readsFiles}},
		{Name: "web-config", Node: &Node{Inherit: true, Operands: true, Effects: readsFiles}},
		{Name: "rules", Node: &Node{Inherit: true, Operands: true, Opts: `
--lint=CHECKS
--lint-fatal
--ignore-unknown-fields
`, Effects: readsFiles}},
		{Name: "metrics", Node: &Node{Inherit: true, Opts: `
--extended
--lint=CHECKS
`, Effects: printsOnly}},
		// The discovery reaches the targets' services with the
		// configuration's credentials.
		{Name: "service-discovery", Node: &Node{Inherit: true, Operands: true, Opts: "--timeout=DURATION",
			Effects: func(c *Call, fx *Effects) {
				if args := c.Args(); len(args) > 0 {
					fx.Read(args[0])
				}
				fx.Network("", operandsAfter(c, 1)...)
			}}},
		{Name: "healthy|ready", Node: &Node{Inherit: true, Opts: `
--url=URL                  net
--http.config.file=FILE    read
`, Effects: printsOnly}},
	}}},
	{Name: "query", Node: &Node{Inherit: true, Effects: noCommand, Opts: `
--http.config.file=FILE    read
-o --format=FORMAT
`, Subs: []*Sub{
		{Name: "instant|range|series|labels|analyze", Node: &Node{Inherit: true, Operands: true, Opts: `
--time=TIME
--header=HEADER
--start=TIME
--end=TIME
--step=DURATION
--match=SELECTOR
--server=URL               net
--type=TYPE
--duration=DURATION
--limit=N
`, Effects: func(c *Call, fx *Effects) {
			fx.Network("", append(c.Args(), c.ValueArgs("--header|--match|--time|--start|--end|--step")...)...)
		}}},
	}}},
	{Name: "debug", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
		{Name: "pprof|metrics|all", Node: &Node{Inherit: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Network("", c.Args()...)
			fx.Write(shell.Arg{Value: "debug.tar.gz"}, "promtool debug")
		}}},
	}}},
	{Name: "test", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
		{Name: "rules", Node: &Node{Inherit: true, Operands: true, Opts: `
--run=REGEX
--debug
--diff
--junit=FILE               write
--ignore-unknown-fields
`, Effects: readsFiles}},
	}}},
	{Name: "tsdb", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
		{Name: "list|analyze|dump|dump-openmetrics", Node: &Node{Inherit: true, Operands: true, Opts: `
-r --human-readable
--limit=N
--extended
--match=SELECTOR
--min-time=TIME
--max-time=TIME
--sandbox-dir-root=DIR
--format=FORMAT
`, Effects: promtoolTSDB}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Change("promtool tsdb " + c.Pos[1].Value + " writes blocks")
		}}},
	}}},
	{Name: "push", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Change("promtool push sends metrics to a Pushgateway")
	}}},
	{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Unknown("promtool " + c.Sub() + " is experimental or unknown to the model")
	}}},
}}}

// promtoolTSDB opens a TSDB (data/ unless a folder is given) to read it.
// Opening it replays its write-ahead log, which writes: promtool 2.42's
// dump leaves a chunks_head folder in it, later versions make a
// temporary tmp_dbro_sandbox folder there (or under --sandbox-dir-root)
// and remove it.
func promtoolTSDB(c *Call, fx *Effects) {
	db := shell.Arg{Value: "data/"}
	if args := c.Args(); len(args) > 0 {
		db = args[0]
	}
	fx.ReadTree(db, true)
	sandbox := db
	if v := c.ValueArgs("--sandbox-dir-root"); len(v) > 0 {
		sandbox = v[len(v)-1]
	}
	fx.Add(Effect{Op: Write, Path: sandbox, Tree: true, Why: "promtool tsdb replays the write-ahead log"})
}

// amtool queries and changes an Alertmanager: alerts, silences, its
// configuration and cluster; check-config and template render work on
// local files.
var amtoolProgram = &Program{Names: []string{"amtool"}, Node: Node{Opts: kingpinHelp + amtoolOptions,
	Effects: noCommand, Subs: []*Sub{
		{Name: "help", Node: &Node{Inherit: true, Operands: true, Effects: printsOnly}},
		{Name: "alert", Node: &Node{Inherit: true, Operands: true, Opts: amtoolAlertQuery, Effects: amtoolRead,
			Subs: []*Sub{
				{Name: "query", Node: &Node{Inherit: true, Operands: true, Opts: amtoolAlertQuery, Effects: amtoolRead}},
				{Name: "add", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: amtoolChange}},
			}}},
		{Name: "silence", Node: &Node{Inherit: true, Operands: true, Opts: amtoolSilenceQuery, Effects: amtoolRead,
			Subs: []*Sub{
				{Name: "query", Node: &Node{Inherit: true, Operands: true, Opts: amtoolSilenceQuery, Effects: amtoolRead}},
				{Name: "add|expire|import|update", Node: &Node{Inherit: true, Loose: true, Operands: true,
					Effects: amtoolChange}},
			}}},
		{Name: "check-config", Node: &Node{Inherit: true, Operands: true, Effects: readsFiles}},
		{Name: "config", Node: &Node{Inherit: true, Effects: amtoolRead, Subs: []*Sub{
			{Name: "show", Node: &Node{Inherit: true, Effects: amtoolRead}},
			{Name: "routes", Node: &Node{Inherit: true, Opts: "--config.file=FILE read", Effects: amtoolRoutes,
				Subs: []*Sub{
					{Name: "show", Node: &Node{Inherit: true, Opts: "--config.file=FILE read", Effects: amtoolRoutes}},
					{Name: "test", Node: &Node{Inherit: true, Operands: true, Opts: `
--config.file=FILE         read
--verify.receivers=RECEIVERS
--tree
`, Effects: amtoolRoutes}},
				}}},
		}}},
		{Name: "cluster", Node: &Node{Inherit: true, Effects: amtoolRead, Subs: []*Sub{
			{Name: "show", Node: &Node{Inherit: true, Effects: amtoolRead}},
		}}},
		{Name: "template", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
			{Name: "render", Node: &Node{Inherit: true, Opts: `
--template.glob=GLOB       read
--template.text=TEXT
--template.type=TYPE
--template.data=FILE       read
`, Effects: printsOnly}},
		}}},
	}}}

// amtoolOptions are the global flags.
const amtoolOptions = `
--date.format=FORMAT
-v --verbose
--alertmanager.url=URL     net
-o --output=FORMAT
--timeout=DURATION
--http.config.file=FILE    read
--version-check --no-version-check
--enable-feature=FEATURES
`

// amtoolAlertQuery are the flags of alert query.
const amtoolAlertQuery = `
-i --inhibited
-s --silenced
-a --active
-u --unprocessed
-r --receiver=REGEX
`

// amtoolSilenceQuery are the flags of silence query.
const amtoolSilenceQuery = `
--expired
-q --quiet
--created-by=NAME
--within=DURATION
`

// amtoolRead asks the Alertmanager and prints.
func amtoolRead(c *Call, fx *Effects) {
	fx.Network("", append(c.Args(), c.ValueArgs("--receiver|--created-by")...)...)
}

// amtoolRoutes shows or tests the routing tree of a configuration file,
// or of the Alertmanager's configuration.
func amtoolRoutes(c *Call, fx *Effects) {
	if !c.Has("--config.file") {
		amtoolRead(c, fx)
	}
}

// amtoolChange adds alerts or silences, or expires silences.
func amtoolChange(c *Call, fx *Effects) {
	fx.Change("amtool " + c.SubPath() + " changes the Alertmanager's alerts or silences")
}
