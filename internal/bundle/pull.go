package bundle

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// ErrNoSource means the managed configuration names no bundle.
var ErrNoSource = errors.New("the managed configuration names no bundle (bundle: source and public_key)")

// Puller pulls the bundle a machine's managed configuration names.
type Puller struct {
	Paths layout.Paths
	// Client, when set, carries the requests through its transport (a
	// test's TLS server); the source's deadlines apply either way.
	Client *http.Client
	Now    func() time.Time
	// AllowRollback lets a pull activate a bundle older than the one in
	// force (an administrator's explicit choice, recorded in status.json).
	AllowRollback bool
}

// PullResult says what a pull did.
type PullResult struct {
	// Changed is true when a new bundle was activated.
	Changed  bool
	Revision string
	Status   config.BundleStatus
	// Activation is how long verifying and activating took.
	Activation time.Duration
	// RolledBack, when set, says which newer bundle an allowed rollback
	// replaced.
	RolledBack string
}

// Pull asks the source for its bundle and activates it when it is new,
// signed with the configured key, every file's hash matches, and its
// policy loads. On any failure the bundle in force stays, and
// bundle/status.json says why (status and the decision log show it).
func (pl *Puller) Pull(ctx context.Context) (*PullResult, error) {
	p := pl.Paths
	src, err := config.BundleSourceOf(p)
	if err != nil {
		return nil, err
	}
	if src == nil {
		return nil, ErrNoSource
	}
	if len(src.Problems) > 0 {
		return nil, fmt.Errorf("bundle: nothing is pulled: %w", errors.Join(src.Problems...))
	}
	if err := MkdirPublic(p.BundleDir()); err != nil {
		return nil, err
	}
	if err := os.Chmod(p.BundleDir(), dirMode); err != nil {
		return nil, err
	}
	unlock, err := filelock.Lock(filepath.Join(p.BundleDir(), "pull"))
	if err != nil {
		return nil, err
	}
	defer unlock()
	now := time.Now
	if pl.Now != nil {
		now = pl.Now
	}
	if active, err := filepath.EvalSymlinks(p.ActiveBundle()); err == nil {
		if err := publish(active); err != nil {
			return nil, fmt.Errorf("making the active bundle readable by every user: %w", err)
		}
	}
	st := ReadStatus(p)
	digest, etag := st.Digest, st.ETag
	if _, err := os.Stat(p.ActiveBundle()); err != nil || st.Source != src.URL {
		digest, etag = "", ""
	}
	st.Source = src.URL
	st.Checked = stamp(now())
	res := &PullResult{Revision: st.Revision}
	fail := func(err error) (*PullResult, error) {
		err = &cleanError{err}
		st.Error = err.Error()
		res.Status = st
		if werr := WriteStatus(p, st); werr != nil {
			return res, errors.Join(err, werr)
		}
		return res, err
	}
	d := DeadlinesOf(src)
	var base http.RoundTripper
	if pl.Client != nil {
		base = pl.Client.Transport
	}
	fctx, cancel := context.WithTimeout(ctx, d.Total)
	defer cancel()
	f, err := Fetch(fctx, NewClient(d, base), src.URL, digest, etag)
	if errors.Is(err, ErrNotModified) {
		st.Error = ""
		res.Status = st
		return res, WriteStatus(p, st)
	}
	if err != nil {
		return fail(fmt.Errorf("fetching %s: %w", src.URL, err))
	}
	start := time.Now()
	pub, err := PublicKey(p, src)
	if err != nil {
		return fail(err)
	}
	b, err := Read(f.Data)
	if err != nil {
		return fail(err)
	}
	if err := b.Verify(pub, src.KeyID, src.Scope); err != nil {
		return fail(fmt.Errorf("bundle %s rejected: %w", Clean(b.Manifest.Revision), err))
	}
	active, err := readActive(p.ActiveBundle())
	if err != nil {
		return fail(fmt.Errorf("reading the bundle in force, to check that %s is newer: %w", Clean(b.Manifest.Revision), err))
	}
	same, err := forward(active, b)
	switch {
	case same:
		// The source serves the bundle in force under a new digest.
		st.Digest, st.ETag, st.Error = f.Digest, f.ETag, ""
		res.Status = st
		return res, WriteStatus(p, st)
	case errors.Is(err, ErrRollback) && pl.AllowRollback:
		res.RolledBack = active.Manifest.Revision
	case err != nil:
		return fail(fmt.Errorf("refused: %w", err))
	}
	name, err := Activate(p, b, f.Digest)
	if err != nil {
		return fail(err)
	}
	res.Activation = time.Since(start)
	st.Digest, st.ETag, st.Active, st.Revision, st.Error = f.Digest, f.ETag, name, b.Manifest.Revision, ""
	st.Activated = stamp(now())
	if res.RolledBack != "" {
		st.Rollback = fmt.Sprintf("%s: revision %s replaced the newer %s (bundle pull --allow-rollback)",
			st.Activated, b.Manifest.Revision, res.RolledBack)
	}
	res.Changed, res.Revision, res.Status = true, b.Manifest.Revision, st
	return res, WriteStatus(p, st)
}

// PublicKey reads the key the managed configuration names: PEM text, or
// the path of a PEM file (relative to the managed folder).
func PublicKey(p layout.Paths, src *config.BundleSource) (crypto.PublicKey, error) {
	data := []byte(src.PublicKey)
	if !strings.Contains(src.PublicKey, "-----BEGIN") {
		path := src.PublicKey
		if !filepath.IsAbs(path) {
			path = filepath.Join(p.ManagedDir, path)
		}
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("the bundle's public key: %w", err)
		}
	}
	key, err := ParsePublicKey(data)
	if err != nil {
		return nil, fmt.Errorf("the bundle's public key: %w", err)
	}
	return key, nil
}
