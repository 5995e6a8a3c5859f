package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// launchGit expands a git alias defined in the same command line (git -c
// alias.NAME=VALUE NAME, or GIT_CONFIG_PARAMETERS): an alias starting with
// ! runs a shell command, as git runs it: sh -c 'BODY "$@"' BODY ARGS;
// any other becomes the git command it names. An alias expands once, and
// its name is read in any case, as git reads configuration names.
func launchGit(c *shell.Simple) (shell.Launched, bool) {
	if c.Origin == "git alias" {
		return shell.Launched{}, false
	}
	var aliases map[string]string
	alias := func(k, v string) {
		if name, ok := strings.CutPrefix(strings.ToLower(k), "alias."); ok {
			if aliases == nil {
				aliases = map[string]string{}
			}
			aliases[name] = v
		}
	}
	for _, a := range c.Assigns {
		if name, val, _ := strings.Cut(a, "="); name == "GIT_CONFIG_PARAMETERS" {
			for _, entry := range strings.Fields(strings.NewReplacer("'", " ", "\"", " ").Replace(val)) {
				if k, v, ok := strings.Cut(entry, "="); ok {
					alias(k, v)
				}
			}
		}
	}
	args := c.Args[1:]
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return shell.Launched{}, false
		}
		switch {
		case v == "-c" && i+1 < len(args):
			i++
			if k, val, ok := strings.Cut(args[i].Value, "="); ok {
				alias(k, val)
			}
			continue
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			if k, val, ok := strings.Cut(v[2:], "="); ok {
				alias(k, val)
			}
			continue
		case v == "-C" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--config-env" || v == "--exec-path":
			i++
			continue
		case v == "--" || strings.HasPrefix(v, "-"):
			continue
		}
		break
	}
	if i >= len(args) || len(aliases) == 0 {
		return shell.Launched{}, false
	}
	body, ok := aliases[strings.ToLower(args[i].Value)]
	if !ok {
		return shell.Launched{}, false
	}
	if code, ok := strings.CutPrefix(body, "!"); ok {
		// git appends "$@" only when it has words to pass.
		run := []shell.Arg{{Value: "sh"}, {Value: "-c"}, {Value: code}, {Value: code}}
		if len(args) > i+1 {
			run[2].Value += ` "$@"`
			run = append(run, args[i+1:]...)
		}
		return shell.Launched{Keep: true, Nested: []shell.Nested{{Origin: "git alias", Args: run}}}, true
	}
	// git, its options, the alias's words in place of its name, and the
	// words after it.
	expanded := append([]shell.Arg{c.Args[0]}, args[:i]...)
	for _, word := range strings.Fields(body) {
		expanded = append(expanded, shell.Arg{Value: word})
	}
	expanded = append(expanded, args[i+1:]...)
	return shell.Launched{Keep: true, Nested: []shell.Nested{{Origin: "git alias", Args: expanded}}}, true
}

// gitCallAlias reports a subcommand that an alias given with -c defines,
// which launchGit expands.
func gitCallAlias(c *Call, sub string) bool {
	for _, o := range c.Opts {
		if o.Level == 0 && o.HasValue && !o.Value.Dynamic && o.Spec != nil && o.Spec.Is("-c") {
			if k, _, ok := strings.Cut(o.Value.Value, "="); ok && strings.EqualFold(k, "alias."+sub) {
				return true
			}
		}
	}
	return false
}
