package governance

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Read-only knowledge of system, desktop, archive, database and network
// tools: logs and services (journalctl, dmesg, systemctl), TLS and keychain
// inspection (openssl, security, codesign), fetching (curl, wget), archives
// (tar, unzip, 7z, gzip), database clients (sqlite3, duckdb, psql, mysql,
// sqlcmd) and macOS utilities.
//
// The checks follow a few families of behaviour:
//   - programs with verbs allow their reading verbs only (launchctl print,
//     diskutil list, networksetup -get*);
//   - programs that write a file or change a setting unless told otherwise
//     are allowed only in their print-to-stdout form (wget -O -, textutil
//     -stdout, plutil -o -, gzip -c) or their list/test modes (tar -t);
//   - network fetches are plain GET/HEAD requests that print, carry no body,
//     upload or credentials, and go to a named public host (or loopback);
//   - database clients run only a single query that provably reads;
//   - archives are listed or tested, never extracted (not even to standard
//     output: their members' contents are hidden from the secrets rules);
//   - commands that a program runs for us (fzf --preview, script) must
//     themselves be read-only.
//
// A dynamic word anywhere makes a command not read-only, as do environment
// assignments other than locale and terminal settings (pagers, config files
// and passwords are all passed through the environment).

// systemReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func systemReadOnly(name string) func(*cmdline) bool {
	var check func(*cmdline) bool
	switch name {
	case "caffeinate", "mdfind", "mdls", "sw_vers", "system_profiler":
		check = always
	case "log":
		check = logReadOnly
	case "pmset":
		// pmset -g shows power settings; every other form sets them.
		check = func(cl *cmdline) bool { return systemWord(cl, 0) == "-g" }
	case "security":
		check = securityReadOnly
	case "codesign":
		check = codesignReadOnly
	case "spctl":
		check = spctlReadOnly
	case "applesingle", "macbinary", "binhex":
		check = appleEncodingReadOnly
	case "networksetup":
		check = networksetupReadOnly
	case "scutil":
		check = scutilReadOnly
	case "defaults":
		check = defaultsReadOnly
	case "dscl":
		check = dsclReadOnly
	case "diskutil":
		check = diskutilReadOnly
	case "hdiutil":
		// -passphrase puts the image's password on the command line.
		check = func(cl *cmdline) bool {
			return inSorted(hdiutilVerbs, systemWord(cl, 0)) && !systemHasWord(cl, "-passphrase")
		}
	case "launchctl":
		check = func(cl *cmdline) bool { return inSorted(launchctlVerbs, systemWord(cl, 0)) }
	case "tmutil":
		check = func(cl *cmdline) bool { return inSorted(tmutilVerbs, systemWord(cl, 0)) }
	case "profiles":
		check = func(cl *cmdline) bool { return inSorted(profilesVerbs, systemWord(cl, 0)) }
	case "pkgutil":
		check = pkgutilReadOnly
	case "plutil":
		check = plutilReadOnly
	case "sips":
		check = sipsReadOnly
	case "textutil":
		check = textutilReadOnly
	case "xattr":
		check = xattrReadOnly
	case "mdimport":
		check = mdimportReadOnly
	case "qlmanage":
		check = qlmanageReadOnly
	case "lipo":
		check = lipoReadOnly
	case "sample":
		check = sampleReadOnly
	case "say":
		check = sayReadOnly
	case "symbols":
		// symbols prints symbol information; these options write files.
		check = func(cl *cmdline) bool { return !systemHasWord(cl, "-saveSignature", "-symbolsPackageDir") }
	default:
		return nil
	}
	return systemGuard(check)
}

// Command-line specs of the programs of this family that have subcommands
// or options taking values. curl, wget, tar, unzip and zip are described in
// programs.go.
var (
	securitySpec   = &progSpec{global: &progSpec{short: "p"}}
	defaultsSpec   = &progSpec{singleLong: true, long: []string{"host"}, args: argData}
	systemVerbSpec = &progSpec{nsub: 1}
	systemNameSpec = &progSpec{nsub: 1, args: argData}
	systemDataSpec = &progSpec{args: argData}
)

