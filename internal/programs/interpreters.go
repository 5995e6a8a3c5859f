package programs

import "strings"

// interpreter answers the walker's question of an interpreter (see
// shell.Launcher): the language of the code a program runs and the
// options whose value is inline code, from its model's Lang and CodeOpts,
// else from the few interpreters that have no model yet. A name that
// begins with python (python3.12, pythonw) is python.
func interpreter(name string) (string, []string) {
	if p := lookupAny(name); p != nil && p.Lang != "" {
		return p.Lang, p.CodeOpts
	}
	switch name {
	case "Rscript":
		return "r", []string{"-e"}
	case "osascript":
		return "applescript", []string{"-e"}
	}
	if strings.HasPrefix(name, "python") {
		return pythonProgram.Lang, pythonProgram.CodeOpts
	}
	return "", nil
}
