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

// unseenEffects records what a call's words do not show: environment
// assignments beyond presentation (envEffects), and words computed at run
// time before any --, which may turn out to be any option (a unit name
// "$UNIT" that is -H host at run time).
func unseenEffects(c *Call, fx *Effects) {
	envEffects(c, fx)
	for _, a := range c.Cmd.Args[min(1, len(c.Cmd.Args)):] {
		if a.Value == "--" && !a.Dynamic {
			return
		}
		if a.Dynamic {
			fx.Unknown("the word " + a.Value + " is computed at run time and may be any option of " + c.Name)
			return
		}
	}
}
