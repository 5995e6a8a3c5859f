package programs

import "github.com/agentgov/governance/internal/shell"

// Facts about the machine: its kernel and architecture, processors,
// configuration values, locales, memory, uptime, block, PCI and USB
// devices. They read the kernel's tables and print; the few options that
// do more are tagged: lscpu and lsblk --sysroot read another tree,
// lspci -q asks a DNS server and writes a cache, lspci -H and -M poke the
// hardware.

var unameProgram = &Program{Names: []string{"uname"}, Node: Node{Opts: `
-a --all
-s --kernel-name
-n --nodename
-r --kernel-release
-v --kernel-version
-m --machine
-p --processor
-i --hardware-platform
-o --operating-system
` + gnuHelp, Effects: printsOnly}}

// arch prints the machine's architecture. On macOS, arch [-x86_64|-arm64
// ...] PROG ARGS runs PROG under that architecture: the model does not
// see that program, so operands (and macOS's options) are unknown.
// arch (macOS) runs a program in the architecture its options name
// (-x86_64, -arm64e, which read as clusters of flags here); -e sets a
// variable for it.
var archProgram = &Program{Names: []string{"arch"}, wraps: &wrapper{short: "ed", assignShort: "e"}, Node: Node{Opts: gnuHelp, Effects: func(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		fx.Unknown("arch runs its operands as a program")
	}
}}}

var nprocProgram = &Program{Names: []string{"nproc"}, Node: Node{Opts: `
--all
--ignore=N
` + gnuHelp, Effects: printsOnly}}

// getconf prints configuration values; a path after the variable (or
// after -a) is only looked at, for pathconf.
var getconfProgram = &Program{Names: []string{"getconf"}, Node: Node{Opts: `
-a
-v=SPEC
`, Effects: func(c *Call, fx *Effects) {
	from := 1
	if c.Has("-a") {
		from = 0
	}
	for _, a := range operandsAfter(c, from) {
		fx.Stat(a)
	}
}}}

var localeProgram = &Program{Names: []string{"locale"}, Helpers: []string{"gzip"}, Node: Node{Opts: `
-a --all-locales
-m --charmaps
-c --category-name
-k --keyword-name
-v --verbose
-? --help     help
--usage       help
-V --version  help
`, Effects: printsOnly}}

// lscpu and lsblk read the kernel's tables under / or under --sysroot.
var lscpuProgram = &Program{Names: []string{"lscpu"}, Node: Node{Opts: `
-a --all
-b --online
-B --bytes
-C --caches[=LIST]
-c --offline
-J --json
-e --extended[=LIST]
-p --parse[=LIST]
-r --raw
-s --sysroot=DIR
-x --hex
-y --physical
--output-all
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	sysrootEffects("--sysroot")(c, fx)
}}}

var lsblkProgram = &Program{Names: []string{"lsblk"}, Node: Node{Opts: `
-A --noempty
-a --all
-b --bytes
-D --discard
-d --nodeps
-E --dedup=COLUMN
-e --exclude=LIST
-f --fs
-H --list-columns
-I --include=LIST
-i --ascii
-J --json
-l --list
-M --merge
-m --perms
-N --nvme
-n --noheadings
-O --output-all
-o --output=LIST
-P --pairs
-p --paths
-Q --filter=EXPR
--highlight=EXPR
--ct-filter=EXPR
--ct=COUNTER
-r --raw
-S --scsi
-s --inverse
-T --tree[=COLUMN]
-t --topology
-v --virtio
-w --width=NUMBER
-x --sort=COLUMN
-y --shell
-z --zoned
--sysroot=DIR
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	statOperands(c, fx)
	sysrootEffects("--sysroot")(c, fx)
}}}

// sysrootEffects reads the tree named by the option, in place of the
// running system's /proc and /sys.
func sysrootEffects(opt string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		for _, dir := range c.ValueArgs(opt) {
			fx.ReadTree(dir, false)
		}
	}
}

// lspci lists PCI devices. -q and -Q look unknown IDs up in DNS and keep
// the answers in ~/.pciids-cache (or net.cache_name of -O); -O sets
// access parameters, among them files it reads or writes; -H reads the
// hardware directly and -M maps the buses, both for root only and
// flagged dangerous by lspci itself.
var lspciProgram = &Program{Names: []string{"lspci"}, Node: Node{Opts: `
-m
-t
-v
-k
-x
-b
-D
-P
-n
-q
-Q
-s=SLOT
-d=ID
-i=FILE    read
-p=FILE    read
-F=FILE    read
-A=METHOD
-O=PARAM   unknown
-H=MODE    unknown
-M         unknown
-G
-V         help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	if c.HasAny("-q|-Q") {
		fx.Network("")
		fx.Cache(shell.Arg{Value: "~/.pciids-cache"}, "lspci -q keeps the IDs it looked up")
	}
}}}

// lsusb lists USB devices; -D reads one device file.
var lsusbProgram = &Program{Names: []string{"lsusb"}, Node: Node{Opts: `
-v --verbose
-s=BUSDEV
-d=VENDOR
-D=DEVICE  read
-t --tree
-V --version  help
-h --help     help
`, Effects: optionsAtRunTime}}

var freeProgram = &Program{Names: []string{"free"}, Node: Node{Opts: `
-b --bytes
--kilo
--mega
--giga
--tera
--peta
-k --kibi
-m --mebi
-g --gibi
--tebi
--pebi
-h --human
--si
-l --lohi
-L --line
-t --total
-v --committed
-s --seconds=N
-c --count=N
-w --wide
--help        help
-V --version  help
`, Effects: printsOnly}}

var uptimeProgram = &Program{Names: []string{"uptime"}, Node: Node{Opts: `
-c --container
-p --pretty
-r --raw
-s --since
-h --help     help
-V --version  help
`, Effects: printsOnly}}