// systemSpec returns the command-line spec of a program of this family, or nil.
func systemSpec(name string) *progSpec {
	switch name {
	case "security":
		return securitySpec
	case "defaults":
		return defaultsSpec
	case "hdiutil", "applesingle", "macbinary", "binhex":
		// The first word is a verb; the others name files.
		return systemVerbSpec
	case "launchctl", "tmutil", "profiles", "diskutil", "log":
		// The first word is a verb; the others name services, keys or
		// disks, not files.
		return systemNameSpec
	case "networksetup", "scutil", "pmset", "dscl":
		// Arguments are interfaces, keys, settings or directory paths, not
		// files.
		return systemDataSpec
	}
	return nil
}

// ---------------------------------------------------------------------------
// Shared helpers

// systemGuard wraps a check: a command is not read-only when one of its
// words is computed at run time (it could turn into any option), or when it
// sets environment variables beyond locale and terminal settings (pagers,
// config files, history files and passwords all travel that way).
func systemGuard(check func(*cmdline) bool) func(*cmdline) bool {
	return func(cl *cmdline) bool {
		for _, a := range cl.cmd.Args[1:] {
			if a.Dynamic {
				return false
			}
		}
		for _, a := range cl.cmd.Assigns {
			if !systemSafeAssign(a) {
				return false
			}
		}
		return check(cl)
	}
}

// systemSafeAssign reports an environment assignment that only changes
// presentation: locale, time zone and terminal settings.
func systemSafeAssign(assign string) bool {
	name, _, _ := strings.Cut(assign, "=")
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	switch name {
	case "LANG", "LANGUAGE", "TZ", "TERM", "COLUMNS", "LINES", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE",
		"FORCE_COLOR", "SYSTEMD_COLORS", "SYSTEMD_URLIFY":
		return true
	}
	return false
}

// systemWord returns the i-th argument after the program name, or "".
func systemWord(cl *cmdline, i int) string {
	if i+1 >= len(cl.cmd.Args) {
		return ""
	}
	return cl.cmd.Args[i+1].Value
}

// systemHasWord reports whether one of the words appears as an argument,
// alone or as "word=value".
func systemHasWord(cl *cmdline, words ...string) bool {
	for _, a := range cl.cmd.Args[1:] {
		name, _, _ := strings.Cut(a.Value, "=")
		if slices.Contains(words, a.Value) || slices.Contains(words, name) {
			return true
		}
	}
	return false
}

// systemToStdout reports an output destination that writes no file:
// standard output or a harmless device.
func systemToStdout(v string) bool {
	return v == "-" || v == "/dev/null" || v == "/dev/stdout" || v == "/dev/stderr"
}

// systemOpt is one option as typed: its name without dashes ("X",
// "request") and its value when it takes one.
type systemOpt struct {
	name     string
	long     bool
	value    string
	hasValue bool
}

// systemScan splits GNU-style arguments into options and operands. shortVal
// lists the short options that take a value; longVal reports the long ones
// that do, matching names exactly: an abbreviation is then taken for an
// option without a value, so that it never swallows the next word (a
// dangerous option could hide there). A short option that takes a value
// uses the rest of its cluster or the next word. ok is false when an option
// that needs a value ends the command line.
func systemScan(args []string, shortVal string, longVal func(string) bool) (opts []systemOpt, operands []string, ok bool) {
	for i := 0; i < len(args); i++ {
		v := args[i]
		switch {
		case v == "--":
			return opts, append(operands, args[i+1:]...), true
		case strings.HasPrefix(v, "--"):
			name, val, has := strings.Cut(v[2:], "=")
			if !has && longVal != nil && longVal(name) {
				if i+1 >= len(args) {
					return nil, nil, false
				}
				i++
				val, has = args[i], true
			}
			opts = append(opts, systemOpt{name: name, long: true, value: val, hasValue: has})
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j]
				if strings.IndexByte(shortVal, c) < 0 {
					opts = append(opts, systemOpt{name: string(c)})
					continue
				}
				val := v[j+1:]
				if val == "" {
					if i+1 >= len(args) {
						return nil, nil, false
					}
					i++
					val = args[i]
				}
				opts = append(opts, systemOpt{name: string(c), value: val, hasValue: true})
				break
			}
		default:
			operands = append(operands, v)
		}
	}
	return opts, operands, true
}

