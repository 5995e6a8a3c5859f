//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/agentgov/governance/internal/bundle"
)

// A bundle pulled by root with root's usual umask (077), as the systemd
// timer pulls it, is read by every other user's hook: the user nobody is
// denied curl by the team's rule, not by a broken configuration, and its
// status names the revision. A bundle folder made unreadable (as earlier
// versions activated it) is said to be unreadable, and the next pull
// makes it readable again.
func TestBundlePulledByRootIsReadByEveryUser(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("pulls as root and decides as another user: run the tests as root")
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("no user nobody to decide as: %v", err)
	}
	uid, _ := strconv.ParseUint(nobody.Uid, 10, 32)
	gid, _ := strconv.ParseUint(nobody.Gid, 10, 32)

	// t.TempDir's folders are 0700: nobody needs a way in.
	base, err := os.MkdirTemp("", "bundle-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	// The hook runs governance compile from its own folder: both are this
	// test binary, named as the programs.
	binDir := filepath.Join(base, "bin")
	for _, prog := range []string{"governance", "governance-hook"} {
		copyExecutable(t, os.Args[0], filepath.Join(binDir, prog))
	}

	keyFile, pubPEM := signingKey(t, filepath.Join(base, "admin"))
	policy := filepath.Join(base, "admin", "policy")
	writeFile(t, filepath.Join(policy, "rules", "team.yaml"), teamRules)
	keyData, err := os.ReadFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := bundle.ParsePrivateKey(keyData)
	if err != nil {
		t.Fatal(err)
	}
	data, _, err := bundle.Build(policy, bundle.BuildOptions{Revision: "r1", Key: signer})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"r1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"r1"`)
		w.Write(data)
	}))
	t.Cleanup(srv.Close)

	managed := filepath.Join(base, "etc", "governance")
	writeFile(t, filepath.Join(managed, "team.pub"), pubPEM)
	writeFile(t, filepath.Join(managed, "config.yaml"), "bundle:\n  source: "+srv.URL+"/bundle.tar.gz\n  public_key: team.pub\n")
	project := filepath.Join(base, "project")
	writeFile(t, filepath.Join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
	home := filepath.Join(base, "home")
	for _, d := range []string{home, project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := filepath.Walk(d, func(p string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, int(uid), int(gid))
		}); err != nil {
			t.Fatal(err)
		}
	}

	run := func(cred *syscall.Credential, stdin string, prog string, args ...string) (string, int) {
		t.Helper()
		bin := filepath.Join(binDir, prog)
		cmd := exec.Command(bin, args...)
		if cred == nil {
			// Root's umask on many systems; the pull must not inherit it.
			cmd = exec.Command("/bin/sh", append([]string{"-c", `umask 077; exec "$0" "$@"`, bin}, args...)...)
		}
		cmd.Dir = project
		h := filepath.Join(base, "roothome")
		if cred != nil {
			h = home
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		cmd.Env = homeEnv(h, "GOVERNANCE_TEST_RUN=", "CLAUDE_PROJECT_DIR=", managedDirVar+"="+managed)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			return string(out), ee.ExitCode()
		case err != nil:
			t.Fatalf("%s %v: %v", prog, args, err)
		}
		return string(out), 0
	}
	asNobody := &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	event := `{"session_id":"s1","cwd":"` + project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"curl https://example.com"},"tool_use_id":"t1"}`

	if out, code := run(nil, "", "governance", "bundle", "pull"); code != 0 || !strings.Contains(out, "activated revision r1") {
		t.Fatalf("pull as root: exit %d\n%s", code, out)
	}
	out, _ := run(asNobody, event, "governance-hook", "claude")
	if !strings.Contains(out, `"deny"`) || !strings.Contains(out, "team does not fetch") {
		t.Errorf("nobody's hook does not decide with the bundle:\n%s", out)
	}
	if out, _ := run(asNobody, "", "governance", "status"); !strings.Contains(out, "bundle: revision r1") {
		t.Errorf("nobody's status:\n%s", out)
	}

	active, err := filepath.EvalSymlinks(filepath.Join(managed, "bundle", "active"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(active, 0o700); err != nil {
		t.Fatal(err)
	}
	out, _ = run(asNobody, "", "governance", "status")
	if !strings.Contains(out, "you cannot read it") || strings.Contains(out, "none active yet") {
		t.Errorf("status of an unreadable bundle:\n%s", out)
	}
	// A bundle folder nobody may enter: the hook must not decide without
	// the team's policy.
	if err := os.Chmod(filepath.Join(managed, "bundle"), 0o700); err != nil {
		t.Fatal(err)
	}
	out, _ = run(asNobody, event, "governance-hook", "claude")
	if !strings.Contains(out, `"deny"`) || !strings.Contains(out, "configuration is broken") {
		t.Errorf("nobody's hook with the bundle folder closed to it:\n%s", out)
	}
	out, _ = run(asNobody, "", "governance", "status")
	if !strings.Contains(out, "you cannot read it") || strings.Contains(out, "none active yet") {
		t.Errorf("status with the bundle folder closed to it:\n%s", out)
	}
	// The source still serves r1: nothing is fetched, and the pull
	// repairs the folders' modes.
	if out, code := run(nil, "", "governance", "bundle", "pull"); code != 0 || !strings.Contains(out, "revision r1 is current") {
		t.Fatalf("second pull as root: exit %d\n%s", code, out)
	}
	if out, _ := run(asNobody, event, "governance-hook", "claude"); !strings.Contains(out, "team does not fetch") {
		t.Errorf("after a pull, nobody's hook still cannot read the bundle:\n%s", out)
	}
}

// copyExecutable copies the program at src to dst, mode 0755, in folders
// every user may enter.
func copyExecutable(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, in); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, buf.Bytes(), 0o755); err != nil {
		t.Fatal(err)
	}
}
