package programs

import (
	"os"
	"strings"
)

// The shells run code given with -c, a script file, or their standard
// input. The analysis reads -c strings, here-documents and scripts written
// earlier in the same command, and judges their commands on their own
// (Runs). A login shell (-l) runs the user's own profile, the files every
// terminal they open runs, as the harness's own shell does: the policy
// denies writing them (LoginFiles), so what they run is the user's
// choice, not the agent's. An interactive shell (-i) or an rc file runs
// startup code nobody sees here.

const shellOpts = `
-c
-s
-l --login
-i         unknown
-e
-u
-x
-v
-n
-f
-h
-m
-a
-b
-k
-p
-t
-B
-C
-E
-H
-P
-T
-r --restricted
-o=OPTION
-O=OPTION
--norc
--noprofile
--posix
--noediting
--rcfile --init-file=FILE  code
--debugger                 unknown
--dump-strings
--dump-po-strings
--pretty-print
--verbose
--help     help
--version  help
`

var shellProgram = &Program{Names: []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "rbash"},
	Node: Node{POSIX: true, Plus: true, Opts: shellOpts, Effects: shellEffects}}

// shellEffects are the effects of a POSIX shell (and fish): the code it
// runs, which the analysis reads when it can.
func shellEffects(c *Call, fx *Effects) {
	switch {
	case !c.Has("-l"):
	case ownProfile(c):
		// The user's own profile runs what the user put there (Debian's
		// /etc/profile runs id -u), as in every shell they open.
		fx.Helper(LoginProfile, c.Name+" -l runs the user's login profile")
	default:
		// A login shell runs the profile scripts, which run
		// programs of their own.
		fx.Exec("sh", "", c.Name+" -l runs the login profile")
	}
	switch {
	case noexec(c) && !c.Has("-c"):
		// -n reads the commands without running them.
		for _, a := range c.Args() {
			fx.Read(a)
		}
	case c.Cmd.RunsInput:
		fx.Exec("sh", "", c.Name+" runs code nobody can see beforehand")
	case c.Cmd.Runs:
		fx.Found(c.Name + " runs the code the analysis read")
		shellScript(c, fx)
	case len(c.Args()) == 0 && !c.Has("-c"):
		fx.Exec("sh", "", c.Name+" runs the commands on its standard input")
	default:
		fx.Exec("sh", "", c.Name+" runs code the analysis could not read")
		shellScript(c, fx)
	}
}

// LoginFiles are the files a login shell of bash, sh (dash, or bash as
// sh) or zsh runs, at start and at exit, with ~ for the home folder. The
// policy must deny writing each of them (a test holds it to that): a
// login shell of those is then judged by the code it is given.
var LoginFiles = []string{"/etc/profile", "/etc/profile.d/x.sh", "/etc/bash.bashrc", "/etc/bash.bash_logout",
	"~/.bash_profile", "~/.bash_login", "~/.profile", "~/.bashrc", "~/.bash_logout",
	"/etc/zsh/zshenv", "/etc/zsh/zprofile", "/etc/zsh/zshrc", "/etc/zsh/zlogin", "/etc/zsh/zlogout",
	"/etc/zshenv", "/etc/zprofile", "/etc/zshrc", "/etc/zlogin", "/etc/zlogout",
	"~/.zshenv", "~/.zprofile", "~/.zshrc", "~/.zlogin", "~/.zlogout"}

// LoginProfile stands, as the program of a Helper effect, for the
// programs the LoginFiles run: what the user's profile runs is theirs.
const LoginProfile = "login profile"

// loginEnv are the variables that move a login shell's startup files
// elsewhere or add one: set in the call, the files are not LoginFiles.
var loginEnv = []string{"HOME", "BASH_ENV", "ENV", "ZDOTDIR"}

// ownProfile reports whether a login shell reads only LoginFiles: the
// shell is one whose files the list names, the call moves none of them
// (loginEnv), and zsh finds its files in the home folder, not in a
// ZDOTDIR of the user's environment.
func ownProfile(c *Call) bool {
	switch c.Name {
	case "bash", "sh", "dash":
	case "zsh":
		if d := os.Getenv("ZDOTDIR"); d != "" && d != os.Getenv("HOME") {
			return false
		}
	default:
		// ksh, mksh, yash read files of their own (~/.yash_profile).
		return false
	}
	for _, a := range c.Cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		for _, v := range loginEnv {
			if name == v {
				return false
			}
		}
	}
	return true
}

// shellScript records the script a shell runs, the first operand when no
// -c gives the code.
func shellScript(c *Call, fx *Effects) {
	if args := c.Args(); len(args) > 0 && !c.Has("-c") && !c.Has("-s") {
		fx.Source(args[0])
	}
}

// noexec reports whether the shell only reads its commands once all its
// options are read: -n or -o noexec (zsh's no_exec, or +o exec) turn it
// on, +n, +o noexec (zsh's -o exec) turn it off again, the last winning.
// fish's --no-execute has no off form.
func noexec(c *Call) bool {
	on := false
	for i := range c.Opts {
		o := &c.Opts[i]
		switch {
		case o.Spec == nil:
		case o.Spec.Is("-n") || o.Spec.Is("--no-execute"):
			on = !o.Off
		case o.Spec.Is("-o") && o.HasValue && o.Value.Dynamic:
			// A name known only at run time may be exec: the shell may
			// run what it reads.
			on = false
		case o.Spec.Is("-o") && o.HasValue:
			// zsh reads option names in any case, with underscores
			// anywhere.
			switch strings.ToLower(strings.ReplaceAll(o.Value.Value, "_", "")) {
			case "noexec":
				on = !o.Off
			case "exec":
				on = o.Off
			}
		}
	}
	return on
}

var fishProgram = &Program{Names: []string{"fish"}, Node: Node{POSIX: true, Opts: `
-c --command=COMMANDS
-C --init-command=COMMANDS  code
-d --debug=CATEGORIES
-o --debug-output=PATH      write
-f --features=FEATURES
-i --interactive            unknown
-l --login
-N --no-config
-n --no-execute
-p --profile=PATH           write
--profile-startup=PATH      write
-P --private
--print-rusage-self
--print-debug-categories
-h --help                   help
-v --version                help
`, Effects: shellEffects}}
