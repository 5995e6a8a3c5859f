package oracle

// This file turns the system calls of a trace into an Observation. It
// follows each process's working folder, so that every path it reports is
// absolute, and each process's parent and exec depth; -yy annotations
// give the real file behind a descriptor, so an open through a symbolic
// link is reported at the file it reached.

import (
	"maps"
	"path"
	"slices"
	"strings"
)

// proc is what the tracer knows of one process.
type proc struct {
	ppid  int
	cwd   string
	depth int // programs exec'd in this process and its ancestors; 0 is the wrapper shell
}

// tracer builds an Observation from calls, in the order they completed.
type tracer struct {
	obs      *Observation
	limit    int               // bytes of data kept per file effect or message
	secretAt map[string]Secret // by path: the secrets' own and the names renames and links gave them
	procs    map[int]*proc
	parents  map[int]int    // child to parent
	held     map[int][]call // calls of processes whose parent is not known yet
	// connected holds the addresses that UNIX sockets were connected to,
	// which their annotations do not show.
	connected map[pidFD]endpoint
	started   bool // the wrapper shell was exec'd
	reads     map[string]bool
	effects   map[effectKey]int // index in obs.Files
}

// effectKey is what makes two file effects the same.
type effectKey struct {
	kind              Kind
	path, target, err string
}

func newTracer(obs *Observation, secrets []Secret, limit int) *tracer {
	t := &tracer{
		obs:       obs,
		limit:     limit,
		secretAt:  map[string]Secret{},
		procs:     map[int]*proc{},
		parents:   map[int]int{},
		held:      map[int][]call{},
		connected: map[pidFD]endpoint{},
		reads:     map[string]bool{},
		effects:   map[effectKey]int{},
	}
	for _, s := range secrets {
		if s.Path != "" {
			t.secretAt[s.Path] = s
		}
	}
	return t
}

// feed interprets one call. forking lists the processes in the middle
// of a fork: a process seen for the first time is the child of one of
// them, and takes its parent's working folder and depth. When there is
// more than one, its calls wait until a fork returns its pid.
func (t *tracer) feed(c call, forking []int) {
	if _, known := t.procs[c.pid]; !known && t.started {
		if _, ok := t.parents[c.pid]; !ok {
			if len(forking) != 1 {
				t.held[c.pid] = append(t.held[c.pid], c)
				return
			}
			t.parents[c.pid] = forking[0]
		}
	}
	t.call(c)
	switch c.name {
	case "clone", "clone3", "fork", "vfork":
		child, ok := c.retInt()
		if !ok || child <= 0 || child == c.pid {
			return
		}
		t.parents[child] = c.pid
		held := t.held[child]
		delete(t.held, child)
		for _, h := range held {
			t.call(h)
		}
	}
}

// finish interprets the calls still waiting for their parent.
func (t *tracer) finish() {
	for _, pid := range slices.Sorted(maps.Keys(t.held)) {
		for _, c := range t.held[pid] {
			t.call(c)
		}
	}
	t.held = nil
}

// proc returns the state of a process, which on its first appearance is
// a copy of its parent's.
func (t *tracer) proc(pid int) *proc {
	if p, ok := t.procs[pid]; ok {
		return p
	}
	p := &proc{cwd: Project, depth: -1}
	if t.started {
		p.depth = 0
	}
	if ppid, ok := t.parents[pid]; ok {
		p.ppid = ppid
		if parent, ok := t.procs[ppid]; ok {
			p.cwd, p.depth = parent.cwd, parent.depth
		}
	}
	t.procs[pid] = p
	return p
}

// abs makes name absolute: against the folder of the descriptor dir when
// it is annotated ("3</home/agent>", "AT_FDCWD</home/agent>"), else
// against the process's working folder.
func (t *tracer) abs(p *proc, dir, name string) string {
	if strings.HasPrefix(name, "/") {
		return path.Clean(name)
	}
	base := p.cwd
	if _, target, ok := annotation(dir); ok && strings.HasPrefix(target, "/") {
		base = target
	}
	return path.Join(base, name)
}