// systemLongIs reports whether a long option as typed names full: GNU
// programs accept unambiguous abbreviations of three letters or more.
func systemLongIs(typed, full string) bool {
	return typed == full || len(typed) >= 3 && strings.HasPrefix(full, typed)
}

// systemLongAny reports whether a long option as typed names one of the
// options of a list.
func systemLongAny(typed string, fulls []string) bool {
	for _, f := range fulls {
		if systemLongIs(typed, f) {
			return true
		}
	}
	return false
}

// systemNestedOK reports whether shell text that a program runs for us
// (fzf --preview and --bind, script -c) only reads: it parses, runs
// only read-only commands, writes no files, and names no file outside the
// working directory (the engine does not see these files, so they must not
// reach secrets).
func systemNestedOK(text string) bool { return systemNestedRun(text, true) }

// systemNestedRun is systemNestedOK; checkFiles says whether the words of
// the commands still need checking as file names.
func systemNestedRun(text string, checkFiles bool) bool {
	a := shell.Analyze(text, shell.Options{MaxDepth: 2, MaxCommands: 50})
	if len(a.Problems) > 0 || a.ForkBomb != "" || a.Endless != "" || len(a.Commands) == 0 {
		return false
	}
	for _, c := range a.Commands {
		for _, r := range c.Redirects {
			if r.Write && !safeDevice(r.Target.Value) {
				return false
			}
		}
		if c.Stdin.Kind == shell.StdinFile && systemSensitiveArg(c.Stdin.Path.Value) {
			return false
		}
		for _, arg := range c.Args[1:] {
			if checkFiles && systemSensitiveArg(arg.Value) {
				return false
			}
		}
		if !systemNestedCommand(c) {
			return false
		}
	}
	return true
}

// systemSensitiveArg reports an argument that may name a file outside the
// working directory: absolute, home-relative, climbing with .., or hidden.
func systemSensitiveArg(v string) bool {
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.Contains(v, "..") {
		return true
	}
	_, v, _ = strings.Cut(v, "=")
	for _, part := range strings.Split(v, "/") {
		if len(part) > 1 && part[0] == '.' {
			return true
		}
	}
	return false
}

// systemNestedCommand judges one simple command that another program runs:
// the always read-only programs, the common text tools with their own
// checks, and this family's programs.
func systemNestedCommand(c *shell.Command) bool {
	if c.Code != "" || c.Privileged || c.Name == "" {
		return false
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return false
		}
	}
	for _, a := range c.Assigns {
		if !systemSafeAssign(a) {
			return false
		}
	}
	cl := parseCmdline(c)
	if (len(cl.pos) > 0 || len(cl.long) > 0 || !cl.short.empty()) && helpOnly(cl) {
		return true
	}
	if inSorted(alwaysReadOnly, cl.name) {
		return true
	}
	switch cl.name {
	case "git":
		return gitReadOnly(cl)
	case "sed":
		return sedReadOnly(cl)
	case "find":
		return !cl.hasAny("-delete|-exec|-execdir|-ok|-okdir|-fprint|-fprint0|-fprintf|-fls")
	case "rg":
		return !cl.hasAny("--pre|--pre-glob|--hostname-bin|--search-zip|-z")
	case "sort":
		return !cl.hasAny("-o|--output")
	}
	if check := systemReadOnly(cl.name); check != nil {
		return check(cl)
	}
	return false
}

// ---------------------------------------------------------------------------
// Logs, services and kernel settings

