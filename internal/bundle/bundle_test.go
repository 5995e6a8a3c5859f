package bundle

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

const denyCurl = `rules:
  - id: no-curl
    match: {program: curl}
    decision: deny
    message: curl is not used here
    suggestion: use the team's proxy
`

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func keys(t *testing.T) map[string]crypto.Signer {
	t.Helper()
	r, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	e, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]crypto.Signer{"RS256": r, "ES256": e}
}

func pubPEM(t *testing.T, k crypto.Signer) string {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(k.Public())
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

func build(t *testing.T, key crypto.Signer, rev string, files map[string]string) []byte {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	data, _, err := Build(dir, BuildOptions{Revision: rev, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSignAndVerify(t *testing.T) {
	t.Parallel()
	ks := keys(t)
	for alg, key := range ks {
		t.Run(alg, func(t *testing.T) {
			t.Parallel()
			data := build(t, key, "r1", map[string]string{"rules/team.yaml": denyCurl, "config.yaml": "lock: [mode]\n"})
			b, err := Read(data)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Verify(key.Public(), "default", ""); err != nil {
				t.Fatalf("verify: %v", err)
			}
			other := ks["RS256"]
			if alg == "RS256" {
				other = ks["ES256"]
			}
			if err := b.Verify(other.Public(), "default", ""); !errors.Is(err, ErrSignature) {
				t.Errorf("another key: %v, want ErrSignature", err)
			}
			if err := b.Verify(key.Public(), "team", ""); !errors.Is(err, ErrSignature) {
				t.Errorf("another key id: %v, want ErrSignature", err)
			}
			b.Files["rules/team.yaml"] = []byte(strings.Replace(denyCurl, "deny", "allow", 1))
			if err := b.Verify(key.Public(), "default", ""); err == nil || !strings.Contains(err.Error(), "digest mismatch") {
				t.Errorf("tampered file: %v", err)
			}
			delete(b.Files, "rules/team.yaml")
			if err := b.Verify(key.Public(), "default", ""); err == nil || !strings.Contains(err.Error(), "missing") {
				t.Errorf("removed file: %v", err)
			}
			b.Files["rules/extra.yaml"] = []byte(denyCurl)
			if err := b.Verify(key.Public(), "default", ""); err == nil {
				t.Error("an unsigned file verified")
			}
		})
	}
}

// The manifest is hashed as a JSON value, as OPA hashes it: whitespace and
// key order do not change its hash.
func TestManifestHashIsStructured(t *testing.T) {
	t.Parallel()
	a, _ := fileHash(".manifest", []byte(`{"revision":"r1","roots":["governance"]}`))
	b, _ := fileHash(".manifest", []byte("{ \"roots\": [\"governance\"],\n \"revision\": \"r1\" }"))
	if a != b {
		t.Errorf("hashes differ: %s %s", a, b)
	}
}

func TestBuildRefusesPolicyThatDoesNotLoad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"rules/bad.yaml": "rules:\n  - id: x\n    decision: maybe\n"})
	if _, _, err := Build(dir, BuildOptions{Key: keys(t)["ES256"]}); err == nil {
		t.Fatal("built a bundle whose rules do not load")
	}
}

func TestReadRefusesStrangeEntries(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	b := &Bundle{Files: map[string][]byte{".manifest": []byte(`{"revision":"r"}`), "../etc/passwd": []byte("x")}}
	data, err := b.archive(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(data); err == nil {
		t.Error("read a bundle with ../etc/passwd")
	}
	_ = key
}

// A machine pulling from an HTTPS server: a new bundle is activated, an
// unchanged one is not fetched again (ETag), and a tampered bundle or one
// signed with another key is refused with the last good one kept.
func TestPullKeepsLastGood(t *testing.T) {
	t.Parallel()
	ks := keys(t)
	key := ks["ES256"]
	var mu sync.Mutex
	served, etag, fetches := build(t, key, "r1", map[string]string{"rules/team.yaml": denyCurl}), `"v1"`, 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		fetches++
		w.Header().Set("ETag", etag)
		w.Write(served)
	}))
	defer srv.Close()
	serve := func(data []byte, tag string) {
		mu.Lock()
		defer mu.Unlock()
		served, etag = data, tag
	}

	managed := t.TempDir()
	writeFiles(t, managed, map[string]string{
		"team.pub":    pubPEM(t, key),
		"config.yaml": "bundle:\n  source: " + srv.URL + "/bundle.tar.gz\n  public_key: team.pub\n",
	})
	p := layout.Paths{ManagedDir: managed}
	pl := &Puller{Paths: p, Client: srv.Client()}
	ctx := context.Background()

	res, err := pl.Pull(ctx)
	if err != nil || !res.Changed || res.Revision != "r1" {
		t.Fatalf("first pull: %+v, %v", res, err)
	}
	if st := config.ReadBundleState(p); st.Revision != "r1" || st.Err != "" {
		t.Fatalf("state after the first pull: %+v", st)
	}
	if res, err := pl.Pull(ctx); err != nil || res.Changed || fetches != 1 {
		t.Fatalf("unchanged pull: %+v, %v, %d fetches", res, err, fetches)
	}

	good := build(t, key, "r2", map[string]string{"rules/team.yaml": denyCurl})
	tampered := mustGunzipTamper(t, good)
	for _, bad := range []struct {
		name, want string
		data       []byte
	}{
		{"tampered", "digest mismatch", tampered},
		{"another key", "signature", build(t, ks["RS256"], "r3", map[string]string{"rules/team.yaml": denyCurl})},
		{"not a bundle", "not a .tar.gz", []byte("<html>")},
	} {
		serve(bad.data, `"`+bad.name+`"`)
		_, err := pl.Pull(ctx)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.name, err, bad.want)
		}
		st := config.ReadBundleState(p)
		if st.Revision != "r1" || !strings.Contains(st.Err, bad.want) {
			t.Errorf("%s: state %+v, want r1 kept and the error", bad.name, st)
		}
	}
	serve(good, `"v2"`)
	if res, err := pl.Pull(ctx); err != nil || res.Revision != "r2" {
		t.Fatalf("good pull after bad ones: %+v, %v", res, err)
	}
	if st := config.ReadBundleState(p); st.Revision != "r2" || st.Err != "" {
		t.Errorf("state: %+v", st)
	}
}

