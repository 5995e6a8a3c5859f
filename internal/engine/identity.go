package engine

import (
	"bytes"
	"hash/fnv"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// The governance CLI and its processes are recognised by what they are,
// not by their names: a program run by a path that resolves to an
// installed governance binary, or to a copy of one, is governance; a
// signal to a process whose program is governance is a signal to it.

// governanceProgram says which governance program a command runs:
// "governance-hook", "governance" (the CLI, or a copy of either whose kind
// is not told), or "" for another program. It is known by its name, or by
// a path (or a name found along PATH) that leads to an installed
// governance binary or a copy of one.
func (ev *evaluation) governanceProgram(cl *cmdline) string {
	if cl.name == "governance" || cl.name == "governance-hook" {
		return cl.name
	}
	if len(cl.cmd.Args) == 0 || cl.cmd.Args[0].Dynamic {
		return ""
	}
	bins := ev.e.binaries()
	if len(bins) == 0 && len(ev.copies) == 0 {
		return ""
	}
	prog := cl.cmd.Args[0].Value
	var file string
	switch {
	case strings.Contains(prog, "/"):
		file = prog
		if !filepath.IsAbs(file) && cl.cmd.Cwd != "" {
			file = filepath.Join(cl.cmd.Cwd, file)
		}
	default:
		file = ev.lookPathFor(cl.cmd, prog)
	}
	if file == "" {
		return ""
	}
	for _, c := range ev.copies {
		if filepath.Clean(file) == c.abs {
			return c.which
		}
	}
	return programKind(sameProgramAs(file, bins))
}

// programKind says which program a binary is: "governance-hook",
// "governance" (the CLI or one not told), or "" for none.
func programKind(bin string) string {
	switch {
	case bin == "":
		return ""
	case filepath.Base(bin) == "governance-hook":
		return "governance-hook"
	}
	return "governance"
}

// copied is a file a command of the call makes from a governance binary,
// and which program it is.
type copied struct{ abs, which string }

// noteCopies records the files a command writes when it also reads a
// governance binary, or a copy noted before: a copy made earlier in the
// same call. What it reads and writes are its file arguments and its
// redirections (cat governance > g, tee g < governance, mv g h).
func (ev *evaluation) noteCopies(c *shell.Command, fas []fileArg) {
	which := ""
	read := func(a shell.Arg) {
		if a.Dynamic || which == "governance-hook" {
			return
		}
		// A word known in full: where it is (placeOf's, without the
		// classes) is all that is compared.
		abs := ev.absOf(c, a)
		if abs == "" {
			return
		}
		for _, cp := range ev.copies {
			if abs == cp.abs {
				which = cp.which
				return
			}
		}
		// Only a file can be a copy: most reads are of folders (git
		// status reads .) or of files that are not there, and finding
		// the binaries costs a walk of the executable's path.
		if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
			return
		}
		if bins := ev.e.binaries(); len(bins) > 0 {
			if k := programKind(sameProgramAs(abs, bins)); k != "" {
				which = k
			}
		}
	}
	for _, fa := range fas {
		switch {
		case fa.kind == KindRead:
			read(fa.arg)
		case !fa.arg.Dynamic && len(ev.copies) > 0 && which == "":
			// mv's sources are written (removed): a copy moved is
			// still a copy.
			abs := ev.absOf(c, fa.arg)
			for _, cp := range ev.copies {
				if abs != "" && abs == cp.abs {
					which = cp.which
				}
			}
		}
	}
	for _, r := range c.Redirects {
		if r.Op == "<" {
			read(r.Target)
		}
	}
	if c.Stdin.Kind == shell.StdinFile {
		read(c.Stdin.Path)
	}
	if which == "" {
		return
	}
	written := func(a shell.Arg) {
		if a.Dynamic {
			return
		}
		if p := ev.placeOf(c, a, false); p.abs != "" {
			ev.copies = append(ev.copies, copied{p.abs, which})
		}
	}
	for _, fa := range fas {
		if fa.kind == KindWrite {
			written(fa.arg)
		}
	}
	for _, r := range c.Redirects {
		if r.Write {
			written(r.Target)
		}
	}
}

// programGlob answers the shell analysis' question of which programs a
// pattern in program position could name: the files a pattern with a
// slash matches; for a bare name, the names it matches along PATH and in
// the folder it runs in (which the shell expands it against); and, for
// any pattern, governance's own programs where it could name them, file
// or no file (a glob that could name governance is governance). ok is
// false when that is not known.
func (ev *evaluation) programGlob(pattern, cwd string) ([]string, bool) {
	dir, base := path.Split(pattern)
	pat, known := bashPattern(base)
	if !known || base == "" {
		return nil, false
	}
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	var dirs []string
	switch {
	case dir != "" && path.IsAbs(pattern):
		dirs = []string{dir}
	case dir != "":
		if cwd == "" {
			return nil, false
		}
		dirs = []string{path.Join(cwd, dir)}
	default:
		if ev.e.LookupEnv != nil {
			pathVar, _ := ev.e.LookupEnv("PATH")
			for _, d := range filepath.SplitList(pathVar) {
				if path.IsAbs(d) {
					dirs = append(dirs, d)
				}
			}
		}
		if cwd != "" {
			dirs = append(dirs, cwd)
		}
	}
	for _, d := range dirs {
		matches, ok := ev.fsw.glob(path.Join(d, pat))
		if !ok {
			return nil, false
		}
		for _, m := range matches {
			if dir == "" {
				m = path.Base(m)
			} else if !path.IsAbs(pattern) {
				m = path.Join(dir, path.Base(m))
			}
			add(m)
		}
	}
	for _, name := range []string{"governance", "governance-hook"} {
		if ok, _ := path.Match(pat, name); ok {
			add(dir + name)
		}
	}
	return out, true
}

