package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Zip and 7-Zip archives: unzip and zipinfo list, test and extract; zip
// writes its archive; 7z and its variants list, test, extract and write by
// a command letter. Extracting to standard output (unzip -p, 7z x -so) reads
// the archive and prints, as cat would; extracting to files writes
// anything under the destination.

var unzipProgram = &Program{Names: []string{"unzip"}, Parse: parseUnzip, Node: Node{Opts: `
-l                   # list
-v                   # list verbosely, or print the version
-t                   # test
-z                   # print the comment
-p                   # extract to standard output
-c                   # extract to standard output, with names
-f                   # freshen files on disk
-u                   # update files on disk
-x                   # member names after it are excluded
-d=EXDIR
-n
-o
-j
-a
-b
-B
-C
-D
-E
-F
-i
-J
-K
-L
-M
-N
-P=PASSWORD
-q
-s
-S
-T                   # sets the archive's time
-U
-V
-W
-X
-Y
-:                   # lets members climb out of the destination with ../
-^
-2
-O=CHARSET
-I=CHARSET
-$
-h --help            help
`, Effects: unzipEffects}}

var zipinfoProgram = &Program{Names: []string{"zipinfo"}, Node: Node{Opts: `
-1
-2
-s
-m
-l
-v
-h
-M
-t
-T
-z
-C
-x                   # member names after it are excluded
-O=CHARSET
-I=CHARSET
--help               help
`, Effects: zipinfoEffects}}

// parseUnzip reads unzip's words; with -Z first, the rest are zipinfo's.
func parseUnzip(c *Call, args []shell.Arg) {
	if len(args) > 0 && strings.HasPrefix(args[0].Value, "-Z") && !args[0].Dynamic {
		c.Prog = zipinfoProgram
		c.Nodes[0] = &zipinfoProgram.Node
		if rest := args[0].Value[2:]; rest != "" {
			args = append([]shell.Arg{{Value: "-" + rest}}, args[1:]...)
		} else {
			args = args[1:]
		}
	}
	c.parse(args)
}

func zipinfoEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	if args := c.Args(); len(args) > 0 {
		fx.Read(args[0])
	}
}

func unzipEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	if len(args) == 0 {
		// Without an archive unzip prints its usage (or, with -v, its
		// version).
		return
	}
	fx.Read(args[0])
	if c.Has("-T") {
		fx.Write(args[0], "-T sets the archive's time")
	}
	if c.Has("-P") {
		fx.Unknown("-P puts a password on the command line")
	}
	if c.HasAny("-p|-c") {
		// Members printed are shown as the files of those names are;
		// unzip matches member names as wildcards. With none named, or
		// only some excluded (-x), it prints every other member.
		archiveMembers(fx, args[1:], true, false)
		if len(args) == 1 || c.Has("-x") {
			printsEveryMember(fx, args[0], "unzip")
		}
	}
	if c.HasAny("-l|-v|-t|-z|-p|-c") && !c.HasAny("-f|-u") {
		return
	}
	dest := shell.Arg{Value: "."}
	if ds := c.ValueArgs("-d"); len(ds) > 0 {
		dest = ds[len(ds)-1]
	}
	if c.Has("-:") {
		fx.Add(Effect{Op: Write, Path: shell.Arg{Value: "/"}, Tree: true, Why: "-: extracts members that climb out of the destination"})
	}
	fx.Add(Effect{Op: Write, Path: dest, Tree: true, Why: "extracts the archive"})
}

// archiveMembers records what printing members of an archive shows: a
// member named is shown as the file of that name would be, so the rules
// judge it as a read of that name; a pattern (wildcards) or a list in a
// file (from) names members the model cannot see.
func archiveMembers(fx *Effects, members []shell.Arg, wildcards, from bool) {
	if from {
		fx.Unknown("the members printed are listed in a file")
	}
	for _, m := range members {
		if m.Dynamic || wildcards && strings.ContainsAny(m.Value, "*?[") {
			fx.Unknown("the member pattern " + m.Value + " may match any member")
			continue
		}
		fx.Read(m)
	}
}

// printsEveryMember records what printing every member of an archive
// shows: files whose names are not seen here, the secrets of a backup of
// the project (its .env) among them. An archive that is not there prints
// nothing; one read from standard input, or named at run time, may hold
// anything.
func printsEveryMember(fx *Effects, archive shell.Arg, prog string) {
	if archive.Value == "" || archive.Value == "-" {
		fx.Unknown(prog + " prints every member of the archive on its standard input")
		return
	}
	e := Effect{Op: Unknown, Why: prog + " prints every member of " + archive.Value + ", whose names are not seen here"}
	if !archive.Dynamic {
		e.IfPresent = archive.Value
	}
	fx.Add(e)
}

