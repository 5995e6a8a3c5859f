package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// macOS system configuration: logs, power, network, preferences, the
// directory service, disks and images, launchd, Time Machine, profiles and
// package receipts. Their reading verbs and options show state; the others
// change it.

// log show, stream and stats read the unified log; collect writes an
// archive, erase and config change it.
var logProgram = &Program{Names: []string{"log"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	switch wordAt(words, 0) {
	case "show", "stream", "stats", "help":
		for i, w := range words {
			if w == "--archive" || w == "--file" {
				if f := wordAt(words, i+1); f != "" {
					fx.ReadTree(shell.Arg{Value: f}, true)
				}
			}
		}
	case "":
		fx.Unknown("log without a verb")
	default:
		fx.Change("log " + words[0])
	}
}}

// pmset -g shows power settings; every other form sets them.
var pmsetProgram = &Program{Names: []string{"pmset"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	if wordAt(words, 0) != "-g" && !helpWords(words) {
		fx.Change("pmset sets power settings")
	}
}}

// networksetup: -get*, -list*, -show*, -is*, -version, -help and
// -printcommands read network settings; -set*, -add*, -remove*, -create*,
// -delete* and the like change them.
var networksetupProgram = &Program{Names: []string{"networksetup"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	verb := strings.ToLower(wordAt(words, 0))
	switch {
	case verb == "-version" || verb == "-help" || verb == "-printcommands":
	case strings.HasPrefix(verb, "-get") || strings.HasPrefix(verb, "-list") || strings.HasPrefix(verb, "-show") ||
		strings.HasPrefix(verb, "-is"):
	default:
		fx.Change("networksetup " + verb)
	}
}}

// scutil: --get, --dns, --proxy, --nwi, reachability (-r) and waiting for
// a key (-w) read; --set and --renew change settings, and scutil without
// arguments reads commands from standard input.
var scutilProgram = &Program{Names: []string{"scutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	switch wordAt(words, 0) {
	case "--get", "--dns", "--proxy", "--nwi", "-r", "-W", "-w", "--help", "-h":
		return
	case "--nc":
		switch wordAt(words, 1) {
		case "list", "show", "status", "statistics":
			return
		}
	case "":
		fx.Unknown("scutil without arguments reads commands from standard input")
		return
	}
	fx.Change("scutil " + strings.Join(words, " "))
}}

// defaults: read, read-type, domains and find; export only to standard
// output; write, delete, import and rename change preferences.
var defaultsProgram = &Program{Names: []string{"defaults"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for len(words) > 0 && strings.HasPrefix(words[0], "-") {
		if words[0] == "-host" && len(words) > 1 {
			words = words[1:]
		}
		words = words[1:]
	}
	switch wordAt(words, 0) {
	case "read", "read-type", "domains", "find", "help":
		return
	case "export":
		if len(words) == 3 && words[2] == "-" {
			return
		}
		if len(words) == 3 {
			fx.Write(shell.Arg{Value: words[2]}, "defaults export")
			return
		}
	case "":
		fx.Unknown("defaults without a verb")
		return
	}
	fx.Change("defaults " + words[0])
}}

// dscl DATASOURCE read|readall|readpl|list|search|diff reads the
// directory; the other commands change it (create, delete, passwd) or
// authenticate. A password given with -P is a credential, without a
// command dscl is interactive, and shadow hashes are never asked for.
var dsclProgram = &Program{Names: []string{"dscl"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	i := 0
	for ; i < len(words) && strings.HasPrefix(words[i], "-"); i++ {
		switch words[i] {
		case "-P":
			fx.Unknown("-P puts a password on the command line")
		case "-u", "-f":
			i++
		}
		if words[i] == "-P" {
			i++
		}
	}
	if i+1 >= len(words) {
		fx.Unknown("dscl without a command is interactive")
		return
	}
	for _, w := range words {
		if strings.Contains(strings.ToLower(w), "shadowhash") {
			fx.Unknown("asks for password hashes")
		}
	}
	switch strings.ToLower(strings.TrimPrefix(words[i+1], "-")) {
	case "read", "readall", "readpl", "readpli", "list", "ls", "search", "diff", "cat":
		return
	}
	fx.Change("dscl " + words[i+1])
}}

