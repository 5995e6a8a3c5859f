package programs

import "strings"

// apt, apt-get, apt-cache, dpkg and dpkg-query: Debian's package tools.
// Showing, searching and listing packages, their policy and dependencies
// read the package database and lists; installing, removing, upgrading,
// updating the lists, downloading and changing selections change the
// system (and run the packages' maintainer scripts). apt-get's simulation
// (-s) only prints. -o sets any configuration option, some of which name
// programs apt runs (DPkg::Pre-Invoke, APT::Update::Post-Invoke).

const aptOpts = `
-h --help                        help
-v --version                     help
-q --quiet
-qq
-y --yes --assume-yes
--assume-no
-s --simulate --just-print --dry-run --recon --no-act
-c --config-file=FILE            read
-o --option=KV                   unknown
-t --target-release --default-release=RELEASE
-a --host-architecture=ARCH
-P --build-profiles=PROFILES
--no-install-recommends
--install-recommends
--no-install-suggests
--install-suggests
-f --fix-broken
-m --ignore-missing --fix-missing
--no-download
-d --download-only
--reinstall
--purge
--auto-remove --autoremove
--only-upgrade
--allow-downgrades
--allow-remove-essential
--allow-change-held-packages
--allow-unauthenticated
-u --show-upgraded
-V --verbose-versions
--no-show-upgraded
-b --compile --build
--only-source
--diff-only
--dsc-only
--tar-only
--arch-only
--indep-only
--print-uris
--trivial-only
--no-remove
--mark-auto
--list-cleanup
--no-list-cleanup
--allow-insecure-repositories
--allow-releaseinfo-change
-i --important
--all-versions
--no-all-versions
-n --names-only
--full
-g --generate
--no-generate
-p --pkg-cache=FILE              read
--src-cache=FILE                 read
--recurse
--installed
--pre-depends --no-pre-depends
--depends --no-depends
--recommends --no-recommends
--suggests --no-suggests
--conflicts --no-conflicts
--breaks --no-breaks
--replaces --no-replaces
--enhances --no-enhances
--implicit --no-implicit
--upgradable
--manual-installed
--color --no-color
--format=FORMAT
`

func aptPrints(*Call, *Effects) {}

// aptChanges is the Effects of a subcommand that changes the system.
func aptChanges(c *Call, fx *Effects) {
	changes(c, fx, c.Name+" "+c.Sub()+" changes the installed packages or the package lists, running maintainer scripts")
}

// aptSimulates: with -s, apt-get prints what it would do.
func aptSimulates(c *Call, fx *Effects) {
	if c.Has("-s") && !c.HasAny("-d|--download-only|-b|--compile") {
		return
	}
	aptChanges(c, fx)
}

// aptChangelog downloads a package's changelog and prints it; --print-uris
// only prints the address.
func aptChangelog(c *Call, fx *Effects) { request(c, fx, "changelogs.ubuntu.com") }

var aptProgram = &Program{Names: []string{"apt", "apt-get"}, Helpers: []string{"dpkg"}, Caches: []string{"/tmp"}, Node: Node{Opts: aptOpts, Effects: aptPrints, Subs: []*Sub{
	{"list|search|show|showsrc|policy|depends|rdepends|help", &Node{Inherit: true, Effects: aptPrints}},
	{"changelog", &Node{Inherit: true, Effects: aptChangelog}},
	{"install|remove|purge|upgrade|full-upgrade|dist-upgrade|autoremove|autopurge|reinstall|build-dep|satisfy",
		&Node{Inherit: true, Effects: aptSimulates}},
	{"update|clean|autoclean|auto-clean|download|source|edit-sources|check|markauto|unmarkauto|dselect-upgrade|moo|indextargets",
		&Node{Inherit: true, Effects: aptChanges}},
}}}