func (t *tracer) call(c call) {
	p := t.proc(c.pid)
	if fd, target, ok := annotation(c.arg(0)); ok && fd == "AT_FDCWD" && strings.HasPrefix(target, "/") {
		p.cwd = target
	}
	a := c.arg
	switch c.name {
	case "execve":
		t.exec(c, p, t.abs(p, "", str(a(0))), a(1))
	case "execveat":
		t.exec(c, p, t.abs(p, a(0), str(a(1))), a(2))
	case "chdir":
		if !c.failed() {
			p.cwd = t.abs(p, "", str(a(0)))
		}
	case "fchdir":
		if _, target, ok := annotation(a(0)); ok && !c.failed() && strings.HasPrefix(target, "/") {
			p.cwd = target
		}
	case "open":
		t.open(c, p, "", a(0), a(1))
	case "creat":
		t.open(c, p, "", a(0), "O_WRONLY|O_CREAT|O_TRUNC")
	case "openat":
		t.open(c, p, a(0), a(1), a(2))
	case "openat2":
		flags, _ := field(a(2), "flags")
		t.open(c, p, a(0), a(1), flags)
	case "truncate":
		t.effect(c, KindTruncate, t.abs(p, "", str(a(0))), "", "")
	case "unlink":
		t.effect(c, KindDelete, t.abs(p, "", str(a(0))), "", "")
	case "rmdir":
		t.effect(c, KindDelete, t.abs(p, "", str(a(0))), "", "dir")
	case "unlinkat":
		detail := ""
		if strings.Contains(a(2), "AT_REMOVEDIR") {
			detail = "dir"
		}
		t.effect(c, KindDelete, t.abs(p, a(0), str(a(1))), "", detail)
	case "rename":
		t.move(c, KindRename, t.abs(p, "", str(a(0))), t.abs(p, "", str(a(1))))
	case "renameat", "renameat2":
		t.move(c, KindRename, t.abs(p, a(0), str(a(1))), t.abs(p, a(2), str(a(3))))
	case "link":
		t.move(c, KindLink, t.abs(p, "", str(a(0))), t.abs(p, "", str(a(1))))
	case "linkat":
		t.move(c, KindLink, t.abs(p, a(0), str(a(1))), t.abs(p, a(2), str(a(3))))
	case "symlink":
		t.effect(c, KindSymlink, t.abs(p, "", str(a(1))), str(a(0)), "")
	case "symlinkat":
		t.effect(c, KindSymlink, t.abs(p, a(1), str(a(2))), str(a(0)), "")
	case "chmod":
		t.effect(c, KindChmod, t.abs(p, "", str(a(0))), "", a(1))
	case "fchmodat", "fchmodat2":
		t.effect(c, KindChmod, t.abs(p, a(0), str(a(1))), "", a(2))
	case "fchmod":
		t.fdEffect(c, KindChmod, a(0), a(1))
	case "chown", "lchown":
		t.effect(c, KindChown, t.abs(p, "", str(a(0))), "", a(1)+":"+a(2))
	case "fchownat":
		t.effect(c, KindChown, t.abs(p, a(0), str(a(1))), "", a(2)+":"+a(3))
	case "fchown":
		t.fdEffect(c, KindChown, a(0), a(1)+":"+a(2))
	case "mkdir":
		t.effect(c, KindMkdir, t.abs(p, "", str(a(0))), "", "")
	case "mkdirat":
		t.effect(c, KindMkdir, t.abs(p, a(0), str(a(1))), "", "")
	case "mknod":
		t.effect(c, KindMknod, t.abs(p, "", str(a(0))), "", a(1))
	case "mknodat":
		t.effect(c, KindMknod, t.abs(p, a(0), str(a(1))), "", a(2))
	case "write", "pwrite64":
		data, trunc, _ := unquote(a(1))
		t.write(c, a(0), data, trunc)
	case "writev", "pwritev", "pwritev2":
		data, trunc := iovData(a(1))
		t.write(c, a(0), data, trunc)
	case "connect", "sendto", "sendmsg", "sendmmsg":
		t.send(c)
	}
}

// exec records a program executed. The first exec is the wrapper shell's
// and is not reported; nor are the misses of a search along PATH.
func (t *tracer) exec(c call, p *proc, name, argv string) {
	if t.started && p.depth < 0 {
		p.depth = 0 // a process that showed up before the wrapper's exec
	}
	if !c.failed() {
		p.depth++
		if !t.started {
			t.started, p.depth = true, 0
			return
		}
	} else if c.errno == "ENOENT" || !t.started {
		return
	}
	args, trunc := strArray(argv)
	depth := p.depth
	if c.failed() {
		depth++
	}
	t.obs.Execs = append(t.obs.Execs, Exec{
		PID: c.pid, PPID: p.ppid, Depth: depth, Path: name,
		Argv: args, ArgvTruncated: trunc, Err: c.errno,
	})
}
