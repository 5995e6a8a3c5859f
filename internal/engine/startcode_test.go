package engine_test

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// TestStartCodeByWhatFolderHolds: a write of start-up code found by what
// its folder holds, not by its name, is asked: the configuration and
// hooks of a folder git takes as a git folder (HEAD, objects and refs),
// and what completes one where code is there already; the programs of a
// Python environment marked by pyvenv.cfg or conda-meta, and a conda
// prefix's etc/conda. A folder that holds only part of the marks, or
// none, is an ordinary folder.
func TestStartCodeByWhatFolderHolds(t *testing.T) {
	t.Parallel()
	dir := &fstest.MapFile{Mode: fs.ModeDir | 0o755}
	file := &fstest.MapFile{Data: []byte("x\n")}
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = mapFS{fstest.MapFS{
		"project/src/HEAD": file, "project/src/objects": dir, "project/src/refs": dir,
		"project/half/HEAD": file, "project/half/objects": dir,
		"project/coded/HEAD": file, "project/coded/objects": dir, "project/coded/config": file,
		"project/env/conda-meta": dir, "project/venv2/pyvenv.cfg": file, "project/tools/bin/x": file,
	}}
	for _, tc := range []struct {
		path  string
		asked bool
	}{
		{"src/config", true},
		{"src/hooks/pre-commit", true},
		{"src/commondir", true},
		{"src/notes.txt", false},
		{"half/config", false},
		{"coded/refs/heads/main", true},
		{"env/bin/pip", true},
		{"env/etc/conda/activate.d/x.sh", true},
		{"venv2/Scripts/pytest.exe", true},
		{"tools/bin/x", false},
	} {
		d := e.Decide(context.Background(), fileReq(engine.KindWrite, root+"/"+tc.path))
		if asked := d.Rule == "code-run-on-open"; asked != tc.asked {
			t.Errorf("Write %s: got %s by %s/%s, want asked by code-run-on-open: %v", tc.path, d.Outcome, d.Layer, d.Rule, tc.asked)
		}
	}
}
