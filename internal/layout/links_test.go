package layout

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestLinkWalkAgreesWithEvalSymlinks checks that the walk that remembers
// its lstats resolves as filepath.EvalSymlinks does: links absolute and
// relative, chains, .. after a link and at the root, a file in the
// middle of a path, a missing part, a loop; with one walk for all the
// paths, as Discover resolves the project and the home folder with one.
func TestLinkWalkAgreesWithEvalSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the walk is EvalSymlinks itself there")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"a/b/c", "x/y", "home/u/src/p"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "a/file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"abs":          filepath.Join(dir, "a/b"),
		"rel":          "a/b",
		"a/up":         "..",
		"a/b/toX":      "../../x",
		"chain":        "rel",
		"x/y/back":     "../../a/b/c",
		"loop1":        "loop2",
		"loop2":        "loop1",
		"dangling":     "nowhere/deeper",
		"home/u/cur":   "src/p",
		"home/u/src/q": "/",
		"toFile":       "a/file",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{"", "a", "a/b/c", "abs", "abs/c", "abs/../b", "rel/c/..", "chain/c", "a/up/x/y",
		"a/b/toX/y/back", "a/b/toX/../a", "loop1", "loop1/x", "dangling", "dangling/more", "toFile", "toFile/x",
		"a/file/x", "missing", "missing/deeper", "home/u", "home/u/cur", "home/u/cur/../..", "home/u/src/q/tmp",
		"x/y/back/../../..", "a/./b//c/"}
	w := &linkWalk{}
	for pass := range 2 { // the second pass answers from what the first saw
		for _, rel := range paths {
			p := dir + "/" + rel
			want, wantErr := filepath.EvalSymlinks(p)
			got, gotErr := w.eval(p)
			if got != want || (gotErr == nil) != (wantErr == nil) {
				t.Errorf("pass %d, %s: got %q, %v; EvalSymlinks gives %q, %v", pass, rel, got, gotErr, want, wantErr)
			}
		}
	}
	for _, p := range []string{"/", "/..", "/../" + dir[1:] + "/abs", "relative/path"} {
		want, wantErr := filepath.EvalSymlinks(p)
		got, gotErr := w.eval(p)
		if got != want || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("%s: got %q, %v; EvalSymlinks gives %q, %v", p, got, gotErr, want, wantErr)
		}
	}
}
