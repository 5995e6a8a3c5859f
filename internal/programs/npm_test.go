package programs_test

import "testing"

func TestNpm(t *testing.T) {
	t.Parallel()
	// npm looks for a newer npm now and then.
	const log = "network registry.npmjs.org"
	const asks = log + "; network registry.npmjs.org"
	checkEffects(t, []effectCase{
		{"npm ls --all", log},
		{"npm -g ls --depth=0", log},
		{"npm --prefix web ls", log},
		{"npm ls -ws", log},
		{"npm ls --jso", log},
		{"npm view lodash versions", asks + ` "lodash" "versions"`},
		{"npm --registry https://r.example view x", "network registry.npmjs.org; network  \"https://r.example\"; network registry.npmjs.org \"x\" \"https://r.example\""},
		{"npm -reg https://r.example view x", "network registry.npmjs.org; network  \"https://r.example\"; network registry.npmjs.org \"x\" \"https://r.example\""},
		{"npm outdated --long", asks},
		{"npm audit --json", asks},
		{"npm audit signatures", asks + ` "signatures"`},
		{"npm audit fix", "network registry.npmjs.org; exec :\"\"; read fix"},
		{"npm config list", log},
		{"npm config get registry", log},
		{"npm get registry", log},
		{"npm config get //r/:_authToken", "network registry.npmjs.org; unknown (npm config get //r/:_authToken may print a credential)"},
		{"npm config set registry x", "network registry.npmjs.org; change (npm config changes the registry, an account or the project); read set; read registry; read x"},
		{"npm config edit", "network registry.npmjs.org; exec :\"\""},
		{"npm run", log},
		{"npm run build", "network registry.npmjs.org; exec :\"\"; read build"},
		{"npm run build --help", "network registry.npmjs.org; exec :\"\"; read build"},
		{"npm run build -h", "network registry.npmjs.org; exec :\"\"; read build"},
		{"npm test", "network registry.npmjs.org; exec :\"\""},
		{"npm --help", "network registry.npmjs.org"},
		{"npm -h ls", "network registry.npmjs.org"},
		{"npm install --help", "network registry.npmjs.org; exec :\"\""},
		{"npm ls --help", "network registry.npmjs.org"},
		{"npm -v", "network registry.npmjs.org"},
		{"npm version", log},
		{"npm version major", "network registry.npmjs.org; exec :\"\"; read major"},
		{"npm install lodash", "network registry.npmjs.org; exec :\"\"; read lodash"},
		{"npm i", "network registry.npmjs.org; exec :\"\""},
		{"npm exec -c 'rm -rf /'", "network registry.npmjs.org; exec sh:\"rm -rf /\"; exec :\"\""},
		{"npm docs lodash", "network registry.npmjs.org; change (npm docs opens a web page in the browser); network registry.npmjs.org \"lodash\""},
		{"npm docs --no-browser lodash", asks + ` "lodash"`},
		{"npm docs --browser=false lodash", asks + ` "lodash" "false"`},
		{"npm fund", log},
		{"npm pkg get name", "network registry.npmjs.org; read package.json"},
		{"npm pkg set name=x", "network registry.npmjs.org; write package.json"},
		{"npm cache ls", log},
		{"npm cache clean --force", "network registry.npmjs.org; change (npm cache changes the registry, an account or the project); read clean"},
		{"npm dist-tag ls lodash", asks + ` "ls" "lodash"`},
		{"npm dist-tag add lodash@1 latest", "network registry.npmjs.org; change (npm dist-tag changes the registry, an account or the project); read add; read lodash@1; read latest"},
		{"npm ls --script-shell=/tmp/x", "network registry.npmjs.org; exec sh:\"/tmp/x\""},
		{"npm ls --scrip /tmp/x", "network registry.npmjs.org; exec sh:\"/tmp/x\""},
		{"npm ls --userconfig /tmp/rc", "network registry.npmjs.org; unknown (--userconfig runs code the model does not read)"},
		{"npm ls --cache /tmp/c", "network registry.npmjs.org; write /tmp/c"},
		{"npm frobnicate", "network registry.npmjs.org; unknown (\"frobnicate\" is not a subcommand the model of npm knows)"},
		{"npm ls --frob", "network registry.npmjs.org; unknown (the option --frob is not in the model of npm)"},
		{`npm view "$TOKEN"`, "network registry.npmjs.org; unknown (the word $TOKEN is computed at run time and may be any option); network registry.npmjs.org \"$TOKEN\""},
		{"npm ls --browser=/tmp/x", log + `; exec sh:"/tmp/x"`},
		{"npx cowsay hi", "network registry.npmjs.org; exec :\"\"; read cowsay; read hi"},
		{"npx cowsay --help", "network registry.npmjs.org; exec :\"\"; read cowsay; read --help"},
		{"npx --help", "network registry.npmjs.org"},
		{"npx -c 'ls'", "network registry.npmjs.org; exec sh:\"ls\"; exec :\"\""},
		{"npm ls -gp", log},
		{"npm ls -gC /tmp/x", log},
		{"npm ls -- --script-shell=/tmp/x", log},
		{"npm run build -- --help", "network registry.npmjs.org; exec :\"\"; read build; read --help"},
	})
}

func TestPnpmYarnBun(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pnpm ls", ""},
		{"pnpm -r list --depth 0", ""},
		{"pnpm --filter web why react", ""},
		{"pnpm outdated", "network registry.npmjs.org"},
		{"pnpm audit --fix", "change (--fix writes files); " + "network registry.npmjs.org"},
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
		{"yarn list", `exec :""`},
		{"yarn", `exec :""`},
		{"yarn --version", `exec :""`},
		{"yarn info react", `exec :""; read react`},
		{"bun pm ls", ""},
		{"bun pm cache", ""},
		{"bun pm cache rm", "delete ~/.bun/install/cache (tree)"},
		{"bun outdated", "network registry.npmjs.org"},
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
		{"npm diff", "network registry.npmjs.org; network registry.npmjs.org"},
		{"npm diff --diff=lodash@4.17.0", "network registry.npmjs.org; network registry.npmjs.org \"lodash@4.17.0\""},
		{"npm diff --diff=@types/node@20 --diff=@types/node@22", "network registry.npmjs.org; network registry.npmjs.org \"@types/node@20\" \"@types/node@22\""},
		{"npm diff --diff=./a --diff=lodash", "network registry.npmjs.org; exec :\"\""},
		{"npm diff --diff=user/repo", "network registry.npmjs.org; exec :\"\""},
		{"npm diff --diff=git+https://x/y.git", "network registry.npmjs.org; exec :\"\""},
		{"npm diff --diff=file:../a", "network registry.npmjs.org; exec :\"\""},
		{"npm diff --diff=lodash@file:../a", "network registry.npmjs.org; exec :\"\""},
	})
}
