package engine

import (
	"errors"
	"testing"
)

// TestProcLinksOtherProcess pins how another process's links of /proc
// are read: a cwd through its link (the daemon's folder may be
// governance's own), a root through its link or as /, a folder whose
// link cannot be read as unknown.
func TestProcLinksOtherProcess(t *testing.T) {
	t.Parallel()
	links := map[string]string{"/proc/42/cwd": "/home/user", "/proc/42/task/43/cwd": "/home/user", "/proc/42/root": "/", "/proc/7/root": "/srv/jail"}
	readlink := func(p string) (string, error) {
		if t, ok := links[p]; ok {
			return t, nil
		}
		return "", errors.New("no such process")
	}
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"/proc/42/cwd/.config/governance/config.yaml", "/home/user/.config/governance/config.yaml", true},
		{"/proc/42/task/43/cwd/x", "/home/user/x", true},
		{"/proc/42/root/etc/passwd", "/etc/passwd", true},
		{"/proc/7/root/etc/passwd", "/srv/jail/etc/passwd", true},
		{"/proc/9/root/etc/passwd", "/etc/passwd", true},
		{"/proc/[0-9]*/root/etc/passwd", "/etc/passwd", true},
		{"/proc/9/cwd/x", "", false},
		{"/proc/*/cwd/x", "", false},
		{"/proc/self/cwd/x", "/project/x", true},
		{"/proc/42/status", "/proc/42/status", true},
	}
	for _, tt := range tests {
		got, ok := procLinks(tt.in, "/project", readlink)
		if got != tt.want || ok != tt.ok {
			t.Errorf("procLinks(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
