package programs_test

import "testing"

func TestNpm(t *testing.T) {
	t.Parallel()
	const log = "cache ~/.npm/_logs"
	const asks = log + "; cache ~/.npm/_cacache; network registry.npmjs.org"
	checkEffects(t, []effectCase{
		{"npm ls --all", log},
		{"npm -g ls --depth=0", log},
		{"npm --prefix web ls", log},
		{"npm ls -ws", log},
		{"npm ls --jso", log},
		{"npm view lodash versions", asks + ` "lodash" "versions"`},
		{"npm --registry https://r.example view x", `network  "https://r.example"; ` + asks + ` "x" "https://r.example"`},
		{"npm -reg https://r.example view x", `network  "https://r.example"; ` + asks + ` "x" "https://r.example"`},
		{"npm outdated --long", asks},
		{"npm audit --json", asks},
		{"npm audit signatures", asks + ` "signatures"`},
		{"npm audit fix", `exec :""; read fix`},
		{"npm config list", log},
		{"npm config get registry", log},
		{"npm get registry", log},
		{"npm config get //r/:_authToken", "unknown (npm config get //r/:_authToken may print a credential)"},
		{"npm config set registry x", "change (npm config changes the registry, an account or the project); read set; read registry; read x"},
		{"npm config edit", `exec :""`},
		{"npm run", log},
		{"npm run build", `exec :""; read build`},
		{"npm run build --help", `exec :""; read build`},
		{"npm run build -h", `exec :""; read build`},
		{"npm test", `exec :""`},
		{"npm --help", ""},
		{"npm -h ls", ""},
		{"npm install --help", `exec :""`},
		{"npm ls --help", ""},
		{"npm -v", ""},
		{"npm version", log},
		{"npm version major", `exec :""; read major`},
		{"npm install lodash", `exec :""; read lodash`},
		{"npm i", `exec :""`},
		{"npm exec -c 'rm -rf /'", `exec sh:"rm -rf /"; exec :""`},
		{"npm docs lodash", `change (npm docs opens a web page in the browser); network registry.npmjs.org "lodash"`},
		{"npm docs --no-browser lodash", asks + ` "lodash"`},
		{"npm docs --browser=false lodash", asks + ` "lodash" "false"`},
		{"npm fund", log},
		{"npm pkg get name", "read package.json; " + log},
		{"npm pkg set name=x", "write package.json; " + log},
		{"npm cache ls", log},
		{"npm cache clean --force", "change (npm cache changes the registry, an account or the project); read clean"},
		{"npm dist-tag ls lodash", asks + ` "ls" "lodash"`},
		{"npm dist-tag add lodash@1 latest", "change (npm dist-tag changes the registry, an account or the project); read add; read lodash@1; read latest"},
		{"npm ls --script-shell=/tmp/x", `exec sh:"/tmp/x"; ` + log},
		{"npm ls --scrip /tmp/x", `exec sh:"/tmp/x"; ` + log},
		{"npm ls --userconfig /tmp/rc", "unknown (--userconfig runs code the model does not read); " + log},
		{"npm ls --cache /tmp/c", "write /tmp/c; " + log},
		{"npm frobnicate", `unknown ("frobnicate" is not a subcommand the model of npm knows); cache ~/.npm/_logs`},
		{"npm ls --frob", "unknown (the option --frob is not in the model of npm); " + log},
		{`npm view "$TOKEN"`, `unknown (the word $TOKEN is computed at run time and may be any option); ` + asks + ` "$TOKEN"`},
		{"npm ls --browser=/tmp/x", log + `; exec sh:"/tmp/x"`},
		{"npx cowsay hi", `exec :""; read cowsay; read hi`},
		{"npx cowsay --help", `exec :""; read cowsay; read --help`},
		{"npx --help", ""},
		{"npx -c 'ls'", `exec sh:"ls"; exec :""`},
		{"npm ls -gp", log},
		{"npm ls -gC /tmp/x", log},
		{"npm ls -- --script-shell=/tmp/x", log},
		{"npm run build -- --help", `exec :""; read build; read --help`},
	})
}

func TestPnpmYarnBun(t *testing.T) {
	t.Parallel()
	const pnpm = "cache ~/.cache/pnpm"
	const bun = "cache ~/.bun/install/cache"
	checkEffects(t, []effectCase{
		{"pnpm ls", pnpm},
		{"pnpm -r list --depth 0", pnpm},
		{"pnpm --filter web why react", pnpm},
		{"pnpm outdated", pnpm + "; network registry.npmjs.org"},
		{"pnpm audit --fix", "change (--fix writes files); " + pnpm + "; network registry.npmjs.org"},
		{"pnpm licenses list", pnpm},
		{"pnpm store path", pnpm},
		{"pnpm store prune", "change (pnpm store changes the store, the configuration or the project); read prune"},
		{"pnpm config get //r/:_authToken", "unknown (pnpm config get may print a credential)"},
		{"pnpm -v", ""},
		{"pnpm install", `exec :""`},
		{"pnpm run build --help", `exec :""; read build`},
		{"pnpm build", `unknown ("build" is not a subcommand the model of pnpm knows); cache ~/.cache/pnpm`},
		{"pnpm --store-dir /tmp/s ls", "write /tmp/s; " + pnpm},
		{"pnpx cowsay", `exec :""; read cowsay`},
		{"yarn list", `exec :""`},
		{"yarn", `exec :""`},
		{"yarn --version", `exec :""`},
		{"yarn info react", `exec :""; read react`},
		{"bun pm ls", bun},
		{"bun pm cache", bun},
		{"bun pm cache rm", "delete ~/.bun/install/cache (tree)"},
		{"bun outdated", bun + "; network registry.npmjs.org"},
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
		{"npm diff", "cache ~/.npm/_logs; cache ~/.npm/_cacache; network registry.npmjs.org"},
		{"npm diff --diff=lodash@4.17.0", `cache ~/.npm/_logs; cache ~/.npm/_cacache; network registry.npmjs.org "lodash@4.17.0"`},
		{"npm diff --diff=@types/node@20 --diff=@types/node@22", `cache ~/.npm/_logs; cache ~/.npm/_cacache; network registry.npmjs.org "@types/node@20" "@types/node@22"`},
		{"npm diff --diff=./a --diff=lodash", `exec :""`},
		{"npm diff --diff=user/repo", `exec :""`},
		{"npm diff --diff=git+https://x/y.git", `exec :""`},
		{"npm diff --diff=file:../a", `exec :""`},
		{"npm diff --diff=lodash@file:../a", `exec :""`},
	})
}
