//go:build linux

package confine

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/agentgov/governance/internal/engine"
)

// TestGrants: what a person's configuration grants a project's confined
// calls: a secret read (unmasked, read-only), a folder outside written,
// the network; governance's state stays hidden whatever is granted.
func TestGrants(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Grants: engine.ConfineGrants{
		Read: []string{".env", "~/.local", "missing.txt"}, Write: []string{"~/.aws", "~/absent"}, Network: []string{"loopback"}}})
	env := filepath.Join(w.project, ".env")
	if slices.Contains(p.Masked, env) || !slices.Contains(p.Protected, env) {
		t.Errorf(".env masked %v, protected %v: want it shown read-only", p.Masked, p.Protected)
	}
	if !slices.Contains(p.Masked, filepath.Join(w.project, "certs", "server.key")) {
		t.Errorf("a secret not granted is not masked: %v", p.Masked)
	}
	if !slices.Contains(p.Masked, w.state) {
		t.Errorf("a read grant of ~/.local showed governance's state: masked %v", p.Masked)
	}
	if !slices.Contains(p.Writable, filepath.Join(w.home, ".aws")) || !p.Network {
		t.Errorf("writable %v, network %v", p.Writable, p.Network)
	}
	needBwrap(t)
	code, out, errs := w.run(t, p, "/bin/sh", "-c", `cat .env; echo x >> .env || echo read-only; cat certs/server.key; cat `+w.home+`/.local/state/governance/daemon.token; echo done`)
	if code != 0 || !strings.Contains(out, secretValue) || !strings.Contains(out, "read-only") || strings.Count(out, secretValue) != 1 {
		t.Fatalf("status %d, output:\n%s%s", code, out, errs)
	}
	wantFile(t, env, "API_TOKEN="+secretValue+"\n")
}

// TestNetworkAbstractSockets: a call that keeps the host's network
// cannot connect to an abstract Unix socket the host listens on (X11's
// @/tmp/.X11-unix/X0, D-Bus), where the kernel's Landlock scopes them
// (ABI 6); one bound inside the same call still answers it.
func TestNetworkAbstractSockets(t *testing.T) {
	needBwrap(t)
	if !abstractScopes() {
		t.Skip("the kernel's Landlock does not scope abstract Unix sockets (ABI below 6)")
	}
	name := fmt.Sprintf("@governance-test-%d", os.Getpid())
	ln, err := net.Listen("unix", name)
	must(t, err)
	defer ln.Close()
	reached := make(chan bool, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Write([]byte("host\n"))
			c.Close()
			reached <- true
		}
	}()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Network: true})
	helper := func(what string, args ...string) string {
		return strings.Join(append([]string{"env", helperEnv + "=" + what, w.helper}, args...), " ")
	}
	inside := name + "-inside"
	script := helper("connect-unix", name) + "; " + helper("listen-unix", inside) + " & sleep 0.3; " + helper("connect-unix", inside)
	code, out, _ := w.run(t, p, "sh", "-c", script)
	if !strings.Contains(out, "connect: operation not permitted\n") {
		t.Errorf("the call reached the host's abstract socket: %q", out)
	}
	if code != 0 || !strings.Contains(out, "hello\nok\n") {
		t.Errorf("a socket bound inside the call did not answer it: exit %d, %q", code, out)
	}
	select {
	case <-reached:
		t.Error("the host's listener was reached")
	default:
	}
}

// abstractScopes reports a kernel whose Landlock scopes abstract Unix
// sockets (ABI 6).
func abstractScopes() bool {
	abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	return e == 0 && abi >= 6
}
