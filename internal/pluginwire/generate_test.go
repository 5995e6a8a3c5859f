package pluginwire

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedUpToDate regenerates the wire code with the pinned tools
// and compares it with the committed files: evaluator.proto and the Go
// code must never drift apart.
func TestGeneratedUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the code generators")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "../gen/protoc", "-out", out,
		"-plugin", "go tool protoc-gen-go", "-plugin", "go tool protoc-gen-go-grpc", "evaluator.proto")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generating: %v\n%s", err, msg)
	}
	for _, name := range []string{"evaluator.pb.go", "evaluator_grpc.pb.go"} {
		want, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run `go generate ./internal/pluginwire` (or `make generate`)", name)
		}
	}
}