// logReadOnly: macOS log show, stream and stats read the unified log;
// erase and collect change or write it, config changes settings.
func logReadOnly(cl *cmdline) bool {
	switch systemWord(cl, 0) {
	case "show", "stream", "stats", "help":
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// Certificates, keychains and code signatures

// securityVerbs are the security subcommands that only read. Sorted.
var securityVerbs = []string{
	"default-keychain", "dump-keychain", "dump-trust-settings", "error", "find-certificate", "find-generic-password",
	"find-identity", "find-internet-password", "find-key", "get-identity-preference", "help", "leaks",
	"list-keychains", "list-smartcards", "login-keychain", "show-keychain-info", "translocate-original-path",
	"translocate-policy-check", "translocate-status-check", "verify-cert",
}

// securityReadOnly: the keychain's find-*, show-*, dump-*, list-* and
// verify subcommands, without the options that reveal secrets (-g and -w
// print passwords, dump-keychain -d decrypts) or set the keychain list or
// default (-s of list-keychains, default-keychain, login-keychain).
func securityReadOnly(cl *cmdline) bool {
	if cl.has("-i") || len(cl.pos) == 0 {
		// security -i reads commands from standard input.
		return false
	}
	verb := cl.sub()
	if !inSorted(securityVerbs, verb) {
		return false
	}
	seen := false
	for _, w := range argWords(cl) {
		if w == verb && !seen {
			seen = true
			continue
		}
		if !seen || !strings.HasPrefix(w, "-") || strings.HasPrefix(w, "--") {
			continue
		}
		letters := w[1:]
		switch {
		case strings.HasPrefix(verb, "find-") && strings.ContainsAny(letters, "gw"),
			verb == "dump-keychain" && strings.ContainsAny(letters, "dr"),
			strings.HasSuffix(verb, "-keychain") && verb != "dump-keychain" && strings.Contains(letters, "s"),
			verb == "list-keychains" && strings.Contains(letters, "s"):
			return false
		}
	}
	return true
}

// codesignReadOnly: displaying (-d) and verifying (-v) signatures; signing
// (-s), removing signatures, forcing, and options that write what they
// extract to files are not read-only.
func codesignReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	reads := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case strings.HasPrefix(w, "--"):
			name, val, has := strings.Cut(w[2:], "=")
			switch name {
			case "display", "verify":
				reads = true
			case "deep", "strict", "no-strict", "verbose", "xml", "der", "all-architectures", "check-notarization":
			case "arch", "test-requirement":
				if !has {
					i++
				}
			case "entitlements", "requirements":
				if !has {
					if i+1 >= len(args) {
						return false
					}
					i++
					val = args[i]
				}
				// With -d these write to the file named unless it is - (stdout).
				if val != "-" && val != ":-" {
					return false
				}
			default:
				return false
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			for j := 1; j < len(w); j++ {
				switch w[j] {
				case 'd', 'v':
					reads = true
				case 'h':
				case 'R', 'a':
					if j == len(w)-1 {
						i++
					}
					j = len(w)
				case 'r':
					val := w[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					if val != "-" {
						return false
					}
					j = len(w)
				default:
					return false
				}
			}
		}
	}
	return reads
}

// spctlReadOnly: assessing (-a) and showing the Gatekeeper status or
// rules; adding, removing, enabling and disabling rules change them.
func spctlReadOnly(cl *cmdline) bool {
	reads := false
	for _, w := range argWords(cl) {
		switch {
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			switch {
			case name == "assess" || name == "status" || name == "list":
				reads = true
			case name == "add" || name == "remove" || name == "enable" || name == "disable" ||
				strings.HasPrefix(name, "master-") || strings.HasPrefix(name, "global-") || name == "reset-default":
				return false
			}
		case strings.HasPrefix(w, "-") && strings.Contains(w, "a"):
			reads = true
		}
	}
	return reads
}

// ---------------------------------------------------------------------------
// Archives and compressors

// appleEncodingReadOnly: applesingle, macbinary and binhex probe files, or
// encode and decode to standard output; otherwise they write files.
func appleEncodingReadOnly(cl *cmdline) bool {
	switch systemWord(cl, 0) {
	case "probe", "help":
		return true
	case "encode", "decode":
		return systemHasWord(cl, "--pipe", "--to-stdout") && !systemHasWord(cl, "-o", "--output", "-C", "--output-dir")
	}
	return false
}

// ---------------------------------------------------------------------------
// macOS system configuration

// networksetupReadOnly: -get*, -list*, -show*, -is*, -version, -help and
// -printcommands read network settings; -set*, -add*, -remove*, -create*,
// -delete* and the like change them.
func networksetupReadOnly(cl *cmdline) bool {
	verb := strings.ToLower(systemWord(cl, 0))
	switch verb {
	case "-version", "-help", "-printcommands":
		return true
	}
	return hasPrefixAny(verb, "-get", "-list", "-show", "-is")
}

// scutilReadOnly: --get, --dns, --proxy, --nwi, reachability (-r) and
// waiting for a key (-w) read; --set and --renew change settings, and
// scutil without arguments reads commands from standard input.
func scutilReadOnly(cl *cmdline) bool {
	switch systemWord(cl, 0) {
	case "--get", "--dns", "--proxy", "--nwi", "-r", "-W", "-w":
		return true
	case "--nc":
		switch systemWord(cl, 1) {
		case "list", "show", "status", "statistics":
			return true
		}
	}
	return false
}

// defaultsReadOnly: read, read-type, domains and find; export only to
// standard output; write, delete, import and rename change preferences.
func defaultsReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if args[0] == "-host" && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "read", "read-type", "domains", "find", "help":
		return true
	case "export":
		return len(args) == 3 && args[2] == "-"
	}
	return false
}

