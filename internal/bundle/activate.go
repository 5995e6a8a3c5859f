package bundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

// Activate writes a verified bundle to a new folder under the managed
// folder's bundle/, checks that its policy loads there, and makes it the
// active one by replacing the bundle/active link in one rename. The
// previous bundle's folder is kept (it is the last good one until the
// next activation); older ones are removed. It returns the folder's name.
func Activate(p layout.Paths, b *Bundle, digest string) (string, error) {
	dir := p.BundleDir()
	if dir == "" {
		return "", errors.New("no managed folder")
	}
	if err := MkdirPublic(dir); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, ".new-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	// MkdirTemp makes a 0700 folder: every user's hook reads this one.
	if err := os.Chmod(tmp, dirMode); err != nil {
		return "", err
	}
	for name, data := range b.Files {
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := MkdirPublic(filepath.Dir(path)); err != nil {
			return "", err
		}
		if err := atomicfile.Write(path, data, fileMode); err != nil {
			return "", err
		}
	}
	if err := config.CheckBundle(tmp); err != nil {
		return "", fmt.Errorf("bundle %s does not load: %w", b.Manifest.Revision, err)
	}
	name := "rev-" + safeName(b.Manifest.Revision) + "-" + shortDigest(digest)
	final := filepath.Join(dir, name)
	if err := os.RemoveAll(final); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		return "", err
	}
	prev, _ := os.Readlink(p.ActiveBundle())
	link := filepath.Join(dir, ".active.new")
	_ = os.Remove(link)
	if err := os.Symlink(name, link); err != nil {
		return "", err
	}
	if err := os.Rename(link, p.ActiveBundle()); err != nil {
		return "", err
	}
	_ = atomicfile.SyncDir(dir)
	prune(dir, name, filepath.Base(prev))
	return name, nil
}

// prune removes bundle folders but the active one and the one before it.
func prune(dir string, keep ...string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() || !strings.HasPrefix(n, "rev-") && !strings.HasPrefix(n, ".new-") {
			continue
		}
		kept := false
		for _, k := range keep {
			kept = kept || n == k
		}
		if !kept {
			_ = os.RemoveAll(filepath.Join(dir, n))
		}
	}
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func safeName(rev string) string {
	s := unsafeChars.ReplaceAllString(rev, "_")
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}

func shortDigest(d string) string {
	d = d[strings.IndexByte(d, ':')+1:]
	if len(d) > 12 {
		d = d[:12]
	}
	return d
}

// ReadStatus reads bundle/status.json; a missing file is an empty status.
func ReadStatus(p layout.Paths) config.BundleStatus { return config.ReadBundleState(p).Status }

// WriteStatus replaces bundle/status.json.
func WriteStatus(p layout.Paths, st config.BundleStatus) error {
	if err := MkdirPublic(p.BundleDir()); err != nil {
		return err
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(p.BundleDir(), "status.json")
	if err := atomicfile.Write(path, append(data, '\n'), fileMode); err != nil {
		return err
	}
	// atomicfile keeps the mode of the file it replaces: every user's
	// status reads this one.
	return os.Chmod(path, fileMode)
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
