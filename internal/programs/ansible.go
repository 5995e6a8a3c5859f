package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// ansible and its tools. ansible and ansible-playbook run modules on the
// inventory's hosts; they only read with --list-hosts, and
// ansible-playbook with --syntax-check or a --list-* option, which stop
// before any play runs. Check mode (-C) is not enough: modules without
// check-mode support are skipped, but debug, slurp and tasks marked
// check_mode: false still run, and reveal variables and files.
// ansible-pull clones a repository and runs its playbook; ansible-vault
// handles encrypted files.
//
// Code they run: every one of them reads ansible.cfg from the current
// folder, and the inventory (the one -i names, or the configured one) is
// parsed by inventory plugins: an executable inventory file is run, and
// the constructed plugin evaluates Jinja expressions, whose lookups can
// run commands. ansible-doc imports documentation fragments from the
// configured plugin paths, and ansible-lint loads the rules the project's
// configuration names and installs requirements.yml. ansible-inventory
// therefore runs code; the other listings are allowed as they were before
// the model.

// ansibleCommon are the options of every tool.
const ansibleCommon = `
-h --help                  help
--version                  help
-v --verbose
`

// ansibleVaultOptions are the options that give the vault password.
const ansibleVaultOptions = `
--vault-id=ID                                 unknown  # a password file, run when it is executable, or a prompt
--ask-vault-password --ask-vault-pass
--vault-password-file --vault-pass-file=FILE  unknown  # read, or run when it is executable
`

// ansibleRunOptions are the options of the tools that run tasks.
const ansibleRunOptions = ansibleCommon + ansibleVaultOptions + ansibleConnectOptions + `
-f --forks=N
-C --check
-D --diff
`

// ansibleConnectOptions choose the inventory, and how to reach and become
// users on its hosts.
const ansibleConnectOptions = `
-i --inventory --inventory-file=INVENTORY
-l --limit=SUBSET
--list-hosts
-e --extra-vars=VARS
-M --module-path=PATH      read
-b --become
--become-method=METHOD
--become-user=USER
-K --ask-become-pass
--become-password-file --become-pass-file=FILE        read
-k --ask-pass
--connection-password-file --conn-pass-file=FILE      read
--private-key --key-file=FILE                         read
--scp-extra-args=ARGS      exec
--sftp-extra-args=ARGS     exec
--ssh-common-args=ARGS     exec   # ProxyCommand and the like
--ssh-extra-args=ARGS      exec
-T --timeout=SECONDS
-c --connection=TYPE
-u --user=USER
`

var ansibleProgram = &Program{Names: []string{"ansible", "ansible-console"}, Start: ansibleStart, Node: Node{Opts: ansibleRunOptions + `
--playbook-dir=DIR
--task-timeout=SECONDS
-B --background=SECONDS
-P --poll=SECONDS
-o --one-line
-t --tree=DIR              write
-a --args=ARGS
-m --module-name=MODULE
--step
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	ansibleInventory(c, fx)
	if !c.Has("--list-hosts") {
		fx.Exec("", "", c.Name+" runs modules on the inventory's hosts")
	}
}}}

var ansiblePlaybookProgram = &Program{Names: []string{"ansible-playbook"}, Start: ansibleStart, Node: Node{Opts: ansibleRunOptions + `
--flush-cache
--force-handlers
--list-tags
--list-tasks
--skip-tags=TAGS
--start-at-task=TASK
--step
--syntax-check
-t --tags=TAGS
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	ansibleInventory(c, fx)
	readOperands(c, fx)
	if !c.HasAny("--syntax-check|--list-hosts|--list-tasks|--list-tags") {
		fx.Exec("", "", "ansible-playbook runs the playbook's tasks")
	}
}}}

