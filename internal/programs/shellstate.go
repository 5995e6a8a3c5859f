package programs

import "strings"

// hash, umask and ulimit are shell builtins (macOS also has programs of
// those names that run the builtin) that print the shell's own state, or
// set it for the commands that follow: hash -p (and zsh's hash
// name=path) makes a name run another program, umask MODE weakens or
// tightens the mode of every file created later, ulimit N sets a
// resource limit.

// hash prints the programs the shell remembers; -r and -d forget them
// and a name is looked up in PATH, which only spares a later search.
var hashProgram = &Program{Names: []string{"hash"}, Node: Node{Opts: `
-d
-f                 # zsh: fill the table from PATH
-L                 # zsh: print as hash commands
-l
-m                 # zsh: names matching patterns
-p=PATHNAME   change
-r
-t
-v                 # zsh: verbose
`, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Dynamic || strings.Contains(a.Value, "=") {
			fx.Change("hash " + a.Value + " makes a name run a program of its choosing")
		}
	}
}}}

// umask prints the file-creation mask; with a mode it sets it.
var umaskProgram = &Program{Names: []string{"umask"}, Node: Node{Opts: `
-p
-S
`, Effects: func(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		fx.Change("umask sets the mode of the files the shell creates later")
	}
}}}

// ulimit prints the shell's resource limits; with a value (ulimit -n
// 4096, ulimit unlimited) it sets one.
var ulimitProgram = &Program{Names: []string{"ulimit"}, Node: Node{Opts: `
-a
-b
-c
-d
-e
-f
-H
-i
-k
-l
-m
-n
-P
-p
-q
-R
-r
-S
-s
-T
-t
-u
-v
-x
`, Effects: func(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		fx.Change("ulimit sets a resource limit of the shell")
	}
}}}
