package shell

import (
	"encoding/base64"
	"encoding/hex"
	"path"
	"strings"
)

// Some command substitutions have a value the analysis can know: the
// output of echo or printf of constant text, the current folder, the top
// of the repository, basename and dirname of a constant, and such text
// decoded by base64 -d, xxd -r -p or reversed by rev. The word then holds
// that value, as the kernel will see it: `cat "$(echo .env)"` reads .env.

// foldSubst returns the output of the commands of a substitution, with
// its trailing newlines removed as the shell removes them, when it is
// known.
func (w *walker) foldSubst(cmds []*Command) (string, bool) {
	if len(cmds) == 0 || len(cmds) > 8 {
		return "", false
	}
	// The commands must be one pipeline: the last one, fed by the others
	// in order.
	last := cmds[len(cmds)-1]
	if len(last.Upstream) != len(cmds)-1 {
		return "", false
	}
	for i, u := range last.Upstream {
		if u != cmds[i] {
			return "", false
		}
	}
	var out string
	for i, c := range cmds {
		if len(c.Redirects) > 0 || len(c.Assigns) > 0 || c.Privileged || c.Code != "" || len(c.Wrappers) > 0 {
			return "", false
		}
		var ok bool
		if i == 0 {
			out, ok = w.produce(c)
		} else {
			out, ok = filter(c, out)
		}
		if !ok {
			return "", false
		}
	}
	return strings.TrimRight(out, "\n"), true
}

// produce returns what a command that reads no input prints, when it is
// known.
func (w *walker) produce(c *Command) (string, bool) {
	if out, ok := output(c); ok {
		return out, true
	}
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
	words := c.Words()[1:]
	switch c.Name {
	case "pwd":
		if len(words) == 0 && c.Cwd != "" {
			return c.Cwd + "\n", true
		}
	case "basename":
		if len(words) == 1 {
			return path.Base(words[0]) + "\n", true
		}
		if len(words) == 2 && !strings.HasPrefix(words[1], "-") {
			return strings.TrimSuffix(path.Base(words[0]), words[1]) + "\n", true
		}
	case "dirname":
		if len(words) == 1 {
			return path.Dir(words[0]) + "\n", true
		}
	case "git":
		if len(words) == 2 && words[0] == "rev-parse" && words[1] == "--show-toplevel" && w.opts.Toplevel != nil {
			if top := w.opts.Toplevel(); top != "" {
				return top + "\n", true
			}
		}
	}
	return "", false
}

// filter returns what a command prints for the input in, when it is
// known.
func filter(c *Command, in string) (string, bool) {
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
	words := c.Words()[1:]
	switch c.Name {
	case "base64":
		if len(words) == 1 && (words[0] == "-d" || words[0] == "-D" || words[0] == "--decode") {
			b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(in), ""))
			if err != nil {
				return "", false
			}
			return string(b), true
		}
	case "xxd":
		if len(words) == 2 && (words[0] == "-r" && words[1] == "-p" || words[0] == "-p" && words[1] == "-r") ||
			len(words) == 1 && (words[0] == "-rp" || words[0] == "-pr") {
			b, err := hex.DecodeString(strings.Join(strings.Fields(in), ""))
			if err != nil {
				return "", false
			}
			return string(b), true
		}
	case "rev":
		if len(words) == 0 {
			lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
			for i, l := range lines {
				r := []rune(l)
				for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
					r[a], r[b] = r[b], r[a]
				}
				lines[i] = string(r)
			}
			return strings.Join(lines, "\n") + "\n", true
		}
	case "cat":
		if len(words) == 0 || len(words) == 1 && words[0] == "-" {
			return in, true
		}
	}
	return "", false
}