// mustGunzipTamper returns the bundle with its rule changed to an allow,
// signatures unchanged.
func mustGunzipTamper(t *testing.T, data []byte) []byte {
	t.Helper()
	b, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	b.Files["rules/team.yaml"] = []byte(strings.Replace(denyCurl, "decision: deny", "decision: allow", 1))
	out, err := b.archive(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A password in the bundle source is refused: nothing is fetched, and
// neither the error nor the status holds it.
func TestPullRefusesCredentialInSource(t *testing.T) {
	t.Parallel()
	fetches := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fetches++ }))
	defer srv.Close()
	managed := t.TempDir()
	writeFiles(t, managed, map[string]string{
		"team.pub":    pubPEM(t, keys(t)["ES256"]),
		"config.yaml": "bundle:\n  source: " + strings.Replace(srv.URL, "http://", "http://ci:hunter2@", 1) + "/bundle.tar.gz\n  public_key: team.pub\n",
	})
	p := layout.Paths{ManagedDir: managed}
	_, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(context.Background())
	if !errors.Is(err, config.ErrLiteralCredential) || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("Pull: %v; want the literal credential refused, unprinted", err)
	}
	if fetches != 0 {
		t.Errorf("%d requests sent", fetches)
	}
	if st := ReadStatus(p); st.Source != "" {
		t.Errorf("status written: %+v", st)
	}
}

