package programs

// cdk, the AWS CDK toolkit: cdk COMMAND [options]. synth, diff, ls,
// deploy and the others run the CDK app (the command --app or cdk.json
// names) and write cdk.out; acknowledge writes cdk.json. doctor, notices,
// version and context only print, and docs opens the documentation in the
// browser.
//
// Code they run: every command loads the plugins that cdk.json,
// ~/.cdk.json and --plugin name (node modules) before it starts, as
// before the model for the commands that only print.

var cdkProgram = &Program{Names: []string{"cdk"}, Node: Node{Opts: cdkOptions + `
--version                           # only spelled in full: see cdkHelp
`, Effects: cdkTop, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "doctor|version", Node: &Node{Inherit: true, Effects: printsOnly}},
		{Name: "notices", Node: &Node{Inherit: true, Opts: "-u --unacknowledged", Effects: cdkEffects(func(c *Call, fx *Effects) {
			// The notices come from a fixed URL.
			fx.Network("")
		})}},
		{Name: "context", Node: &Node{Inherit: true, Opts: `
-e --reset=KEY            change
-f --force                         # no error for a missing key to reset
--clear                   change
`, Effects: printsOnly}},
		{Name: "docs|doc", Node: &Node{Inherit: true, Opts: "-b --browser=COMMAND exec", Effects: cdkEffects(func(c *Call, fx *Effects) {
			if !c.Has("--browser") {
				// The platform's opener (xdg-open, open or start) shows the
				// reference documentation's fixed URL in the browser: a
				// request of constant text. --browser names another command.
				fx.Network("docs.aws.amazon.com")
			}
		})}},
		{Name: "synth|synthesize|diff|ls|list|deploy|destroy|watch|import|drift|refactor|metadata|rollback|publish-assets",
			Node: &Node{Inherit: true, Loose: true, LooseShort: true, Operands: true, Effects: cdkEffects(func(c *Call, fx *Effects) {
				fx.Exec("", "", "cdk "+c.Sub()+" runs the CDK app (the command --app or cdk.json names)")
			})}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, LooseShort: true, Operands: true, Effects: cdkEffects(func(c *Call, fx *Effects) {
			fx.Change("cdk " + c.Sub() + " changes the project, its settings or the account")
		})}},
	}
}}}

// cdkHelp reports --help, -h or --version spelled in full. cdk's parser
// (yargs) takes no abbreviations and ignores options it does not know, so
// --he is not help there: the command runs. The table's abbreviations
// are right for the other options, whose effects the model records, but
// help ends the model's reading, so it is only taken as typed.
func cdkHelp(c *Call) bool {
	for i := range c.Opts {
		switch c.Opts[i].Typed {
		case "--help", "-h", "--version":
			return true
		}
	}
	return false
}

// cdkTop is cdk without a command: help, or an unknown command.
func cdkTop(c *Call, fx *Effects) {
	if !cdkHelp(c) {
		noCommand(c, fx)
	}
}

// cdkEffects are f's effects, unless the call asks for help.
func cdkEffects(f func(c *Call, fx *Effects)) func(c *Call, fx *Effects) {
	return func(c *Call, fx *Effects) {
		if !cdkHelp(c) {
			f(c, fx)
		}
	}
}

// cdkOptions are the options of every command.
const cdkOptions = `
-a --app=COMMAND            exec
--build=COMMAND             exec
-c --context=KEY=VALUE
-p --plugin=MODULE          code
--trace
--strict
--lookups[=BOOL] --no-lookups
--ignore-errors
-j --json
-v --verbose
--debug
--profile=NAME
--proxy=URL                 net
--ca-bundle-path=FILE       read
-i --ec2creds[=BOOL] --no-ec2creds
--version-reporting[=BOOL] --no-version-reporting
--path-metadata[=BOOL] --no-path-metadata
--asset-metadata[=BOOL] --no-asset-metadata
-r --role-arn=ARN
--staging[=BOOL] --no-staging
-o --output=DIR             write
--notices[=BOOL] --no-notices
--color[=BOOL] --no-color
--ci[=BOOL] --no-ci
--unstable=FEATURE
--telemetry-file=FILE       write
-h --help                            # only spelled in full: see cdkHelp
`