// dsclReadOnly: dscl DATASOURCE read|readall|readpl|list|search|diff. The
// other commands change the directory (create, delete, passwd) or
// authenticate; a password given with -P is a credential, and without a
// command dscl is interactive. Shadow hashes are never asked for.
func dsclReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		switch args[i] {
		case "-P":
			return false
		case "-u", "-f":
			i++
		}
	}
	if i+1 >= len(args) {
		return false
	}
	for _, w := range args {
		if strings.Contains(strings.ToLower(w), "shadowhash") {
			return false
		}
	}
	switch strings.ToLower(strings.TrimPrefix(args[i+1], "-")) {
	case "read", "readall", "readpl", "readpli", "list", "ls", "search", "diff", "cat":
		return true
	}
	return false
}

// diskutilReadOnly: list, info and activity, and the list and info verbs
// of the apfs, cs (CoreStorage) and appleRAID families; mounting,
// unmounting, erasing and partitioning change disks.
func diskutilReadOnly(cl *cmdline) bool {
	verb := strings.ToLower(systemWord(cl, 0))
	sub := strings.ToLower(systemWord(cl, 1))
	switch verb {
	case "list", "info", "information", "activity", "listfilesystems":
		return true
	case "apfs":
		return sub == "list" || sub == "listsnapshots" || sub == "listvolumegroups" || sub == "listcryptousers" || sub == "listusers"
	case "cs", "corestorage":
		return sub == "list" || sub == "info"
	case "appleraid", "ar":
		return sub == "list"
	}
	return false
}

// Verbs of macOS tools that only read. Sorted.
var (
	hdiutilVerbs   = []string{"checksum", "help", "imageinfo", "info", "isencrypted", "plugins", "pmap", "verify"}
	launchctlVerbs = []string{"blame", "dumpjpcategory", "dumpstate", "error", "getenv", "help", "hostinfo", "list",
		"managername", "managerpid", "manageruid", "plist", "print", "print-cache", "print-disabled", "procinfo",
		"resolveport", "variant", "version"}
	tmutilVerbs = []string{"calculatedrift", "compare", "currentphase", "destinationinfo", "help", "isexcluded",
		"latestbackup", "listbackups", "listlocalsnapshotdates", "listlocalsnapshots", "machinedirectory", "status",
		"uniquesize", "verifychecksums", "version"}
	profilesVerbs = []string{"help", "list", "show", "status", "validate", "version"}
	pkgutilReads  = []string{"check-signature", "export-plist", "file-info", "file-info-plist", "files", "group-pkgs",
		"groups", "groups-plist", "help", "only-dirs", "only-files", "payload-files", "pkg-groups", "pkg-info",
		"pkg-info-plist", "pkgs", "pkgs-plist", "regexp", "verbose", "volume"}
)

// pkgutilReadOnly: pkgutil's query options; --forget, --learn, --expand,
// --flatten and --bom change receipts or write files.
func pkgutilReadOnly(cl *cmdline) bool {
	reads := false
	for _, w := range argWords(cl) {
		if !strings.HasPrefix(w, "--") {
			continue
		}
		name, _, _ := strings.Cut(w[2:], "=")
		if !inSorted(pkgutilReads, name) {
			return false
		}
		reads = true
	}
	return reads
}

