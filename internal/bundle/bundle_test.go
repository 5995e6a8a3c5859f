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
