package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// az, the Azure CLI: az GROUP... VERB [parameters]. The verbs list, show,
// get and the like only read, unless the command names keys, secrets or
// credentials (storage account keys list, keyvault secret show, acr
// credential show, webapp config appsettings list). A parameter value of
// the form @PATH is the content of that file.
//
// Not modelled: what-if and validate of a .bicep template run the bicep
// compiler, which az installs under ~/.azure/bin when it is missing; az
// may offer to install an extension for a command it does not know.

var azProgram = &Program{Names: []string{"az"}, Node: Node{Opts: azOptions + `
--version          help
`, Effects: noCommand, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "find|version", Node: &Node{Opts: azOptions, Operands: true, Effects: func(c *Call, fx *Effects) {
			// az find asks a web service for examples of the words given.
			fx.Network("", c.Args()...)
		}}},
		{Name: "configure", Node: &Node{Opts: azOptions + `
-d --defaults=LIST        change
-l --list-defaults[=BOOL]
--scope=SCOPE
`, Effects: azConfigure}},
		{Name: "devops", Node: azDevops},
		{Name: "*", Node: azTree.node()},
	}
}}}

// azOptions are the options of every command.
const azOptions = `
--debug
-h --help                 help
--only-show-errors
-o --output=FORMAT
--query=JMESPATH
--verbose
--subscription=ID
-g --resource-group=GROUP
-n --name=NAME
`

var azTree = &verbTree{
	name: "az",
	opts: azOptions,
	reads: "list|show|get|exists|query|tail|logs|summarize|url|version|what-if|validate|" +
		"list-*|show-*|get-*|check-*",
	groups: []string{"pipelines build"},
	sent:   "--subscription|--resource-group|--name",
	read:   azRead,
	change: azTransfer,
}

// azTransfer records the local files of the upload and download commands
// (storage blob upload --file, download --file, upload-batch --source).
// Their parameters come after the verb, where group nodes list none: the
// words are read here.
func azTransfer(c *Call, fx *Effects, verb string) {
	up, down := strings.HasPrefix(verb, "upload"), strings.HasPrefix(verb, "download")
	if !up && !down {
		return
	}
	words := c.Cmd.Args[1:]
	for i := 0; i < len(words); i++ {
		name, val, attached := strings.Cut(words[i].Value, "=")
		switch name {
		case "--file", "-f", "--source", "-s", "--destination", "-d":
			f := shell.Arg{Value: val, Dynamic: words[i].Dynamic, Glob: words[i].Glob}
			if !attached {
				if i+1 == len(words) {
					continue
				}
				i++
				f = words[i]
			}
			if up {
				fx.Add(Effect{Op: Read, Path: f, Tree: strings.HasSuffix(verb, "batch")})
			} else {
				fx.Add(Effect{Op: Write, Path: f, Tree: strings.HasSuffix(verb, "batch"), Why: "az " + verb})
			}
		}
	}
}

// azDevops is the devops group, whose configure sets the CLI's defaults
// and git aliases.
var azDevops = &Node{Opts: azOptions, Effects: func(c *Call, fx *Effects) { azTree.groupEffects(c, fx) }, MakeSubs: func() []*Sub {
	return append([]*Sub{
		{Name: "configure", Node: &Node{Opts: azOptions + `
-d --defaults=LIST        change
-l --list
--use-git-aliases=BOOL    change   # writes aliases into the git configuration
`, Effects: azConfigure}},
	}, azTree.node().Subs...)
}}

// azConfigure is az configure and az devops configure: they print the
// defaults with --list, and otherwise ask for them on the terminal.
func azConfigure(c *Call, fx *Effects) {
	if !c.HasAny("--list-defaults|--list") && !c.HasAny("--defaults|--use-git-aliases") {
		fx.Change("az configure asks for settings on the terminal and writes them")
	}
}

// azRead adds what a read verb reads and reveals: files given as @PATH or
// as a template, and secrets.
func azRead(c *Call, fx *Effects, path []string) {
	fileParams(c, fx, "@")
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.Loose || !o.HasValue || strings.HasPrefix(o.Value.Value, "@") {
			continue
		}
		switch o.Typed {
		case "--template-file":
			fx.Read(o.Value)
		case "--parameters", "-p":
			// A file, or NAME=VALUE pairs, or JSON text.
			if v := o.Value.Value; !strings.Contains(v, "=") && !strings.HasPrefix(v, "{") {
				fx.Read(o.Value)
			}
		}
	}
	cmd := "az " + strings.Join(path, " ")
	for i, w := range path {
		if azSecretWord(path, i, w) {
			revealsSecret(fx, cmd)
			return
		}
	}
	// containerapp secret list --show-values prints the values.
	if looseGiven(c, "--show-values", 3) || looseGiven(c, "--show-secrets", len("--show-s")) {
		revealsSecret(fx, cmd+" --show-values")
	}
}

// azSecretWord reports a command word that reveals keys or secrets:
// storage account keys list, redis list-keys, acr credential show,
// keyvault secret show, webapp config appsettings list. Key Vault keys and
// SSH keys are public material, and secret metadata (keyvault secret list,
// list-versions) reveals no value. Database show-connection-string prints a
// template with placeholders.
func azSecretWord(path []string, i int, w string) bool {
	verb := path[len(path)-1]
	switch {
	case w == "keyvault" || w == "sshkey":
		return false
	case w == "key" && i > 0 && path[i-1] == "keyvault":
		return false
	case w == "secret":
		return !strings.HasPrefix(verb, "list") && verb != "get-versions"
	case strings.Contains(w, "connection-string"):
		switch path[0] {
		case "sql", "postgres", "mysql", "mariadb":
			return false
		}
		return true
	case path[0] == "iot" && strings.Contains(w, "policy"):
		// IoT Hub shared access policies carry their keys.
		return true
	case w == "auth" || w == "backup" && (path[0] == "webapp" || path[0] == "functionapp"):
		// Authentication settings may hold a client secret; backup
		// settings a storage SAS URL.
		return true
	}
	return strings.Contains(w, "key") || strings.Contains(w, "secret") || secretWord(w)
}
