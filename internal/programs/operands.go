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
	case "-", "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty":
		return true
	}
	if n, ok := cutPrefix(a.Value, "/dev/fd/"); ok && isDigits(n) {
		return true
	}
	return false
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

// starts returns a Start function that records the helpers a program runs
// and the caches it keeps on every call, its help included: the wrapper
// scripts of distributions (egrep runs grep, zcat runs gzip), the
// formatters of man, a tool's own files.
func starts(helpers []string, caches ...string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		for _, h := range helpers {
			fx.Helper(h, c.Name+" runs "+h)
		}
		for _, p := range caches {
			fx.Cache(argOf(p), c.Name+" keeps its own files")
		}
	}
}

// manFormatters are the programs man runs to format a page.
var manFormatters = []string{"man", "sh", "groff", "nroff", "troff", "grotty", "tbl", "eqn", "pic", "refer", "vgrind",
	"grap", "preconv", "col", "locale", "less", "pager", "gzip", "zsoelim", "manconv", "iconv", "whatis", "apropos"}
