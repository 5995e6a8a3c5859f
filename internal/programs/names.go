package programs

import (
	"path"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// basename and dirname print parts of the names they are given (data,
// not files). realpath, readlink and stat look at names, links and
// metadata (Stat). file reads the start of each file to tell its type.

var basenameProgram = &Program{Names: []string{"basename"}, Fold: foldBasename, IgnoresStdin: true, Node: Node{Opts: `
-a --multiple
-s --suffix=SUFFIX
-z --zero
` + gnuHelp, Effects: printsOnly}}

var dirnameProgram = &Program{Names: []string{"dirname"}, Fold: foldDirname, IgnoresStdin: true, Node: Node{Opts: `
-z --zero
` + gnuHelp, Effects: printsOnly}}

// foldBasename: basename NAME prints the last part of NAME, and basename
// NAME SUFFIX that part without SUFFIX.
func foldBasename(c *shell.Simple, _ shell.Machine) (string, bool) {
	switch args := c.Args[1:]; {
	case len(args) == 1:
		return path.Base(args[0].Value) + "\n", true
	case len(args) == 2 && !strings.HasPrefix(args[1].Value, "-"):
		return strings.TrimSuffix(path.Base(args[0].Value), args[1].Value) + "\n", true
	}
	return "", false
}

// foldDirname: dirname NAME prints NAME without its last part.
func foldDirname(c *shell.Simple, _ shell.Machine) (string, bool) {
	if len(c.Args) == 2 {
		return path.Dir(c.Args[1].Value) + "\n", true
	}
	return "", false
}

var realpathProgram = &Program{Names: []string{"realpath"}, Node: Node{Opts: `
-e --canonicalize-existing
-m --canonicalize-missing
-L --logical
-P --physical
-q --quiet
--relative-to=DIR
--relative-base=DIR
-s --strip --no-symlinks
-z --zero
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("--relative-to|--relative-base") {
		fx.Stat(v)
	}
	statOperands(c, fx)
}}}

var readlinkProgram = &Program{Names: []string{"readlink"}, Node: Node{Opts: `
-f --canonicalize
-e --canonicalize-existing
-m --canonicalize-missing
-n --no-newline
-q --quiet
-s --silent
-v --verbose
-z --zero
` + gnuHelp, Effects: statOperands}}

// statProgram has GNU stat's options and BSD's letters. BSD's -f and -t
// take a format where GNU's are flags: they are flags here, so that a
// format is read as an operand, never a file as a format.
var statProgram = &Program{Names: []string{"stat"}, Node: Node{Inert: true, Opts: `
-L --dereference
-f --file-system
--cached=MODE
-c --format=FORMAT
--printf=FORMAT
-t --terse
-F
-l
-n
-q
-r
-s
-x
` + gnuHelp, Effects: statOperands}}

// fileProgram has the options of file(1) (Christos Zoulas's, on Linux
// and BSD). -m names magic files (a list separated by colons), which -C
// compiles into .mgc files in the current folder; -f names a file of
// names, whose files it reads only to print their types; -z and -Z run
// decompressors. -p puts back the access time it changed by reading.
var fileProgram = &Program{Names: []string{"file"}, Node: Node{Opts: `
--help                     help
-v --version               help
-m --magic-file=LIST
-z --uncompress            exec
-Z --uncompress-noreport   exec
-b --brief
-c --checking-printout
-e --exclude=TEST
--exclude-quiet=TEST
-f --files-from=FILE       read
-F --separator=STRING
-i -I --mime
--apple
--extension
--mime-type
--mime-encoding
-k --keep-going
-l --list
-L --dereference
-h --no-dereference
-n --no-buffer
-N --no-pad
-0 --print0
-p --preserve-date
-P --parameter=NAME=VALUE
-r --raw
-s --special-files
-S --no-sandbox
-C --compile
-d --debug
-D
-E
`, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-m|--magic-file") {
		for _, part := range strings.Split(v.Value, ":") {
			if part != "" {
				fx.Read(shell.Arg{Value: part, Dynamic: v.Dynamic, Glob: v.Glob})
			}
		}
	}
	if c.Has("--compile") {
		fx.Change("file -C writes compiled magic files in the current folder")
	}
	readOperands(c, fx)
}}}
