package layout

import "runtime"

// managedDir is the managed (system) configuration folder: configuration,
// rules, agents and learned entries a machine's administrator sets, above
// the user's and the project's, and the policy bundle a team publishes.
//
// No environment variable or flag moves it: an agent can set those, and
// the managed layer is what an agent must not escape. A distribution that
// keeps system configuration elsewhere sets it when it builds:
//
//	go build -ldflags "-X github.com/agentgov/governance/internal/layout.managedDir=/usr/local/etc/governance"
//
// Tests move it with [SetManagedDirForTest].
var managedDir = ""

// DefaultManagedDir is the managed folder of the platform: /etc/governance
// on Linux and the other Unixes, /Library/Application Support/governance on
// macOS.
func DefaultManagedDir() string {
	if managedDir != "" {
		return managedDir
	}
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/governance"
	case "windows":
		return `C:\ProgramData\governance`
	}
	return "/etc/governance"
}

// SetManagedDirForTest moves the managed folder for the rest of the
// process. Only test binaries call it (the end-to-end tests give each
// simulated machine its own folder); the programs never do.
func SetManagedDirForTest(dir string) { managedDir = dir }

// Bundle is where the policy bundle a machine pulls lives, inside the
// managed folder: bundle/active names (as a symbolic link) the folder of
// the bundle in force, which is a policy folder of the managed layer.
func (p Paths) BundleDir() string {
	if p.ManagedDir == "" {
		return ""
	}
	return under(p.ManagedDir, "bundle")
}

// ActiveBundle is the folder of the bundle in force: a link that a pull
// replaces in one rename.
func (p Paths) ActiveBundle() string {
	if p.ManagedDir == "" {
		return ""
	}
	return under(p.BundleDir(), "active")
}
