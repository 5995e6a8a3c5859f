package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Helpers for the effects of operands, shared by the program files.

// gnuHelp are the --help and --version options of GNU programs.
const gnuHelp = `
--help     help
--version  help
`

// readOperands records a read of every operand but "-" (standard input).
func readOperands(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Value != "-" {
			fx.Read(a)
		}
	}
}

// statOperands records a read of the names or metadata of every operand.
func statOperands(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		fx.Stat(a)
	}
}

// readsFiles is the Effects of a program that reads the files named by its
// operands and prints.
func readsFiles(c *Call, fx *Effects) { readOperands(c, fx) }

// printsOnly is the Effects of a program whose operands are not files: it
// computes and prints (echo, seq, basename).
func printsOnly(*Call, *Effects) {}

// operandsAfter returns the operands from the i-th on.
func operandsAfter(c *Call, i int) []shell.Arg {
	args := c.Args()
	if i >= len(args) {
		return nil
	}
	return args[i:]
}

// notFile reports an output that is not a file: standard output ("-"),
// the null device, the terminal, or a descriptor. Writing there changes
// nothing on disk.
func notFile(a shell.Arg) bool {
	if a.Dynamic {
		return false
	}
	switch a.Value {
	case "-", "/dev/null", "/dev/tty":
		return true
	}
	// /dev/stdout, /dev/stdin and /dev/fd/N are the command's own
	// streams, unless a redirection made one of them a file: the write
	// is recorded, and Effects drops it when the stream is no file.
	return false
}

// fdPath returns the file descriptor a path names (/dev/stdin is 0,
// /dev/fd/3 is 3, /proc/self/fd/1 is 1), or "".
func fdPath(v string) string {
	switch v {
	case "/dev/stdin":
		return "0"
	case "/dev/stdout":
		return "1"
	case "/dev/stderr":
		return "2"
	}
	for _, prefix := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := cutPrefix(v, prefix); ok && isDigits(n) {
			return n
		}
	}
	return ""
}

// redirectedToFile reports whether the command's file descriptor fd is
// redirected from or to a file (< file, 3<file, > out, &> log).
func redirectedToFile(cmd *shell.Command, fd string) bool {
	for _, r := range cmd.Redirects {
		n := r.Fd
		if n == "" {
			n = "1"
			if strings.HasPrefix(r.Op, "<") {
				n = "0"
			}
		}
		both := r.Op == "&>" || r.Op == "&>>"
		if n != fd && !(both && (fd == "1" || fd == "2")) || strings.HasPrefix(r.Op, "<<") {
			continue
		}
		t := r.Target.Value
		if r.Target.Dynamic || t != "" && t != "-" && !isDigits(t) && t != "/dev/null" && fdPath(t) == "" {
			return true
		}
	}
	return false
}

// dropStreams removes the writes to the command's own streams
// (/dev/stdout, /dev/fd/1) that no redirection made files.
func dropStreams(cmd *shell.Command, fx *Effects) {
	out := fx.List[:0]
	for _, e := range fx.List {
		if e.Op == Write && !e.Path.Dynamic {
			if fd := fdPath(e.Path.Value); fd != "" && (cmd == nil || !redirectedToFile(cmd, fd)) {
				continue
			}
		}
		out = append(out, e)
	}
	fx.List = out
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

// writeUnlessNotFile records a write of a, unless a is not a file.
func writeUnlessNotFile(fx *Effects, a shell.Arg, why string) {
	if !notFile(a) {
		fx.Write(a, why)
	}
}

// argOf returns a word with a constant value.
func argOf(v string) shell.Arg { return shell.Arg{Value: v} }

// parentDir returns the folder above a relative or absolute path, or ""
// at the top (a, /, .).
func parentDir(p string) string {
	p = strings.TrimRight(p, "/")
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return ""
	}
	return p[:i]
}

// envOptions records an unknown effect for each variable of names that
// the command's NAME=value prefixes set: variables through which a
// program reads more options, a configuration file, or the command of a
// pager or helper (RIPGREP_CONFIG_PATH, LESS, BAT_PAGER). A name ending
// in * stands for every variable that starts with the rest.
func envOptions(c *Call, fx *Effects, names ...string) {
	for _, a := range c.Cmd.Assigns {
		v, _, _ := strings.Cut(a, "=")
		for _, n := range names {
			if v == n || strings.HasSuffix(n, "*") && strings.HasPrefix(v, n[:len(n)-1]) {
				fx.Unknown(v + " is set for " + c.Name + ": it gives the program options or a command of the caller's choosing")
				break
			}
		}
	}
}

// manFormatters are the programs man runs to format a page.
var manFormatters = []string{"man", "sh", "groff", "nroff", "troff", "grotty", "tbl", "eqn", "pic", "refer", "vgrind",
	"grap", "preconv", "col", "locale", "less", "pager", "gzip", "zsoelim", "manconv", "iconv", "whatis", "apropos"}
