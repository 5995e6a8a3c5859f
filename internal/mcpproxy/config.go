package mcpproxy

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/yamlx"
)

// Config is the proxy's configuration: the upstream servers it fronts and
// how its clients reach it.
type Config struct {
	// File is where the configuration was read from.
	File string
	// Servers are the upstream servers, in the order the file lists them.
	Servers []ServerConfig
	// Listen is the 127.0.0.1 address clients reach the proxy at over
	// streamable HTTP; empty means stdio.
	Listen string
	// TokenFile holds the bearer token of agent clients over HTTP; empty
	// means a token the proxy keeps under the state folder.
	TokenFile string
	// ApproverTokenFile holds the bearer token that selects the human
	// principal, who sees the approver tools; empty means no human
	// principal is served.
	ApproverTokenFile string
	// Agent is the agent file that governs the proxy's agent clients
	// (empty: the main thread's).
	Agent string
	// ExposeDecide lists the governance_decide tool.
	ExposeDecide bool
	// ApprovalWait is how long a call that needs a person's approval
	// waits for one.
	ApprovalWait time.Duration
	// DecideTimeout bounds one policy decision.
	DecideTimeout time.Duration
}

// ServerConfig is one upstream server: a command run over stdio, or a
// streamable HTTP endpoint.
type ServerConfig struct {
	// Name prefixes the server's tools and prompts ({name}_{tool}).
	Name string
	// Command, Args, Env and Dir run the server over stdio; Env adds to
	// the proxy's environment.
	Command string
	Args    []string
	Env     []string
	Dir     string
	// URL and Headers reach a streamable HTTP server.
	URL     string
	Headers map[string]string
	// Confine, when set, runs the server confined (see [Confine]).
	Confine *Confine
	// Transport, when set, connects to the server instead of Command or
	// URL; tests use in-memory servers this way.
	Transport func() mcp.Transport
}

// Confine is how a server run by command is confined: it sees the
// system folders and the project read-only, an empty home folder and a
// private /tmp, with the secrets inside what it sees masked; it may write
// only its Writable folders (minus the protected set), and reaches the
// network only with Network. The profile is built from the policy the
// proxy decides with (see internal/confine).
type Confine struct {
	// Writable and ReadOnly are the folders the server is shown
	// writable and read-only, beyond the project.
	Writable, ReadOnly []string
	// Network keeps the host's network.
	Network bool
}

var confineKeys = []string{"writable", "read_only", "network"}

// Defaults of the configuration.
const (
	// DefaultApprovalWait stays below the 60 seconds after which common
	// MCP clients give up on a request that reports no progress.
	DefaultApprovalWait  = 50 * time.Second
	DefaultDecideTimeout = 5 * time.Second
)

// ReservedServer names the proxy's own policy servers.
const ReservedServer = "governance"

// ReadConfig reads and checks a configuration file. ${NAME} in commands,
// arguments, environment values, URLs and headers is replaced with the
// proxy's environment variable NAME, so that secrets stay out of the file.
func ReadConfig(file string, getenv func(string) string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return ParseConfig(file, data, getenv)
}

var configKeys = []string{"servers", "listen", "token_file", "approver_token_file", "agent", "expose_decide",
	"approval_wait", "decide_timeout"}

var serverKeys = []string{"command", "args", "env", "cwd", "url", "headers", "confine"}