// zip writes the archive named by its first operand with the files named
// by the others; only -sf shows what it would do. Its option words are
// many and irregular (-sf, -TT cmd, -lf file, -0 to -9), so they are read
// by parseZip.

var zipProgram = &Program{Names: []string{"zip"}, Parse: parseZip, Node: Node{Effects: zipEffects}}

// zipValued are zip's options that take the next word as their value.
var zipValued = lazy[map[string]bool]{make: func() map[string]bool {
	return map[string]bool{
		"-b": true, "--temp-path": true, "-n": true, "--suffixes": true, "-t": true, "--from-date": true, "-tt": true,
		"--before-date": true, "-TT": true, "--unzip-command": true, "-lf": true, "--logfile-path": true, "-O": true,
		"--output-file": true, "-P": true, "--password": true, "-Z": true, "--compression-method": true, "-ds": true,
		"--dot-size": true, "-s": true, "--split-size": true,
	}
}}

// zipLong are zip's long options without a value.
var zipLong = lazy[map[string]bool]{make: func() map[string]bool {
	return map[string]bool{
		"--adjust-sfx": true, "--append": true, "--archive-clear": true, "--ascii": true, "--binary": true,
		"--clear-archive": true, "--copy-entries": true, "--copy": true, "--delete": true, "--difference-archive": true,
		"--display-bytes": true, "--display-counts": true, "--display-dots": true, "--display-globaldots": true,
		"--display-usize": true, "--display-volume": true, "--encrypt": true, "--entry-comments": true, "--exclude": true,
		"--filesync": true, "--fix": true, "--fixfix": true, "--freshen": true, "--from-crlf": true, "--grow": true,
		"--include": true, "--junk-paths": true, "--junk-sfx": true, "--latest-time": true, "--la": true,
		"--log-append": true, "--li": true, "--log-info": true, "--ll": true, "--move": true, "--must-match": true,
		"--names-stdin": true, "--no-dir-entries": true, "--no-extra": true, "--no-wild": true, "--quiet": true,
		"--recurse-paths": true, "--recurse-patterns": true, "--sf": true, "--show-command": true, "--show-files": true,
		"--show-unicode": true, "--split-bell": true, "--split-pause": true, "--split-verbose": true, "--symlinks": true,
		"--test": true, "--to-crlf": true, "--update": true, "--verbose": true, "--wild-stop-dirs": true,
	}
}}

// zipHelp are zip's help, version and licence words.
var zipHelp = lazy[map[string]bool]{make: func() map[string]bool {
	return map[string]bool{"-h": true, "-?": true, "--help": true, "-h2": true, "--more-help": true, "-L": true,
		"--license": true}
}}

// zipWords are zip's options of more than one letter after a single dash;
// any other single-dash word is a cluster of one-letter options (-rm is -r
// and -m).
var zipWords = lazy[map[string]bool]{make: func() map[string]bool {
	return map[string]bool{
		"-sf": true, "-su": true, "-sU": true, "-sv": true, "-sc": true, "-sd": true, "-so": true, "-sp": true, "-ds": true,
		"-dc": true, "-dd": true, "-db": true, "-dg": true, "-du": true, "-dv": true, "-lf": true, "-la": true, "-li": true,
		"-ll": true, "-TT": true, "-tt": true, "-nw": true, "-FF": true, "-FS": true, "-fz": true, "-fz-": true, "-MM": true,
		"-AC": true, "-AS": true, "-ic": true, "-ws": true, "-wl": true, "-h2": true, "-UN": true,
	}
}}

