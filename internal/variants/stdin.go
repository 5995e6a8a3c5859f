package variants

import (
	"path"
	"regexp"
)

// The xargs, heredoc and here-string transforms change what a command
// reads on its standard input: xargs gives the program an empty input,
// and a shell that reads its code from its input gives the code's
// commands what is left of it, nothing for code of one line. An agent's
// shell gives commands no input either, so a program that reads its input
// reads nothing both ways; but a program that runs code or commands from
// its input (a shell, an interpreter, xargs, ssh, a database client) is
// labelled for what it might read there, and the variant would not be.

// codeReaders are programs that run code or commands they read on their
// standard input.
var codeReaders = setOf(`sh bash zsh ksh dash fish csh tcsh mksh ash busybox su sudo doas
	python python2 python3 pypy pypy3 node nodejs deno bun ruby irb perl php lua luajit tclsh wish osascript
	awk gawk mawk nawk jq R Rscript julia scala groovy jshell pwsh powershell
	xargs parallel env nohup nice timeout stdbuf command exec time watch at batch crontab
	ssh docker podman kubectl psql mysql mariadb sqlite3 duckdb redis-cli mongo mongosh clickhouse-client
	source . eval`)

// readsCode reports whether a simple command may run code it reads on
// its standard input: its program, past the wrappers, is a code reader or
// is not known.
func (k *call) readsCode() bool {
	i := skipWrappers(k.x.Args)
	name, ok := staticValue(k.x.Args[i])
	return !ok || codeReaders[path.Base(name)]
}

// inputCode reports whether a command has a simple command that reads
// the command's own standard input (no pipe or redirection feeds it) and
// may run code it reads there.
func (c *Command) inputCode() bool {
	for _, k := range c.calls {
		if !k.pipeIn && !k.readsRedirect() && k.readsCode() {
			return true
		}
	}
	return false
}

// chdirWord matches the names of the builtins that change the working
// directory, anywhere in a command's text (in eval's code too), and of
// the builtins that run code that might.
var chdirWord = regexp.MustCompile(`(^|[^A-Za-z0-9_.-])(cd|pushd|popd|source|\.)([^A-Za-z0-9_.-]|$)`)
