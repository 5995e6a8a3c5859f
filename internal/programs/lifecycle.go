package programs

import (
	"encoding/json"
	"slices"
	"strings"
)

// Installing a JavaScript project (npm install, npm ci, yarn, pnpm
// install, bun install) runs the lifecycle scripts of its package.json
// (preinstall, install, postinstall, prepare) and the install scripts of
// the packages it installs. Some of those are git hook managers (husky,
// simple-git-hooks, lefthook, yorkie, pre-commit): they write git's
// configuration (core.hooksPath) or its hooks folder, code git runs on
// the person's next commit. The model records the lifecycle as an Exec
// effect marked Lifecycle; what it runs is read from package.json by the
// engine, with [GitHookManager].

// lifecycle marks the Exec of the project's code that runsProject
// recorded as the install lifecycle, unless scripts are turned off
// (--ignore-scripts) or the call asks for help.
func lifecycle(c *Call, fx *Effects) {
	if c.HasAny("--ignore-scripts") || c.HasAny("--help|-h") {
		return
	}
	for i := range fx.List {
		if e := &fx.List[i]; e.Op == Exec && e.Code == "" && !e.Found && !e.Helper {
			e.Lifecycle = true
		}
	}
}

// lifecycleScripts are the scripts of package.json an install runs.
var lifecycleScripts = [...]string{"preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare"}

// gitHookManagers are the packages that install git hooks: by their
// command in a lifecycle script (husky, from version 5 on, runs from
// prepare), or, installed, by a script of their own (the others, and
// husky before version 5).
var gitHookManagers = [...]string{"husky", "simple-git-hooks", "lefthook", "yorkie", "pre-commit", "ghooks", "git-hooks", "@arkweid/lefthook"}

// gitCommands are the commands a script runs to install hooks, with
// what writes git's hooks or configuration directly.
var gitCommands = [...]string{"husky", "simple-git-hooks", "lefthook", "yorkie", "git-hooks", "git config", "core.hooksPath", ".git/hooks"}

// gitWrite returns the first of gitCommands a script names as a word of
// its own (not part of my-husky-fork), or "".
func gitWrite(script string) string {
	for _, w := range gitCommands {
		for i := 0; ; {
			j := strings.Index(script[i:], w)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(w)
			before := start == 0 || !strings.ContainsRune(wordChars+"@/.", rune(script[start-1]))
			after := end == len(script) || !strings.ContainsRune(wordChars, rune(script[end]))
			// A path (.git/hooks, core.hooksPath) counts wherever it is.
			if before && after || strings.Contains(w, ".") {
				return w
			}
			i = end
		}
	}
	return ""
}

// wordChars continue a package or command name.
const wordChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

// GitHookManager returns what, in the install of a project whose
// package.json holds pkg, writes git's configuration or hooks folder:
// the name of a hook manager (or the command) and where package.json
// names it ("scripts.prepare", "devDependencies"); "" when nothing
// does or pkg is not JSON.
func GitHookManager(pkg []byte) (name, where string) {
	var p struct {
		Scripts map[string]any
		Deps    map[string]any `json:"dependencies"`
		DevDeps map[string]any `json:"devDependencies"`
		OptDeps map[string]any `json:"optionalDependencies"`
	}
	if json.Unmarshal(pkg, &p) != nil {
		return "", ""
	}
	for _, s := range lifecycleScripts {
		text, _ := p.Scripts[s].(string)
		if name := gitWrite(text); name != "" {
			return name, "scripts." + s
		}
	}
	for _, d := range []struct {
		m    map[string]any
		name string
	}{{p.Deps, "dependencies"}, {p.DevDeps, "devDependencies"}, {p.OptDeps, "optionalDependencies"}} {
		for _, h := range gitHookManagers {
			v, ok := d.m[h]
			if !ok {
				continue
			}
			if version, _ := v.(string); h == "husky" && !huskyInstalls(version) {
				// husky 5 and later installs nothing by itself.
				continue
			}
			return h, d.name
		}
	}
	return "", ""
}

// huskyInstalls reports a version range of husky before 5, whose own
// install script set the hooks up.
func huskyInstalls(version string) bool {
	v := strings.TrimLeft(version, "^~>=v ")
	major, _, _ := strings.Cut(v, ".")
	return slices.Contains([]string{"0", "1", "2", "3", "4"}, major)
}
