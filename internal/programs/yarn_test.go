package programs_test

import (
	"strings"
	"testing"
)

func TestYarn(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		// yarn 1's listings print; the registry gets the package's name.
		{"yarn info react", `network the npm registry "react"`},
		{"yarn info react version --json", `network the npm registry "react" "version"`},
		{"yarn list --depth=0", `network the npm registry "0"`},
		{"yarn outdated", "network the npm registry"},
		{"yarn why lodash", `network the npm registry "lodash"`},
		// Options that choose another configuration, registry or folder,
		// and variables that set any of its settings, are not read.
		{"yarn info react --registry http://x", `network  "http://x"; exec :""; read react`},
		{"yarn --cwd ../other list", `exec :""`},
		{"YARN_YARN_PATH=./x.js yarn info react", `unknown (YARN_YARN_PATH names a program or code that yarn runs); network the npm registry "react"`},
		{"COREPACK_NPM_REGISTRY=http://x yarn list", "unknown (COREPACK_NPM_REGISTRY names a program or code that yarn runs); network the npm registry"},
		// Every other subcommand may run the project's code.
		{"yarn install", `exec :""`},
		{"yarn", `exec :""`},
	})
}

// TestYarnReadsItsConfiguration: which yarn runs and where it sends is
// configuration the engine reads before the call (TestBypassYarnConfiguration).
func TestYarnReadsItsConfiguration(t *testing.T) {
	t.Parallel()
	got := describeSome(parse(t, "yarn list").Effects(), true)
	for _, want := range []string{"if .yarnrc.yml (upward)", "if ~/.yarnrc.yml", "if .yarnrc (upward)", "if ~/.yarnrc", "if package.json (upward)", "if .npmrc (upward)"} {
		if !strings.Contains(got, want) {
			t.Errorf("yarn list: got %s, want an effect %s", got, want)
		}
	}
}
