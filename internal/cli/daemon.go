package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/bundle"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/daemon"
	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/layout"
)

func (a *App) daemonCmd() *cobra.Command {
	var socket, addr string
	var idle time.Duration
	var url bool
	c := &cobra.Command{
		Use:   "daemon",
		Short: "Run the governance daemon: decisions for hooks, the approvals page, the decision API",
		Long: `daemon answers governance-hook over a unix socket with the same code the
hook runs, keeping each project's configuration loaded and reloading it
when its files change (a new configuration that does not load keeps the
last good one; status shows why). With daemon: auto in config.yaml the hook
asks it, and starts it when none runs.

It also serves, on 127.0.0.1 and a free port, a page listing the calls
waiting for approval (with approve and deny buttons), recent decisions and
rule hit counts, and POST /v1/decide for tool servers that are not agent
harnesses. Both need the random token that daemon keeps in the state
folder (daemon.token, mode 0600) and prints with the page's address when
its output is a terminal (elsewhere it prints where the token is; --url
prints the address with it). The page and the API answer only under the
host:port printed.

It stops after --idle-timeout without a request.`,
		Example: `  governance daemon
  governance daemon --idle-timeout 0
  governance daemon --url`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			stateDir := a.paths(a.Cwd).StateDir
			if url {
				return a.printDaemonURL(stateDir)
			}
			logFile, err := os.OpenFile(filepath.Join(stateDir, "daemon.log"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
			if err != nil {
				if err := os.MkdirAll(stateDir, 0o700); err != nil {
					return err
				}
				if logFile, err = os.OpenFile(filepath.Join(stateDir, "daemon.log"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600); err != nil {
					return err
				}
			}
			defer logFile.Close()
			daemon.Version = version()
			srv := daemon.New(daemon.Config{StateDir: stateDir, Socket: socket, Addr: addr, IdleTimeout: idle,
				Getenv: a.Getenv, Log: io.MultiWriter(logFile, a.Stderr), Shipper: a.daemonShipper(a.paths(a.Cwd)),
				Bundle: a.daemonBundle(a.paths(a.Cwd))})
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() {
				select {
				case <-srv.Ready():
					fmt.Fprintf(a.Stdout, "governance daemon listening on %s\npage: %s\n", srv.Socket(), daemonPage(a.Stdout, srv.URL(), srv.Token(), stateDir))
				case <-ctx.Done():
				}
			}()
			err = srv.Run(ctx)
			if errors.Is(err, daemon.ErrRunning) {
				return withHint(err, "`governance status` shows it; `governance daemon --url` prints its page")
			}
			return err
		},
	}
	f := c.Flags()
	f.StringVar(&socket, "socket", "", "the unix socket to listen on (default: daemon.sock in the state folder)")
	f.StringVar(&addr, "addr", "127.0.0.1:0", "the page's address (loopback only; port 0 picks a free one)")
	f.DurationVar(&idle, "idle-timeout", 30*time.Minute, "stop after this long without a request (0: never)")
	f.BoolVar(&url, "url", false, "print the running daemon's page address, with its token, and exit")
	return c
}

// daemonPage is the page's address as the daemon prints it: with its
// token only on a terminal, where only the person who started it reads
// it. Output that goes to a file or a pipe could be read by others (an
// agent reading the file, or the daemon's /proc/PID/fd/1), so there it
// says where the token is kept instead.
func daemonPage(stdout io.Writer, url, token, stateDir string) string {
	if f, ok := stdout.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return url
	}
	return strings.TrimSuffix(url, "/?token="+token) + "/ (its token is in " + daemonproto.TokenPath(stateDir) +
		"; `governance daemon --url` prints the address with it)"
}

// printDaemonURL prints the running daemon's page address.
func (a *App) printDaemonURL(stateDir string) error {
	info, err := os.ReadFile(daemonproto.InfoPath(stateDir))
	if err != nil {
		return withHint(errors.New("no governance daemon is running"), "start one with `governance daemon`")
	}
	var d struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(info, &d); err != nil {
		return err
	}
	token, err := os.ReadFile(daemonproto.TokenPath(stateDir))
	if err != nil {
		return err
	}
	fmt.Fprintf(a.Stdout, "%s/?token=%s\n", d.URL, strings.TrimSpace(string(token)))
	return nil
}

// daemonStatus describes the running daemon for governance status.
func (a *App) daemonStatus(stateDir string) []string {
	resp, err := daemon.Ask(stateDir, daemonproto.Request{Op: daemonproto.OpStatus}, 2*time.Second)
	if err != nil {
		return []string{"not running"}
	}
	out := []string{fmt.Sprintf("running (pid %d, %s), page %s", resp.PID, resp.Version, resp.URL)}
	for _, p := range resp.Projects {
		line := fmt.Sprintf("  %s: %d decisions, configuration loaded %s", p.Root, p.Decision, p.Loaded)
		if p.Error != "" {
			line += "\n  NOT RELOADED, still deciding with the last good configuration: " + p.Error
		}
		out = append(out, line)
	}
	return out
}

// daemonBundle is the daemon's view of the managed policy bundle, read
// again before every pull, so that a change to the managed configuration
// needs no restart. A daemon pulls only when it may write the managed
// folder (it runs as the folder's owner); otherwise it says so once, and
// `governance bundle pull` from a timer pulls.
func (a *App) daemonBundle(p layout.Paths) func() (daemon.Pull, time.Duration, error) {
	return func() (daemon.Pull, time.Duration, error) {
		src, err := config.BundleSourceOf(p)
		if err != nil || src == nil || src.Poll <= 0 {
			return nil, 0, err
		}
		if !canWrite(p.BundleDir()) {
			return nil, 0, fmt.Errorf("this daemon may not write %s: the folder's owner pulls the bundle (`governance bundle pull` from a timer)",
				p.BundleDir())
		}
		pl := &bundle.Puller{Paths: p, Now: a.Now}
		return func(ctx context.Context) (string, error) {
			res, err := pl.Pull(ctx)
			switch {
			case err != nil && res != nil && res.Revision != "":
				return "", fmt.Errorf("%w (revision %s stays in force)", err, bundle.Clean(res.Revision))
			case err != nil:
				return "", err
			case res.Changed:
				return fmt.Sprintf("activated revision %s from %s", bundle.Clean(res.Revision), res.Status.Source), nil
			}
			return "", nil
		}, src.Poll, nil
	}
}

// canWrite reports whether this process may create files in dir.
func canWrite(dir string) bool {
	if err := bundle.MkdirPublic(dir); err != nil {
		return false
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}