// ParseConfig parses a configuration; file names it in errors.
func ParseConfig(file string, data []byte, getenv func(string) string) (*Config, error) {
	root, err := yamlx.Parse(file, data)
	if err != nil {
		return nil, err
	}
	c := &Config{File: file, ApprovalWait: DefaultApprovalWait, DecideTimeout: DefaultDecideTimeout}
	if root == nil {
		return c, nil
	}
	pairs, err := yamlx.Map(file, root)
	if err != nil {
		return nil, err
	}
	if err := yamlx.CheckKeys(file, pairs, configKeys...); err != nil {
		return nil, err
	}
	dir := filepath.Dir(file)
	for _, p := range pairs {
		v := p.Value
		switch p.Key {
		case "servers":
			err = c.parseServers(file, v, getenv)
		case "listen":
			if c.Listen, err = yamlx.String(file, v); err == nil {
				err = checkListen(file, v, c.Listen)
			}
		case "token_file":
			c.TokenFile, err = pathValue(file, v, dir, getenv)
		case "approver_token_file":
			c.ApproverTokenFile, err = pathValue(file, v, dir, getenv)
		case "agent":
			c.Agent, err = yamlx.String(file, v)
		case "expose_decide":
			c.ExposeDecide, err = yamlx.Bool(file, v)
		case "approval_wait":
			c.ApprovalWait, err = duration(file, v, 0)
		case "decide_timeout":
			c.DecideTimeout, err = duration(file, v, time.Millisecond)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *Config) parseServers(file string, n *yaml.Node, getenv func(string) string) error {
	servers, err := yamlx.Map(file, n)
	if err != nil {
		return err
	}
	for _, s := range servers {
		if err := checkServerName(s.Key); err != nil {
			return yamlx.At(file, s.KeyN, "server %q: %v", s.Key, err).
				WithHint("name servers with letters, digits and '-': tools are listed as {server}_{tool}")
		}
		fields, err := yamlx.Map(file, s.Value)
		if err != nil {
			return err
		}
		if err := yamlx.CheckKeys(file, fields, serverKeys...); err != nil {
			return err
		}
		sc := ServerConfig{Name: s.Key}
		for _, f := range fields {
			v := f.Value
			switch f.Key {
			case "command":
				sc.Command, err = expanded(file, v, getenv)
			case "args":
				var args []string
				if args, err = yamlx.Strings(file, v); err == nil {
					for _, a := range args {
						var x string
						if x, err = expand(a, getenv); err != nil {
							err = yamlx.At(file, v, "%v", err)
							break
						}
						sc.Args = append(sc.Args, x)
					}
				}
			case "env":
				var env []yamlx.Pair
				if env, err = yamlx.Map(file, v); err == nil {
					for _, e := range env {
						var x string
						if x, err = expanded(file, e.Value, getenv); err != nil {
							break
						}
						sc.Env = append(sc.Env, e.Key+"="+x)
					}
				}
			case "cwd":
				sc.Dir, err = pathValue(file, v, filepath.Dir(file), getenv)
			case "confine":
				sc.Confine, err = parseConfine(file, v, getenv)
			case "url":
				if sc.URL, err = expanded(file, v, getenv); err == nil {
					if u, perr := url.Parse(sc.URL); perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
						err = yamlx.At(file, v, "server %q: url %q is not an http or https address", s.Key, sc.URL)
					}
				}
			case "headers":
				var hs []yamlx.Pair
				if hs, err = yamlx.Map(file, v); err == nil {
					sc.Headers = map[string]string{}
					for _, h := range hs {
						var x string
						if x, err = expanded(file, h.Value, getenv); err != nil {
							break
						}
						sc.Headers[h.Key] = x
					}
				}
			}
			if err != nil {
				return err
			}
		}
		if (sc.Command == "") == (sc.URL == "") {
			return yamlx.At(file, s.Value, "server %q needs either a command or a url", s.Key).
				WithHint("command: runs the server over stdio; url: reaches a streamable HTTP server")
		}
		if sc.URL != "" && (len(sc.Args) > 0 || len(sc.Env) > 0 || sc.Dir != "") {
			return yamlx.At(file, s.Value, "server %q: args, env and cwd are for servers run by command, not url", s.Key)
		}
		if sc.URL != "" && sc.Confine != nil {
			return yamlx.At(file, s.Value, "server %q: confine is for servers run by command, not url", s.Key)
		}
		if sc.Command != "" && len(sc.Headers) > 0 {
			return yamlx.At(file, s.Value, "server %q: headers are for servers reached by url, not command", s.Key)
		}
		c.Servers = append(c.Servers, sc)
	}
	return nil
}

// parseConfine reads a server's confine: true (the defaults: nothing
// writable, no network), false, or a map of folders and the network.
// Folders are expanded and made absolute as cwd is.
func parseConfine(file string, n *yaml.Node, getenv func(string) string) (*Confine, error) {
	if on, err := yamlx.Bool(file, n); err == nil {
		if !on {
			return nil, nil
		}
		return &Confine{}, nil
	}
	fields, err := yamlx.Map(file, n)
	if err != nil {
		return nil, yamlx.At(file, n, "confine is true, false or a map").
			WithHint("confine: {writable: [data], network: false}")
	}
	if err := yamlx.CheckKeys(file, fields, confineKeys...); err != nil {
		return nil, err
	}
	c := &Confine{}
	for _, f := range fields {
		switch f.Key {
		case "network":
			c.Network, err = yamlx.Bool(file, f.Value)
		case "writable", "read_only":
			var items []string
			if items, err = yamlx.Strings(file, f.Value); err != nil {
				break
			}
			for _, item := range items {
				var x string
				if x, err = expand(item, getenv); err != nil {
					err = yamlx.At(file, f.Value, "%v", err)
					break
				}
				if rest, ok := strings.CutPrefix(x, "~/"); ok {
					x = filepath.Join(getenv("HOME"), rest)
				}
				if !filepath.IsAbs(x) {
					x = filepath.Join(filepath.Dir(file), x)
				}
				if f.Key == "writable" {
					c.Writable = append(c.Writable, filepath.Clean(x))
				} else {
					c.ReadOnly = append(c.ReadOnly, filepath.Clean(x))
				}
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

// checkServerName checks an upstream server's name: no '_', so that the
// first '_' of an aggregated tool name ends the server's name.
func checkServerName(name string) error {
	if name == ReservedServer {
		return fmt.Errorf("the name is reserved for the proxy's own tools")
	}
	if name == "" || len(name) > 32 {
		return fmt.Errorf("a name has 1 to 32 characters")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return fmt.Errorf("%q is not allowed in a server name", string(c))
		}
	}
	return nil
}

// ValidToolName reports whether an aggregated tool name is one that every
// model API accepts: ^[A-Za-z0-9_-]{1,64}$.
func ValidToolName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// checkListen accepts only loopback addresses: the proxy is for agents on
// this machine.
func checkListen(file string, n *yaml.Node, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err == nil && port == "" {
		err = fmt.Errorf("no port")
	}
	if err != nil {
		return yamlx.At(file, n, "listen %q is not host:port: %v", addr, err).WithHint("listen: 127.0.0.1:8931 (port 0 picks a free one)")
	}
	if host != "127.0.0.1" && host != "localhost" {
		return yamlx.At(file, n, "listen %q: the proxy serves HTTP on 127.0.0.1 only", addr).
			WithHint("listen: 127.0.0.1:%s", port)
	}
	return nil
}

func expanded(file string, n *yaml.Node, getenv func(string) string) (string, error) {
	s, err := yamlx.String(file, n)
	if err != nil {
		return "", err
	}
	x, err := expand(s, getenv)
	if err != nil {
		return "", yamlx.At(file, n, "%v", err).WithHint("export the variable before starting the proxy")
	}
	return x, nil
}

func pathValue(file string, n *yaml.Node, dir string, getenv func(string) string) (string, error) {
	s, err := expanded(file, n, getenv)
	if err != nil || s == "" {
		return s, err
	}
	if rest, ok := strings.CutPrefix(s, "~/"); ok {
		s = filepath.Join(getenv("HOME"), rest)
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(dir, s)
	}
	return filepath.Clean(s), nil
}

// expand replaces ${NAME} with the variable's value. A bare $ is kept, so
// that values holding one need no escaping; an unset variable is an error.
func expand(s string, getenv func(string) string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("unclosed ${ in %q", s)
		}
		name := s[i+2 : i+j]
		v := getenv(name)
		if v == "" {
			return "", fmt.Errorf("${%s} is not set", name)
		}
		b.WriteString(s[:i])
		b.WriteString(v)
		s = s[i+j+1:]
	}
}

func duration(file string, n *yaml.Node, least time.Duration) (time.Duration, error) {
	s, err := yamlx.String(file, n)
	if err != nil {
		return 0, err
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < least {
		return 0, yamlx.At(file, n, "%q is not a duration of at least %s", s, least).WithHint("for example 50s or 2m")
	}
	return d, nil
}
