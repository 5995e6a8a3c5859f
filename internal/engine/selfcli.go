package engine

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// The governance CLI, run by an agent, only reads or asks. A call that
// runs it (by its name or by its identity, through any wrapper or
// interpreter) is let through only when it is one of the forms proven
// read-only below, or governance run, the broker through which an agent
// asks a person; everything else is denied, so a subcommand added later
// is denied until it is listed here. Variables and flags that move the
// folders governance reads its policy and state from are denied in every
// form: a read-only command pointed at a policy the agent wrote gives the
// answer the agent wants, and governance run under it runs what that
// policy allows. governance-hook, run by an agent with the input it
// chose, writes state and is denied.

// readOnlySubcommands are the subcommands that only read, whatever their
// arguments (the options that write are in writingFlags).
var readOnlySubcommands = []string{
	"status", "check", "explain", "version", "lint", "doctor", "help",
	"validate", "completion",
}

// readOnlyListings are the read-only subcommands of the groups whose other
// subcommands write.
var readOnlyListings = []string{
	"approvals list", "approvals show", "review list", "learn propose",
	"projects list", "anchor list", "plugins list",
}

// writingFlags turn a read-only form into one that writes.
var writingFlags = []string{"--repair", "--write", "--always", "--confirm", "--modify", "--retire", "--fix"}

// movingFlags choose the folder whose configuration governance reads
// (the project of --dir and --cwd, a file of --config, a socket).
var movingFlags = []string{"--dir", "--cwd", "--config", "--project", "--socket", "--hook"}

// movesFolders reports an environment variable that moves a folder
// governance or a harness reads its configuration or state from: HOME,
// the XDG base folders, governance's own variables, the harnesses'
// homes. TMPDIR moves where state files are staged.
func movesFolders(name string) bool {
	switch name {
	case "HOME", "USERPROFILE", "TMPDIR", "CODEX_HOME", "COPILOT_HOME", "CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME", "CLAUDE_PROJECT_DIR":
		return true
	}
	return strings.HasPrefix(name, "XDG_") || strings.HasPrefix(name, "GOVERNANCE_")
}

// movedFolders returns the first variable among assigns ("NAME=value", or
// "?=NAME" for one only known at run time) that moves governance's
// folders, or "".
func movedFolders(assigns []string) string {
	for _, a := range assigns {
		name, val, _ := strings.Cut(a, "=")
		if name == "?" {
			name = val
		}
		if name == "?" || name == "" || movesFolders(name) {
			if name == "" || name == "?" {
				return "a variable only known at run time"
			}
			return name
		}
	}
	return ""
}

// shellMovesFolders returns a variable that a command of the call sets in
// the shell (an assignment, export, declare, unset) and that moves
// governance's folders for the commands after it, or "".
func shellMovesFolders(cmds []*shell.Command) string {
	for _, c := range cmds {
		if len(c.Args) == 0 {
			if v := movedFolders(c.Assigns); v != "" {
				return v
			}
			continue
		}
		switch c.Name {
		case "export", "declare", "typeset", "readonly", "local", "unset", "set":
		default:
			continue
		}
		for _, a := range c.Args[1:] {
			if a.Dynamic {
				if c.Name != "set" {
					return "a variable only known at run time"
				}
				continue
			}
			name, _, _ := strings.Cut(a.Value, "=")
			if movesFolders(name) {
				return name
			}
		}
	}
	return ""
}

// clearsEnv reports a command that env runs with variables removed (env
// -i, env -u NAME, env -): HOME or XDG_CONFIG_HOME may be gone, and with
// them the user's policy. The wrapper's options are read from the
// command's text, up to the program.
func clearsEnv(c *shell.Command) bool {
	if !slices.Contains(c.Wrappers, "env") || len(c.Args) == 0 {
		return false
	}
	for _, f := range strings.Fields(c.Text) {
		switch {
		case f == c.Args[0].Value:
			return false
		case f == "-" || f == "--ignore-environment" || strings.HasPrefix(f, "--unset") || strings.HasPrefix(f, "--ignore"):
			return true
		case len(f) > 1 && f[0] == '-' && f[1] != '-' && strings.ContainsAny(f[1:], "iu"):
			return true
		}
	}
	return false
}

