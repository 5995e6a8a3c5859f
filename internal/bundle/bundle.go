// Package bundle builds, signs, publishes, fetches, verifies and activates
// policy bundles: a team's rules, agents, learned entries and settings in
// OPA's bundle format (a .tar.gz with a .manifest and a .signatures.json
// signed as opa build --signing-key signs), published to an OCI registry
// or any HTTPS server. A machine activates a bundle only when its
// signature verifies with the key its managed configuration names, every
// file's hash matches, and its policy loads; the active bundle's folder is
// a policy folder of the managed layer, read through the compiled snapshot.
//
// Only the governance command links this package: the hook never touches
// the network.
package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/config"
)

// Names of a bundle's own files.
const (
	ManifestFile   = ".manifest"
	SignaturesFile = ".signatures.json"
)

// Root is the data root a governance bundle owns.
const Root = "governance"

// MaxSize bounds a bundle: its compressed size and the size of its files.
const MaxSize = 64 << 20

// Bundle is a bundle's files by name (slash-separated, relative).
type Bundle struct {
	Files    map[string][]byte
	Manifest config.Manifest
}

// policyFile reports the files a bundle may hold: its manifest and
// signatures, config.yaml, learned.yaml, and files under rules/ and
// agents/.
func policyFile(name string) bool {
	switch name {
	case ManifestFile, SignaturesFile, "config.yaml", "learned.yaml":
		return true
	}
	return strings.HasPrefix(name, "rules/") || strings.HasPrefix(name, "agents/")
}

// BuildOptions say how to build a bundle.
type BuildOptions struct {
	// Revision names the bundle; empty, it is the first 12 hex digits of
	// a hash over the files.
	Revision string
	// Key signs the bundle; KeyID names it ("default" unless set).
	Key   crypto.Signer
	KeyID string
	// Now is the build time recorded in the manifest's metadata
	// ("built"): it orders the bundle after those built before it.
	Now time.Time
	// Sequence, when not 0, is recorded as the manifest's
	// metadata.sequence: it orders bundles before their build time does.
	Sequence int64
}

