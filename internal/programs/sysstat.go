package programs

import "github.com/agentgov/governance/internal/shell"

// Activity reports: iostat, mpstat, sar and vmstat sample the kernel's
// counters and print them. Their operands are an interval and a count,
// device names and keywords. sar also saves its readings with -o and
// reads saved ones with -f; it samples through its own collector, sadc,
// which writes only to sar unless -o names a file.

// iostat: -f and +f name a folder of statistics files read in place of
// /proc and /sys. macOS's -c, -n and -w take a count, a number of
// devices and a wait; the model reads them with attached values only, so
// that a separate value is taken for an operand, which iostat ignores
// here.
var iostatProgram = &Program{Names: []string{"iostat"}, Node: Node{Opts: `
-c[=COUNT]
-C                 # macOS
-d
-f=DIR
-g=GROUP
-H
-h
-I                 # macOS
-j=TYPE
-K                 # macOS
-k
-m
-N
-n[=NUMBER]        # macOS
-o=FORMAT
-p[=DEVICES]
-s
-T                 # macOS
-t
-U                 # macOS
-w[=WAIT]          # macOS
-x
-y
-z
--compact
--dec=DIGITS
--human
--pretty
-V     help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	for _, dir := range c.ValueArgs("-f") {
		fx.ReadTree(dir, false)
	}
	args := c.Args()
	for i, a := range args {
		if a.Value == "+f" && i+1 < len(args) {
			fx.ReadTree(args[i+1], false)
		}
	}
}}}

var mpstatProgram = &Program{Names: []string{"mpstat"}, Node: Node{Opts: `
-A
-H
-I=KEYWORDS
-N=NODES
-n
-o=FORMAT
-P=CPUS
-T
-u
--dec=DIGITS
-V     help
`, Effects: printsOnly}}

var vmstatProgram = &Program{Names: []string{"vmstat"}, Node: Node{Opts: `
-a --active
-f --forks
-m --slabs
-n --one-header
-s --stats
-d --disk
-D --disk-sum
-p --partition=DEVICE
-S --unit=CHARACTER
-w --wide
-t --timestamp
-y --no-first
-h --help     help
-V --version  help
`, Effects: printsOnly}}

// sar: -e, -F, -f, -I, -o, -q, -r, -s and -u take an optional value,
// which sar reads from the next word too (-f FILE, -o FILE): the model
// takes such a word for an operand, and sar's other operands are numbers.
// So with -o every word that is not a number may be the file it writes;
// with -f, the file it reads.
var sarProgram = &Program{Names: []string{"sar"}, Node: Node{Opts: `
-A
-B
-b
-C
-D
-d
-e[=TIME]
-F[=MOUNT]
-f[=FILE]
-g                 # macOS: page-out activity
-H
-h
-I[=KEYWORDS]
-i=INTERVAL
-j=TYPE
-m=KEYWORDS
-n=KEYWORDS
-o[=FILE]
-P=CPUS
-p --pretty
-q[=KEYWORDS]
-r[=ALL]
-S
-s[=TIME]
-t
-u[=ALL]
-v
-W
-w
-x
-y
-z
--dec=DIGITS
--dev=LIST
--fs=LIST
--human
--iface=LIST
--int=LIST
--sadc
--help   help
-V       help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	var words []shell.Arg
	for _, a := range c.Args() {
		if !isDigits(a.Value) {
			words = append(words, a)
		}
	}
	switch {
	case c.Has("-o"):
		files := c.ValueArgs("-o")
		if len(files) == 0 {
			files = words
		}
		for _, f := range files {
			writeUnlessNotFile(fx, f, "sar -o")
		}
		if len(files) == 0 {
			fx.Change("sar -o saves its readings to the daily data file")
		}
	case c.Has("-f"):
		files := c.ValueArgs("-f")
		if len(files) == 0 {
			files = words
		}
		for _, f := range files {
			if f.Value != "-" {
				fx.Read(f)
			}
		}
	}
}}}
