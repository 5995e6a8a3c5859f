package programs

// pacman (Arch Linux) and apk (Alpine Linux). pacman's operations are
// options: -Q (query the local database), -Si, -Ss, -Sl, -Sg and -Sp
// (query the sync databases), -F with -l, -x or -o (query the file
// databases) and -T read; -S installs, -Sy and -Fy refresh the databases,
// -Sc cleans the cache, -R removes, -U installs files, -D changes the
// database. apk's info, search, list, policy, dot, stats and version
// read; the rest change the system.

const pacmanOpts = `
-h --help                        help
-V --version                     help
-Q --query
-S --sync
-R --remove
-U --upgrade
-D --database
-F --files
-T --deptest
-b --dbpath=DIR                  read
-r --root=DIR                    read
-v --verbose
--arch=ARCH
--cachedir=DIR                   write
--color=WHEN
--config=FILE                    code
--debug
--gpgdir=DIR                     read
--hookdir=DIR                    code
--logfile=FILE                   write
--noconfirm
--confirm
--disable-download-timeout
--sysroot=DIR                    read
-d --nodeps
--assume-installed=PKG
--dbonly
--noprogressbar
--noscriptlet
-p --print
--print-format=FORMAT
-c --changelog --clean
-e --explicit
-g --groups
-i --info
-k --check
-l --list
-m --foreign
-n --native
-o --owns
-q --quiet
-s --search
-t --unrequired
-u --upgrades --sysupgrade
-w --downloadonly
-y --refresh
-x --regex
--machinereadable
--needed
--asdeps
--asexplicit
--ignore=PKG
--ignoregroup=GROUP
--overwrite=GLOB
-Z
`

// pacmanEffects judges the operation and its modifiers.
func pacmanEffects(c *Call, fx *Effects) {
	changes := func(why string) { fx.Change("pacman " + why) }
	switch {
	case c.Has("-Q"):
		if c.Has("-o") {
			statOperands(c, fx)
		}
	case c.Has("-T"):
	case c.Has("-S"):
		if c.HasAny("-y|-u|-w|-c") || !c.HasAny("-s|-i|-l|-g|-p") {
			changes("-S installs packages, refreshes the databases or cleans the cache")
			return
		}
	case c.Has("-F"):
		if c.Has("-y") || !c.HasAny("-l|-x|-o|-s") {
			changes("-F refreshes the file databases")
		}
	case c.HasAny("-R|-U|-D"):
		changes("changes the installed packages or the database")
	default:
		fx.Unknown("pacman without a known operation")
	}
}

var pacmanProgram = &Program{Names: []string{"pacman"}, Node: Node{Opts: pacmanOpts, Effects: pacmanEffects}}

const apkOpts = `
-h --help                        help
-V --version                     help
-q --quiet
-v --verbose
-i --interactive
-p --root=DIR                    read
-X --repository=URL              net
--repositories-file=FILE         read
--allow-untrusted
--arch=ARCH
--cache-dir=DIR                  write
--cache-max-age=MIN
--keys-dir=DIR                   read
--no-cache
--no-network
--no-progress
--progress
--purge
--wait=SECONDS
-U --update-cache
--force-refresh
--print-arch
-a --all
-d --description
-e --installed
-L --contents
-P --provides
-r --rdepends
-R --depends
-s --size
-w --webpage
-W --who-owns
--license
--replaces
--install-if
--rinstall-if
--triggers
-x --exact
-o --origin
-I --upgradable
--available
--manifest
-c --check
-t --test
-l --limit=VERSION
`

// apkReads is the Effects of a query; -U refreshes the index cache.
func apkReads(c *Call, fx *Effects) {
	if c.Has("-U") {
		cacheAt(fx, "/var/cache/apk", "apk refreshes the repository indexes")
		fx.Network("dl-cdn.alpinelinux.org")
	}
	if c.Has("-W") {
		statOperands(c, fx)
	}
}

var apkProgram = &Program{Names: []string{"apk"}, Node: Node{Opts: apkOpts, Effects: apkReads, Subs: []*Sub{
	{"info|search|list|policy|dot|stats|version|help|query", &Node{Inherit: true, Effects: apkReads}},
	{"add|del|fix|update|upgrade|cache|fetch|manifest|audit|verify|index|mkmba|mkpkg|extract|convndx|convdb|adbdump|adbsign|adbgen",
		&Node{Inherit: true, Loose: true, Effects: func(c *Call, fx *Effects) {
			changes(c, fx, "apk "+c.Sub()+" changes the installed packages, the indexes or writes files")
		}}},
}}}
