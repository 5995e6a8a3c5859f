package programs

import (
	"debug/buildinfo"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGoBinaryVersion checks the header-only reader against
// debug/buildinfo on Go programs of each format: this test binary, the go
// command on PATH, and the go command cross-built for macOS and Windows.
func TestGoBinaryVersion(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	files := []string{self}
	if goCmd, err := exec.LookPath("go"); err == nil {
		files = append(files, goCmd)
		if !testing.Short() {
			dir := t.TempDir()
			for _, target := range [][2]string{{"darwin", "arm64"}, {"windows", "amd64"}, {"linux", "386"}} {
				out := filepath.Join(dir, target[0]+"-"+target[1])
				cmd := exec.Command(goCmd, "build", "-o", out, "./testdata/goversion")
				cmd.Env = append(os.Environ(), "GOOS="+target[0], "GOARCH="+target[1], "CGO_ENABLED=0")
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("cross-build for %s: %v\n%s", target, err, b)
				}
				files = append(files, out)
			}
		}
	}
	for _, f := range files {
		info, err := buildinfo.ReadFile(f)
		if err != nil {
			t.Fatalf("debug/buildinfo on %s: %v", f, err)
		}
		got, ok := goBinaryVersion(f)
		if !ok || got != info.GoVersion {
			t.Errorf("goBinaryVersion(%s) = %q, %v; debug/buildinfo reads %q", f, got, ok, info.GoVersion)
		}
	}
	// Not a Go program: no version.
	if v, ok := goBinaryVersion("goversion.go"); ok {
		t.Errorf("goBinaryVersion of a source file = %q, want none", v)
	}
}