// parseZip reads zip's words: options (some take the next word), then
// the archive and the files.
func parseZip(c *Call, args []shell.Arg) {
	add := func(name string, a shell.Arg, val string, hasVal bool, args []shell.Arg, i int) int {
		spec := &OptSpec{Names: []string{name}}
		o := Opt{Typed: name, Spec: spec}
		if zipValued.get()[name] {
			spec.Arity = Required
			switch {
			case hasVal:
				o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic}, true
			case i+1 < len(args):
				i++
				o.Value, o.HasValue = args[i], true
			}
		}
		if zipHelp.get()[name] || name == "-v" && len(args) == 1 {
			c.Help = true
		}
		c.Opts = append(c.Opts, o)
		return i
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && !a.Dynamic:
			c.DashDash = len(c.Pos)
			c.Pos = append(c.Pos, args[i+1:]...)
			return
		case a.Dynamic && strings.HasPrefix(v, "-"):
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
		case strings.HasPrefix(v, "--"):
			name, val, hasVal := strings.Cut(v, "=")
			if !zipLong.get()[name] && !zipValued.get()[name] && !zipHelp.get()[name] {
				// zip may read an abbreviation of an option that runs a
				// command (--unzip-command).
				c.Opts = append(c.Opts, Opt{Typed: name})
				c.unknown = append(c.unknown, name)
				continue
			}
			i = add(name, a, val, hasVal, args, i)
		case strings.HasPrefix(v, "-") && len(v) > 1:
			name, val, hasVal := strings.Cut(v, "=")
			if zipWords.get()[name] || zipValued.get()[name] || zipHelp.get()[name] || len(name) == 2 {
				i = add(name, a, val, hasVal, args, i)
				continue
			}
			for j := 1; j < len(v); j++ {
				i = add("-"+v[j:j+1], a, "", false, args, i)
			}
		default:
			c.Pos = append(c.Pos, a)
		}
	}
}

func zipEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	logs := func() {
		for _, l := range c.ValueArgs("-lf|--logfile-path") {
			writeUnlessNotFile(fx, l, "-lf")
		}
	}
	if len(args) == 0 {
		logs()
		if !c.Has("-@") {
			fx.Unknown("zip without an archive")
		}
		return
	}
	archive, files := args[0], args[1:]
	if c.HasAny("-sf|--sf|--show-files|-su|-sU") {
		// It shows the files it would act on, and writes nothing.
		fx.Read(archive)
		for _, f := range files {
			fx.Add(Effect{Op: Stat, Path: f, Tree: true})
		}
		logs()
		return
	}
	logs()
	if !c.HasAny("-d|--delete") {
		for _, f := range files {
			fx.ReadTree(f, true)
		}
	}
	if archive.Value != "-" {
		fx.Read(archive)
	}
	outs := c.ValueArgs("-O|--output-file")
	if len(outs) == 0 {
		outs = []shell.Arg{archive}
	}
	for _, o := range outs {
		writeUnlessNotFile(fx, o, "writes the archive")
	}
	if c.HasAny("-m|--move") {
		for _, f := range files {
			fx.Delete(f, true)
		}
	}
	for _, cmd := range c.ValueArgs("-TT|--unzip-command") {
		code := cmd.Value
		if cmd.Dynamic {
			code = ""
		}
		// zip puts the name of the temporary archive after the command.
		fx.Runs(code, "-TT", true, false)
	}
	for _, t := range c.ValueArgs("-b|--temp-path") {
		fx.Add(Effect{Op: Write, Path: t, Tree: true, Why: "-b puts the temporary archive there"})
	}
	if c.HasAny("-P|--password|-e|--encrypt") {
		fx.Unknown("encrypts with a password")
	}
	if c.HasAny("-@|--names-stdin") {
		fx.Unknown("-@ reads the names of the files to add from standard input")
	}
}

// 7z's command is its first operand, its switches are words that start
// with - and carry their values attached (-oDIR, -pSECRET), then come the
// archive and the files.

var sevenZipProgram = &Program{Names: []string{"7z", "7za", "7zr", "7zz"}, Parse: parseSevenZip, Node: Node{Effects: sevenZipEffects}}

// sevenZipSwitches are the switches of 7-Zip, longest first where one is
// a prefix of another.
var sevenZipSwitches = []string{
	"ai", "an", "ao", "ax", "bb", "bd", "bse", "bso", "bsp", "bs", "bt", "i", "m", "o", "p", "r", "sae", "saa", "sas", "sa",
	"sccUTF-8", "sccWIN", "sccDOS", "scc", "scrc", "scs", "sdel", "seml", "sfx", "si", "slp", "slt", "snh", "snl", "sni",
	"sns", "so", "spd", "spe", "spf", "spm", "ssc", "sse", "ssp", "ssw", "stl", "stm", "stx", "t", "u", "v", "w", "x",
	"y",
}

