package oracle

// This file records the effects of system calls on files, and what is
// noise among them: devices such as /dev/null, /proc/self, the trace's
// own folder, reads of system files and libraries, and opens for reading
// that failed.

import (
	"strings"
)

// traceDir is where strace writes the trace, inside the sandbox.
const traceDir = "/run/oracle"

// noiseFiles are devices whose writes have no effect worth reporting.
var noiseFiles = map[string]bool{
	"/dev/null": true, "/dev/zero": true, "/dev/full": true, "/dev/tty": true,
	"/dev/random": true, "/dev/urandom": true, "/dev/ptmx": true,
	"/dev/stdin": true, "/dev/stdout": true, "/dev/stderr": true,
}

// noise reports whether a path is never worth reporting.
func noise(name string) bool {
	if noiseFiles[name] || name == traceDir || strings.HasPrefix(name, traceDir+"/") {
		return true
	}
	for _, prefix := range []string{"/dev/pts/", "/dev/fd/", "/proc/self/", "/proc/thread-self/"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	// /proc/PID/...
	if rest, ok := strings.CutPrefix(name, "/proc/"); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		return true
	}
	return false
}

// systemFile reports whether reading a path is a system read, left out of
// Reads: libraries, programs, the loader's cache, /proc, /sys and /dev.
// Other files of /etc are reported.
func systemFile(name string) bool {
	for _, prefix := range []string{"/usr/", "/lib", "/bin/", "/sbin/", "/etc/ld.so.", "/proc/", "/sys/", "/dev/"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return noise(name)
}

// open records an open: a write effect when flags ask for writing,
// creating or truncating; a read, and a secret read, when they ask for
// reading and the open succeeded.
func (t *tracer) open(c call, p *proc, dir, nameArg, flags string) {
	requested := t.abs(p, dir, str(nameArg))
	name := requested
	if _, target, ok := annotation(c.ret); ok && strings.HasPrefix(target, "/") {
		name = target
	}
	has := func(flag string) bool {
		for f := range strings.SplitSeq(flags, "|") {
			if f == flag {
				return true
			}
		}
		return false
	}
	if has("O_WRONLY") || has("O_RDWR") || has("O_CREAT") || has("O_TRUNC") {
		t.effect(c, KindWrite, name, "", flags)
	}
	if has("O_WRONLY") || has("O_PATH") || c.failed() {
		return
	}
	if s, ok := t.secretAt[name]; ok {
		r := SecretRead{Secret: s.Name, Path: s.Path, PID: c.pid}
		if requested != s.Path {
			r.Via = requested
		}
		t.obs.SecretReads = append(t.obs.SecretReads, r)
	}
	if !has("O_DIRECTORY") && !systemFile(name) && !t.reads[name] {
		t.reads[name] = true
		t.obs.Reads = append(t.obs.Reads, name)
	}
}

// effect records one effect on a file, once: a later identical one only
// adds its data.
func (t *tracer) effect(c call, kind Kind, name, target, detail string) *FileEffect {
	if noise(name) {
		return nil
	}
	key := effectKey{kind, name, target, c.errno}
	if i, ok := t.effects[key]; ok {
		return &t.obs.Files[i]
	}
	e := FileEffect{Kind: kind, Path: name, Target: target, Detail: detail, PID: c.pid, Err: c.errno}
	t.effects[key] = len(t.obs.Files)
	t.obs.Files = append(t.obs.Files, e)
	return &t.obs.Files[len(t.obs.Files)-1]
}

// fdEffect records an effect on the file behind a descriptor.
func (t *tracer) fdEffect(c call, kind Kind, fd, detail string) {
	if _, target, ok := annotation(fd); ok && strings.HasPrefix(target, "/") {
		t.effect(c, kind, target, "", detail)
	}
}

// move records a rename or a hard link from old to new. A secret moved or
// linked stays a secret under its new name.
func (t *tracer) move(c call, kind Kind, old, new string) {
	if kind == KindLink {
		t.effect(c, kind, new, old, "")
	} else {
		t.effect(c, kind, old, new, "")
	}
	if s, ok := t.secretAt[old]; ok && !c.failed() {
		t.secretAt[new] = s
	}
}

// write records data written to a descriptor: to a file, a socket, or
// nothing worth reporting (a pipe, a terminal).
func (t *tracer) write(c call, fd string, data []byte, truncated bool) {
	_, target, ok := annotation(fd)
	if !ok || c.failed() {
		return
	}
	if strings.HasPrefix(target, "/") {
		e := t.effect(c, KindWrite, target, "", "")
		if e != nil {
			e.Data, e.DataTruncated = appendLimited(e.Data, data, t.limit, e.DataTruncated || truncated)
		}
		return
	}
	if ep, ok := socketTarget(target); ok {
		t.message(c, ep, data, truncated)
	}
}

// appendLimited appends data to buf up to limit bytes in all, and reports
// whether any were left out, then or before.
func appendLimited(buf, data []byte, limit int, truncated bool) ([]byte, bool) {
	if room := limit - len(buf); room < len(data) {
		return append(buf, data[:max(room, 0)]...), true
	}
	return append(buf, data...), truncated
}
