package oracle

// This file turns the lines strace -f writes into system calls. It reads
// what strace prints with or without -xx and -yy: a call split by another
// process into "<unfinished ...>" and "<... name resumed>" halves is
// joined, quoted strings may hold any escape and end in "..." when
// truncated, and a line it cannot read (a trace cut short by a kill) is
// skipped rather than guessed at.

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// call is one complete system call.
type call struct {
	pid   int
	name  string
	args  []string // the text of each top-level argument
	ret   string   // the return value: "0", "3</path>", "-1", "?"
	errno string   // the error name of a failed call: "ENOENT"
}

// failed reports whether the call returned an error.
func (c call) failed() bool { return c.errno != "" || strings.HasPrefix(c.ret, "-") }

// arg returns the i-th argument, or "" when there are fewer.
func (c call) arg(i int) string {
	if i < len(c.args) {
		return c.args[i]
	}
	return ""
}

// retInt returns the return value as a number, without its annotation.
func (c call) retInt() (int, bool) {
	s := c.ret
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// reader reads the lines of a trace, one at a time.
type reader struct {
	// pending holds, by process, the first half of a call whose second
	// half is still to come.
	pending map[int]string
}

func newReader() *reader { return &reader{pending: map[int]string{}} }

// forking returns the processes in the middle of a fork: a process that
// shows up for the first time is the child of one of them.
func (r *reader) forking() []int {
	var pids []int
	for pid, head := range r.pending {
		for _, name := range []string{"clone(", "clone3(", "fork(", "vfork("} {
			if strings.HasPrefix(head, name) {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// each calls fn with every complete call of a trace, in the order they
// completed.
func (r *reader) each(in io.Reader, fn func(call)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	for sc.Scan() {
		if c, ok := r.line(sc.Text()); ok {
			fn(c)
		}
	}
	return sc.Err()
}

const (
	unfinished = " <unfinished ...>"
	resumed    = " resumed>"
)

// line reads one line, keeping the first half of an unfinished call
// until its resumed half comes.
func (r *reader) line(line string) (call, bool) {
	line = strings.TrimRight(line, "\r\n")
	pid, rest, ok := splitPID(line)
	if !ok {
		return call{}, false
	}
	if strings.HasPrefix(rest, "+++") || strings.HasPrefix(rest, "---") {
		return call{}, false
	}
	if strings.HasPrefix(rest, "<... ") {
		i := strings.Index(rest, resumed)
		head, found := r.pending[pid]
		if i < 0 || !found {
			return call{}, false
		}
		delete(r.pending, pid)
		rest = head + rest[i+len(resumed):]
	} else if i := strings.Index(rest, unfinished); i >= 0 {
		if strings.HasSuffix(rest, unfinished) {
			r.pending[pid] = rest[:i]
		}
		// Otherwise the process went away in the middle of the call
		// ("<unfinished ...>) = ?"): it never completed.
		return call{}, false
	}
	c, ok := parseCall(rest)
	c.pid = pid
	return c, ok
}

// splitPID splits "123   rest" or "[pid 123] rest".
func splitPID(line string) (int, string, bool) {
	s := line
	if strings.HasPrefix(s, "[pid ") {
		s = strings.TrimLeft(s[len("[pid "):], " ")
		i := strings.IndexByte(s, ']')
		if i < 0 {
			return 0, "", false
		}
		pid, err := strconv.Atoi(s[:i])
		return pid, strings.TrimLeft(s[i+1:], " "), err == nil
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i == len(s) || s[i] != ' ' {
		return 0, "", false
	}
	pid, err := strconv.Atoi(s[:i])
	return pid, strings.TrimLeft(s[i:], " "), err == nil
}

// parseCall reads "name(arg, arg) = ret [ERRNO (text)]".
func parseCall(s string) (call, bool) {
	open := strings.IndexByte(s, '(')
	if open <= 0 {
		return call{}, false
	}
	c := call{name: s[:open]}
	args, end, ok := splitArgs(s, open+1, ')')
	if !ok {
		return call{}, false
	}
	c.args = args
	rest := strings.TrimLeft(s[end+1:], " ")
	if !strings.HasPrefix(rest, "=") {
		return call{}, false
	}
	rest = strings.TrimLeft(rest[1:], " ")
	c.ret, rest = cutToken(rest)
	if strings.HasPrefix(c.ret, "-") {
		c.errno, _ = cutToken(strings.TrimLeft(rest, " "))
	}
	return c, c.ret != ""
}

// splitArgs splits the text from start up to the closing byte at depth
// zero into top-level arguments, and returns the index of that closing
// byte. It keeps quoted strings whole and nests (), [], {} and the <>
// of file descriptor annotations, in which "->" closes nothing.
func splitArgs(s string, start int, closing byte) ([]string, int, bool) {
	var (
		args  []string
		depth int
		angle int
		from  = start
	)
	for i := start; i < len(s); i++ {
		switch b := s[i]; b {
		case '"':
			j, ok := skipString(s, i)
			if !ok {
				return nil, 0, false
			}
			i = j
		case '(', '[', '{':
			depth++
		case '<':
			angle++
		case '>':
			if angle > 0 && s[i-1] != '-' {
				angle--
			}
		case ')', ']', '}':
			if depth == 0 && angle == 0 {
				if b != closing {
					return nil, 0, false
				}
				if a := strings.TrimSpace(s[from:i]); a != "" || len(args) > 0 {
					args = append(args, a)
				}
				return args, i, true
			}
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 && angle == 0 {
				args = append(args, strings.TrimSpace(s[from:i]))
				from = i + 1
			}
		}
	}
	return nil, 0, false
}

// skipString returns the index of the quote that ends the string starting
// at s[i].
func skipString(s string, i int) (int, bool) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j, true
		}
	}
	return 0, false
}

// cutToken splits s at the first space outside an annotation's <>.
func cutToken(s string) (string, string) {
	angle := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<':
			angle++
		case '>':
			if angle > 0 && (i == 0 || s[i-1] != '-') {
				angle--
			}
		case ' ':
			if angle == 0 {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}
