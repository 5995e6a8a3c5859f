//go:build linux

package confine

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSecretIndexOfAnotherUser: the index of secrets in a state folder
// another user owns is theirs to write, and one that leaves a secret out
// would show it to the call unmasked: it is not read, and the project is
// walked. The user's own is read (the forged index here shows that it
// would be taken).
func TestSecretIndexOfAnotherUser(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" || os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root (and the index, Linux)")
	}
	w := newWorld(t)
	index := filepath.Join(w.state, IndexDir)
	secret := filepath.Join(w.project, ".env")
	masked := func() []string {
		return w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "policy 1"}).Masked
	}
	if !slices.Contains(masked(), secret) {
		t.Fatalf("%s is not masked", secret)
	}
	files, err := filepath.Glob(filepath.Join(index, "*"))
	if err != nil || len(files) != 1 {
		t.Fatalf("index files %v, %v", files, err)
	}
	data, err := os.ReadFile(files[0])
	must(t, err)
	forged := strings.ReplaceAll(string(data), "found "+strconv.Quote(secret)+"\n", "")
	if forged == string(data) {
		t.Fatalf("the index does not list %s:\n%s", secret, data)
	}
	must(t, os.WriteFile(files[0], []byte(forged), 0o600))
	if slices.Contains(masked(), secret) {
		t.Fatal("the forged index, the user's own, is not read: the test shows nothing")
	}
	must(t, os.WriteFile(files[0], []byte(forged), 0o600))
	must(t, os.Chown(files[0], 4242, 4242))
	if !slices.Contains(masked(), secret) {
		t.Errorf("another user's index was read: %s is not masked", secret)
	}
}