var ansiblePullProgram = &Program{Names: []string{"ansible-pull"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon +
	ansibleVaultOptions + ansibleConnectOptions + `
--accept-host-key          change
--check
--clean
--diff
--full
--purge
--skip-tags=TAGS
--track-subs
--verify-commit
-C --checkout=REF
-U --url=URL
-d --directory=DIR         write
--force
-m --module-name=MODULE
-o --only-if-changed
-s --sleep=SECONDS
-t --tags=TAGS
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	fx.Exec("", "", "ansible-pull clones a repository and runs its playbook")
}}}

var ansibleInventoryProgram = &Program{Names: []string{"ansible-inventory"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon +
	ansibleVaultOptions + `
-i --inventory --inventory-file=INVENTORY
-l --limit=SUBSET
-e --extra-vars=VARS
--playbook-dir=DIR
--export
--output=FILE              write
--toml
--vars
-y --yaml
--graph
--host=HOST
--list
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	ansibleInventory(c, fx)
	if !c.HasAny("--list|--host|--graph") {
		fx.Unknown("ansible-inventory needs --list, --host or --graph")
	}
	// Loading the inventory runs it when the file is executable (the
	// script plugin comes before ini and yaml), and the configured one
	// comes from ./ansible.cfg: listing it may run project code.
	fx.Exec("", "", "ansible-inventory runs an executable inventory file, the one -i names or ./ansible.cfg configures")
}}}

var ansibleDocProgram = &Program{Names: []string{"ansible-doc"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon + `
--metadata-dump
--no-fail-on-errors
--playbook-dir=DIR
-F --list_files
-M --module-path=PATH      read
-e --entry-point=NAME
-j --json
-l --list
-r --roles-path=PATH       read
-s --snippet
-t --type=TYPE
`, Operands: true, Effects: printsOnly}}

var ansibleConfigProgram = &Program{Names: []string{"ansible-config"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon,
	Effects: noCommand, Subs: []*Sub{
		{Name: "list|dump|view|init|validate", Node: &Node{Opts: ansibleCommon + `
-c --config=FILE           read
-t --type=TYPE
--only-changed --changed-only
-f --format=FORMAT
--disabled
`, Operands: true, Effects: printsOnly}},
	}}}

var ansibleGalaxyProgram = &Program{Names: []string{"ansible-galaxy"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon,
	Effects: noCommand, MakeSubs: func() []*Sub {
		return []*Sub{
			{Name: "role|collection", Node: &Node{Opts: ansibleCommon, Effects: noCommand, Subs: ansibleGalaxyCommands}},
			ansibleGalaxyCommands[0], ansibleGalaxyCommands[1],
		}
	}}}

// ansibleGalaxyCommands are the commands of ansible-galaxy role and
// collection (role when the type is left out): list, search, info and
// verify only read.
var ansibleGalaxyCommands = []*Sub{
	{Name: "list|search|info|verify", Node: &Node{Opts: ansibleCommon + `
-s --server=URL            net
--token --api-key=KEY
-c --ignore-certs
--timeout=SECONDS
-p --roles-path --collections-path=PATH
--format=FORMAT
--offline
--platforms=PLATFORMS
--galaxy-tags=TAGS
--author=AUTHOR
-i --ignore-errors
-r --requirements-file=FILE                read
--keyring=FILE                             read
--signature=SIGNATURE
--required-valid-signature-count=N
--ignore-signature-status-code=CODE
`, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Network("", append(c.Args(), c.ValueArgs("--token|--server")...)...)
	}}},
	{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Change("ansible-galaxy " + c.SubPath() + " installs, removes, creates, publishes or imports roles and collections")
	}}},
}

var ansibleLintProgram = &Program{Names: []string{"ansible-lint"}, Start: ansibleLintStart, Node: Node{Opts: `
-h --help                  help
--version                  help
-P --list-profiles
-L --list-rules
-T --list-tags
-f --format=FORMAT
--sarif-file=FILE          write
-q
--profile=PROFILE
-p --parseable
--progressive              unknown  # checks out the previous commit with git
--project-dir=DIR
-r --rules-dir=DIR         code
-R
-s --strict
--write[=RULES]            write
--fix[=RULES]              write
--show-relpath
-t --tags=TAGS
-v
-x --skip-list=RULES
--generate-ignore          change   # writes .ansible-lint-ignore
-w --warn-list=RULES
--enable-list=RULES
--nocolor
--force-color
--exclude=PATH
-c --config-file=FILE      read
--offline
`, Operands: true, Effects: func(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		fx.ReadTree(shell.Arg{Value: "."}, true)
		return
	}
	readOperands(c, fx)
}}}

