package programs

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// terraform and tofu (OpenTofu): terraform [-chdir=DIR] COMMAND [flags]
// [arguments]. Flags are Go flags: one dash or two, -name=value or -name
// value, -bool=false. The inspection commands (validate, plan, show,
// output, graph, state list|show, workspace list|show, providers, fmt
// -check) only read, except where they print sensitive values in clear
// (show -json, output -json|-raw, state pull, state show -json,
// -show-sensitive) or write a file (plan -out, -generate-config-out).
//
// Code they run: every command that loads the configuration starts the
// provider plugins that init installed under .terraform (validate, plan,
// show, graph, providers schema, state show, output with a remote
// backend), and plan reads data sources, which the providers implement:
// the external provider's data source runs any program the configuration
// names, and the http provider's fetches any URL. The lock file pins no
// provider a call cannot replace (it may rewrite the hash with the
// binary), so a command that starts them is unknown where
// .terraform/providers is there (tfProviders), and one that reads the
// state reaches the backend .terraform/terraform.tfstate names
// (tfBackend). fmt, version, modules, providers, output and state list of
// a local state, workspace show and metadata functions start no
// provider (strace, terraform 1.11).
//
// -state=FILE names the state to use in place of the configured one.
// terraform reads it for itself, as it reads the default
// terraform.tfstate, and prints none of its sensitive values (output and
// state show mask them; -json, -raw and state pull print them, and are
// judged so), so naming the file is not a read of its secrets; a file
// that is not a state only makes terraform fail.