var aptCacheProgram = &Program{Names: []string{"apt-cache"}, Helpers: []string{"dpkg"}, Caches: []string{"/tmp"}, Node: Node{Opts: aptOpts, Effects: aptPrints, Subs: []*Sub{
	{"show|showpkg|showsrc|search|policy|depends|rdepends|madison|stats|dump|dumpavail|unmet|pkgnames|dotty|xvcg|" +
		"showauto|help", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		if c.Has("-g") {
			cacheAt(fx, "/var/cache/apt", "apt-cache writes its binary caches")
		}
	}}},
	{"gencaches", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		// It locks dpkg's database while it writes the caches.
		fx.Change("apt-cache gencaches writes the package caches under dpkg's lock")
	}}},
}}}

// dpkgOpts are dpkg's and dpkg-query's options; dpkg's actions are
// options too, judged by the Effects.
const dpkgOpts = `
-?  --help                       help
--version                        help
-l --list
-L --listfiles
-s --status
-S --search
-p --print-avail
-W --show
-f --showformat=FORMAT
-c --contents
-I --info
--print-architecture
--print-foreign-architectures
--get-selections
--compare-versions
-C --audit
-V --verify
--verify-format=FORMAT
--control-list
--control-show
--control-path
--fsys-tarfile
--no-pager
--admindir=DIR                   read
--root=DIR                       read
--instdir=DIR                    read
--load-avail
-i --install
-r --remove
-P --purge
--configure
--unpack
--triggers-only
--set-selections
--clear-selections
--clear-avail
--update-avail
--merge-avail
--forget-old-unavail
--add-architecture
--remove-architecture
-x --extract
-X --vextract
--raw-extract
-b --build
-e --control
--ctrl-tarfile
-D --debug=OCTAL
--force-all
-R --recursive
-G --refuse-downgrade
-E --skip-same-version
-O --selected-only
-B --auto-deconfigure
--no-act --dry-run --simulate
--log=FILE                       write
--status-fd=N
--status-logger=CMD              exec
--pre-invoke --post-invoke=CMD   exec
--path-include --path-exclude=GLOB
--abort-after=N
--ignore-depends=PKGS
--no-debsig
--no-triggers
--triggers
--validate-pkgname --validate-trigname --validate-archname --validate-version=X
`

// dpkgEffects: the query actions read the database (and, with -c, -I
// and --fsys-tarfile, the .deb files they are given); any other action
// changes the system or writes files.
func dpkgEffects(c *Call, fx *Effects) {
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		switch name := o.Spec.Names[len(o.Spec.Names)-1]; {
		case strings.HasPrefix(name, "--force"):
			fx.Change(c.Name + " " + o.Typed + " overrides dpkg's safety checks")
		case inAlts("--install|--remove|--purge|--configure|--unpack|--triggers-only|--set-selections|"+
			"--clear-selections|--clear-avail|--update-avail|--merge-avail|--forget-old-unavail|--add-architecture|"+
			"--remove-architecture|--vextract|--extract|--raw-extract|--build|--control", name):
			if c.HasAny("--no-act|--dry-run|--simulate") {
				continue
			}
			if a := c.Args(); len(a) > 1 && inAlts("--extract|--vextract|--raw-extract|--control", name) {
				fx.Read(a[0])
				fx.Add(Effect{Op: Write, Path: a[1], Tree: true, Why: c.Name + " " + o.Typed + " extracts into the folder"})
				return
			}
			changes(c, fx, c.Name+" "+o.Typed+" changes the installed packages or writes files")
			return
		}
	}
	if c.HasAny("-c|--contents|-I|--info|--fsys-tarfile|--ctrl-tarfile") {
		readOperands(c, fx)
	}
}

var dpkgProgram = &Program{Names: []string{"dpkg", "dpkg-query"}, Helpers: []string{"dpkg-deb", "dpkg-query", "tar"}, Caches: []string{"/tmp"}, Node: Node{Opts: dpkgOpts, Effects: dpkgEffects}}
