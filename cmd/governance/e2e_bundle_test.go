package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/bundle"
)

// A team's policy reaches two machines through a real OCI registry (Debian's
// docker-registry, the CNCF distribution registry, on 127.0.0.1 with its
// storage in the test's folder): the bundle is built, signed, pushed, and
// pulled by two machines, each with its own configuration, state and
// managed folder, which then decide alike. A tampered bundle and one
// signed with another key are refused, and the last good one stays in
// force.

// registry starts docker-registry on a loopback port and returns its
// host:port.
func registry(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("docker-registry")
	if err != nil {
		notInstalled(t, "docker-registry is not installed")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yml")
	writeFile(t, cfg, fmt.Sprintf(`version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: %s
http:
  addr: %s
`, filepath.Join(dir, "storage"), addr))
	cmd := exec.Command(bin, "serve", cfg)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("docker-registry:\n%s", logs.String())
		}
	})
	for deadline := time.Now().Add(15 * time.Second); ; {
		resp, err := http.Get("http://" + addr + "/v2/")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return addr
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("docker-registry did not answer on %s: %v\n%s", addr, err, logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// machine is one developer's machine: its own home (configuration and
// state), managed folder and project.
type machine struct {
	name, root, home, managed, project string
}

func newMachine(t *testing.T, name, source, pubKey string) *machine {
	t.Helper()
	root := filepath.Join(t.TempDir(), name)
	m := &machine{name: name, root: root, home: filepath.Join(root, "home"), managed: filepath.Join(root, "managed"),
		project: filepath.Join(root, "project")}
	writeFile(t, filepath.Join(m.project, ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(m.managed, "team.pub"), pubKey)
	writeFile(t, filepath.Join(m.managed, "config.yaml"), "bundle:\n  source: "+source+"\n  public_key: team.pub\n")
	return m
}

// run runs this test binary as prog on the machine, in its project, and
// returns its output and exit code.
func (m *machine) run(t *testing.T, stdin []byte, prog string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = m.project
	cmd.Env = homeEnv(m.home, "GOVERNANCE_TEST_RUN="+prog, "CLAUDE_PROJECT_DIR=", managedDirVar+"="+m.managed)
	cmd.Stdin = bytes.NewReader(stdin)
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

func (m *machine) governance(t *testing.T, args ...string) (string, int) {
	t.Helper()
	return m.run(t, nil, "governance", args...)
}

func (m *machine) must(t *testing.T, args ...string) string {
	t.Helper()
	out, code := m.governance(t, args...)
	if code != 0 {
		t.Fatalf("%s: governance %s: exit %d\n%s", m.name, strings.Join(args, " "), code, out)
	}
	return out
}

// decisions checks a few calls on the machine and returns the decisions,
// with the machine's managed folder (which the rules' sources name) written
// as MANAGED, so that two machines' decisions compare.
func (m *machine) decisions(t *testing.T) string {
	t.Helper()
	var in bytes.Buffer
	for _, c := range []string{"curl https://example.com", "git status", "make deploy", "rm -rf /", "npm publish"} {
		fmt.Fprintf(&in, "{\"cmd\": %q}\n", c)
	}
	out, code := m.run(t, in.Bytes(), "governance", "check", "--jsonl")
	if code != 0 {
		t.Fatalf("%s: check --jsonl: exit %d\n%s", m.name, code, out)
	}
	// A confined call names its project and the decision's ID, which
	// differ from machine to machine and from call to call.
	out = strings.ReplaceAll(strings.ReplaceAll(out, m.managed, "MANAGED"), m.project, "PROJECT")
	return decisionIDs.ReplaceAllString(out, "ID")
}

var decisionIDs = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

func signingKey(t *testing.T, dir string) (keyFile, pubPEM string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	keyFile = filepath.Join(dir, "team.key")
	writeFile(t, keyFile, string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})))
	pub, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	return keyFile, string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))
}

const teamRules = `rules:
  - id: team-no-curl
    match: {program: curl}
    decision: deny
    message: the team does not fetch from the network with curl
    suggestion: use the package manager's mirror
  - id: team-no-publish
    match: {program: npm, subcommand: publish}
    decision: deny
    message: releases are published by CI
    suggestion: push a tag; CI publishes it
`