var terraformProgram = &Program{Names: []string{"terraform", "tofu"}, Setup: setupCompletion, GoFlags: true, Start: tfStart, Node: Node{Opts: `
-chdir=DIR                 dir
-h -help                   help
-v -version                help
-install-autocomplete      change   # writes the shell's startup file
-uninstall-autocomplete    change
`, Effects: noCommand, Subs: []*Sub{
	{Name: "validate", Node: &Node{Opts: tfView + `
-json
-test-directory=DIR
-no-tests
-query
`, Effects: func(c *Call, fx *Effects) {
		tfEvaluate(c, fx)
		tfProviders(c, fx)
	}}},
	{Name: "plan", Node: &Node{Opts: tfView + tfOperation + `
-detailed-exitcode
-input[=BOOL]
-out=FILE                  write
-generate-config-out=FILE  write
-policies=PATH             read
-json
-json-into=FILE            write
`, Effects: tfPlan}},
	{Name: "show", Node: &Node{Opts: tfView + `
-json
-show-sensitive
`, Operands: true, Effects: func(c *Call, fx *Effects) {
		for _, a := range c.Args() {
			fx.Read(tfPath(c, a))
		}
		tfInspect(c, fx)
		tfProviders(c, fx)
		tfBackend(c, fx)
		if c.HasAny("-json|-show-sensitive") {
			revealsSecret(fx, c.Name+" show -json")
		}
	}}},
	{Name: "output", Node: &Node{Opts: tfView + `
-json
-raw
-state=FILE                         # the state in place of the configured one
-show-sensitive
`, Operands: true, Effects: func(c *Call, fx *Effects) {
		tfInspect(c, fx)
		tfBackend(c, fx)
		if c.HasAny("-json|-raw|-show-sensitive") {
			// Sensitive outputs are printed in clear.
			revealsSecret(fx, c.Name+" output -json or -raw")
		} else if len(c.Args()) > 0 {
			// So is the one output named.
			revealsSecret(fx, c.Name+" output NAME")
		}
	}}},
	{Name: "fmt", Node: &Node{Opts: tfView + `
-list[=BOOL]
-write[=BOOL]
-diff
-check[=BOOL]
-recursive
`, Operands: true, Effects: tfFmt}},
	{Name: "graph", Node: &Node{Opts: tfView + `
-draw-cycles
-type=TYPE
-module-depth=N
-verbose
-plan=FILE                 read
`, Effects: func(c *Call, fx *Effects) {
		tfEvaluate(c, fx)
		tfBackend(c, fx)
	}}},
	{Name: "modules|version", Node: &Node{Opts: tfView + "-json", Effects: tfInspect}},
	{Name: "metadata", Node: &Node{Opts: tfView, Effects: tfUnknownSub, Subs: []*Sub{
		{Name: "functions", Node: &Node{Opts: tfView + "-json", Effects: tfInspect}},
	}}},
	{Name: "providers", Node: &Node{Opts: tfView + "-test-directory=DIR", Effects: func(c *Call, fx *Effects) {
		// The tree of requirements, from the configuration and the
		// state: the providers are named, not started.
		tfInspect(c, fx)
		tfBackend(c, fx)
	}, Subs: []*Sub{
		{Name: "schema", Node: &Node{Opts: tfView + "-json", Effects: func(c *Call, fx *Effects) {
			tfInspect(c, fx)
			tfProviders(c, fx)
			tfBackend(c, fx)
		}}},
		{Name: "lock", Node: &Node{Opts: tfView + `
-platform=OS_ARCH
-fs-mirror=DIR             read
-net-mirror=URL            net
-test-directory=DIR
-enable-plugin-cache
`, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Network("", c.Args()...)
			fx.Write(tfPath(c, shell.Arg{Value: ".terraform.lock.hcl"}), c.Name+" providers lock")
		}}},
		{Name: "mirror", Node: &Node{Opts: tfView + `
-platform=OS_ARCH
-lock-file[=BOOL]
`, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Network("")
			for _, a := range c.Args() {
				fx.Add(Effect{Op: Write, Path: tfPath(c, a), Tree: true, Why: c.Name + " providers mirror"})
			}
		}}},
	}}},
	{Name: "state", Node: &Node{Opts: tfView, Effects: tfUnknownSub, Subs: []*Sub{
		{Name: "list", Node: &Node{Opts: tfView + `
-state=FILE                         # the state in place of the configured one
-id=ID
`, Operands: true, Effects: func(c *Call, fx *Effects) {
			tfInspect(c, fx)
			tfBackend(c, fx)
		}}},
		{Name: "show", Node: &Node{Opts: tfView + `
-state=FILE                         # the state in place of the configured one
-json
-show-sensitive
`, Operands: true, Effects: func(c *Call, fx *Effects) {
			tfInspect(c, fx)
			tfProviders(c, fx)
			tfBackend(c, fx)
			if c.HasAny("-json|-show-sensitive") {
				revealsSecret(fx, c.Name+" state show -json")
			}
		}}},
		{Name: "pull", Node: &Node{Opts: tfView, Effects: func(c *Call, fx *Effects) {
			// The raw state holds every attribute, sensitive or not.
			revealsSecret(fx, c.Name+" state pull")
			tfBackend(c, fx)
		}}},
		{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: tfChange}},
	}}},
	{Name: "workspace", Node: &Node{Opts: tfView, Effects: tfUnknownSub, Subs: []*Sub{
		{Name: "list", Node: &Node{Opts: tfView + "-json", Operands: true, Effects: func(c *Call, fx *Effects) {
			tfInspect(c, fx)
			tfBackend(c, fx)
		}}},
		{Name: "show", Node: &Node{Opts: tfView, Effects: tfInspect}},
		{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: tfChange}},
	}}},
	{Name: "console", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		// Expressions such as file("~/.ssh/id_rsa") read any file.
		fx.Unknown(c.Name + " console evaluates expressions, which may read any file")
	}}},
	{Name: "init|get", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		// Modules and providers are downloaded into .terraform, the lock
		// file written, the backend configured.
		fx.Network("", c.Args()...)
		for _, v := range c.ValueArgs("-backend-config|--backend-config") {
			if !strings.Contains(v.Value, "=") {
				fx.Read(tfPath(c, v))
			}
		}
		fx.Add(Effect{Op: Write, Path: tfPath(c, shell.Arg{Value: ".terraform"}), Tree: true, Why: c.Name + " " + c.Sub()})
		if c.Sub() == "init" {
			fx.Write(tfPath(c, shell.Arg{Value: ".terraform.lock.hcl"}), c.Name+" init")
		}
	}}},
	{Name: "test", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Change(c.Name + " test applies the configuration to real infrastructure")
	}}},
	{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: tfChange}},
}}}