// An activated bundle's folders are 0755 and its files 0644, and so are
// the folders above it the activation creates: every user's hook reads
// them.
func TestActivatedBundleIsReadableByEveryone(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	b, err := Read(build(t, key, "r1", map[string]string{"rules/team.yaml": denyCurl, "agents/a.md": "---\nname: a\n---\n"}))
	if err != nil {
		t.Fatal(err)
	}
	managed := filepath.Join(t.TempDir(), "etc", "governance")
	p := layout.Paths{ManagedDir: managed}
	if _, err := Activate(p, b, "sha256:0123456789abcdef"); err != nil {
		t.Fatal(err)
	}
	err = filepath.Walk(filepath.Dir(managed), func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		want := os.FileMode(0o644)
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			return nil
		case fi.IsDir():
			want = 0o755
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", path, fi.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// buildAt builds a signed bundle with the given build time and sequence.
func buildAt(t *testing.T, key crypto.Signer, rev string, at time.Time, seq int64, rules string) []byte {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"rules/team.yaml": rules})
	data, _, err := Build(dir, BuildOptions{Revision: rev, Key: key, Now: at, Sequence: seq})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// resign replaces a bundle's manifest with manifest, signs it again with
// key, and returns the archive: a validly signed bundle a publisher could
// have made by other means (opa build writes no build time).
func resign(t *testing.T, data []byte, key crypto.Signer, manifest string) []byte {
	t.Helper()
	b, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	b.Files[ManifestFile] = []byte(manifest)
	var infos []FileInfo
	for _, n := range b.names() {
		h, err := fileHash(n, b.Files[n])
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, FileInfo{Name: n, Hash: h, Algorithm: hashAlgorithm})
	}
	token, err := Sign(infos, key, "default")
	if err != nil {
		t.Fatal(err)
	}
	b.Files[SignaturesFile] = []byte(`{"signatures":["` + token + `"]}`)
	out, err := b.archive(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// source is an HTTPS-like bundle server whose bundle the test changes.
type source struct {
	mu     sync.Mutex
	served []byte
	n      int
}

func (s *source) serve(data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.served, s.n = data, s.n+1
}

func (s *source) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("ETag", fmt.Sprintf(`"%d"`, s.n))
	w.Write(s.served)
}

func managedFor(t *testing.T, key crypto.Signer, url string, extra string) layout.Paths {
	t.Helper()
	managed := t.TempDir()
	writeFiles(t, managed, map[string]string{
		"team.pub":    pubPEM(t, key),
		"config.yaml": "bundle:\n  source: " + url + "/bundle.tar.gz\n  public_key: team.pub\n" + extra,
	})
	return layout.Paths{ManagedDir: managed}
}

// A source that serves an older, validly signed bundle does not take the
// newer one's rules away: the pull is refused with the order of both, the
// newer bundle stays in force, and only an explicit --allow-rollback
// activates it, recorded in status.json.
func TestPullOnlyMovesForward(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	older := strings.Replace(denyCurl, "curl is not used", "curl was not used", 1)
	unordered := func(rev string) []byte {
		return resign(t, buildAt(t, key, rev, t0, 0, older), key, `{"revision":"`+rev+`","roots":["governance"]}`)
	}
	for _, tc := range []struct {
		name, active, want string
		first, next        []byte
		allowed            bool // activated with AllowRollback
	}{
		{name: "older build time", first: buildAt(t, key, "r2", t0.Add(time.Hour), 0, denyCurl),
			next: buildAt(t, key, "r1", t0, 0, older), want: "is not newer than the bundle in force", allowed: true},
		{name: "older within a second", first: buildAt(t, key, "r2", t0.Add(time.Millisecond), 0, denyCurl),
			next: buildAt(t, key, "r1", t0, 0, older), want: "is not newer than the bundle in force", allowed: true},
		{name: "lower sequence, later build", first: buildAt(t, key, "r2", t0, 2, denyCurl),
			next: buildAt(t, key, "r1", t0.Add(time.Hour), 1, older), want: "is not newer than the bundle in force", allowed: true},
		{name: "sequence dropped", first: buildAt(t, key, "r2", t0, 2, denyCurl),
			next: buildAt(t, key, "r1", t0.Add(time.Hour), 0, older), want: "is not newer than the bundle in force", allowed: true},
		{name: "same order, other files", first: buildAt(t, key, "r2", t0, 0, denyCurl),
			next: buildAt(t, key, "r2b", t0, 0, older), want: "holds other files", allowed: true},
		{name: "no order after an ordered one", first: buildAt(t, key, "r2", t0, 0, denyCurl),
			next: unordered("r1"), want: "has no order", allowed: true},
		{name: "malformed sequence", first: buildAt(t, key, "r2", t0, 0, denyCurl),
			next: resign(t, buildAt(t, key, "r3", t0, 0, older), key, `{"revision":"r3","metadata":{"sequence":"9"}}`), want: "not a positive whole number"},
		{name: "malformed build time", first: buildAt(t, key, "r2", t0, 0, denyCurl),
			next: resign(t, buildAt(t, key, "r3", t0, 0, older), key, `{"revision":"r3","metadata":{"built":"tomorrow"}}`), want: "not an RFC 3339 time"},
		// Forward moves.
		{name: "later build time", first: buildAt(t, key, "r1", t0, 0, older), next: buildAt(t, key, "r2", t0.Add(time.Second), 0, denyCurl)},
		{name: "higher sequence, earlier build", first: buildAt(t, key, "r1", t0.Add(time.Hour), 1, older), next: buildAt(t, key, "r2", t0, 2, denyCurl)},
		{name: "an order after none", first: unordered("r1"), next: buildAt(t, key, "r2", t0, 0, denyCurl)},
		{name: "none after none", first: unordered("r1"), next: resign(t, buildAt(t, key, "r2", t0, 0, denyCurl), key, `{"revision":"r2"}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := &source{}
			srv := httptest.NewServer(src)
			defer srv.Close()
			p := managedFor(t, key, srv.URL, "")
			ctx := t.Context()
			src.serve(tc.first)
			first, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(ctx)
			if err != nil {
				t.Fatal(err)
			}
			src.serve(tc.next)
			res, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(ctx)
			if tc.want == "" {
				if err != nil || !res.Changed || res.RolledBack != "" {
					t.Fatalf("a forward move: %+v, %v", res, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || res.Changed {
				t.Fatalf("pull: %+v, %v; want %q", res, err, tc.want)
			}
			st := config.ReadBundleState(p)
			if st.Revision != first.Revision || !strings.Contains(st.Err, tc.want) {
				t.Errorf("state: %+v, want %s in force and the refusal", st, first.Revision)
			}
			res, err = (&Puller{Paths: p, Client: srv.Client(), AllowRollback: true}).Pull(ctx)
			if !tc.allowed {
				if err == nil {
					t.Errorf("--allow-rollback activated a bundle whose order is malformed: %+v", res)
				}
				return
			}
			if err != nil || !res.Changed || res.RolledBack != first.Revision {
				t.Fatalf("allowed rollback: %+v, %v", res, err)
			}
			if st := config.ReadBundleState(p); st.Revision == first.Revision || st.Err != "" ||
				!strings.Contains(st.Status.Rollback, "replaced the newer "+first.Revision) {
				t.Errorf("state after an allowed rollback: %+v", st)
			}
		})
	}
}

// The bundle in force served again (signed again, so another digest) is
// current, not a rollback.
func TestPullSameBundleAgainIsCurrent(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	src := &source{}
	srv := httptest.NewServer(src)
	defer srv.Close()
	p := managedFor(t, key, srv.URL, "")
	src.serve(buildAt(t, key, "r1", t0, 0, denyCurl))
	if _, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(t.Context()); err != nil {
		t.Fatal(err)
	}
	src.serve(buildAt(t, key, "r1", t0, 0, denyCurl))
	res, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(t.Context())
	if err != nil || res.Changed || res.Revision != "r1" {
		t.Fatalf("the same bundle again: %+v, %v", res, err)
	}
}

// A bundle whose order is malformed is refused on a machine's first pull
// too: activated, it would leave the next one nothing to be compared with.
func TestFirstPullRefusesMalformedOrder(t *testing.T) {
	t.Parallel()
	key := keys(t)["ES256"]
	src := &source{}
	srv := httptest.NewServer(src)
	defer srv.Close()
	p := managedFor(t, key, srv.URL, "")
	src.serve(resign(t, build(t, key, "r1", map[string]string{"rules/team.yaml": denyCurl}), key, `{"revision":"r1","metadata":{"sequence":1.5}}`))
	res, err := (&Puller{Paths: p, Client: srv.Client()}).Pull(t.Context())
	if err == nil || !strings.Contains(err.Error(), "not a positive whole number") || res.Changed {
		t.Fatalf("first pull of a malformed order: %+v, %v", res, err)
	}
	if st := config.ReadBundleState(p); st.Revision != "" {
		t.Errorf("activated: %+v", st)
	}
}
