package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestGovernanceProcessFiles: the /proc files of a governance process
// (this test binary stands for one, as an installed binary; another
// process stands for the daemon that daemon.json records) are denied to
// agents, by PID, through a thread's folder, by a glob over PIDs and by
// the Read tool; those of other processes and a listing of names keep
// their outcome.
func TestGovernanceProcessFiles(t *testing.T) {
	if _, err := os.Stat("/proc/self/exe"); err != nil {
		t.Skip("no /proc here")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Process.Kill(); other.Wait() })
	daemon := exec.Command("sleep", "60")
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemon.Process.Kill(); daemon.Wait() })
	state := t.TempDir()
	info := `{"pid": ` + strconv.Itoa(daemon.Process.Pid) + `, "url": "http://127.0.0.1:41234"}`
	if err := os.WriteFile(filepath.Join(state, "daemon.json"), []byte(info), 0o600); err != nil {
		t.Fatal(err)
	}
	p := builtin(engine.DefaultSettings())
	p.StateDir = state
	e := engine.NewEngine(p)
	e.FS = testFS
	e.Binaries = []string{exe}

	self, dmn, oth := strconv.Itoa(os.Getpid()), strconv.Itoa(daemon.Process.Pid), strconv.Itoa(other.Process.Pid)
	tests := []struct {
		req  *engine.Request
		deny bool
	}{
		{shellReq("cat /proc/" + self + "/fd/1"), true},
		{shellReq("cat /proc/" + self + "/environ"), true},
		{shellReq("cat /proc/" + self + "/cmdline"), true},
		{shellReq("head -c 100 /proc/" + self + "/maps"), true},
		{shellReq("cat /proc/" + self + "/task/" + self + "/fd/2"), true},
		{shellReq("tail -f /proc//" + self + "/./fd/1"), true},
		{shellReq("cat /proc/" + dmn + "/fd/1"), true},
		{shellReq("cat /proc/" + dmn + "/environ"), true},
		{shellReq("cat /proc/*/fd/1"), true},
		{shellReq("grep -a token /proc/[0-9]*/cmdline"), true},
		{shellReq("cp /proc/" + dmn + "/fd/1 /tmp/out"), true},
		{fileReq(engine.KindRead, "/proc/"+dmn+"/fd/1"), true},
		{fileReq(engine.KindRead, "/proc/"+self+"/environ"), true},
		{shellReq("echo x > /proc/" + dmn + "/fd/0"), true},
		{shellReq("strace -p " + dmn), true},
		{shellReq("strace -f -p" + dmn + " -e trace=write"), true},
		{shellReq("gdb -p " + self + " -batch -ex 'info proc'"), true},
		{shellReq("gcore -o /tmp/core " + dmn), true},
		{shellReq("py-spy dump --pid=" + dmn), true},
		{shellReq("sudo strace -p " + dmn), true},
		{shellReq("grep -r token /proc/" + dmn), true},
		{shellReq("grep -ra token /proc/" + self + "/"), true},
		{shellReq("grep -ra token /proc"), true},
		{shellReq("ls /proc/" + dmn), false},
		{shellReq("grep -r token /proc/" + oth), false},
		{shellReq("strace -p " + oth), false},
		{shellReq("cat /proc/" + oth + "/fd/1"), false},
		{shellReq("cat /proc/self/status"), false},
		{shellReq("cat /proc/cpuinfo"), false},
		{fileReq(engine.KindRead, "/proc/"+oth+"/cmdline"), false},
	}
	for _, tt := range tests {
		d := e.Decide(context.Background(), tt.req)
		denied := d.Outcome.Blocks() && d.Rule == "self-protection"
		if denied != tt.deny {
			t.Errorf("%s %v: %s by %s (%s), want denied as self-protection: %v", tt.req.Tool.Kind, tt.req.Tool.Input, d.Outcome, d.Rule, d.Message, tt.deny)
		}
	}
}
