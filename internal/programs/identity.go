package programs

import "github.com/agentgov/governance/internal/shell"

// Who am I and who is logged in: whoami, id, groups, logname and tty
// print facts about the calling process; users, who and w read the login
// records in utmp, last those in wtmp. The tables hold the GNU
// (coreutils, procps, util-linux) options and the BSD ones of macOS.

var (
	utmpFile = shell.Arg{Value: "/var/run/utmp"}
	wtmpFile = shell.Arg{Value: "/var/log/wtmp"}
)

var whoamiProgram = &Program{Names: []string{"whoami"}, Node: Node{Opts: gnuHelp, Effects: printsOnly}}

var lognameProgram = &Program{Names: []string{"logname"}, Node: Node{Opts: gnuHelp, Effects: printsOnly}}

// groups and id name users in their operands: names, not files.
var groupsProgram = &Program{Names: []string{"groups"}, Node: Node{Opts: gnuHelp, Effects: printsOnly}}

var idProgram = &Program{Names: []string{"id"}, Node: Node{Opts: `
-a
-A                 # macOS: the process's audit user ID
-F                 # macOS: the full name
-g --group
-G --groups
-n --name
-p                 # macOS: human-readable
-P                 # macOS: as a password file entry
-r --real
-u --user
-Z --context
-z --zero
` + gnuHelp, Effects: printsOnly}}

var ttyProgram = &Program{Names: []string{"tty"}, Node: Node{Opts: `
-s --silent --quiet
` + gnuHelp, Effects: printsOnly}}

// users reads the login records of utmp, or of the file it is given.
var usersProgram = &Program{Names: []string{"users"}, Node: Node{Opts: gnuHelp, Effects: func(c *Call, fx *Effects) {
	loginRecords(c, fx, utmpFile)
}}}

// who reads utmp, or the file of its one operand; two operands (who am
// i) are words, not files.
var whoProgram = &Program{Names: []string{"who"}, Node: Node{Opts: `
-a --all
-b --boot
-d --dead
-H --heading
--ips
-l --login
--lookup           # canonicalizes the recorded host names through DNS
-m
-p --process
-q --count
-r --runlevel
-s --short
-t --time
-T -w --mesg --message --writable
-u --users
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	switch args := c.Args(); len(args) {
	case 0:
		fx.Read(utmpFile)
	case 1:
		fx.Read(args[0])
	}
	if c.Has("--lookup") {
		// Reverse lookups of the recorded hosts: nothing of the
		// command's own goes out.
		fx.Network("")
	}
}}}

// w shows who is logged in and what they run; its operand is a user
// name. macOS's -M and -N name a kernel core and system image to read.
var wProgram = &Program{Names: []string{"w"}, Node: Node{Opts: `
-h --no-header
-u --no-current
-s --short
-f --from
-o --old-style
-i --ip-addr
-p --pids
-c --container
-t --terminal
-d                 # macOS: the whole process list per terminal
-n                 # macOS: numeric addresses
-M=CORE    read    # macOS
-N=SYSTEM  read    # macOS
-V --version help
--help       help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	fx.Read(utmpFile)
}}}

// last reads the login history in wtmp (or the files of -f) and prints
// it; its operands are user names and terminals. macOS's -h takes a host
// name, util-linux's prints help: the model reads it as a flag, so that
// the rest of the command line is still seen.
var lastProgram = &Program{Names: []string{"last"}, Digits: true, Node: Node{Opts: `
-a --hostlast
-d --dns           # reverse lookups of the recorded addresses
-f --file=FILE   read
-F --fulltimes
-h
-i --ip
-n --limit=NUMBER
-p --present=TIME
-R --nohostname
-s --since=TIME
-t --until=TIME
--time-format=FORMAT
-w --fullnames
-x --system
--help            help
-V --version      help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	if !c.Has("-f") {
		fx.Read(wtmpFile)
	}
	if c.Has("-d") {
		fx.Network("")
	}
}}}

// loginRecords records the read of the login records file: the operand
// when there is one, else def.
func loginRecords(c *Call, fx *Effects, def shell.Arg) {
	if args := c.Args(); len(args) > 0 {
		for _, a := range args {
			fx.Read(a)
		}
		return
	}
	fx.Read(def)
}
