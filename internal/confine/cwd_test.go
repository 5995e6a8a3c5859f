//go:build linux

package confine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCwd: the folder a confined command reports is kept only when
// it is a folder, named without links, that the call was shown and that
// is not masked; anything else the command wrote is emptied, and the
// harness's shell stays where it was.
func TestCheckCwd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	for _, d := range []string{"sub", "secrets", ".git"} {
		must(t, os.MkdirAll(filepath.Join(project, d), 0o755))
	}
	must(t, os.WriteFile(filepath.Join(project, "file"), nil, 0o644))
	must(t, os.Symlink(filepath.Join(project, "sub"), filepath.Join(project, "link")))
	must(t, os.MkdirAll(filepath.Join(dir, "outside"), 0o755))
	p := &Profile{Kind: UnknownEffects, Cwd: project, Writable: []string{project}, Masked: []string{filepath.Join(project, "secrets")}}
	tests := []struct {
		name, report string
		kept         bool
	}{
		{"the project", project + "\n", true},
		{"a folder in it", filepath.Join(project, "sub") + "\n", true},
		{"without a newline", filepath.Join(project, "sub"), true},
		{"a masked folder", filepath.Join(project, "secrets") + "\n", false},
		{"a folder not shown", filepath.Join(dir, "outside") + "\n", false},
		{"the system", "/etc\n", false},
		{"a file", filepath.Join(project, "file") + "\n", false},
		{"through a link", filepath.Join(project, "link") + "\n", false},
		{"relative", "sub\n", false},
		{"two lines", project + "\n" + filepath.Join(dir, "outside") + "\n", false},
		{"missing", filepath.Join(project, "gone") + "\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := filepath.Join(t.TempDir(), "cwd")
			must(t, os.WriteFile(f, []byte(tt.report), 0o600))
			checkCwd(p, f)
			got, err := os.ReadFile(f)
			must(t, err)
			if kept := len(got) > 0; kept != tt.kept || (kept && string(got) != tt.report) {
				t.Errorf("report %q became %q; kept = %v, want %v", tt.report, got, kept, tt.kept)
			}
		})
	}
}

// TestReportCwdScript: only a shell script gets the trap that reports its
// folder, and the script itself is kept whole after it.
func TestReportCwdScript(t *testing.T) {
	t.Parallel()
	got, ok := reportCwd([]string{"bash", "-c", "cd sub && make 'a b'", "x"}, "/tmp/governance-cwd.1'2")
	if !ok || len(got) != 4 || got[3] != "x" || !strings.HasPrefix(got[2], "trap ") || !strings.HasSuffix(got[2], " EXIT; cd sub && make 'a b'") {
		t.Errorf("bash -c: %q, %v", got, ok)
	}
	// The trap runs, whatever the file's name.
	dir := t.TempDir()
	must(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	f := filepath.Join(dir, "it's $HOME")
	argv, _ := reportCwd([]string{"bash", "-c", "cd sub; exit 3"}, f)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	if err := cmd.Run(); cmd.ProcessState.ExitCode() != 3 {
		t.Errorf("the script's status is lost: %v", err)
	}
	if data, _ := os.ReadFile(f); string(data) != filepath.Join(dir, "sub")+"\n" {
		t.Errorf("the trap wrote %q", data)
	}
	for _, argv := range [][]string{{"make", "test"}, {"bash", "script.sh"}, {"bash", "-c"}} {
		if got, ok := reportCwd(argv, "/tmp/f"); ok || strings.Join(got, " ") != strings.Join(argv, " ") {
			t.Errorf("%q: %q, %v; want it unchanged", argv, got, ok)
		}
	}
}
