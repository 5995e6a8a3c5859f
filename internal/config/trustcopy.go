package config

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/layout"
)

// A trust keeps a copy of each policy file as it was trusted, named by its
// sha256, in the user's configuration folder, so that a person asked to
// trust a project again can read what changed since (governance trust
// --diff) rather than its files whole. The copies are the user's, never
// the project's; a copy no trusted project names is removed.

// TrustedCopiesDir is the folder, in the user's configuration folder,
// that holds the copies.
const TrustedCopiesDir = "trusted-policy"

var hexSum = regexp.MustCompile(`^[0-9a-f]{64}$`)

// keepTrustedCopies copies the project's policy files, checking each
// against the sum it is trusted with.
func keepTrustedCopies(p layout.Paths, files []PolicyFile) error {
	dir := filepath.Join(p.UserDir, TrustedCopiesDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, f := range files {
		dst := filepath.Join(dir, f.SHA256)
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(p.ProjectRoot, filepath.FromSlash(f.Path)))
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 {
			return fmt.Errorf("%s changed while it was being trusted; run governance trust again", f.Path)
		}
		if err := atomicfile.Write(dst, data, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// pruneTrustedCopies removes the copies no trusted project names.
func pruneTrustedCopies(userDir string, list []TrustedProject) {
	keep := map[string]bool{}
	for _, e := range list {
		for _, f := range e.Files {
			keep[f.SHA256] = true
		}
	}
	entries, _ := os.ReadDir(filepath.Join(userDir, TrustedCopiesDir))
	for _, e := range entries {
		if hexSum.MatchString(e.Name()) && !keep[e.Name()] {
			os.Remove(filepath.Join(userDir, TrustedCopiesDir, e.Name()))
		}
	}
}

// FileChange is one policy file that differs from the trusted version.
type FileChange struct {
	// Path is relative to the project root.
	Path string
	// Trusted is the content trusted, Now the content now; nil when the
	// file was not there. TrustedKnown is false when the trust kept no
	// copy (one given before copies were kept).
	Trusted, Now []byte
	TrustedKnown bool
}

// ErrNeverTrusted means a project has no trust to compare with.
var ErrNeverTrusted = errors.New("the project was never trusted")

// TrustChanges returns each policy file that differs from the version the
// user trusted, with both contents.
func TrustChanges(p layout.Paths) ([]FileChange, error) {
	store, err := ReadTrustedProjects(p.UserDir)
	if err != nil {
		return nil, err
	}
	var entry *TrustedProject
	for i := range store {
		if store[i].Root == p.ProjectRoot {
			entry = &store[i]
		}
	}
	if entry == nil {
		return nil, ErrNeverTrusted
	}
	now, err := ProjectPolicyFiles(p)
	if err != nil {
		return nil, err
	}
	was := map[string]string{}
	for _, f := range entry.Files {
		was[f.Path] = f.SHA256
	}
	var out []FileChange
	add := func(path, oldSum string, inNow bool) error {
		c := FileChange{Path: path, TrustedKnown: true}
		if oldSum != "" {
			data, err := os.ReadFile(filepath.Join(p.UserDir, TrustedCopiesDir, oldSum))
			switch {
			case errors.Is(err, fs.ErrNotExist) || err == nil && !hexSum.MatchString(oldSum):
				c.TrustedKnown = false
			case err != nil:
				return err
			default:
				c.Trusted = data
			}
		}
		if inNow {
			data, err := os.ReadFile(filepath.Join(p.ProjectRoot, filepath.FromSlash(path)))
			if err != nil {
				return err
			}
			c.Now = data
		}
		out = append(out, c)
		return nil
	}
	for _, f := range now {
		old, ok := was[f.Path]
		delete(was, f.Path)
		if ok && old == f.SHA256 {
			continue
		}
		if err := add(f.Path, old, true); err != nil {
			return nil, err
		}
	}
	for _, f := range entry.Files {
		if _, gone := was[f.Path]; gone {
			if err := add(f.Path, f.SHA256, false); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}
