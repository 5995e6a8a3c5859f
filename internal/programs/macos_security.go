package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Keychains, code signatures and Gatekeeper on macOS.

// securityReads are the security verbs that only read.
var securityReads = []string{
	"default-keychain", "dump-keychain", "dump-trust-settings", "error", "find-certificate", "find-generic-password",
	"find-identity", "find-internet-password", "find-key", "get-identity-preference", "help", "leaks",
	"list-keychains", "list-smartcards", "login-keychain", "show-keychain-info", "translocate-original-path",
	"translocate-policy-check", "translocate-status-check", "verify-cert",
}

// security: the keychain's find-*, show-*, dump-*, list-* and verify
// verbs, without the options that reveal secrets (-g and -w print
// passwords, dump-keychain -d decrypts) or set the keychain list or default
// (-s of list-keychains, default-keychain, login-keychain); security -i
// reads commands from standard input.
var securityProgram = &Program{Names: []string{"security"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	i := 0
	for ; i < len(words) && strings.HasPrefix(words[i], "-"); i++ {
		switch words[i] {
		case "-i":
			fx.Unknown("security -i reads commands from standard input")
			return
		case "-p":
			i++
		}
	}
	if helpWords(words[i:]) {
		return
	}
	verb := wordAt(words, i)
	if verb == "" {
		fx.Unknown("security without a verb")
		return
	}
	if !slices.Contains(securityReads, verb) {
		fx.Change("security " + verb)
		return
	}
	for _, w := range words[i+1:] {
		if !strings.HasPrefix(w, "-") || strings.HasPrefix(w, "--") {
			continue
		}
		letters := w[1:]
		switch {
		case strings.HasPrefix(verb, "find-") && strings.ContainsAny(letters, "gw"):
			fx.PrintsSecret("security " + verb + " " + w + " prints a password")
		case verb == "dump-keychain" && strings.ContainsAny(letters, "dr"):
			fx.PrintsSecret("security dump-keychain " + w + " prints decrypted secrets")
		case strings.HasSuffix(verb, "-keychain") && verb != "dump-keychain" && strings.Contains(letters, "s"),
			verb == "list-keychains" && strings.Contains(letters, "s"):
			fx.Change("security " + verb + " " + w + " sets the keychain list or default")
		}
	}
}}

// codesign: displaying (-d) and verifying (-v) signatures read; signing
// (-s), removing signatures, forcing, and the files that --entitlements
// and -r extract to (unless -, standard output) change files.
var codesignProgram = &Program{Names: []string{"codesign"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	if helpWords(words) {
		return
	}
	reads := false
	for i := 0; i < len(words); i++ {
		w := words[i]
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
					i++
					val = wordAt(words, i)
				}
				if val != "-" && val != ":-" {
					fx.Write(shell.Arg{Value: strings.TrimPrefix(val, ":")}, "--"+name)
				}
			default:
				fx.Change("codesign --" + name)
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
					if val == "" {
						i++
						val = wordAt(words, i)
					}
					if val != "-" {
						fx.Write(shell.Arg{Value: val}, "-r")
					}
					j = len(w)
				default:
					fx.Change("codesign -" + string(w[j]))
					j = len(w)
				}
			}
		default:
			fx.Stat(shell.Arg{Value: w})
		}
	}
	if !reads {
		fx.Unknown("codesign without -d or -v")
	}
}}

// spctl: assessing (-a) and showing the Gatekeeper status or rules read;
// adding, removing, enabling and disabling rules change them.
var spctlProgram = &Program{Names: []string{"spctl"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	reads := false
	for _, w := range words {
		switch {
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			switch {
			case name == "assess" || name == "status" || name == "list":
				reads = true
			case name == "add" || name == "remove" || name == "enable" || name == "disable" ||
				strings.HasPrefix(name, "master-") || strings.HasPrefix(name, "global-") || name == "reset-default":
				fx.Change("spctl --" + name)
			}
		case strings.HasPrefix(w, "-") && strings.Contains(w, "a"):
			reads = true
		}
	}
	if !reads && !helpWords(words) {
		fx.Unknown("spctl without --assess, --status or --list")
	}
}}
