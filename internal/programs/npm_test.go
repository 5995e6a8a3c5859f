package programs_test

import (
	"strings"
	"testing"
)

func TestNpm(t *testing.T) {
	t.Parallel()
	// npm looks for a newer npm now and then.
	const log = "network the npm registry"
	const asks = log + "; network the npm registry"
	checkEffects(t, []effectCase{
		{"npm ls --all", log},
		{"npm -g ls --depth=0", log},
		{"npm --prefix web ls", log},
		{"npm ls -ws", log},
		{"npm ls --jso", log},
		{"npm view lodash versions", asks + ` "lodash" "versions"`},
		{"npm --registry https://r.example view x", "network the npm registry; network  \"https://r.example\"; network the npm registry \"x\" \"https://r.example\""},
		{"npm -reg https://r.example view x", "network the npm registry; network  \"https://r.example\"; network the npm registry \"x\" \"https://r.example\""},
		{"npm outdated --long", asks},
		{"npm audit --json", asks},
		{"npm audit signatures", asks + ` "signatures"`},
		{"npm audit fix", "network the npm registry; exec :\"\"; read fix"},
		{"npm config list", log},
		{"npm config get registry", log},
		{"npm get registry", log},
		{"npm config get //r/:_authToken", "network the npm registry; unknown (npm config get //r/:_authToken may print a credential)"},
		{"npm config set registry x", "network the npm registry; change (npm config changes the registry, an account or the project); read set; read registry; read x"},
		{"npm config edit", "network the npm registry; exec :\"\""},
		{"npm run", log},
		{"npm run build", "network the npm registry; exec :\"\"; read build"},
		{"npm run build --help", "network the npm registry; exec :\"\"; read build"},
		{"npm run build -h", "network the npm registry; exec :\"\"; read build"},
		{"npm test", "network the npm registry; exec :\"\""},
		{"npm --help", "network the npm registry"},
		{"npm -h ls", "network the npm registry"},
		{"npm install --help", "network the npm registry; exec :\"\""},
		{"npm ls --help", "network the npm registry"},
		{"npm -v", "network the npm registry"},
		{"npm version", log},
		{"npm version major", "network the npm registry; exec :\"\"; read major"},
		{"npm install lodash", "network the npm registry; exec :\"\"; read lodash"},
		{"npm i", "network the npm registry; exec :\"\""},
		{"npm exec -c 'rm -rf /'", "network the npm registry; exec sh:\"rm -rf /\"; exec :\"\""},
		{"npm docs lodash", "network the npm registry; change (npm docs opens a web page in the browser); network the npm registry \"lodash\""},
		{"npm docs --no-browser lodash", asks + ` "lodash"`},
		{"npm docs --browser=false lodash", asks + ` "lodash" "false"`},
		{"npm fund", log},
		{"npm pkg get name", "network the npm registry; read package.json"},
		{"npm pkg set name=x", "network the npm registry; write package.json"},
		{"npm cache ls", log},
		{"npm cache clean --force", "network the npm registry; change (npm cache changes the registry, an account or the project); read clean"},
		{"npm dist-tag ls lodash", asks + ` "ls" "lodash"`},
		{"npm dist-tag add lodash@1 latest", "network the npm registry; change (npm dist-tag changes the registry, an account or the project); read add; read lodash@1; read latest"},
		{"npm ls --script-shell=/tmp/x", "network the npm registry; exec sh:\"/tmp/x\""},
		{"npm ls --scrip /tmp/x", "network the npm registry; exec sh:\"/tmp/x\""},
		{"npm ls --userconfig /tmp/rc", "network the npm registry; unknown (--userconfig runs code the model does not read)"},
		{"npm ls --cache /tmp/c", "network the npm registry; write /tmp/c"},
		{"npm ls --no-strict-ssl", "network the npm registry; unknown (the effect of --no-strict-ssl is not modelled)"},
		{"npm ls --strict-ssl=false", "network the npm registry; unknown (the effect of --strict-ssl is not modelled)"},
		{"npm ls --https-proxy http://p", "network the npm registry; unknown (the effect of --https-proxy is not modelled)"},
		{"npm ls --cafile ca.pem", "network the npm registry; unknown (the effect of --cafile is not modelled)"},
		{"HTTPS_PROXY=http://p npm ls", "unknown (HTTPS_PROXY changes where npm sends its requests, with the registry's token, or what it trusts); network the npm registry"},
		{"npm frobnicate", "network the npm registry; unknown (\"frobnicate\" is not a subcommand the model of npm knows)"},
		{"npm ls --frob", "network the npm registry; unknown (the option --frob is not in the model of npm)"},
		{`npm view "$TOKEN"`, "network the npm registry; unknown (the word $TOKEN is computed at run time and may be any option); network the npm registry \"$TOKEN\""},
		{"npm ls --browser=/tmp/x", log + `; exec sh:"/tmp/x"`},
		{"npx cowsay hi", "network the npm registry; exec :\"\"; read cowsay; read hi"},
		{"npx cowsay --help", "network the npm registry; exec :\"\"; read cowsay; read --help"},
		{"npx --help", "network the npm registry"},
		{"npx -c 'ls'", "network the npm registry; exec sh:\"ls\"; exec :\"\""},
		{"npm ls -gp", log},
		{"npm ls -gC /tmp/x", log},
		{"npm ls -- --script-shell=/tmp/x", log},
		{"npm run build -- --help", "network the npm registry; exec :\"\"; read build; read --help"},
	})
}