// cliForm is what a governance command line does, as the allow-list reads
// it.
type cliForm struct {
	// sub is the subcommand ("" for governance --help), and sub2 the
	// word after it.
	sub, sub2 string
	// readOnly reports a form proven to only read; broker reports
	// governance run.
	readOnly, broker bool
	// moving is a flag that moves governance's folders, as typed.
	moving string
}

// readCLI reads a governance command line (args after the program).
func readCLI(args []shell.Arg) cliForm {
	var f cliForm
	i := 0
	help := false
	// Options before the subcommand: only help and the version.
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return f
		}
		switch a.Value {
		case "-h", "--help", "--version":
			help = true
			continue
		}
		if name, _, _ := strings.Cut(a.Value, "="); anyString(movingFlags, name) {
			f.moving = a.Value
			return f
		}
		if strings.HasPrefix(a.Value, "-") {
			return f
		}
		break
	}
	if i == len(args) {
		// governance alone prints its help.
		f.readOnly = help || len(args) == 0
		return f
	}
	f.sub = args[i].Value
	rest := args[i+1:]
	if len(rest) > 0 && !rest[0].Dynamic {
		f.sub2 = rest[0].Value
	}
	writes, list := false, false
	for _, a := range rest {
		if a.Dynamic {
			// An option only known at run time may be any option.
			writes = true
			continue
		}
		v := a.Value
		if v == "--" {
			break
		}
		name, _, _ := strings.Cut(v, "=")
		switch {
		case v == "-h" || v == "--help":
			help = true
		case v == "--list":
			list = true
		case anyString(movingFlags, name):
			f.moving = v
		case anyString(writingFlags, name):
			writes = true
		}
	}
	switch {
	case f.sub == "run":
		f.broker = true
	case writes:
	case help:
		f.readOnly = true
	case f.sub == "phase":
		f.readOnly = len(rest) == 0
	case f.sub == "review":
		// Without --list, review asks what to do with each item when its
		// input is a terminal (one unbuffer or script can give it).
		f.readOnly = list
	case slices.Contains(readOnlySubcommands, f.sub):
		f.readOnly = true
	default:
		f.readOnly = slices.Contains(readOnlyListings, f.sub+" "+f.sub2)
	}
	return f
}

func anyString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cliWords are the words that select what the governance CLI does: its
// subcommands (TestCLIWords checks them against the CLI). Run with none of
// them among its words (nor one computed at run time), a copy of it only
// prints its usage or fails.
var cliWords = []string{
	"anchor", "approvals", "audit", "audit-rules", "bundle", "check", "compile",
	"completion", "daemon", "doctor", "explain", "gatekeeper", "help", "hook",
	"import", "init", "install", "learn", "lint", "man", "mcp-proxy",
	"notify", "phase", "plugins", "projects", "purge", "restore", "review", "run",
	"status", "test", "trust", "uninstall", "untrust", "validate", "version",
}

// hookDialects are the dialects governance-hook answers (TestCLIWords
// checks them against the hook); with no word it answers Claude Code's.
var hookDialects = []string{"claude", "codex", "gemini", "cursor", "copilot", "opencode"}

// governanceCLI denies an agent's call of the governance CLI that is not
// proven read-only or the broker, and every call of governance-hook.
//
// A program run by another name is looked for among governance's
// binaries (along PATH, by size and a hash) only when the call would be
// denied were it governance: that costs file system work on every
// command, and most are read-only forms or name no subcommand.
func (ev *evaluation) governanceCLI(s *subject) Verdict {
	cl := s.cl
	which := ""
	switch {
	case strings.EqualFold(cl.name, "governance"):
		// In any case: names of files ignore it on some systems.
		which = "governance"
	case strings.EqualFold(cl.name, "governance-hook"):
		which = "governance-hook"
	default:
		args := cl.cmd.Args
		hookInput := len(args) == 1 || args[1].Dynamic || slices.Contains(hookDialects, args[1].Value)
		if !hookInput && ev.asCLI(s).Outcome == NoOpinion {
			return Verdict{}
		}
		if which = ev.governanceProgram(cl); which == "" {
			return Verdict{}
		}
	}
	if which == "governance-hook" {
		return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.display,
			Message:    "`" + s.display + "` runs governance-hook, which answers the harness's hook events and writes governance's state; an agent may not feed it input of its own.",
			Suggestion: "Let the harness run the hook; to see how a call would be decided, run `governance check -- CMD`."}
	}
	return ev.asCLI(s)
}