// lookPath finds a program name along the PATH of the calls' environment.
func (ev *evaluation) lookPath(name string) string {
	if ev.e.LookupEnv == nil {
		return ""
	}
	pathVar, _ := ev.e.LookupEnv("PATH")
	return ev.lookPathIn(pathVar, ev.req.Cwd, name)
}

// lookPathFor finds name as the command runs it: along the PATH the
// command is given (PATH=dir:$PATH name, env PATH=dir name), its folders
// known when it is written, relative ones from the folder it runs in;
// then along the hook's PATH.
func (ev *evaluation) lookPathFor(c *shell.Command, name string) string {
	for _, a := range c.Assigns {
		if v, ok := strings.CutPrefix(a, "PATH="); ok {
			if p := ev.lookPathIn(v, c.Cwd, name); p != "" {
				return p
			}
		}
	}
	return ev.lookPath(name)
}

// lookPathIn finds name in the folders of a PATH value, as a program on
// disk or a copy made earlier in the call; a folder with a word only
// known at run time is skipped, a relative one is taken from cwd (skipped
// when that is not known).
func (ev *evaluation) lookPathIn(pathVar, cwd, name string) string {
	for _, dir := range filepath.SplitList(pathVar) {
		if strings.Contains(dir, "$") {
			continue
		}
		if dir == "" || !filepath.IsAbs(dir) {
			if cwd == "" {
				continue
			}
			dir = filepath.Join(cwd, dir)
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
		for _, c := range ev.copies {
			if filepath.ToSlash(p) == c.abs {
				return p
			}
		}
	}
	return ""
}

// sameProgramAs returns the binary file is, or "": the same file (through
// links, or a hard link), or a copy of one, told by its size and a hash of
// its first and last 64 KiB.
func sameProgramAs(file string, bins []string) string {
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	for _, b := range bins {
		bi, err := os.Stat(b)
		if err != nil {
			continue
		}
		if os.SameFile(fi, bi) {
			return b
		}
		if fi.Size() == bi.Size() && fingerprint(file, fi.Size()) == fingerprint(b, bi.Size()) {
			return b
		}
	}
	return ""
}

// fingerprint hashes the first and last 64 KiB of a file. Both sides are
// hashed here, and a collision could only make another program count as
// governance (denied): FNV does, without linking the crypto packages,
// whose start-up every hook process paid.
func fingerprint(file string, size int64) [16]byte {
	f, err := os.Open(file)
	if err != nil {
		return [16]byte{}
	}
	defer f.Close()
	h := fnv.New128a()
	const n = 64 << 10
	if _, err := io.CopyN(h, f, n); err != nil && err != io.EOF {
		return [16]byte{}
	}
	if size > 2*n {
		if _, err := f.Seek(-n, io.SeekEnd); err != nil {
			return [16]byte{}
		}
		if _, err := io.CopyN(h, f, n); err != nil && err != io.EOF {
			return [16]byte{}
		}
	}
	var sum [16]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// signalVerdict denies signals to governance processes: by name
// (pkill governance, killall governance-hook), by a pattern that matches
// them, by a PID whose program is governance, or to every process (kill
// -1).
func (ev *evaluation) signalVerdict(s *subject) Verdict {
	cl := s.cl
	if cl.call == nil || ev.req.Role == "human" {
		return Verdict{}
	}
	for _, e := range cl.call.Effects().List {
		if e.Op != programs.Signal {
			continue
		}
		if target := ev.governanceTarget(cl, e.Path.Value); target != "" {
			return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "self-protection", Subject: s.display,
				Message:    "`" + s.display + "` signals " + target + ", which enforces policy; an agent may not stop or disturb it.",
				Suggestion: "Ask the user to stop or restart governance if that is needed."}
		}
	}
	return Verdict{}
}

// governanceTarget says which governance process a signal target names,
// or "".
func (ev *evaluation) governanceTarget(cl *cmdline, v string) string {
	switch {
	case v == "-1" || v == "0" && cl.name != "kill":
		return "every process, governance's included"
	case isDigitsOnly(v):
		if pid, err := strconv.Atoi(v); err == nil && governancePID(pid, ev.e.binaries()) {
			return "process " + v + ", a governance process"
		}
		return ""
	}
	if cl.name == "pkill" || cl.name == "pgrep" {
		// pkill's operand is an extended regular expression matched
		// against process names (or, with -f, command lines).
		re, err := regexp.Compile(v)
		if err != nil {
			return "processes only known at run time"
		}
		for _, name := range []string{"governance", "governance-hook", "governance daemon", "governance mcp-proxy"} {
			if re.MatchString(name) {
				return "governance's processes (" + v + " matches " + name + ")"
			}
		}
		return ""
	}
	if strings.HasPrefix(filepath.Base(v), "governance") {
		return "governance's processes"
	}
	return ""
}

// governancePID reports a process whose program is a governance binary
// (on systems with /proc).
func governancePID(pid int, bins []string) bool {
	exe, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
	if err == nil {
		exe = strings.TrimSuffix(exe, " (deleted)")
		for _, b := range bins {
			if exe == b {
				return true
			}
		}
		if strings.HasPrefix(filepath.Base(exe), "governance") {
			return true
		}
	}
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return false
	}
	argv0, _, _ := bytes.Cut(cmdline, []byte{0})
	return strings.HasPrefix(filepath.Base(string(argv0)), "governance")
}

func isDigitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
