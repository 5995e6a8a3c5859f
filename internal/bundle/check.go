package bundle

import (
	"crypto"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/config"
)

// Check verifies a bundle file offline as a pull would before activating
// it: it unpacks, its signature verifies with pub (keyID and scope as a
// machine's bundle: block names them), every file's hash matches, its
// roots hold every file, its order is well formed, and its policy loads.
func Check(data []byte, pub crypto.PublicKey, keyID, scope string) (*Bundle, Order, error) {
	b, err := Read(data)
	if err != nil {
		return nil, Order{}, &cleanError{err}
	}
	if err := b.Verify(pub, keyID, scope); err != nil {
		return nil, Order{}, &cleanError{fmt.Errorf("bundle %s rejected: %w", Clean(b.Manifest.Revision), err)}
	}
	o, err := OrderOf(b.Manifest)
	if err != nil {
		return nil, Order{}, &cleanError{err}
	}
	dir, err := os.MkdirTemp("", "governance-bundle-")
	if err != nil {
		return nil, Order{}, err
	}
	defer os.RemoveAll(dir)
	for name, content := range b.Files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, Order{}, err
		}
		if err := os.WriteFile(path, content, 0o600); err != nil {
			return nil, Order{}, err
		}
	}
	if err := config.CheckBundle(dir); err != nil {
		// Name the bundle's files as the bundle names them.
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		return nil, Order{}, &cleanError{fmt.Errorf("bundle %s does not load: %s", Clean(b.Manifest.Revision), msg)}
	}
	return b, o, nil
}
