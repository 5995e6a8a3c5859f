package programs

import "strings"

// presentationEnv reports an environment assignment (NAME=value) that only
// changes how a program presents what it prints: the locale, the time zone,
// the terminal and its colours.
func presentationEnv(assign string) bool {
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

// envEffects records an unknown effect for each environment assignment of
// the call beyond presentation settings: programs take pagers, editors,
// config files, history files, passwords and proxies from the environment,
// and a model cannot list every variable each one reads.
func envEffects(c *Call, fx *Effects) {
	for _, a := range c.Cmd.Assigns {
		if !presentationEnv(a) {
			name, _, _ := strings.Cut(a, "=")
			fx.Unknown("the variable " + name + " may change what " + c.Name + " does")
		}
	}
}
