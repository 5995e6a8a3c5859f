//go:build linux

package confine

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSecretIndex: a profile built through the index masks what a walk
// would: a secret added to a folder, one hidden behind a folder's reset
// modification time, a credential written into a configuration file
// whose folder did not change, all are found; a fresh index is what
// answers.
func TestSecretIndex(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("the index stamps change times, which confinement (Linux) reads")
	}
	w := newWorld(t)
	index := filepath.Join(w.state, IndexDir)
	masked := func(t *testing.T) []string {
		t.Helper()
		return w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "policy 1"}).Masked
	}
	plain := w.profile(t, UnknownEffects, Options{}).Masked
	if got := masked(t); !slices.Equal(got, plain) {
		t.Fatalf("through the index: %v; walked: %v", got, plain)
	}
	if got := masked(t); !slices.Equal(got, plain) {
		t.Fatalf("from the index: %v; walked: %v", got, plain)
	}
	wantMasked := func(t *testing.T, rel string) {
		t.Helper()
		got := masked(t)
		if !slices.Contains(got, filepath.Join(w.project, rel)) {
			t.Fatalf("%s is not masked: %v", rel, got)
		}
		if walked := w.profile(t, UnknownEffects, Options{}).Masked; !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(walked))) {
			t.Fatalf("through the index: %v; walked: %v", got, walked)
		}
	}

	t.Run("a secret added", func(t *testing.T) {
		must(t, os.WriteFile(filepath.Join(w.project, "sub", ".env.local"), []byte("TOKEN=x\n"), 0o644))
		wantMasked(t, "sub/.env.local")
	})
	t.Run("a folder's time reset", func(t *testing.T) {
		dir := filepath.Join(w.project, "config")
		fi, err := os.Stat(dir)
		must(t, err)
		time.Sleep(10 * time.Millisecond)
		must(t, os.WriteFile(filepath.Join(dir, "id_rsa"), []byte("key\n"), 0o600))
		must(t, os.Chtimes(dir, fi.ModTime(), fi.ModTime()))
		wantMasked(t, "config/id_rsa")
	})
	t.Run("a secret's copies", func(t *testing.T) {
		// An editor's backup and a file manager's copy hold the secret.
		for _, name := range []string{".env~", "#.env#", ".env (1)", "credentials.json.bak"} {
			must(t, os.WriteFile(filepath.Join(w.project, "sub", name), []byte("TOKEN=x\n"), 0o644))
			wantMasked(t, "sub/"+name)
		}
		must(t, os.WriteFile(filepath.Join(w.project, "sub", "README~"), []byte("sub\n"), 0o644))
		if got := masked(t); slices.Contains(got, filepath.Join(w.project, "sub", "README~")) {
			t.Fatalf("README~ is masked: %v", got)
		}
	})
	t.Run("a credential written", func(t *testing.T) {
		npmrc := filepath.Join(w.project, "sub", ".npmrc")
		must(t, os.WriteFile(npmrc, []byte("registry=https://example.invalid/\n"), 0o644))
		if got := masked(t); slices.Contains(got, npmrc) {
			t.Fatalf(".npmrc without a credential is masked: %v", got)
		}
		f, err := os.OpenFile(npmrc, os.O_APPEND|os.O_WRONLY, 0)
		must(t, err)
		_, err = f.WriteString("//example.invalid/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789\n")
		must(t, err)
		must(t, f.Close())
		wantMasked(t, "sub/.npmrc")
	})
	t.Run("a fresh index answers", func(t *testing.T) {
		masked(t)
		files, err := filepath.Glob(filepath.Join(index, "*"))
		must(t, err)
		planted := filepath.Join(w.project, "main.go")
		if len(files) != 1 {
			t.Fatalf("indexes: %v", files)
		}
		data, err := os.ReadFile(files[0])
		must(t, err)
		x, ok := decodeIndex(data)
		if !ok {
			t.Fatalf("the index does not decode: %s", data)
		}
		n := 0
		for i := range x.Roots {
			if x.Roots[i].Root == w.project {
				x.Roots[i].Found = append(x.Roots[i].Found, planted)
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d indexes of the project in %s", n, data)
		}
		must(t, os.WriteFile(files[0], x.encode(), 0o600))
		if got := masked(t); !slices.Contains(got, planted) {
			t.Fatalf("the index was not read: %v", got)
		}
		// Another policy has an index of its own.
		if got := w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "policy 2"}).Masked; slices.Contains(got, planted) {
			t.Fatalf("another policy's index was read: %v", got)
		}
		// The launcher's placeholders, made and removed in the project's
		// top around a call, change its times and not its entries: the
		// index still answers.
		time.Sleep(10 * time.Millisecond)
		must(t, os.Mkdir(filepath.Join(w.project, ".gemini"), 0o755))
		must(t, os.WriteFile(filepath.Join(w.project, ".mcp.json"), nil, 0o444))
		must(t, os.Remove(filepath.Join(w.project, ".gemini")))
		must(t, os.Remove(filepath.Join(w.project, ".mcp.json")))
		if got := masked(t); !slices.Contains(got, planted) {
			t.Fatalf("placeholders made and removed: the project was walked again: %v", got)
		}
		// An entry replaced under the same name (a secret's content,
		// found by its name, moved in over a file) is a change: the
		// project is walked again.
		readme := filepath.Join(w.project, "sub", "README")
		must(t, os.WriteFile(readme+".new", []byte("sub\n"), 0o644))
		must(t, os.Rename(readme+".new", readme))
		if got := masked(t); slices.Contains(got, planted) {
			t.Fatalf("an entry replaced: the index answered: %v", got)
		}
	})
}

// TestIndexEncoding: an index reads back as written, paths of any bytes
// included; anything else is no index.
func TestIndexEncoding(t *testing.T) {
	t.Parallel()
	x := secretIndex{Key: "2 k \"q\"", Folders: []string{"/etc/shadow", "/a b"}, Roots: []indexRoot{
		{Root: "/p", Found: []string{"/p/.env", "/p/new\nline \"q\""}, Kept: []string{"/p/web/.claude", "/p/a\nb"}, Stamps: []stamp{
			{Path: "/p", Mode: 2147484141, Size: 4096, Mtime: 1, Ctime: 2, Ino: 3, Entries: "0123456789abcdef0123456789abcdef"},
			{Path: "/p/a b", Mode: 420, Size: -1, Mtime: 4, Ctime: 5, Ino: 6}}},
		{Root: "/etc/ssh"},
	}}
	back, ok := decodeIndex(x.encode())
	if !ok || !reflect.DeepEqual(back, x) {
		t.Fatalf("decodeIndex(encode()) = %+v, %v; want %+v", back, ok, x)
	}
	none, ok := decodeIndex(secretIndex{Key: "k"}.encode())
	if !ok || none.Key != "k" || len(none.Folders) != 0 || len(none.Roots) != 0 {
		t.Fatalf("an empty index reads back as %+v, %v", none, ok)
	}
	data := x.encode()
	for _, bad := range []string{"", "{}", string(data[:len(data)-3]), "governance-confine-index 1\nkey \"k\"\n",
		strings.Replace(string(data), "stamp 2147484141 4096", "stamp x 4096", 1),
		strings.Replace(string(data), "0123456789abcdef0123456789abcdef", "0123456789abcdef", 1),
		strings.Replace(string(data), "root \"/p\"", "root /p", 1)} {
		if _, ok := decodeIndex([]byte(bad)); ok {
			t.Errorf("decodeIndex(%q) is an index", bad)
		}
	}
}
