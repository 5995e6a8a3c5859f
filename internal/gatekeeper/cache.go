package gatekeeper

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// Cache keeps the model's answers, one file per request under Dir, for
// TTL. A file is named by a hash of its key and holds the key itself: a
// lookup compares the whole key, so that a hash collision can never serve
// one command's answer for another. Files are written under a lock,
// atomically; expired ones are removed when found.
type Cache struct {
	Dir string
	TTL time.Duration
	Now func() time.Time
}

// cacheEntry is one cached answer.
type cacheEntry struct {
	Key     string `json:"key"`
	Created int64  `json:"created"` // unix milliseconds
	Model   string `json:"model"`
	Answer  Answer `json:"answer"`
}

// Hash names a request: the hex FNV-128a of its key.
func Hash(key string) string {
	h := fnv.New128a()
	h.Write([]byte(key))
	return fmt.Sprintf("%x", h.Sum(nil))
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Cache) path(key string) string { return filepath.Join(c.Dir, Hash(key)+".json") }

// Get returns the answer cached for key, if one is there and fresh.
func (c *Cache) Get(key string) (Answer, string, bool) {
	if c == nil || c.TTL <= 0 || c.Dir == "" {
		return Answer{}, "", false
	}
	// Only the user's own entry (or root's): another user's, in a state
	// folder of theirs, would be an answer no model gave.
	data, err := layout.ReadOwned(c.path(key))
	if err != nil {
		return Answer{}, "", false
	}
	var e cacheEntry
	if json.Unmarshal(data, &e) != nil || e.Key != key {
		return Answer{}, "", false
	}
	// Measured on both ends: an answer cached after now (the clock ran
	// ahead, or has been set back since) cannot be dated, and is asked
	// again rather than served for as long as the clock was off.
	if age := c.now().Sub(time.UnixMilli(e.Created)); age < 0 || age >= c.TTL {
		return Answer{}, "", false
	}
	return e.Answer, e.Model, true
}

// Put caches an answer, and removes the entries that have expired.
func (c *Cache) Put(key, model string, a Answer) error {
	if c == nil || c.TTL <= 0 || c.Dir == "" {
		return nil
	}
	data, err := json.Marshal(cacheEntry{Key: key, Created: c.now().UnixMilli(), Model: model, Answer: a})
	if err != nil {
		return err
	}
	unlock, err := filelock.Lock(filepath.Join(c.Dir, "cache"))
	if err != nil {
		return fmt.Errorf("gatekeeper cache: %w", err)
	}
	defer unlock()
	if err := atomicfile.Write(c.path(key), data, 0o600); err != nil {
		return fmt.Errorf("gatekeeper cache: %w", err)
	}
	return c.sweep()
}

// sweep removes expired entries; the caller holds the lock.
func (c *Cache) sweep() error {
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return fmt.Errorf("gatekeeper cache: %w", err)
	}
	// Files age by their modification time, on the real clock.
	cutoff := time.Now().Add(-c.TTL)
	for _, d := range entries {
		name := d.Name()
		if !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			continue
		}
		fi, err := d.Info()
		if err != nil || !fi.ModTime().Before(cutoff) {
			continue
		}
		if err := os.Remove(filepath.Join(c.Dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("gatekeeper cache: %w", err)
		}
	}
	return nil
}
