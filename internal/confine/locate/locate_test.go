package locate

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLocate: the launcher beside the running program comes first, then
// PATH's (absolute folders only); a machine without bubblewrap or with
// user namespaces off cannot confine.
func TestLocate(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("confinement is Linux only")
	}
	// The test's tools are in a temporary folder, and the system's own
	// bwrap is not to be found.
	noTempNoSystem(t)
	dir := t.TempDir()
	mk := func(name, body string) string {
		p := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(body), 0o755))
		return p
	}
	hook := mk("install/governance-hook", "")
	beside := mk("install/governance-confine", "")
	lone := mk("lone/governance-hook", "")
	pathLauncher := mk("path/governance-confine", "")
	mk("tools/bwrap", "")
	mk("rel/governance-confine", "")
	mk("proc-on/sys/user/max_user_namespaces", "15000\n")
	mk("proc-on/sys/kernel/osrelease", "6.1.0-18-amd64\n")
	mk("proc-new/sys/user/max_user_namespaces", "15000\n")
	mk("proc-new/sys/kernel/osrelease", "6.15.0-rc1\n")
	mk("proc-armored/sys/user/max_user_namespaces", "15000\n")
	mk("proc-armored/sys/kernel/osrelease", "6.17.0-5-generic\n")
	mk("proc-armored/sys/kernel/apparmor_restrict_unprivileged_userns", "1\n")
	mk("proc-off/sys/user/max_user_namespaces", "0\n")
	mk("proc-debian/sys/user/max_user_namespaces", "15000\n")
	mk("proc-debian/sys/kernel/unprivileged_userns_clone", "0\n")
	path := strings.Join([]string{filepath.Join(dir, "path"), filepath.Join(dir, "tools")}, ":")
	// AppArmor's restriction binds users other than root.
	armored, armoredErr := "", "apparmor"
	if os.Geteuid() == 0 {
		armored, armoredErr = beside, ""
	}
	tests := []struct {
		name    string
		m       Machine
		want    string
		wantErr string
	}{
		{"beside the hook", Machine{Exe: hook, Path: path, Proc: filepath.Join(dir, "proc-on")}, beside, ""},
		{"on PATH", Machine{Exe: lone, Path: path, Proc: filepath.Join(dir, "proc-on")}, pathLauncher, ""},
		{"a relative PATH folder is not searched", Machine{Exe: lone, Path: "rel:" + filepath.Join(dir, "tools"), Proc: filepath.Join(dir, "proc-on")},
			"", "is not installed"},
		{"no bubblewrap", Machine{Exe: hook, Path: filepath.Join(dir, "path"), Proc: filepath.Join(dir, "proc-on")}, "", "older than 6.15"},
		{"no bubblewrap, a kernel the launcher sets the sandbox up on", Machine{Exe: hook, Path: filepath.Join(dir, "path"), Proc: filepath.Join(dir, "proc-new")}, beside, ""},
		{"no bubblewrap, user namespaces only for programs AppArmor knows", Machine{Exe: hook, Path: filepath.Join(dir, "path"), Proc: filepath.Join(dir, "proc-armored")}, armored, armoredErr},
		{"no bubblewrap, release unknown", Machine{Exe: hook, Path: filepath.Join(dir, "path"), Proc: filepath.Join(dir, "proc-off")}, "", "release is unknown"},
		{"user namespaces off", Machine{Exe: hook, Path: path, Proc: filepath.Join(dir, "proc-off")}, "", "max_user_namespaces is 0"},
		{"unprivileged namespaces off", Machine{Exe: hook, Path: path, Proc: filepath.Join(dir, "proc-debian")}, "", "unprivileged_userns_clone is 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.m.Locate()
			if tt.wantErr != "" {
				if !errors.Is(err, ErrCannotConfine) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Locate() = %q, %v; want an error saying %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Locate() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// noTempNoSystem takes programs from temporary folders, and none from the
// system's, for the test t (not parallel with others that look).
func noTempNoSystem(t *testing.T) {
	temp, system := TempFolders, SystemFolders
	TempFolders, SystemFolders = nil, nil
	t.Cleanup(func() { TempFolders, SystemFolders = temp, system })
}
