//go:build linux

package landlock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/confine"
)

// mainEnv makes the test binary the launcher, with the Landlock
// fallback; dialEnv makes it a program that connects to a TCP address.
const (
	mainEnv = "GOVERNANCE_LANDLOCK_TEST_MAIN"
	dialEnv = "GOVERNANCE_LANDLOCK_TEST_DIAL"
)

func TestMain(m *testing.M) {
	if addr := os.Getenv(dialEnv); addr != "" {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		c.Close()
		os.Exit(0)
	}
	// The dialer inherits mainEnv: it is looked at second.
	if os.Getenv(mainEnv) != "" {
		os.Exit(confine.MainWith(Fallback{}, os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// TestLandlockFallback runs the launcher inside a real sandbox that
// forbids user namespaces (bubblewrap with --disable-userns, as a
// harness's own sandbox may): its bubblewrap cannot set up, so it
// confines with Landlock, says so, and the command can write the
// project but not its protected files nor anything outside, cannot read
// the masked secret nor the home folder, and cannot connect over TCP.
func TestLandlockFallback(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bwrap is missing in CI: scripts/install-test-tools installs it")
		}
		t.Skip("bwrap is not installed")
	}
	if v := ABI(); v < minABI {
		t.Skipf("the kernel offers Landlock ABI %d, below %d: the launcher refuses rather than fall back", v, minABI)
	}
	// Not under /tmp, which Landlock leaves writable to every call: the
	// package's folder, or the user's cache folder where the checkout is
	// under /tmp itself.
	root := ""
	cache, _ := os.UserCacheDir()
	for _, dir := range []string{".", cache} {
		abs, err := filepath.Abs(dir)
		if dir == "" || err != nil || sharedTemp(abs) {
			continue
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			continue
		}
		if root, err = os.MkdirTemp(abs, ".sandbox-test-"); err == nil {
			break
		}
		root = ""
	}
	if root == "" {
		t.Skip("no folder outside /tmp, /var/tmp and /dev/shm to lay the test out in")
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	for name, body := range map[string]string{
		"proj/.env": "API_TOKEN=hunter2\n", "proj/main.go": "package main\n", "proj/sub/README": "sub\n",
		"proj/.claude/settings.json": "{}\n", "outside.txt": "outside\n", ".aws/credentials": "hunter2\n",
	} {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	prof, err := json.Marshal(&confine.Profile{Kind: confine.UnknownEffects, Cwd: proj, Home: home, Writable: []string{proj},
		Protected: []string{filepath.Join(proj, ".claude")}, Masked: []string{filepath.Join(proj, ".env")}})
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	try := func(name, cmd string) string {
		return cmd + ` >/dev/null 2>&1 && echo "` + name + `: done" || echo "` + name + `: refused"`
	}
	script := strings.Join([]string{
		try("read main.go", "cat main.go"),
		try("write sub/new", "echo x > sub/new"),
		try("read .env", "cat .env"),
		try("write .env", "echo x > .env"),
		try("write .claude/settings.json", "echo x > .claude/settings.json"),
		try("create .claude/settings.local.json", "echo x > .claude/settings.local.json"),
		try("read the home folder", "cat ../outside.txt"),
		try("read ~/.aws", "cat ../.aws/credentials"),
		try("write the home folder", "echo x > ../outside.txt"),
		try("connect over TCP", dialEnv+"="+ln.Addr().String()+" "+self),
		try("start a session of its own", `[ "$(cut -d' ' -f6 /proc/$$/stat)" = "$$" ]`),
		try("hold no capability", `grep -q '^CapEff:[[:space:]]*0*$' /proc/$$/status`),
		try("write the lists beside the project's lock", `(for f in "$LOCKS"/*.lock; do echo x >> "$f.made" || exit 1; done; test -e "$f")`),
		try("make a list beside the project's lock", `echo x > "$LOCKS/new.made"`),
		// The launcher's own descriptors (its terminal, where a job left
		// behind would read the keys the person types next), through
		// /proc, from its restricted thread too.
		try("open the launcher's descriptors", `(for f in /proc/$PPID/fd/2 /proc/$PPID/task/*/fd/2; do (exec 3>>"$f") 2>/dev/null && exit 0; done; exit 1)`),
		"exit 7",
	}, "\n")
	cmd := exec.Command("bwrap", "--bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-user", "--disable-userns",
		"--die-with-parent", "--", self, "--profile", string(prof), "--", "/bin/sh", "-c", script)
	// The state folder, where the project's lock is kept, in the home
	// folder.
	locks := filepath.Join(home, ".local", "state", "governance", confine.LockDir)
	cmd.Env = append(os.Environ(), mainEnv+"=1", "HOME="+home, "XDG_STATE_HOME=", "LOCKS="+locks)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 7 {
		t.Fatalf("%v, want the command's status 7\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "runs confined by Landlock") {
		t.Errorf("no note says Landlock confined the call: %s", stderr.String())
	}
	want := "read main.go: done\nwrite sub/new: done\nread .env: refused\nwrite .env: refused\n" +
		"write .claude/settings.json: refused\ncreate .claude/settings.local.json: refused\n" +
		"read the home folder: refused\nread ~/.aws: refused\nwrite the home folder: refused\nconnect over TCP: refused\n" +
		"start a session of its own: done\nhold no capability: done\n" +
		"write the lists beside the project's lock: refused\nmake a list beside the project's lock: refused\n" +
		"open the launcher's descriptors: refused\n"
	if stdout.String() != want {
		t.Errorf("got\n%s\nwant\n%s\nstderr: %s", stdout.String(), want, stderr.String())
	}
	if b, _ := os.ReadFile(filepath.Join(proj, ".env")); string(b) != "API_TOKEN=hunter2\n" {
		t.Errorf(".env was changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(proj, ".claude", "settings.local.json")); err == nil {
		t.Error(".claude/settings.local.json was created")
	}
	if locks, _ := filepath.Glob(filepath.Join(locks, "*.lock")); len(locks) != 1 {
		t.Errorf("the state folder holds the locks %v, want the project's", locks)
	}
}

// sharedTemp reports a folder inside those Landlock leaves writable to
// every call.
func sharedTemp(p string) bool {
	for _, d := range []string{"/tmp", "/var/tmp", "/dev/shm"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}
