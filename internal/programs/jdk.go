package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// javap and jar, tools of the JDK. javap disassembles classes: each
// operand is a class name looked up on the class path, else a URL, else a
// file, so every operand is a file it may read and one with a scheme a URL
// it may fetch. jar only lists an archive here (-t): creating, updating,
// extracting, indexing and the rest write files. Both pass -J options to
// the JVM (an agent is code) and read @files as more options: unknown.
// The JVM they run in keeps its performance counters in
// /tmp/hsperfdata_USER.

var javapProgram = &Program{Names: []string{"javap"}, Caches: jvmCaches, SingleDash: true, Node: Node{Effects: javapEffects, Opts: `
-help -h -?                        help
-version                           help
-v -verbose
-l
-public
-protected
-package
-p -private
-c
-s
-sysinfo
-constants
-m --module=MODULE
--class-path -classpath -cp=PATH
--multi-release=VERSION
`}}

// jvmCaches are where a JVM writes its own files.
var jvmCaches = []string{"/tmp"}

func javapEffects(c *Call, fx *Effects) {
	for _, cp := range c.ValueArgs("--class-path") {
		classPath(cp, fx)
	}
	for _, a := range c.Args() {
		switch {
		case strings.HasPrefix(a.Value, "@"):
			fx.Unknown("javap reads more options from " + a.Value)
		case strings.Contains(a.Value, ":"):
			fx.Unknown("javap opens " + a.Value + " as a URL")
		default:
			fx.Read(a)
		}
	}
}

// classPath records a read of each entry of a class path: archives, and
// folders whose classes, in folders of their packages, may be any file
// under them.
func classPath(cp shell.Arg, fx *Effects) {
	if cp.Dynamic {
		fx.Unknown("a class path known only at run time")
		return
	}
	for entry := range strings.SplitSeq(cp.Value, ":") {
		if entry != "" {
			e := cp
			e.Value = entry
			fx.ReadTree(e, true)
		}
	}
}

var jarProgram = &Program{Names: []string{"jar"}, Caches: jvmCaches, Parse: parseTar, Node: Node{Effects: jarEffects, Opts: `
-t --list
-f --file=FILE                     read
-v --verbose
-? -h --help                       help
--help-extra                       help
--version                          help
`}}

func jarEffects(c *Call, fx *Effects) {
	if !c.Has("-t") {
		fx.Unknown("jar without -t creates, updates or extracts an archive")
	}
	for _, a := range c.Args() {
		if strings.HasPrefix(a.Value, "@") {
			fx.Unknown("jar reads more options from " + a.Value)
		}
	}
}
