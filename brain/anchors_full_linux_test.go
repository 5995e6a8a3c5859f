package brain_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/brain"
)

// An anchor whose archiving was cut short (a full disk; here the
// process's file size limit, which cuts a write the same way) is
// archived whole when it is removed again: its line went on after the
// cut one, made one broken line of both, and the anchor, gone from the
// state, was nowhere to be read.
func TestRemoveAnchorAfterFullDisk(t *testing.T) {
	dir := t.TempDir()
	b := brain.Open(dir)
	if _, err := b.AddAnchor("short", "normal"); err != nil {
		t.Fatal(err)
	}
	long, err := b.AddAnchor(strings.Repeat("long ", 2000), "normal")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.RemoveAnchor("a1"); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(dir, "archive", "anchors.jsonl")
	fi, err := os.Stat(archive)
	if err != nil {
		t.Fatal(err)
	}
	err = underFileSizeLimit(t, fi.Size()+100, func() error { return b.RemoveAnchor(long.ID) })
	if err == nil {
		t.Fatal("an anchor was removed while its archive could not be written")
	}
	if err := b.RemoveAnchor(long.ID); err != nil {
		t.Fatalf("removing it again, with room: %v", err)
	}
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	archived := map[string]string{}
	for sc.Scan() {
		var a brain.Anchor
		if json.Unmarshal(sc.Bytes(), &a) == nil {
			archived[a.ID] = a.Text
		}
	}
	if archived["a1"] != "short" || archived[long.ID] != long.Text {
		t.Fatalf("archived anchors %d, want a1 and %s whole", len(archived), long.ID)
	}
}