// Build packs a policy folder (config.yaml, rules/, agents/,
// learned.yaml) as a signed bundle. The folder must load as the managed
// layer would load it.
func Build(dir string, opt BuildOptions) ([]byte, *Bundle, error) {
	if err := config.CheckBundle(dir); err != nil {
		return nil, nil, fmt.Errorf("the policy in %s does not load: %w", dir, err)
	}
	b := &Bundle{Files: map[string][]byte{}}
	for _, name := range []string{"config.yaml", "learned.yaml", "rules", "agents"} {
		err := filepath.WalkDir(filepath.Join(dir, name), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && p == filepath.Join(dir, name) {
					return nil
				}
				return err
			}
			if d.IsDir() {
				return nil
			}
			if !d.Type().IsRegular() {
				return fmt.Errorf("%s: only regular files go in a bundle", p)
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			b.Files[filepath.ToSlash(rel)] = data
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	if len(b.Files) == 0 {
		return nil, nil, fmt.Errorf("%s holds no config.yaml, learned.yaml, rules/ or agents/", dir)
	}
	rev := opt.Revision
	if rev == "" {
		h := sha256.New()
		for _, n := range b.names() {
			fmt.Fprintf(h, "%s\x00%d\x00", n, len(b.Files[n]))
			h.Write(b.Files[n])
		}
		rev = hex.EncodeToString(h.Sum(nil))[:12]
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	if opt.Sequence < 0 || opt.Sequence > 1<<53 {
		return nil, nil, fmt.Errorf("sequence %d is not a positive whole number", opt.Sequence)
	}
	meta := map[string]any{"built": opt.Now.UTC().Format(time.RFC3339Nano)}
	if opt.Sequence != 0 {
		meta["sequence"] = opt.Sequence
	}
	b.Manifest = config.Manifest{Revision: rev, Roots: []string{Root}, Metadata: meta}
	manifest, err := json.Marshal(b.Manifest)
	if err != nil {
		return nil, nil, err
	}
	b.Files[ManifestFile] = manifest
	if opt.Key == nil {
		return nil, nil, errors.New("a bundle must be signed: name the team's signing key")
	}
	keyID := opt.KeyID
	if keyID == "" {
		keyID = "default"
	}
	var infos []FileInfo
	for _, n := range b.names() {
		h, err := fileHash(n, b.Files[n])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", n, err)
		}
		infos = append(infos, FileInfo{Name: n, Hash: h, Algorithm: hashAlgorithm})
	}
	token, err := Sign(infos, opt.Key, keyID)
	if err != nil {
		return nil, nil, err
	}
	sigs, err := json.Marshal(Signatures{Signatures: []string{token}})
	if err != nil {
		return nil, nil, err
	}
	b.Files[SignaturesFile] = sigs
	data, err := b.archive(opt.Now)
	return data, b, err
}

// names lists the bundle's files but its signatures, sorted.
func (b *Bundle) names() []string {
	var out []string
	for n := range b.Files {
		if n != SignaturesFile {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Archive writes a bundle's files as a .tar.gz, as they are: for tests
// that need a bundle whose files no longer match its signatures.
func Archive(b *Bundle) ([]byte, error) { return b.archive(time.Now()) }

// archive writes the bundle as a .tar.gz, entries named as opa build names
// them (/.manifest, /rules/x.yaml).
func (b *Bundle) archive(now time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	names := append(b.names(), SignaturesFile)
	for _, n := range names {
		data := b.Files[n]
		if err := tw.WriteHeader(&tar.Header{Name: "/" + n, Mode: 0o644, Size: int64(len(data)),
			ModTime: now.UTC().Truncate(time.Second), Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Read unpacks a .tar.gz bundle. It refuses what a policy bundle never
// holds: links, paths outside the bundle, files it does not read.
func Read(data []byte) (*Bundle, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the bundle is larger than %d bytes", MaxSize)
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a .tar.gz bundle: %w", err)
	}
	tr := tar.NewReader(gz)
	b := &Bundle{Files: map[string][]byte{}}
	total := int64(0)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not a .tar.gz bundle: %w", err)
		}
		if h.Typeflag == tar.TypeDir {
			continue
		}
		name := strings.TrimPrefix(h.Name, "/")
		if h.Typeflag != tar.TypeReg || name == "" || path.Clean(name) != name || strings.HasPrefix(name, "../") || !policyFile(name) {
			return nil, fmt.Errorf("the bundle holds %q, which a policy bundle does not", h.Name)
		}
		if _, dup := b.Files[name]; dup {
			return nil, fmt.Errorf("the bundle holds %q twice", name)
		}
		total += h.Size
		if total > MaxSize {
			return nil, fmt.Errorf("the bundle's files are larger than %d bytes", MaxSize)
		}
		content, err := io.ReadAll(io.LimitReader(tr, h.Size))
		if err != nil {
			return nil, err
		}
		b.Files[name] = content
	}
	if err := b.readManifest(); err != nil {
		return nil, err
	}
	return b, nil
}

// readManifest decodes the bundle's .manifest into b.Manifest.
func (b *Bundle) readManifest() error {
	m, ok := b.Files[ManifestFile]
	if !ok {
		return errors.New("the bundle has no .manifest")
	}
	if err := json.Unmarshal(m, &b.Manifest); err != nil {
		return fmt.Errorf(".manifest: %w", err)
	}
	return nil
}

// Verify checks the bundle's signature with pub and every file against
// the hash it signs: a file it does not sign, or one it signs that is
// missing or different, fails; so do roots that are malformed, overlap,
// or do not hold every file (roots.go).
func (b *Bundle) Verify(pub crypto.PublicKey, keyID, scope string) error {
	raw, ok := b.Files[SignaturesFile]
	if !ok {
		return ErrUnsigned
	}
	var sigs Signatures
	if err := json.Unmarshal(raw, &sigs); err != nil {
		return fmt.Errorf("%s: %w", SignaturesFile, err)
	}
	if len(sigs.Signatures) != 1 {
		return fmt.Errorf("%s: %d JWTs (expected exactly one)", SignaturesFile, len(sigs.Signatures))
	}
	files, err := Verify(sigs.Signatures[0], pub, keyID, scope)
	if err != nil {
		return err
	}
	signed := map[string]FileInfo{}
	for _, f := range files {
		signed[strings.TrimPrefix(f.Name, "/")] = f
	}
	for _, n := range b.names() {
		f, ok := signed[n]
		if !ok {
			return fmt.Errorf("%s is not signed", n)
		}
		delete(signed, n)
		if f.Algorithm != hashAlgorithm {
			return fmt.Errorf("%s: hash algorithm %q, not %s", n, f.Algorithm, hashAlgorithm)
		}
		h, err := fileHash(n, b.Files[n])
		if err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
		if h != f.Hash {
			return fmt.Errorf("%s: digest mismatch (signed %s, got %s)", n, f.Hash, h)
		}
	}
	for n := range signed {
		return fmt.Errorf("%s is signed but missing from the bundle", n)
	}
	return b.checkRoots()
}
