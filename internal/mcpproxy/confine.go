package mcpproxy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/engine"
)

// serverCommand returns the command that runs a server by command: as
// configured, or, with confine, inside bubblewrap under a profile built
// from the policy the proxy decides with. A server that cannot be
// confined is not started.
func (p *Proxy) serverCommand(sc ServerConfig) (*exec.Cmd, error) {
	env := upstreamEnv()
	if sc.Confine == nil {
		cmd := exec.Command(sc.Command, sc.Args...)
		cmd.Env = append(env, sc.Env...)
		cmd.Dir = sc.Dir
		return cmd, nil
	}
	prof, err := p.serverProfile(sc)
	if err != nil {
		return nil, err
	}
	// The program must be there inside, as found on the host: through a
	// link that is not (node_modules/.bin) it is run where the link leads,
	// and a script there needs its modules shown (confine: read_only).
	prog, err := exec.LookPath(sc.Command)
	if err != nil {
		return nil, err
	}
	if prog, err = filepath.Abs(prog); err != nil {
		return nil, err
	}
	if !prof.Shows(prog) {
		if real, err := filepath.EvalSymlinks(prog); err == nil && prof.Shows(real) {
			prog = real
		} else {
			return nil, fmt.Errorf("cannot confine it: its program %s is not in a folder it is shown (add the folder to confine: read_only)", prog)
		}
	}
	l := &confine.Launcher{Env: env}
	cmd, err := l.Command(prof, append([]string{prog}, sc.Args...))
	if err != nil {
		return nil, err
	}
	// What a person configured for the server is passed as given (a
	// server's own token): only the proxy's inherited environment is
	// cleaned of secrets.
	cmd.Env = append(cmd.Env, sc.Env...)
	return cmd, nil
}

// serverProfile builds a confined server's profile: the project shown
// read-only, the declared folders, the secrets in what it sees masked,
// the protected set read-only, an empty home folder. The server starts
// in its cwd, else the project's root.
func (p *Proxy) serverProfile(sc ServerConfig) (*confine.Profile, error) {
	pol, _ := p.policy.Policy()
	cwd := sc.Dir
	if cwd == "" {
		cwd = p.paths.ProjectRoot
	}
	if cwd == "" {
		cwd = os.TempDir()
	}
	req := &engine.Request{Harness: "mcp-proxy", Cwd: cwd, ProjectRoot: p.paths.ProjectRoot, Home: p.paths.Home,
		Tool: engine.Tool{Kind: engine.KindMCP, Input: engine.Input{Server: sc.Name}}}
	prof, err := confine.For(engine.NewEngine(pol), req, confine.Server, confine.Options{
		Tools: confine.DefaultTools, ReadOnly: sc.Confine.ReadOnly, Writable: sc.Confine.Writable, Network: sc.Confine.Network})
	if err != nil {
		return nil, fmt.Errorf("cannot confine it: %w", err)
	}
	return prof, nil
}
