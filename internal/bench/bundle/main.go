// Command bundle measures policy bundle activation: a bundle of -rules
// rules is built and signed, served over HTTP on 127.0.0.1, and pulled
// into a managed folder -runs times (each a new revision, so each pull
// verifies the signature and every file's hash, checks that the policy
// loads, and switches the active link). It prints the activation time
// (verify, check, activate) and the whole pull's, and leaves the last
// bundle active in the managed folder, for the hook benchmark that
// follows.
//
//	go run ./internal/bench/bundle -managed bin/bench-config/managed -rules 1000 -runs 5
package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentgov/governance/internal/bundle"
	"github.com/agentgov/governance/internal/layout"
)

func main() {
	managed := flag.String("managed", "", "the managed folder to activate bundles in (emptied first)")
	rules := flag.Int("rules", 1000, "rules in the bundle")
	runs := flag.Int("runs", 5, "pulls to time")
	flag.Parse()
	if *managed == "" {
		fmt.Fprintln(os.Stderr, "bundle: -managed is required")
		os.Exit(2)
	}
	if err := run(*managed, *rules, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

// policy writes n rules: denies of made-up programs, with messages, and
// allows of their read-only subcommands.
func policy(dir string, n int) error {
	var b strings.Builder
	b.WriteString("rules:\n")
	for i := range n {
		if i%2 == 0 {
			fmt.Fprintf(&b, "  - id: team-deny-%04d\n    match: {program: tool%04d, subcommand: [deploy, destroy]}\n    decision: deny\n"+
				"    message: tool%04d deploys from CI only\n    suggestion: open a merge request; CI deploys it\n", i, i, i)
			continue
		}
		fmt.Fprintf(&b, "  - id: team-allow-%04d\n    match: {program: tool%04d, subcommand: [status, list]}\n    decision: allow\n", i, i)
	}
	if err := os.MkdirAll(filepath.Join(dir, "rules"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("lock: [mode]\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "rules", "team.yaml"), []byte(b.String()), 0o644)
}

func run(managed string, n, runs int) error {
	work, err := os.MkdirTemp("", "bench-bundle-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if err := policy(work, n); err != nil {
		return err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	var served []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		w.Write(served)
	}))
	defer srv.Close()

	if err := os.RemoveAll(managed); err != nil {
		return err
	}
	if err := os.MkdirAll(managed, 0o755); err != nil {
		return err
	}
	pub, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(managed, "team.pub"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}), 0o644); err != nil {
		return err
	}
	cfg := "bundle:\n  source: " + srv.URL + "/bundle.tar.gz\n  public_key: team.pub\n"
	if err := os.WriteFile(filepath.Join(managed, "config.yaml"), []byte(cfg), 0o644); err != nil {
		return err
	}
	pl := &bundle.Puller{Paths: layout.Paths{ManagedDir: managed}, Client: srv.Client()}
	var activation, pull []time.Duration
	size := 0
	for i := range runs + 1 {
		data, _, err := bundle.Build(work, bundle.BuildOptions{Revision: fmt.Sprintf("bench-%d", i), Key: key})
		if err != nil {
			return err
		}
		size = len(data)
		mu.Lock()
		served = data
		mu.Unlock()
		start := time.Now()
		res, err := pl.Pull(context.Background())
		if err != nil {
			return err
		}
		if !res.Changed {
			return fmt.Errorf("pull %d activated nothing", i)
		}
		if i == 0 {
			continue // warm-up
		}
		pull = append(pull, time.Since(start))
		activation = append(activation, res.Activation)
	}
	fmt.Printf("bundle of %d rules (%d bytes compressed), %d pulls from 127.0.0.1:\n", n, size, runs)
	fmt.Printf("  activation (verify signature and hashes, load the policy, switch the link): median %s, max %s\n",
		median(activation), slices.Max(activation).Round(time.Microsecond))
	fmt.Printf("  whole pull (fetch and activation):                                          median %s, max %s\n",
		median(pull), slices.Max(pull).Round(time.Microsecond))
	return nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Microsecond)
}
