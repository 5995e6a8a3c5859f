package config

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/regularfile"
)

// A project's configuration can name a plugin, and a plugin is a program:
// cloning a repository must not be enough to run one. A project's plugin
// runs only once the user has trusted that executable, as it is now, with
// `governance plugins trust NAME`; the trust is kept in the user's
// configuration folder, which no AI caller may write, as sha256sum lines.

// TrustedPluginsFile is the name of the trust store in the user's
// configuration folder (layout lists it among the sources of a project's
// configuration).
const TrustedPluginsFile = "trusted-plugins"

// TrustedPlugin is an executable the user trusts.
type TrustedPlugin struct {
	Path   string
	SHA256 string
}

// ReadTrustedPlugins reads the trust store of a user configuration folder;
// a missing file trusts nothing.
func ReadTrustedPlugins(userDir string) ([]TrustedPlugin, error) {
	if userDir == "" {
		return nil, nil
	}
	f, err := regularfile.Open(filepath.Join(userDir, TrustedPluginsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []TrustedPlugin
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, path, ok := strings.Cut(line, "  ")
		if b, err := hex.DecodeString(sum); !ok || err != nil || len(b) != sha256.Size || !filepath.IsAbs(path) {
			return nil, fmt.Errorf("%s:%d: want a sha256 in hex, two spaces and an absolute path", f.Name(), n)
		}
		out = append(out, TrustedPlugin{Path: path, SHA256: sum})
	}
	return out, sc.Err()
}

// TrustPlugin records that the user trusts the executable at path as it
// is now, and returns its checksum. A later entry for the same path
// replaces an earlier one.
func TrustPlugin(userDir, path string) (string, error) {
	if !filepath.IsAbs(path) {
		return "", fmt.Errorf("%s: the plugin's path must be absolute to be trusted", path)
	}
	sum, err := FileSHA256(path)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(userDir, 0o700); err != nil {
		return "", err
	}
	store := filepath.Join(userDir, TrustedPluginsFile)
	unlock, err := filelock.Lock(store + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	old, err := ReadTrustedPlugins(userDir)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# Plugins of project configurations that this user trusts (governance plugins trust).\n")
	for _, t := range old {
		if t.Path != path {
			fmt.Fprintf(&b, "%s  %s\n", t.SHA256, t.Path)
		}
	}
	fmt.Fprintf(&b, "%s  %s\n", sum, path)
	return sum, atomicfile.Write(store, []byte(b.String()), 0o600)
}

// FileSHA256 returns the checksum of a file in hex.
func FileSHA256(path string) (string, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// applyTrust marks each of a project's plugins that the user has not
// trusted, and pins each trusted one to the checksum it was trusted
// with, so that a changed executable no longer starts.
func applyTrust(plugins []engine.PluginSpec, trusted []TrustedPlugin) {
	for i := range plugins {
		p := &plugins[i]
		if p.Scope != engine.ScopeRepo {
			continue
		}
		p.Untrusted = true
		for _, t := range trusted {
			if t.Path == p.Path && (p.SHA256 == "" || p.SHA256 == t.SHA256) {
				p.Untrusted, p.SHA256 = false, t.SHA256
			}
		}
	}
}
