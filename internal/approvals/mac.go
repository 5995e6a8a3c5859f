package approvals

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/layout"
)

// Records carry a MAC: HMAC-SHA256 of the record without it, keyed by a
// secret in the state folder (approvals.key, mode 0600, made on first
// use; the policy keeps agents from reading it). Whatever can write the
// state folder can write a record, but without the key it cannot make
// one that verifies: a record whose MAC does not verify counts as pending
// whatever status its file says, and an approval it claims is refused and
// reported (ErrUnverified). Records written before records were signed
// are pending again, with a note, until a person answers them again.

// KeyFile is the name of the key in the state folder.
const KeyFile = "approvals.key"

// ErrUnverified is returned, wrapped, for an answer that a record claims
// without a MAC that verifies.
var ErrUnverified = errors.New("an approval record is not signed by governance")

// keyBytes is the size of a new key.
const keyBytes = 32

// signingKey returns the store's key; create makes it when missing.
func (s *Store) signingKey(create bool) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	file := s.keyFile()
	key, err := readKey(file)
	if errors.Is(err, fs.ErrNotExist) && create {
		key, err = makeKey(file)
	}
	if err != nil {
		return nil, err
	}
	s.key = key
	return key, nil
}

func (s *Store) keyFile() string {
	if s.KeyFile != "" {
		return s.KeyFile
	}
	return filepath.Join(filepath.Dir(s.Dir), KeyFile)
}

// readKey reads the key, a regular file only: a pipe or a device planted
// in its place would hold the hook's approval path until its time bound.
// It must be the user's own (or root's): in a state folder another user
// owns, that user could write both the key and records it signs. Then no
// record verifies, and none can be filed: the call is denied.
func readKey(file string) ([]byte, error) {
	data, err := layout.ReadOwned(file)
	if errors.Is(err, layout.ErrNotOwned) {
		return nil, fmt.Errorf("the approvals key %s belongs to another user: the state folder must be yours (see XDG_STATE_HOME)", file)
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(key) < keyBytes {
		return nil, fmt.Errorf("the approvals key %s is damaged: remove it (pending approvals must then be answered again)", file)
	}
	return key, nil
}

// makeKey writes a new key, or reads the one another process made
// first: the key is written whole to a temporary file and linked into
// place, which fails when the name exists.
func makeKey(file string) ([]byte, error) {
	b := make([]byte, keyBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".approvals-key-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(hex.EncodeToString(b) + "\n")
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	// CreateTemp made it 0600.
	if err := os.Link(tmp.Name(), file); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	return readKey(file)
}

// mac is the MAC of a record under key.
func mac(it *Item, key []byte) string {
	c := *it
	c.MAC, c.Unverified = "", ""
	data, _ := json.Marshal(&c)
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return hex.EncodeToString(m.Sum(nil))
}

// sign sets a record's MAC, making the key when there is none.
func (s *Store) sign(it *Item) error {
	key, err := s.signingKey(true)
	if err != nil {
		return err
	}
	it.Unverified = ""
	it.MAC = mac(it, key)
	return nil
}

// verify checks a record's MAC. A record that does not verify counts as
// pending; Unverified says why, with the status its file claims.
func (s *Store) verify(it *Item) {
	key, err := s.signingKey(false)
	if err == nil && it.MAC != "" {
		want := mac(it, key)
		if hmac.Equal([]byte(want), []byte(it.MAC)) {
			return
		}
	}
	why := "it carries no MAC (written before approvals were signed, or not by governance)"
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "there is no approvals key to check it with"
	case err != nil:
		why = err.Error()
	case it.MAC != "":
		why = "its MAC does not verify (changed or written by something other than governance)"
	}
	claimed := it.Status
	it.Unverified = "approval " + it.ID + " is not signed by governance: " + why + "; its recorded status " +
		strconv.Quote(claimed) + " is ignored and it counts as pending: answer it again"
	it.claimed = claimed
	it.Status = Pending
}