func TestBundleThroughRegistry(t *testing.T) {
	t.Parallel()
	addr := registry(t)
	source := "oci://" + addr + "/team/policy:latest"
	admin := filepath.Join(t.TempDir(), "admin")
	keyFile, pubPEM := signingKey(t, admin)
	otherKey, _ := signingKey(t, filepath.Join(admin, "other"))
	policy := filepath.Join(admin, "policy")
	writeFile(t, filepath.Join(policy, "rules", "team.yaml"), teamRules)
	writeFile(t, filepath.Join(policy, "config.yaml"), "lock: [mode, project_plugins]\n")
	// The admin is a machine too, with nothing managed.
	adminM := &machine{name: "admin", home: filepath.Join(admin, "home"), managed: filepath.Join(admin, "managed"), project: admin}

	build := func(rev, key, out string) string {
		t.Helper()
		path := filepath.Join(admin, out)
		adminM.must(t, "bundle", "build", policy, "--signing-key", key, "--revision", rev, "-o", path)
		return path
	}
	pubFile := filepath.Join(admin, "team.pub")
	writeFile(t, pubFile, pubPEM)
	push := func(file string) {
		t.Helper()
		out := adminM.must(t, "bundle", "push", file, source, "--public-key", pubFile)
		if !strings.Contains(out, "pushed revision") {
			t.Fatalf("push: %s", out)
		}
	}
	// A bundle machines would refuse is pushed past the admin's check, as
	// a compromised registry or another publisher would serve it.
	pushUnchecked := func(file string) {
		t.Helper()
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bundle.Push(t.Context(), nil, source, data, "unchecked"); err != nil {
			t.Fatal(err)
		}
	}
	r1 := build("r1", keyFile, "r1.tar.gz")
	if out := adminM.must(t, "bundle", "verify", r1, "--public-key", pubFile); !strings.Contains(out, "verified: revision r1 (built ") {
		t.Errorf("verify: %s", out)
	}
	// The admin's machine names no key: push checks nothing it cannot
	// verify, and says how to name one.
	if out, code := adminM.governance(t, "bundle", "push", r1, source); code == 0 || !strings.Contains(out, "no key to verify the bundle with") || !strings.Contains(out, "--public-key") {
		t.Errorf("push without a key: exit %d\n%s", code, out)
	}
	push(r1)

	a := newMachine(t, "a", source, pubPEM)
	b := newMachine(t, "b", source, pubPEM)
	// A machine verifies a file with the key its managed configuration
	// names.
	if out := a.must(t, "bundle", "verify", r1); !strings.Contains(out, "verified: revision r1") {
		t.Errorf("verify with the managed key: %s", out)
	}
	if out, code := a.governance(t, "bundle", "verify", build("r1x", otherKey, "r1x.tar.gz")); code == 0 || !strings.Contains(out, "signature") {
		t.Errorf("verify of another key's bundle with the managed key: exit %d\n%s", code, out)
	}
	before := a.decisions(t)
	for _, m := range []*machine{a, b} {
		out := m.must(t, "bundle", "pull")
		if !strings.Contains(out, "activated revision r1") {
			t.Fatalf("%s: pull: %s", m.name, out)
		}
		if out := m.must(t, "bundle", "pull"); !strings.Contains(out, "revision r1 is current") {
			t.Errorf("%s: second pull: %s", m.name, out)
		}
	}
	// The managed configuration and the bundle's files hold to the schemas.
	if out, code := a.governance(t, "validate"); code != 0 {
		t.Errorf("validate: exit %d\n%s", code, out)
	}
	da, db := a.decisions(t), b.decisions(t)
	if da != db {
		t.Errorf("the machines decide differently:\n%s\n%s", da, db)
	}
	if da == before || !strings.Contains(da, "team-no-curl") || !strings.Contains(da, "team-no-publish") {
		t.Errorf("the bundle's rules do not decide:\n%s", da)
	}

	// The hook reads the bundle through the compiled snapshot, and the
	// decision log names the revision.
	event := `{"session_id":"s1","cwd":"` + a.project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"curl https://example.com"},"tool_use_id":"t1"}`
	out, _ := a.run(t, []byte(event), "governance-hook", "claude")
	if !strings.Contains(out, `"deny"`) || !strings.Contains(out, "team does not fetch") {
		t.Errorf("hook: %s", out)
	}
	if rev := lastBundle(t, a); rev.Revision != "r1" {
		t.Errorf("decision log names bundle %+v, want r1", rev)
	}

	// The bundle locks log-only mode: the user may not loosen it.
	writeFile(t, filepath.Join(b.home, ".config", "governance", "config.yaml"), "mode: log-only\n")
	if out, code := b.governance(t, "lint"); code == 0 || !strings.Contains(out, "would loosen the managed configuration") {
		t.Errorf("lint with a loosening user configuration: exit %d\n%s", code, out)
	}
	os.Remove(filepath.Join(b.home, ".config", "governance", "config.yaml"))

	// An agent may not write the managed folder.
	for _, c := range []string{"echo x > " + filepath.Join(a.managed, "config.yaml"), "rm -rf " + filepath.Join(a.managed, "bundle")} {
		if out, code := a.governance(t, "check", "--", c); code != 3 {
			t.Errorf("check %q: exit %d, want 3 (blocked)\n%s", c, code, out)
		}
	}

	// A tampered bundle: a rule turned into an allow, signatures kept.
	tampered := tamper(t, build("r2", keyFile, "r2.tar.gz"))
	// Another team's key.
	wrongKey := build("r3", otherKey, "r3.tar.gz")
	for _, bad := range []struct{ file, want string }{{tampered, "digest mismatch"}, {wrongKey, "signature"}} {
		// The admin's verify and push refuse it.
		for _, args := range [][]string{{"bundle", "verify", bad.file, "--public-key", pubFile}, {"bundle", "push", bad.file, source, "--public-key", pubFile}} {
			if out, code := adminM.governance(t, args...); code == 0 || !strings.Contains(out, bad.want) {
				t.Errorf("%s %s: exit %d\n%s", args[1], filepath.Base(bad.file), code, out)
			}
		}
		pushUnchecked(bad.file)
		for _, m := range []*machine{a, b} {
			out, code := m.governance(t, "bundle", "pull")
			if code == 0 || !strings.Contains(out, bad.want) || !strings.Contains(out, "revision r1 stays in force") {
				t.Errorf("%s: pull of %s: exit %d\n%s", m.name, filepath.Base(bad.file), code, out)
			}
			st := m.must(t, "status")
			if !strings.Contains(st, "revision r1") || !strings.Contains(st, "the last pull failed") || !strings.Contains(st, bad.want) {
				t.Errorf("%s: status after a refused bundle:\n%s", m.name, st)
			}
			if d := m.decisions(t); d != da {
				t.Errorf("%s: decisions changed after a refused bundle:\n%s", m.name, d)
			}
		}
		a.run(t, []byte(event), "governance-hook", "claude")
		if rev := lastBundle(t, a); rev.Revision != "r1" || !strings.Contains(rev.Error, bad.want) {
			t.Errorf("decision log after a refused bundle: %+v", rev)
		}
	}

	// A good bundle again: both machines move to it.
	writeFile(t, filepath.Join(policy, "rules", "team.yaml"), strings.Replace(teamRules, "decision: deny\n    message: releases", "decision: ask\n    message: releases", 1))
	push(build("r4", keyFile, "r4.tar.gz"))
	for _, m := range []*machine{a, b} {
		if out := m.must(t, "bundle", "pull"); !strings.Contains(out, "activated revision r4") {
			t.Errorf("%s: %s", m.name, out)
		}
		if st := m.must(t, "status"); strings.Contains(st, "the last pull failed") {
			t.Errorf("%s: status still names a failure:\n%s", m.name, st)
		}
	}
	if da, db := a.decisions(t), b.decisions(t); da != db || !strings.Contains(da, `"ask"`) {
		t.Errorf("after r4:\n%s\n%s", da, db)
	}
	a.run(t, []byte(event), "governance-hook", "claude")
	if rev := lastBundle(t, a); rev.Revision != "r4" || rev.Error != "" {
		t.Errorf("decision log after r4: %+v", rev)
	}

	// The registry serves r1 again, validly signed but older: r4 stays in
	// force until an admin moves back on purpose.
	after4 := a.decisions(t)
	if out := a.must(t, "bundle", "verify", r1); !strings.Contains(out, "verified: revision r1") ||
		!strings.Contains(out, "warning: a pull on this machine would refuse it: bundle r1") {
		t.Errorf("verify of an older bundle on a machine:\n%s", out)
	}
	push(r1)
	out, code := a.governance(t, "bundle", "pull")
	if code == 0 || !strings.Contains(out, "is not newer than the bundle in force, r4") ||
		!strings.Contains(out, "revision r4 stays in force") || !strings.Contains(out, "--allow-rollback") {
		t.Errorf("pull of an older bundle: exit %d\n%s", code, out)
	}
	if st := a.must(t, "status"); !strings.Contains(st, "revision r4") || !strings.Contains(st, "is not newer than") {
		t.Errorf("status after a refused rollback:\n%s", st)
	}
	if d := a.decisions(t); d != after4 {
		t.Errorf("decisions changed after a refused rollback:\n%s", d)
	}
	out = a.must(t, "bundle", "pull", "--allow-rollback")
	if !strings.Contains(out, "activated revision r1") || !strings.Contains(out, "warning: rolled back: revision r1 replaced the newer r4") {
		t.Errorf("pull --allow-rollback:\n%s", out)
	}
	if st := a.must(t, "status"); !strings.Contains(st, "revision r1") || !strings.Contains(st, "rolled back on purpose") {
		t.Errorf("status after an allowed rollback:\n%s", st)
	}
}

// tamper rewrites a bundle's rules to allow what they denied, keeping its
// signatures, and returns the new file.
func tamper(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	b.Files["rules/team.yaml"] = []byte(strings.ReplaceAll(string(b.Files["rules/team.yaml"]), "decision: deny", "decision: allow"))
	out, err := bundle.Archive(b)
	if err != nil {
		t.Fatal(err)
	}
	path := strings.TrimSuffix(file, ".tar.gz") + "-tampered.tar.gz"
	writeFile(t, path, string(out))
	return path
}

// lastBundle returns the bundle the machine's last logged decision names.
func lastBundle(t *testing.T, m *machine) bundleInfo {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(m.home, ".local", "state", "governance", "decisions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var e struct {
		Bundles map[string]bundleInfo `json:"bundles"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &e); err != nil {
		t.Fatal(err)
	}
	return e.Bundles["governance"]
}

