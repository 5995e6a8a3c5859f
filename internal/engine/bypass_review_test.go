package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// reviewCases are neighbours of the self-protection families that an
// attacker's review found still ran: governance's CLI run by a program
// the engine does not know (a tracer, a loader, a namespace or session
// tool), and another process's links of /proc leading into governance's
// folders.
var reviewCases = []bypassCase{
	// An unknown program runs its arguments; governance among them is
	// judged as the command it starts.
	{"review-unknown-runner", `strace -f governance approvals approve 1`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `chroot / governance compile`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `/lib64/ld-linux-x86-64.so.2 /usr/local/bin/governance trust`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `unshare -r governance init`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `firejail --quiet governance approvals approve 1`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `valgrind -q ./bin/governance learn propose --always`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `gdb -batch -ex run --args GOVERNANCE compile`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `nsenter -t 1 -m governance-hook claude`, blocked, "self-protection", ""},
	{"review-unknown-runner", `faketime now /usr/bin/governance-hook`, blocked, "self-protection", ""},
	{"review-unknown-runner", `strace -f governance status`, runs, "", ""},
	{"review-unknown-runner", `tmux new -d 'governance approvals approve 1'`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `tmux send-keys -t 0 'governance compile' Enter`, blocked, "never-exposed-to-ai", ""},
	{"review-unknown-runner", `tmux new -d 'governance status'`, runs, "", ""},

	// An alias defined in the call runs its body with the words after
	// it: the use was taken to run nothing.
	{"review-alias", "alias g=governance\ng approvals approve 1", blocked, "never-exposed-to-ai", ""},
	{"review-alias", "shopt -s expand_aliases; alias g=gov\nalias gov=governance\ng compile", blocked, "", ""},
	{"review-alias", "alias g=rm\ng -rf ~", blocked, "rm-root-or-home", ""},
	{"review-alias", "alias g='git push'\ng --force origin main", blocked, "", ""},
	{"review-alias", "alias g=governance\nx=trust; g $x", blocked, "never-exposed-to-ai", ""},
	{"review-alias", "alias g='governance status'\ng", runs, "", ""},
	{"review-alias", "alias ll='ls -l'\nll src", runs, "", ""},
	// /proc/PID/root is that process's /: the daemon's pid is in its
	// status file, and any process of the machine's leads to the same
	// files as /proc/self/root.
	{"review-proc-root", `echo x > /proc/1/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `cp evil.yaml /proc/4592/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `echo x > /proc/4592/task/4593/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `echo x > /proc/[0-9]*/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `rm -f /proc/1/root/home/user/.config/governance/config.yaml`, blocked, "", ""},
	{"review-proc-root", `sed -i s/deny/allow/ /proc/1//root/home/user/.config/governance/config.yaml`, blocked, "", ""},
}

func TestBypassReview(t *testing.T) {
	t.Parallel()
	checkBypass(t, reviewCases)
}

// TestReviewCopies pins copies of governance made in the call by a
// redirection or a move, a copy given to a program the engine does not
// know, and one found along a PATH the command sets: each runs the CLI as
// surely as cp does.
func TestReviewCopies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	project := filepath.Join(dir, "project")
	for _, d := range []string{bin, project, filepath.Join(project, ".git")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	gov := filepath.Join(bin, "governance")
	program := append([]byte("\x7fELF governance "), make([]byte, 200000)...)
	must(t, os.WriteFile(gov, program, 0o755))
	must(t, os.WriteFile(filepath.Join(project, "tool"), program, 0o755))
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.Binaries = []string{gov}
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"cat ../bin/governance > g; chmod +x g; ./g approvals approve 1", true},
		{"cat ../bin/governance >> g; ./g compile", true},
		{"tee g < ../bin/governance > /dev/null; ./g approvals approve 1", true},
		{"cp ../bin/governance a; mv a b; ./b approvals approve 1", true},
		{"cat ./tool > a; mv a b; mv b c; ./c trust", true},
		{"strace -f ./tool approvals approve 1", true},
		{"/lib64/ld-linux-x86-64.so.2 ../bin/governance compile", true},
		// Found along the PATH the command is given.
		{"PATH=.:$PATH tool approvals approve 1", true},
		{"env PATH=. tool compile", true},
		{"cp ../bin/governance n; PATH=$PATH:. n trust", true},
		{"PATH=.:$PATH tool status", false},
		{"cat ../bin/governance > g; ./g status", false},
		{"cat README > g; mv g h; ./h compile", false},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			t.Parallel()
			req := &engine.Request{Cwd: project, ProjectRoot: project, Home: dir,
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
			d := e.Decide(context.Background(), req)
			if got := d.Outcome == engine.Deny; got != tc.deny {
				t.Errorf("%q: got %s by %s (%s), want denied=%v", tc.cmd, d.Outcome, d.Rule, d.Message, tc.deny)
			}
		})
	}
}