// tfStart is what every terraform call does: unless CHECKPOINT_DISABLE is
// set, it asks HashiCorp's checkpoint service whether a newer version
// exists (a request of constant text) and keeps its signature in
// ~/.terraform.d, which it makes when missing. OpenTofu makes no such
// check.
func tfStart(c *Call, fx *Effects) {
	if c.Name != "terraform" || assignedOr(c, "", "CHECKPOINT_DISABLE").Value != "" {
		return
	}
	fx.Cache(shell.Arg{Value: "~/.terraform.d"}, "terraform's version check (checkpoint_signature)")
	fx.Network("checkpoint-api.hashicorp.com")
}

// tfView are the flags every command reads before its own.
const tfView = `
-h -help                   help
-no-color
-compact-warnings
-concise
-consolidate-warnings[=BOOL]
-consolidate-errors[=BOOL]
`

// tfOperation are the flags of the commands that plan (plan, apply,
// refresh).
const tfOperation = `
-lock[=BOOL]
-lock-timeout=DURATION
-state=FILE                         # the state in place of the configured one
-state-out=FILE            write
-backup=FILE               write
-parallelism=N
-allow-deferral
-refresh[=BOOL]
-destroy
-refresh-only
-minimal-refresh
-target=ADDRESS
-exclude=ADDRESS
-invoke=ACTION
-replace=ADDRESS
-var=NAME=VALUE
-var-file=FILE             read
-show-sensitive
-deprecation=LEVEL
`

// tfPath returns a path of the call's working folder: under -chdir when
// one is given.
func tfPath(c *Call, a shell.Arg) shell.Arg {
	dir, ok := c.Value("-chdir")
	if !ok || strings.HasPrefix(a.Value, "/") {
		return a
	}
	for _, d := range c.ValueArgs("-chdir") {
		a.Dynamic = a.Dynamic || d.Dynamic
	}
	a.Value = strings.TrimSuffix(dir, "/") + "/" + a.Value
	return a
}

// tfEnv checks the variables the command is given: TF_VAR_NAME values
// are variables sent like -var; the others change what terraform loads or
// where it writes.
func tfEnv(c *Call, fx *Effects) {
	for _, a := range c.Cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		switch {
		case strings.HasPrefix(name, "TF_VAR_"):
			if strings.ContainsAny(val, "$`") {
				fx.Unknown(name + ": a variable computed at run time")
			}
		case name == "TF_LOG_PATH":
			fx.Write(shell.Arg{Value: val}, name)
		case name == "TF_CLI_CONFIG_FILE" || name == "TERRAFORM_CONFIG" || name == "TF_DATA_DIR" ||
			name == "TF_PLUGIN_CACHE_DIR" || strings.HasPrefix(name, "TF_CLI_ARGS") || name == "TOFU_CLI_CONFIG_FILE":
			fx.Unknown(name + " changes what " + c.Name + " loads or runs")
		}
	}
}

// tfInspect is a command that loads the configuration, state or plan and
// prints.
func tfInspect(c *Call, fx *Effects) { tfEnv(c, fx) }

// tfEvaluate is a command that evaluates the configuration (validate,
// graph).
func tfEvaluate(c *Call, fx *Effects) {
	tfInspect(c, fx)
	tfConfig(c, fx)
}

// tfConfig: the configuration of the folder is code. Its expressions run
// as it is evaluated, and their functions read any file (file(),
// templatefile(), fileset()) into what is printed; a folder with
// configuration files makes the command run the project's code.
func tfConfig(c *Call, fx *Effects) {
	for _, pattern := range []string{"*.tf", "*.tf.json", "*.tofu"} {
		fx.Add(Effect{Op: Exec, IfPresent: tfPath(c, shell.Arg{Value: pattern}).Value,
			Why: c.Name + " " + c.Sub() + " evaluates the folder's configuration, whose functions read any file"})
	}
}

// tfProviders: a command that needs the providers' schemas (validate,
// plan, providers schema, graph, show and state show of a state with
// resources) starts the provider plugins init installed under
// .terraform/providers. A call may have put any program there, with a
// lock file whose hash matches it: that program runs, with the user's
// credentials.
func tfProviders(c *Call, fx *Effects) {
	fx.Add(Effect{Op: Unknown, IfPresent: tfPath(c, shell.Arg{Value: ".terraform/providers"}).Value,
		Why: c.Name + " " + c.SubPath() + " starts the provider plugins under .terraform/providers, which any call may have put there"})
}