// ---------------------------------------------------------------------------
// macOS file utilities

// plutilReadOnly: printing (-p), linting (the default), -type and -extract
// read; -convert rewrites the file unless -o - prints it, and -insert,
// -replace, -remove and -create change it.
func plutilReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	convert, stdout := false, false
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-insert", "-replace", "-remove", "-create", "-append":
			return false
		case "-convert":
			convert = true
			i++
		case "-extract":
			i += 2
		case "-type", "-expect", "-e":
			i++
		case "-o":
			if i+1 >= len(args) || args[i+1] != "-" {
				return false
			}
			stdout = true
			i++
		}
	}
	return !convert || stdout
}

// sipsReadOnly: sips reads image properties with -g and --verify; every
// other option modifies the image or writes one.
func sipsReadOnly(cl *cmdline) bool {
	args := argWords(cl)
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-g", "--getProperty":
			i++
		case "--verify", "-1", "--oneLine", "-h", "--help":
		default:
			if strings.HasPrefix(args[i], "-") {
				return false
			}
		}
	}
	return true
}

// textutilReadOnly: -info reads; -convert and -cat write output files
// unless -stdout prints the result.
func textutilReadOnly(cl *cmdline) bool {
	if systemHasWord(cl, "-output") {
		return false
	}
	if systemHasWord(cl, "-convert", "-cat") {
		return systemHasWord(cl, "-stdout")
	}
	return systemHasWord(cl, "-info")
}

// xattrReadOnly: listing and printing extended attributes; -c clears,
// -d deletes and -w writes them.
func xattrReadOnly(cl *cmdline) bool {
	for _, w := range argWords(cl) {
		if strings.HasPrefix(w, "-") && strings.ContainsAny(w[1:], "cdw") {
			return false
		}
	}
	return true
}

// mdimportReadOnly: listing attributes, schema and importers (-A, -X, -L)
// and test imports (-t) that store nothing; without them mdimport imports
// files into the Spotlight index, and -g loads an importer from a path.
func mdimportReadOnly(cl *cmdline) bool {
	reads := false
	for _, w := range argWords(cl) {
		if !strings.HasPrefix(w, "-") {
			continue
		}
		for _, c := range w[1:] {
			switch c {
			case 'A', 'X', 'L', 't':
				reads = true
			case 'd', 'p', '0', '1', '2', '3', '4':
			default:
				return false
			}
		}
	}
	return reads
}

// qlmanageReadOnly: Quick Look previews and thumbnails shown on screen;
// -o writes thumbnails to a folder, -r resets the generators or cache, and
// -g loads a generator from a path.
func qlmanageReadOnly(cl *cmdline) bool {
	return !systemHasWord(cl, "-o", "-r", "-g")
}

// lipoReadOnly: -info, -detailed_info, -archs and -verify_arch report on a
// binary; -create, -thin, -extract, -remove and -replace write one.
func lipoReadOnly(cl *cmdline) bool {
	reads := false
	for _, w := range argWords(cl) {
		switch w {
		case "-info", "-detailed_info", "-archs", "-verify_arch":
			reads = true
		case "-arch", "-hideARM64":
		default:
			if strings.HasPrefix(w, "-") {
				return false
			}
		}
	}
	return reads
}

// sampleReadOnly: sample profiles a process for a few seconds and writes
// its report to a temporary file; -file chooses where it writes and -e
// opens the report in an editor.
func sampleReadOnly(cl *cmdline) bool {
	target := false
	for _, w := range argWords(cl) {
		switch {
		case w == "-wait" || w == "-mayDie" || w == "-fullPaths":
		case strings.HasPrefix(w, "-"):
			return false
		default:
			target = true
		}
	}
	return target
}

// sayReadOnly: speaking aloud; -o writes an audio file and -n sends the
// audio over the network.
func sayReadOnly(cl *cmdline) bool {
	for _, w := range argWords(cl) {
		if w == "-o" || w == "-n" || hasPrefixAny(w, "--output-file", "--network-send") ||
			strings.HasPrefix(w, "-o") && !strings.HasPrefix(w, "--") {
			return false
		}
	}
	return true
}
