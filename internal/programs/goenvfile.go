package programs

import "strings"

// The go command reads the user's environment file (what go env -w
// writes) before anything else: $GOENV, or go/env in the user's
// configuration folder ($XDG_CONFIG_HOME, ~/.config, ~/Library/Application
// Support on macOS). A setting there acts as if it were set for every
// call: GOFLAGS=-toolexec=CMD runs CMD in every build, go list and go vet
// included; CC, GOTOOLCHAIN, GOPROXY with GOSUMDB=off change the programs
// and the code the go command runs. The engine reads each file that is
// there when the call runs (a ${NAME} is the variable's value where the
// hook runs; one not set names no file); one that sets nothing but
// settings of no harm keeps the call what it is.

// goEnvFiles are the places of the go command's environment file.
var goEnvFiles = []string{"${GOENV}", "${XDG_CONFIG_HOME}/go/env", "~/.config/go/env", "~/Library/Application Support/go/env"}

// goEnvFile records what the user's go environment file may set, unless
// the call sets GOENV itself (which is unknown already).
func goEnvFile(c *Call, fx *Effects) {
	if assigned(c, "GOENV") != "" {
		return
	}
	harmless := goEnvFileHarmless
	if sub := c.Sub(); sub == "env" || sub == "version" {
		// They download nothing: where modules come from is no matter.
		harmless = goEnvFilePrintHarmless
	}
	for _, f := range goEnvFiles {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: harmless,
			Why: f + " sets the go command's environment for every call (GOFLAGS=-toolexec runs a program in every build)"})
	}
}

// goEnvFileSafe are the settings of an environment file, beside
// goEnvSafe, that change neither the programs the go command runs nor
// the code it trusts: GOPRIVATE (and its parts GONOPROXY and GONOSUMDB)
// names the modules fetched from where go.mod says, over HTTPS.
var goEnvFileSafe = []string{"GOPRIVATE", "GONOPROXY", "GONOSUMDB"}

// goSafeGoflags are the flags GOFLAGS may hold in the file: they choose
// what is built and printed, not what runs (-mod=mod updates the
// project's go.mod and go.sum, as the person set it to).
var goSafeGoflags = []string{"-mod", "-modcacherw", "-trimpath", "-tags", "-buildvcs", "-v", "-x", "-race", "-cover",
	"-covermode", "-count", "-p", "-short", "-failfast", "-json", "-a", "-n", "-buildmode"}

// goProxySettings choose where modules come from and whether they are
// checked: settings of no harm to a call that downloads none.
var goProxySettings = []string{"GOPROXY", "GOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GOAUTH"}

// goEnvFileHarmless reports an environment file whose every line is a
// comment or a setting of no harm.
func goEnvFileHarmless(content []byte) bool { return goEnvFileOnly(content, nil) }

// goEnvFilePrintHarmless is goEnvFileHarmless for go env and go version,
// which download no module.
func goEnvFilePrintHarmless(content []byte) bool { return goEnvFileOnly(content, goProxySettings) }

// goEnvFileOnly reports an environment file whose every line is a
// comment, a setting of no harm or one of also.
func goEnvFileOnly(content []byte, also []string) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return false
		}
		switch {
		case slicesContains(goEnvSafe, name), slicesContains(goEnvFileSafe, name), slicesContains(also, name):
		case name == "GOTOOLCHAIN" && (value == "local" || value == "auto" || value == "path"):
		case name == "GOFLAGS" && goflagsHarmless(value):
		default:
			return false
		}
	}
	return true
}

// goflagsHarmless reports a GOFLAGS value made of goSafeGoflags only.
func goflagsHarmless(value string) bool {
	if strings.ContainsAny(value, "'\"\\$`") {
		return false
	}
	for _, f := range strings.Fields(value) {
		name, _, _ := strings.Cut(f, "=")
		if name = "-" + strings.TrimLeft(name, "-"); !slicesContains(goSafeGoflags, name) {
			return false
		}
	}
	return true
}
