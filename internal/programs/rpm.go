package programs

import "strings"

// rpm, dnf and yum: RPM-based distributions' package tools. rpm's queries
// read the package database (and the package files given with -p);
// verifying runs the packages' %verifyscript; installing, erasing and
// importing keys change the system. Macros expand %(...) by running a
// shell, so --eval, --define and a --queryformat with %( run commands.
// dnf and yum list, search and inspect packages (refreshing their
// metadata cache from the repositories) and change the system otherwise.

const rpmOpts = `
-? --help                        help
--version                        help
-q --query
-a --all
-f --file
-p --package
-g --group
-i --info --install
-l --list
-c --configfiles
-d --docfiles
-L --licensefiles
-s --state
-R --requires
--provides
--conflicts
--obsoletes
--recommends
--suggests
--supplements
--enhances
--whatprovides
--whatrequires
--whatrecommends
--whatsuggests
--whatconflicts
--whatobsoletes
--changelog
--changes
--scripts
--triggers --triggerscripts
--dump
--fileclass
--filecolor
--filecaps
--fileprovide
--filerequire
--last
--dupes
--qf --queryformat=FORMAT
--xml
--nodigest
--nosignature
--nofiles
--noscripts
--nodeps
--nomanifest
--nolegacy
--nodb
-v --verbose
--quiet
--showrc
-K --checksig
-V --verify
-U --upgrade
-F --freshen
-e --erase
--reinstall
--restore
--import
--delete
--rebuilddb
--initdb
--setperms
--setugids
--setcaps
--test
--force
--replacepkgs
--replacefiles
--oldpackage
--excludedocs
--justdb
--root=DIR                       read
--dbpath=DIR                     read
--eval -E=EXPR                   code
-D --define=MACRO                code
--undefine=MACRO
--macros=FILE                    code
--load=FILE                      code
--rcfile=FILE                    code
--pipe=CMD                       exec
--target=TARGET
--predefine=MACRO                code
`

// rpmEffects: queries read; a query format with %( runs a shell;
// verifying and changing actions are not read-only.
func rpmEffects(c *Call, fx *Effects) {
	for _, f := range c.ValueArgs("--qf|--queryformat") {
		if f.Dynamic || strings.Contains(f.Value, "%(") {
			fx.Exec("sh", "", "rpm expands %(...) in --queryformat by running a shell")
		}
	}
	switch {
	case c.HasAny("-U|-F|-e|--reinstall|--restore|--import|--delete|--rebuilddb|--initdb|--setperms|--setugids|--setcaps") ||
		c.Has("-i") && !c.Has("-q"):
		changes(c, fx, "rpm changes the installed packages or the database")
	case c.Has("-V"):
		fx.Exec("", "", "rpm --verify runs the packages' %verifyscript")
	case c.Has("-q") && c.Has("-p"), c.Has("-K"):
		readOperands(c, fx)
	case c.Has("-q") && c.Has("-f"):
		statOperands(c, fx)
	case c.Has("-q"), c.Has("--showrc"):
	default:
		fx.Unknown("rpm without a known action")
	}
}

var rpmProgram = &Program{Names: []string{"rpm"}, Node: Node{Opts: rpmOpts, Effects: rpmEffects}}

const dnfOpts = `
-h --help                        help
--version                        help
-y --assumeyes
--assumeno
-q --quiet
-v --verbose
-C --cacheonly
--refresh
--enablerepo --disablerepo --repo --repoid=REPO
--setopt=KV                      unknown
-c --config=FILE                 code
--installroot=DIR                write
--releasever=VERSION
--nogpgcheck
--noplugins
--disableplugin=PLUGINS
--enableplugin=PLUGINS
-x --exclude=PACKAGES
--disableexcludes=REPO
--downloadonly
--downloaddir --destdir=DIR      write
--best
--nobest
--allowerasing
--skip-broken
--showduplicates
--installed
--available
--upgrades
--updates
--recent
--extras
--obsoletes
--autoremove
--all
--arch --archlist=ARCH
--forcearch=ARCH
--color=WHEN
--debugsolver                    write
--comment=TEXT
--json
--qf --queryformat=FORMAT
-4
-6
-e --errorlevel --debuglevel -d=N
--nodocs
--noautoremove
--security
--bugfix
--enhancement
--newpackage
--advisory --advisories=IDS
--cve --cves=IDS
--bz --bzs=IDS
--sec-severity --secseverity=SEVERITY
--whatprovides --whatrequires --whatdepends --whatrecommends --whatsuggests=CAP
--requires --provides --recommends --suggests --conflicts --obsoletes-list
-i --info
-l --list
--location
--tree
--deplist
--latest-limit=N
--userinstalled
--duplicates
--leaves
--unsatisfied
-s --source --srpm
`

func dnfReads(c *Call, fx *Effects) {
	cacheAt(fx, "/var/cache/dnf", c.Name+" refreshes the repositories' metadata in its cache")
	request(c, fx, "")
}

func dnfChanges(c *Call, fx *Effects) {
	changes(c, fx, c.Name+" "+c.Sub()+" changes the installed packages, the repositories or the system")
}

// dnfHistory: list and info print; undo, redo and rollback change.
func dnfHistory(c *Call, fx *Effects) {
	if a := c.Args(); len(a) == 0 || !a[0].Dynamic && inAlts("list|info|userinstalled", a[0].Value) {
		return
	}
	dnfChanges(c, fx)
}

var dnfProgram = &Program{Names: []string{"dnf", "dnf5", "yum", "microdnf"}, Node: Node{Opts: dnfOpts, Effects: dnfChanges,
	Subs: []*Sub{
		{"list|ls|info|search|se|repolist|repoinfo|repoquery|rq|provides|whatprovides|prov|deplist|check-update|" +
			"check-upgrade|updateinfo|advisory|changelog|help|check", &Node{Inherit: true, Effects: dnfReads}},
		{"group|groups|grouplist|module|environment", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts("list|info|summary|provides", a[0].Value) {
				dnfReads(c, fx)
				return
			}
			dnfChanges(c, fx)
		}}},
		{"history", &Node{Inherit: true, Effects: dnfHistory}},
		{"install|in|reinstall|remove|rm|erase|upgrade|up|update|upgrade-minimal|downgrade|dg|distro-sync|dsync|" +
			"autoremove|makecache|mc|clean|download|swap|mark|config-manager|copr|builddep|debuginfo-install|shell|" +
			"system-upgrade|offline|replay|versionlock|needs-restarting|leaves|do",
			&Node{Inherit: true, Loose: true, Effects: dnfChanges}},
	}}}