type bundleInfo struct {
	Revision string `json:"revision"`
	Error    string `json:"error"`
}

// A running daemon that may write the managed folder pulls the bundle
// every poll interval: a revision pushed to the registry is in force on
// the machine without anyone running a pull, and one the daemon refuses
// leaves the last good one, said in its log.
func TestDaemonPullsBundle(t *testing.T) {
	t.Parallel()
	addr := registry(t)
	source := "oci://" + addr + "/team/policy:latest"
	admin := filepath.Join(t.TempDir(), "admin")
	keyFile, pubPEM := signingKey(t, admin)
	policy := filepath.Join(admin, "policy")
	writeFile(t, filepath.Join(policy, "rules", "team.yaml"), teamRules)
	adminM := &machine{name: "admin", home: filepath.Join(admin, "home"), managed: filepath.Join(admin, "managed"), project: admin}
	pubFile := filepath.Join(admin, "team.pub")
	writeFile(t, pubFile, pubPEM)
	publish := func(rev string) {
		t.Helper()
		file := filepath.Join(admin, rev+".tar.gz")
		adminM.must(t, "bundle", "build", policy, "--signing-key", keyFile, "--revision", rev, "-o", file)
		adminM.must(t, "bundle", "push", file, source, "--public-key", pubFile)
	}
	publish("r1")

	m := newMachine(t, "m", source, pubPEM)
	writeFile(t, filepath.Join(m.managed, "config.yaml"), "bundle:\n  source: "+source+"\n  public_key: team.pub\n  poll: 200ms\n")
	cmd := exec.Command(os.Args[0], "daemon", "--idle-timeout", "1m")
	cmd.Dir = m.project
	cmd.Env = homeEnv(m.home, "GOVERNANCE_TEST_RUN=governance", "CLAUDE_PROJECT_DIR=", managedDirVar+"="+m.managed)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	inForce := func(rev string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); ; {
			if st := m.must(t, "status"); strings.Contains(st, "revision "+rev+",") {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("revision %s never came into force; status:\n%s\ndaemon:\n%s", rev, m.must(t, "status"), logs.String())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	inForce("r1")
	if d := m.decisions(t); !strings.Contains(d, "team-no-curl") {
		t.Fatalf("the pulled bundle does not decide:\n%s", d)
	}
	writeFile(t, filepath.Join(policy, "rules", "team.yaml"), strings.Replace(teamRules, "decision: deny\n    message: releases", "decision: ask\n    message: releases", 1))
	publish("r2")
	inForce("r2")
	if d := m.decisions(t); !strings.Contains(d, `"ask"`) {
		t.Errorf("r2 does not decide:\n%s", d)
	}
	data, err := os.ReadFile(filepath.Join(m.home, ".local", "state", "governance", "daemon.log"))
	if err != nil || !strings.Contains(string(data), "bundle: activated revision r1") || !strings.Contains(string(data), "bundle: activated revision r2") {
		t.Errorf("the daemon's log does not name the activations: %v\n%s", err, data)
	}
}
