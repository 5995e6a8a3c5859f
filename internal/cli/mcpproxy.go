package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/gatekeeper/provider"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/pluginhost"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/mcpproxy"
)

// mcpProxyConfig is the proxy's configuration file name, in the project's
// .governance/ or the user's configuration folder.
const mcpProxyConfig = config.MCPProxyFile

// upstreamWait is how long the proxy waits for its servers to come up
// before it answers its client; servers that take longer join later.
const upstreamWait = 20 * time.Second

func (a *App) mcpProxyCmd() *cobra.Command {
	var file string
	c := &cobra.Command{
		Use:   "mcp-proxy [--config FILE]",
		Short: "Serve MCP servers behind the policy: every tool call is decided before it reaches them",
		Long: `mcp-proxy is one MCP server in front of several real ones. It lists their
tools as {server}_{tool}, showing each client only the tools the policy lets
it use, and decides every tools/call with the project's policy (rules,
roles, agent files, rate limits) before the call reaches a server: an
allowed call returns the server's result unchanged; a denied one fails with
JSON-RPC error -32951 (the agent may continue) or -32950 (abort); a call
that needs a person waits in the approvals queue. Every call is recorded in
the decision log.

The configuration (default: .governance/mcp-proxy.yaml, else
~/.config/governance/mcp-proxy.yaml) names the servers:

  servers:
    everything:
      command: mcp-server-everything
      args: [stdio]
    files:
      command: mcp-server-filesystem
      args: ["/srv/shared"]
    remote:
      url: https://mcp.example.com/mcp
      headers: {Authorization: "Bearer ${REMOTE_TOKEN}"}
  # listen: 127.0.0.1:8931      serve streamable HTTP instead of stdio
  # approver_token_file: ~/.config/governance/approver.token
  # expose_decide: true         list governance_decide, a dry run of the policy
  # approval_wait: 50s

Clients speak to it over stdio, or over HTTP on 127.0.0.1 with a bearer
token (printed at start). A second token, from approver_token_file, selects
the human principal, who sees the approver tools: answering approvals and
accepting rules that agents proposed.`,
		Example: `  governance mcp-proxy
  governance mcp-proxy --config ~/mcp/proxy.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			if file != "" {
				file = a.absCwd(file)
			}
			path, err := proxyConfigPath(p, file)
			if err != nil {
				return err
			}
			cfg, err := mcpproxy.ReadConfig(path, a.Getenv)
			if err != nil {
				return err
			}
			if err := projectProxyTrusted(p, path); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// The proxy decides as the hook does: plugins from a pool that
			// stays warm across calls, the gatekeeper in-process.
			pool := pluginhost.NewPool(pluginhost.Options{Log: a.Stderr})
			defer pool.Close()
			evaluators := pipeline.Evaluators{Plugins: pool.Caller, Models: (&provider.Models{}).New}
			proxy := mcpproxy.New(mcpproxy.Options{Config: cfg, Paths: p, Stderr: a.Stderr, Version: decisionlog.Version,
				Evaluators: evaluators})
			var token, tokenFile, approver string
			var ln net.Listener
			if cfg.Listen != "" {
				// Fail on tokens and the address before starting servers.
				if token, tokenFile, err = mcpproxy.AgentToken(cfg, p.StateDir); err != nil {
					return fmt.Errorf("the agents' token: %w", err)
				}
				if approver, err = mcpproxy.ApproverToken(cfg, token); err != nil {
					return err
				}
				if ln, err = net.Listen("tcp", cfg.Listen); err != nil {
					return err
				}
				defer ln.Close()
			}
			proxy.Start(ctx, upstreamWait)
			defer proxy.Close()
			if ln == nil {
				return proxy.ServeStdio(ctx, a.Stdin, a.Stdout)
			}
			fmt.Fprintf(a.Stdout, "url: http://%s/mcp\ntoken file: %s\n", ln.Addr(), tokenFile)
			return proxy.ServeHTTP(ctx, ln, token, approver)
		},
	}
	c.Flags().StringVar(&file, "config", "", "the proxy's configuration file (default: .governance/"+mcpProxyConfig+", else the user's)")
	return c
}

// projectProxyTrusted refuses a proxy configuration of the project's that
// the user has not trusted: the servers it names are programs, and
// cloning a repository must not be enough to start them.
func projectProxyTrusted(p layout.Paths, path string) error {
	if p.RepoDir == "" || p.RepoDir == p.UserDir || filepath.Dir(path) != p.RepoDir {
		return nil
	}
	t, err := config.CheckProjectTrust(p)
	if err != nil {
		return err
	}
	if t.Applies() {
		return nil
	}
	return withHint(fmt.Errorf("%s starts MCP servers, and the project's policy is %s", path, t.Why()),
		"read the project's .governance files, then run `governance trust` in the project")
}

// proxyConfigPath finds the configuration: the file named (an absolute
// path), else the project's, else the user's.
func proxyConfigPath(p layout.Paths, file string) (string, error) {
	if file != "" {
		return file, nil
	}
	candidates := []string{filepath.Join(p.RepoDir, mcpProxyConfig)}
	if p.UserDir != "" {
		candidates = append(candidates, filepath.Join(p.UserDir, mcpProxyConfig))
	}
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return "", withHint(fmt.Errorf("no %s in %s or %s", mcpProxyConfig, p.RepoDir, p.UserDir),
		"write one listing the servers to front (see `governance mcp-proxy --help`), or pass --config FILE")
}