// tfBackend: a command that reads the state reads it from the backend
// .terraform/terraform.tfstate names (init writes it; any call may), a
// server it reaches with the credentials of the environment. One that
// names the local backend, or none, reads the local file.
func tfBackend(c *Call, fx *Effects) {
	fx.Add(Effect{Op: Unknown, IfPresent: tfPath(c, shell.Arg{Value: ".terraform/terraform.tfstate"}).Value,
		Harmless: tfLocalBackend,
		Why:      c.Name + " " + c.SubPath() + " reads the state from the backend .terraform/terraform.tfstate names"})
}

// tfLocalBackend reports a .terraform/terraform.tfstate that names the
// local backend or none.
func tfLocalBackend(content []byte) bool {
	var st struct {
		Backend *struct {
			Type string `json:"type"`
		} `json:"backend"`
	}
	if json.Unmarshal(content, &st) != nil {
		return false
	}
	return st.Backend == nil || st.Backend.Type == "local"
}

// tfPlan is terraform plan: providers read the infrastructure, with the
// variables and targets given; -out writes the plan.
func tfPlan(c *Call, fx *Effects) {
	tfEnv(c, fx)
	tfConfig(c, fx)
	tfProviders(c, fx)
	tfBackend(c, fx)
	fx.Network("", c.ValueArgs("-var|-target|-exclude|-replace|-invoke")...)
	if c.Has("-show-sensitive") {
		revealsSecret(fx, c.Name+" plan -show-sensitive")
	}
}

// tfFmt is terraform fmt. It reads only configuration files (.tf,
// .tfvars, .tftest.hcl).
func tfFmt(c *Call, fx *Effects) {
	tfEnv(c, fx)
	hclFmt(c, fx)
}

// hclFmt is the fmt of terraform and packer: it rewrites the files given
// (the folder's when none; with -recursive, the folders below too),
// unless -check or -write=false. As before the model, a -check=false or a
// -write=true anywhere makes it write.
func hclFmt(c *Call, fx *Effects) {
	checks, writes := false, false
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil || !o.Spec.Is("-check") && !o.Spec.Is("-write") {
			continue
		}
		on := true
		if o.HasValue {
			b, err := strconv.ParseBool(o.Value.Value)
			if err != nil {
				writes = true
				continue
			}
			on = b
		}
		if o.Spec.Is("-check") == on {
			checks = true
		} else {
			writes = true
		}
	}
	tree := c.Has("-recursive")
	args := c.Args()
	if len(args) == 0 {
		args = []shell.Arg{{Value: "."}}
	}
	for _, a := range args {
		switch {
		case a.Value == "-":
			// Standard input, printed formatted.
		case writes || !checks:
			fx.Add(Effect{Op: Write, Path: tfPath(c, a), Tree: tree, Why: c.Name + " fmt"})
		default:
			fx.Add(Effect{Op: Read, Path: tfPath(c, a), Tree: tree})
		}
	}
}

// tfChange is a command that changes infrastructure, state or the
// configuration (apply, destroy, import, refresh, taint, state mv,
// workspace select, login...).
func tfChange(c *Call, fx *Effects) {
	fx.Change(c.Name + " " + c.SubPath() + " changes infrastructure, state or settings")
}

// tfUnknownSub is a group with no subcommand given.
func tfUnknownSub(c *Call, fx *Effects) {
	fx.Unknown(c.Name + " " + c.SubPath() + " needs a subcommand")
}

// terragrunt runs terraform with a configuration (terragrunt.hcl) whose
// functions and hooks run commands (run_cmd, before_hook) while it is
// read, whatever the command; flags it does not know go to terraform. Only
// a lone --help or --version is known to run nothing else.
var terragruntProgram = &Program{Names: []string{"terragrunt"}, Node: Node{Opts: `
-h --help
-v --version
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	if len(c.Cmd.Args) == 2 && len(c.Opts) == 1 && c.Opts[0].Spec != nil {
		return
	}
	fx.Exec("", "", "terragrunt runs the commands its configuration names (run_cmd, hooks)")
}}}