// parseSevenZip reads 7z's words.
func parseSevenZip(c *Call, args []shell.Arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && !a.Dynamic:
			c.DashDash = len(c.Pos)
			c.Pos = append(c.Pos, args[i+1:]...)
			return
		case a.Dynamic && strings.HasPrefix(v, "-"):
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
		case v == "-h" || v == "--help" || v == "-?":
			c.Opts = append(c.Opts, Opt{Typed: v, Spec: &OptSpec{Names: []string{v}, Tag: TagHelp}})
			c.Help = true
		case strings.HasPrefix(v, "-") && len(v) > 1:
			name := ""
			for _, s := range sevenZipSwitches {
				if strings.HasPrefix(v[1:], s) {
					name = s
					break
				}
			}
			if name == "" {
				c.Opts = append(c.Opts, Opt{Typed: v})
				c.unknown = append(c.unknown, v)
				continue
			}
			o := Opt{Typed: "-" + name, Spec: &OptSpec{Names: []string{"-" + name}}}
			if rest := v[1+len(name):]; rest != "" {
				o.Value, o.HasValue = shell.Arg{Value: rest, Dynamic: a.Dynamic}, true
			}
			c.Opts = append(c.Opts, o)
		default:
			c.Pos = append(c.Pos, a)
		}
	}
}

func sevenZipEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	if len(args) == 0 {
		// 7z alone prints its usage.
		return
	}
	cmd := args[0]
	var archive shell.Arg
	var files []shell.Arg
	if len(args) > 1 {
		archive, files = args[1], args[2:]
	}
	for i := range c.Opts {
		o := &c.Opts[i]
		switch o.Typed {
		case "-p":
			if o.HasValue {
				fx.Unknown("-p puts a password on the command line")
			}
		case "-i", "-x", "-ai", "-ax", "-an":
			// -i@list.txt reads the names from a file.
			if _, f, ok := strings.Cut(o.Value.Value, "@"); ok && f != "" {
				fx.Read(shell.Arg{Value: f, Dynamic: o.Value.Dynamic})
			}
		case "-seml":
			fx.Change("-seml sends the archive by e-mail")
		case "-u":
			// -u...!new.7z writes the updated archive to another file.
			if _, f, ok := strings.Cut(o.Value.Value, "!"); ok && f != "" {
				fx.Write(shell.Arg{Value: f, Dynamic: o.Value.Dynamic}, "-u")
			}
		}
	}
	if cmd.Dynamic {
		fx.Unknown("the 7z command is computed at run time")
		return
	}
	readArchive := func() {
		if archive.Value != "" && !c.Has("-si") {
			fx.Read(archive)
		}
	}
	switch strings.ToLower(cmd.Value) {
	case "l", "t", "i":
		readArchive()
	case "b":
		// A benchmark.
	case "h":
		for _, f := range append([]shell.Arg{archive}, files...) {
			if f.Value != "" {
				fx.ReadTree(f, true)
			}
		}
	case "e", "x":
		readArchive()
		if c.Has("-so") {
			// Members printed are shown as the files of those names
			// are; with none named, or a list or pattern that includes
			// them (-i), every member is printed.
			archiveMembers(fx, files, true, false)
			if len(files) == 0 && !c.Has("-i") || c.Has("-si") {
				printsEveryMember(fx, archive, c.Name+" "+cmd.Value+" -so")
			}
			if c.Has("-i") {
				fx.Unknown("-i includes members the model cannot see")
			}
			return
		}
		dest := shell.Arg{Value: "."}
		if ds := c.ValueArgs("-o"); len(ds) > 0 {
			dest = ds[len(ds)-1]
		}
		if c.Has("-spf") {
			fx.Add(Effect{Op: Write, Path: shell.Arg{Value: "/"}, Tree: true, Why: "-spf extracts members with absolute names"})
		}
		fx.Add(Effect{Op: Write, Path: dest, Tree: true, Why: "extracts the archive"})
	case "a", "u", "d", "rn":
		readArchive()
		if archive.Value != "" && !c.Has("-so") {
			fx.Write(archive, "writes the archive")
		}
		if cmd.Value == "a" || cmd.Value == "u" {
			for _, f := range files {
				fx.ReadTree(f, true)
			}
			if c.Has("-sdel") {
				for _, f := range files {
					fx.Delete(f, true)
				}
			}
		}
		for _, w := range c.ValueArgs("-w") {
			fx.Add(Effect{Op: Write, Path: w, Tree: true, Why: "-w puts temporary files there"})
		}
	default:
		fx.Unknown("\"" + cmd.Value + "\" is not a 7z command the model knows")
	}
}