var ansibleTestProgram = &Program{Names: []string{"ansible-test"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon, Effects: noCommand,
	Subs: []*Sub{
		{Name: "env", Node: &Node{Opts: ansibleCommon + `
-e --explain
--color[=WHEN]
--debug
--truncate=COLUMNS
--no-redact                unknown  # shows sensitive values
--show
--dump                     change   # writes the environment to disk
--list-files
--timeout=MINUTES          change   # writes a timeout file for later commands
`, Effects: printsOnly}},
		{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Exec("", "", "ansible-test "+c.Sub()+" runs the collection's tests or a shell")
		}}},
	}}}

var ansibleVaultProgram = &Program{Names: []string{"ansible-vault"}, Start: ansibleStart, Node: Node{Opts: ansibleCommon, Effects: noCommand,
	Subs: []*Sub{
		{Name: "view", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			revealsSecret(fx, "ansible-vault view (the decrypted file)")
		}}},
		{Name: "decrypt", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			revealsSecret(fx, "ansible-vault decrypt (the decrypted file, in place or to --output)")
		}}},
		{Name: "*", Node: &Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			fx.Change("ansible-vault " + c.Sub() + " encrypts, edits or re-keys vault data")
		}}},
	}}}

// ansibleStart is what every ansible tool does when it starts: it makes
// its folder of temporary files under ~/.ansible (ANSIBLE_HOME,
// ANSIBLE_LOCAL_TEMP); its Python finds libraries with ldconfig, asks the
// uuidd daemon (or libuuid's clock file) for time-based UUIDs, and makes
// the semaphores of its worker processes in /dev/shm. ansible-console
// keeps a history of its commands.
func ansibleStart(c *Call, fx *Effects) {
	fx.Cred(argOf("~/.netrc"), "ansible-galaxy authenticates to its server with ~/.netrc")
	fx.Cache(assignedOr(c, "~/.ansible", "ANSIBLE_HOME"), "ansible's temporary files and caches")
	if v := assignedOr(c, "", "ANSIBLE_LOCAL_TEMP"); v.Value != "" {
		fx.Cache(v, "ansible's temporary files")
	}
	fx.Helper("ldconfig", "Python looks for libraries")
	fx.Network("/run/uuidd/request")
	fx.Cache(shell.Arg{Value: "/var/lib/libuuid/clock.txt"}, "libuuid's clock")
	fx.Cache(shell.Arg{Value: "/dev/shm/sem"}, "the semaphores of Python's worker processes")
	if c.Name == "ansible-console" {
		fx.Cache(shell.Arg{Value: "~/.ansible-console_history"}, "ansible-console's history")
	}
}

// ansibleLintStart adds, to what every ansible tool does, what
// ansible-lint does before it lints: it asks ansible and ansible-config
// about the installation and git about the project, installs what
// requirements.yml names into ~/.cache/ansible-compat (from Galaxy: a
// download) and refreshes its schemas, unless --offline; its formatter
// (black) keeps a cache in ~/.cache too.
func ansibleLintStart(c *Call, fx *Effects) {
	ansibleStart(c, fx)
	for _, h := range []string{"ansible", "ansible-config", "ansible-galaxy", "git"} {
		fx.Helper(h, "ansible-lint prepares its environment")
	}
	fx.Cache(shell.Arg{Value: "~/.cache"}, "the user's cache folder, made when missing: ansible-compat "+
		"(the collections and roles ansible-lint installs) and black (its formatter's cache)")
	if !c.Has("--offline") {
		fx.Network("galaxy.ansible.com")
	}
}

// ansibleInventory records what the tools that load the inventory read:
// the inventory files (-i; a value with a comma is a list of hosts) and
// the variable files (-e @FILE).
func ansibleInventory(c *Call, fx *Effects) {
	for _, a := range c.ValueArgs("-i") {
		if !strings.Contains(a.Value, ",") {
			fx.Read(a)
			// An inventory file that is executable is run (the script
			// plugin comes before ini and yaml): whether it is cannot be
			// told here, so an inventory file that is there may run.
			if a.Dynamic {
				fx.Exec("", "", "the inventory is named at run time, and an executable one runs")
			} else {
				fx.Add(Effect{Op: Exec, IfPresent: a.Value, Why: "an executable inventory file runs (" + a.Value + ")"})
			}
		}
	}
	// ./ansible.cfg names the inventory and the plugin folders, whose
	// Python is imported.
	fx.Add(Effect{Op: Exec, IfPresent: "ansible.cfg", Why: "./ansible.cfg names the inventory and plugins that run"})
	fileParams(c, fx, "@")
}