// asCLI is the verdict on a command run as the governance CLI.
func (ev *evaluation) asCLI(s *subject) Verdict {
	cl := s.cl
	if !strings.EqualFold(cl.name, "governance") && !namesCLIWord(cl.cmd.Args[1:]) {
		return Verdict{}
	}
	deny := func(rule, msg, sug string) Verdict {
		return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: rule, Subject: s.display, Message: msg, Suggestion: sug}
	}
	if cl.cmd.Privileged {
		return deny("self-protection", "`"+s.display+"` runs governance as another user (through "+strings.Join(cl.cmd.Wrappers, ", ")+"), whose home and folders hold another policy and state; an agent may not run governance under another user's configuration.",
			"Run governance as yourself, without sudo.")
	}
	if clearsEnv(cl.cmd) {
		return deny("self-protection", "`"+s.display+"` runs governance through env with variables removed (env -i, env -u, env -), which moves or drops the folders it reads its policy and state from; an agent may not point governance at other folders.",
			"Run governance without env's -i, -u or -.")
	}
	if v := movedFolders(cl.cmd.Assigns); v != "" {
		return deny("self-protection", "`"+s.display+"` runs governance with "+v+" set, which moves the folders it reads its policy and state from; an agent may not point governance at other folders.",
			"Run governance without changing "+v+"; ask the user if another configuration should apply.")
	}
	if v := ev.movedFolders; v != "" {
		return deny("self-protection", "This call sets "+v+" in the shell and then runs governance, which reads its policy and state from folders that variable moves; an agent may not point governance at other folders.",
			"Run governance in a call of its own, without changing "+v+".")
	}
	f := readCLI(cl.cmd.Args[1:])
	switch {
	case f.moving != "":
		return deny("self-protection", "`"+s.display+"` gives governance "+f.moving+", which points it at another project's or file's policy; an agent may not choose the policy that judges it.",
			"Run governance from the project's folder without "+strings.SplitN(f.moving, "=", 2)[0]+".")
	case f.broker, f.readOnly:
		return Verdict{}
	}
	shown := "governance " + f.sub
	if f.sub == "" {
		shown = s.display
	}
	return deny("never-exposed-to-ai", "`"+shown+"` is reserved for humans: "+cliChanges(f.sub)+" is never done by an AI agent; an agent may run only governance's read-only commands (status, check, explain, lint, doctor, version, the listings) and governance run.",
		"Tell the user what you need; only a human may run "+shown+". To ask for a command a person must approve, use `governance run -- CMD`.")
}

// namesCLIWord reports words among which one selects what the CLI does,
// or may (a word computed at run time).
func namesCLIWord(args []shell.Arg) bool {
	for _, a := range args {
		if a.Dynamic || slices.Contains(cliWords, a.Value) {
			return true
		}
	}
	return false
}

// cliChanges says what a governance subcommand changes, for messages.
func cliChanges(sub string) string {
	switch sub {
	case "approvals":
		return "answering approvals"
	case "review":
		return "confirming reviews"
	case "learn":
		return "promoting learned policy"
	case "install", "uninstall":
		return "changing hook settings"
	case "init":
		return "writing the governance configuration"
	case "compile":
		return "compiling the policy governance enforces"
	case "enforce":
		return "switching enforcement"
	case "projects":
		return "changing the project registry"
	case "import":
		return "writing rules"
	case "anchor":
		return "pinning context for every session"
	case "phase":
		return "setting the project's phase"
	case "purge":
		return "archiving runtime state"
	case "plugins":
		return "trusting or running plugins"
	case "trust", "untrust":
		return "trusting a project's policy"
	case "hook":
		return "answering hook events"
	case "gatekeeper":
		return "calling the gatekeeper's model"
	case "validate":
		return "repairing the brain's files"
	case "daemon":
		return "running the approvals page (its address carries the token that answers approvals)"
	case "bundle":
		return "building, publishing or activating the team's policy bundle"
	case "audit", "audit-rules":
		return "reading or shipping the decision log"
	case "mcp-proxy":
		return "fronting MCP servers"
	}
	return "a command not known to only read"
}
