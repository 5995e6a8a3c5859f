package engine

import (
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

// The files of a governance process under /proc show what it holds: its
// open files (fd/*, where the daemon's output goes), its environment, its
// command line, its memory and maps, also through task/<tid>/. The
// daemon's page token is among them, so no AI caller may read or write
// the /proc folder of a governance process, whatever the path spells: a
// PID, or a glob over PIDs that could match one. A process is governance
// when its program is an installed governance binary or a copy of one
// (as identity.go recognises the CLI), or when it is the daemon its state
// folder records.

// procFileVerdict denies an access to the /proc files of a governance
// process. A look at names only (ls of the folder) reads nothing in them.
func (ev *evaluation) procFileVerdict(s *subject) Verdict {
	p := s.file
	if s.stat || p.abs != "/proc" && !strings.HasPrefix(p.abs, "/proc/") {
		return Verdict{}
	}
	if p.abs == "/proc" {
		// A recursive read of /proc reads every process's files.
		if !s.tree {
			return Verdict{}
		}
		p.abs = "/proc/*"
	}
	segs := strings.Split(strings.TrimPrefix(p.abs, "/proc/"), "/")
	if (len(segs) < 2 || segs[1] == "") && !s.tree {
		// /proc/PID itself, not what is in it: a listing of its names.
		return Verdict{}
	}
	var pids []string
	switch pid := segs[0]; {
	case isDigitsOnly(pid):
		if ev.governanceProcess(pid) {
			pids = []string{pid}
		}
	case strings.ContainsAny(pid, "*?["):
		pids = ev.governanceProcessesMatching(pid)
	}
	if len(pids) == 0 {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.file.abs,
		Message: s.file.abs + " holds files of governance's process " + strings.Join(pids, ", ") +
			": its open files, environment, command line and memory hold the token of the page where a person answers approvals.",
		Suggestion: "Leave governance's processes alone; `governance status` says what the daemon is doing."}
}

// governanceProcess reports whether the process pid runs governance.
func (ev *evaluation) governanceProcess(pid string) bool {
	n, err := strconv.Atoi(pid)
	if err != nil {
		return false
	}
	if pid == ev.daemonPID() {
		return true
	}
	bins := ev.e.binaries()
	return governancePID(n, bins) || sameProgramAs("/proc/"+pid+"/exe", bins) != ""
}

// governanceProcessesMatching returns the governance processes whose
// PIDs a glob matches.
func (ev *evaluation) governanceProcessesMatching(glob string) []string {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !isDigitsOnly(name) {
			continue
		}
		if ok, err := path.Match(glob, name); (ok || err != nil) && ev.governanceProcess(name) {
			out = append(out, name)
		}
	}
	return out
}

// daemonPID returns the PID daemon.json records, or "".
func (ev *evaluation) daemonPID() string { return ev.governanceChannel().pid }

// debuggers are programs that attach to a running process and read its
// memory or its system calls (and what they carry): gdb -p, strace -p,
// gcore, dlv attach, py-spy dump --pid.
var debuggers = []string{"gdb", "lldb", "strace", "ltrace", "gcore", "pstack",
	"eu-stack", "perf", "py-spy", "bpftrace", "dlv", "rr", "pmap", "ptrace"}

// attachVerdict denies a debugger attached to a governance process: a
// number among its words (-p PID, -pPID, --pid=PID, an operand) that is
// one.
func (ev *evaluation) attachVerdict(s *subject) Verdict {
	cl := s.cl
	if cl == nil || !slices.Contains(debuggers, cl.name) {
		return Verdict{}
	}
	for _, a := range cl.cmd.Args[1:] {
		v := a.Value
		for i := 0; i < len(v); {
			if v[i] < '0' || v[i] > '9' {
				i++
				continue
			}
			j := i
			for j < len(v) && v[j] >= '0' && v[j] <= '9' {
				j++
			}
			if pid := v[i:j]; ev.governanceProcess(pid) {
				return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.display,
					Message: "`" + s.display + "` attaches " + cl.name + " to governance's process " + pid +
						", whose memory holds the token of the page where a person answers approvals.",
					Suggestion: "Leave governance's processes alone; `governance status` says what the daemon is doing."}
			}
			i = j
		}
	}
	return Verdict{}
}
