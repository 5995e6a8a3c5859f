package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

// Bundles only move forward. A bundle's signed .manifest orders it: the
// metadata's "sequence" (a whole number the publisher raises with each
// bundle, as TUF's version), then its "built" time (RFC 3339, written by
// every build). A pull refuses a bundle that orders before the one in
// force, or orders equal to it with other content: a registry serving an
// older, validly signed bundle would otherwise take the newer one's denies
// away. A manifest that carries neither (an opa build bundle) has no order:
// it is refused while the bundle in force has one, and accepted where the
// bundle in force has none or none is active (then a rollback is not
// detected). An administrator moves back on purpose with
// `bundle pull --allow-rollback`, and status.json records it.

// ErrRollback means the source serves a bundle that does not order after
// the one in force.
var ErrRollback = errors.New("not newer than the bundle in force")

// Order is a bundle's place in its publisher's sequence.
type Order struct {
	// Sequence is the manifest's metadata.sequence; 0 when unset.
	Sequence int64
	// Built is the manifest's metadata.built; zero when unset.
	Built time.Time
}

// Ordered reports whether the manifest carries an order at all.
func (o Order) Ordered() bool { return o.Sequence != 0 || !o.Built.IsZero() }

// Compare returns -1, 0 or +1 as o orders before, with or after other.
func (o Order) Compare(other Order) int {
	switch {
	case o.Sequence != other.Sequence:
		if o.Sequence < other.Sequence {
			return -1
		}
		return 1
	case o.Built.Before(other.Built):
		return -1
	case o.Built.After(other.Built):
		return 1
	}
	return 0
}

func (o Order) String() string {
	switch {
	case !o.Ordered():
		return "no order"
	case o.Sequence != 0 && !o.Built.IsZero():
		return fmt.Sprintf("sequence %d, built %s", o.Sequence, o.Built.UTC().Format(time.RFC3339Nano))
	case o.Sequence != 0:
		return fmt.Sprintf("sequence %d", o.Sequence)
	}
	return "built " + o.Built.UTC().Format(time.RFC3339Nano)
}

// OrderOf reads a manifest's order. A sequence that is not a positive
// whole number, or a build time that is not RFC 3339, is an error: the
// publisher signed something this reader cannot place.
func OrderOf(m config.Manifest) (Order, error) {
	var o Order
	if v, ok := m.Metadata["sequence"]; ok {
		f, isNum := v.(float64)
		if !isNum || f < 1 || f != math.Trunc(f) || f > 1<<53 {
			return o, fmt.Errorf(".manifest: metadata.sequence %s is not a positive whole number", Clean(fmt.Sprint(v)))
		}
		o.Sequence = int64(f)
	}
	if v, ok := m.Metadata["built"]; ok {
		s, isStr := v.(string)
		t, err := time.Parse(time.RFC3339Nano, s)
		if !isStr || err != nil {
			return o, fmt.Errorf(".manifest: metadata.built %s is not an RFC 3339 time", Clean(fmt.Sprint(v)))
		}
		o.Built = t
	}
	return o, nil
}

// content fingerprints the files of a bundle but its signatures (whose
// ECDSA signature differs at every signing of the same files).
func (b *Bundle) content() string {
	h := sha256.New()
	for _, n := range b.names() {
		fh, err := fileHash(n, b.Files[n])
		if err != nil {
			fh = "unhashable"
		}
		fmt.Fprintf(h, "%s\x00%s\x00", n, fh)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// readActive reads the bundle in force from its folder; nil when none is.
func readActive(dir string) (*Bundle, error) {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	b := &Bundle{Files: map[string][]byte{}}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		b.Files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := b.readManifest(); err != nil {
		return nil, err
	}
	return b, nil
}

// forward checks that b may replace active: it orders after it, or is the
// same bundle (same is true then: nothing to activate).
func forward(active, b *Bundle) (same bool, err error) {
	// A malformed order is refused first: activated, it would leave the
	// next bundle nothing to be compared with.
	now, err := OrderOf(b.Manifest)
	if err != nil {
		return false, err
	}
	if active == nil {
		return false, nil
	}
	if active.content() == b.content() {
		return true, nil
	}
	was, err := OrderOf(active.Manifest)
	if err != nil {
		// The bundle in force was verified when it was activated, by a
		// version that did not read its order: it cannot be placed.
		was = Order{}
	}
	rev := func(x *Bundle) string { return Clean(x.Manifest.Revision) }
	switch {
	case !was.Ordered():
		return false, nil
	case !now.Ordered():
		return false, fmt.Errorf("bundle %s has no order (metadata.sequence or built) and %s in force has one (%s): %w",
			rev(b), rev(active), was, ErrRollback)
	}
	switch now.Compare(was) {
	case -1:
		return false, fmt.Errorf("bundle %s (%s) is %w, %s (%s)", rev(b), now, ErrRollback, rev(active), was)
	case 0:
		return false, fmt.Errorf("bundle %s (%s) orders with %s in force but holds other files: %w",
			rev(b), now, rev(active), ErrRollback)
	}
	return false, nil
}

// Replaces reports whether a pull on the machine of p would let b replace
// the bundle in force: nil when it orders after it, is the same bundle,
// or none is in force; otherwise why not (wrapping ErrRollback when it is
// older).
func Replaces(p layout.Paths, b *Bundle) error {
	active, err := readActive(p.ActiveBundle())
	if err != nil {
		return &cleanError{fmt.Errorf("reading the bundle in force: %w", err)}
	}
	_, err = forward(active, b)
	if err != nil {
		return &cleanError{err}
	}
	return nil
}