// diskutil: list, info and activity, and the list and info verbs of the
// apfs, cs (CoreStorage) and appleRAID families; mounting, unmounting,
// erasing and partitioning change disks.
var diskutilProgram = &Program{Names: []string{"diskutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	verb := strings.ToLower(wordAt(words, 0))
	sub := strings.ToLower(wordAt(words, 1))
	switch verb {
	case "list", "info", "information", "activity", "listfilesystems", "help":
		return
	case "apfs":
		switch sub {
		case "list", "listsnapshots", "listvolumegroups", "listcryptousers", "listusers":
			return
		}
	case "cs", "corestorage":
		if sub == "list" || sub == "info" {
			return
		}
	case "appleraid", "ar":
		if sub == "list" {
			return
		}
	}
	fx.Change("diskutil " + strings.Join(words, " "))
}}

// hdiutil: information and verification verbs read images (a passphrase
// on the command line is a credential); the others attach, create,
// convert or change them.
var hdiutilProgram = &Program{Names: []string{"hdiutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	switch wordAt(words, 0) {
	case "checksum", "help", "imageinfo", "info", "isencrypted", "plugins", "pmap", "verify":
		if hasWord(words, "-passphrase") {
			fx.Unknown("-passphrase puts a password on the command line")
		}
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "-") {
				fx.Read(shell.Arg{Value: w})
			}
		}
	case "":
		fx.Unknown("hdiutil without a verb")
	default:
		fx.Change("hdiutil " + words[0])
	}
}}

var (
	launchctlProgram = &Program{Names: []string{"launchctl"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
		switch verb := wordAt(words, 0); verb {
		case "getenv":
			// The login session's environment, which no one here sees:
			// what it holds is printed, a token as well as a path.
			fx.PrintsSecret("launchctl getenv prints a variable of the login session, whose value is not known here")
		case "print", "dumpstate", "procinfo":
			// A domain's environment (what launchctl setenv put there),
			// a service's (its plist's EnvironmentVariables), every
			// one of them, a process's environment vector: printed as
			// getenv prints one variable.
			fx.PrintsSecret("launchctl " + verb + " prints the environment of a domain, service or process, whose values are not known here")
		}
		readingVerbs(c, fx, words, "blame", "dumpjpcategory", "dumpstate", "error", "getenv",
			"help", "hostinfo", "list", "managername", "managerpid", "manageruid", "plist", "print", "print-cache",
			"print-disabled", "procinfo", "resolveport", "variant", "version")
	}}
	tmutilProgram = &Program{Names: []string{"tmutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
		readingVerbs(c, fx, words, "calculatedrift", "compare", "currentphase", "destinationinfo",
			"help", "isexcluded", "latestbackup", "listbackups", "listlocalsnapshotdates", "listlocalsnapshots",
			"machinedirectory", "status", "uniquesize", "verifychecksums", "version")
	}}
)

// profiles: list, show, status, validate and version read; -o writes the
// output to a file unless it names standard output.
var profilesProgram = &Program{Names: []string{"profiles"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	readingVerbs(c, fx, words, "help", "list", "show", "status", "validate", "version")
	for i, w := range words {
		if w == "-o" || w == "-output" {
			if out := wordAt(words, i+1); out != "" && out != "stdout" && out != "stdout-xml" {
				fx.Write(shell.Arg{Value: out}, w)
			}
		}
	}
}}

// pkgutil's query options read package receipts; --forget, --learn,
// --expand, --flatten and --bom change receipts or write files.
var pkgutilProgram = &Program{Names: []string{"pkgutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	reads := []string{"check-signature", "export-plist", "file-info", "file-info-plist", "files", "group-pkgs",
		"groups", "groups-plist", "help", "only-dirs", "only-files", "payload-files", "pkg-groups", "pkg-info",
		"pkg-info-plist", "pkgs", "pkgs-plist", "regexp", "verbose", "volume"}
	query := false
	for _, w := range words {
		if !strings.HasPrefix(w, "--") {
			continue
		}
		name, _, _ := strings.Cut(w[2:], "=")
		if !slices.Contains(reads, name) {
			fx.Change("pkgutil --" + name)
			return
		}
		query = true
	}
	if !query && !helpWords(words) {
		fx.Unknown("pkgutil without a query")
	}
}}

// caffeinate keeps the machine awake (and runs a command, which the
// analysis finds on its own); sw_vers and system_profiler print facts
// about the system.
var (
	caffeinateProgram     = &Program{Names: []string{"caffeinate"}, wraps: &wrapper{short: "tw"}, NoOptions: true, Words: func(*Call, *Effects, []string) {}}
	swVersProgram         = &Program{Names: []string{"sw_vers"}, NoOptions: true, Words: func(*Call, *Effects, []string) {}}
	systemProfilerProgram = &Program{Names: []string{"system_profiler"}, NoOptions: true, Words: func(*Call, *Effects, []string) {}}
)