func TestPnpmYarnBun(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pnpm ls", ""},
		{"pnpm -r list --depth 0", ""},
		{"pnpm --filter web why react", ""},
		{"pnpm outdated", "network the npm registry"},
		{"pnpm audit --fix", "change (--fix writes files); " + "network the npm registry"},
		{"pnpm licenses list", ""},
		{"pnpm store path", ""},
		{"pnpm store prune", "change (pnpm store changes the store, the configuration or the project); read prune"},
		{"pnpm config get //r/:_authToken", "unknown (pnpm config get may print a credential)"},
		{"pnpm -v", ""},
		{"pnpm install", `exec :""`},
		{"pnpm run build --help", `exec :""; read build`},
		{"pnpm build", "unknown (\"build\" is not a subcommand the model of pnpm knows)"},
		{"pnpm --store-dir /tmp/s ls", "write /tmp/s"},
		{"pnpx cowsay", `exec :""; read cowsay`},
		// yarn 1's listings print, once its configuration is read
		// (TestYarn).
		{"yarn list", "network the npm registry"},
		{"yarn", `exec :""`},
		{"yarn --version", `exec :""`},
		{"yarn info react", `network the npm registry "react"`},
		{"bun pm ls", ""},
		{"bun pm cache", ""},
		{"bun pm cache rm", "delete ~/.bun/install/cache (tree)"},
		{"bun outdated", "network the npm registry"},
		{"bun -v", ""},
		{"bun", ""},
		{"bun x.ts ~/.ssh/id_rsa", `exec :""; read x.ts; read /h/.ssh/id_rsa`},
		{"bun x.ts --help", `exec :""; read x.ts; read --help`},
		{"bun run build --help", `exec :""; read build; read --help`},
		{"bun install", `exec :""`},
		{"bunx cowsay --help", `exec :""; read cowsay; read --help`},
	})
}

func TestNpmDiff(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"npm diff", "network the npm registry; network the npm registry"},
		{"npm diff --diff=lodash@4.17.0", "network the npm registry; network the npm registry \"lodash@4.17.0\""},
		{"npm diff --diff=@types/node@20 --diff=@types/node@22", "network the npm registry; network the npm registry \"@types/node@20\" \"@types/node@22\""},
		{"npm diff --diff=./a --diff=lodash", "network the npm registry; exec :\"\""},
		{"npm diff --diff=user/repo", "network the npm registry; exec :\"\""},
		{"npm diff --diff=git+https://x/y.git", "network the npm registry; exec :\"\""},
		{"npm diff --diff=file:../a", "network the npm registry; exec :\"\""},
		{"npm diff --diff=lodash@file:../a", "network the npm registry; exec :\"\""},
	})
}

// TestNpmPack: packing registry packages fetches and writes their
// tarballs and runs no script; packing the project, a folder, a git
// repository or a spec named at run time runs the prepack scripts.
func TestNpmPack(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"npm pack lodash", `network the npm registry; network the npm registry "lodash"; write lodash-*.tgz`},
		{"npm pack lodash --dry-run", `network the npm registry; network the npm registry "lodash"`},
		{"npm pack lodash --dry-run --no-dry-run", `network the npm registry; network the npm registry "lodash"; write lodash-*.tgz`},
		{"npm pack @types/node@20 lodash@4", `network the npm registry; network the npm registry "@types/node@20" "lodash@4"; write types-node-*.tgz; write lodash-*.tgz`},
		{"npm pack", `network the npm registry; exec :""`},
		{"npm pack lodash ./dir", `network the npm registry; exec :""; read lodash; read ./dir`},
		{"npm pack user/repo", `network the npm registry; exec :""; read user/repo`},
	})
}

// TestNpmPrintsConfig: npm replaces ${NAME} in a project's .npmrc with
// the variable's value before it prints the configuration.
func TestNpmPrintsConfig(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"npm config list", "npm config ls -l", "npm config get foo", "npm get foo", "npm c list --json"} {
		if got := describeSome(parse(t, cmd).Effects(), true); !strings.Contains(got, "unknown if .npmrc (upward)") {
			t.Errorf("%q: got %s, want an unknown effect if .npmrc is there", cmd, got)
		}
	}
}
