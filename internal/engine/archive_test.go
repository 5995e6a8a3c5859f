package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// TestArchivePrintsEveryMember: an archive whose members are printed
// without naming them (a backup of the project, its .env inside) does
// not run by itself; members named are judged by their names, listing
// reads, and an archive that is not there prints nothing.
func TestArchivePrintsEveryMember(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	dir := strings.TrimPrefix(root, "/")
	files := fstest.MapFS{
		dir + "/backup.zip": {Data: []byte("PK")},
		dir + "/backup.tgz": {Data: []byte("\x1f\x8b")},
		dir + "/backup.7z":  {Data: []byte("7z")},
	}
	for _, tt := range []struct {
		cmd  string
		want []engine.Outcome
	}{
		{"unzip -p backup.zip", notAllowed},
		{"unzip -c backup.zip", notAllowed},
		{"tar -xzOf backup.tgz", notAllowed},
		{"bsdtar -xOf backup.tgz", notAllowed},
		{"tar -xf backup.tgz --to-command=cat", notAllowed},
		{"7z x -so backup.7z", notAllowed},
		{"cat backup.tgz | tar -xzO", notAllowed},
		{"unzip -p backup.zip .env", notAllowed},
		{"unzip -p backup.zip README.md", allowed},
		{"tar -xzOf backup.tgz README.md", allowed},
		{"unzip -l backup.zip", allowed},
		{"tar -tzf backup.tgz", allowed},
		{"unzip -p missing.zip", allowed},
		{"zcat backup.tgz", notAllowed},
		{"gunzip -c backup.tgz", notAllowed},
		{"zcat missing.tar.gz", allowed},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			e := engine.NewEngine(p)
			e.FS = mapFS{files}
			d := e.Decide(context.Background(), shellReq(tt.cmd))
			if !slicesContains(tt.want, d.Outcome) {
				t.Errorf("%q: got %s by %s/%s (%s), want one of %v", tt.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
			}
		})
	}
}
