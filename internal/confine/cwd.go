package confine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shellquote"
)

// A harness that runs each call in the folder the last one ended in
// (Claude Code runs `pwd -P` after the command, in its own shell) sees a
// confined `cd sub` end where it began: the folder changed inside the
// sandbox, in a shell that is gone. So the harness's shell names a file
// in /tmp in CwdEnv; the launcher has the confined shell write its final
// folder there as it exits, keeps it only when it is a folder the call
// was shown, and the harness's shell changes to it.

// CwdEnv names the environment variable that holds the file, in /tmp and
// the caller's own, in which the launcher reports the final folder of a
// confined shell script (`bash -c SCRIPT`).
const CwdEnv = "GOVERNANCE_CONFINE_CWD"

// cwdReport readies the report of argv's final folder that the caller
// asks for in [CwdEnv], which the command does not inherit: it returns
// argv to run under p, and what to call once it ran.
func cwdReport(p *Profile, argv []string) ([]string, func()) {
	file := os.Getenv(CwdEnv)
	os.Unsetenv(CwdEnv)
	if file == "" {
		return argv, func() {}
	}
	argv, ok := reportCwd(argv, file)
	if !ok {
		return argv, func() {}
	}
	p.Report = append(p.Report, filepath.Clean(file))
	return argv, func() { checkCwd(p, file) }
}

// reportCwd returns argv with its script made to write its final folder
// to file when it exits, and whether argv is a shell script it can do
// that for. The trap is the script's first command, so a script that
// sets its own EXIT trap reports nothing and the folder stays.
func reportCwd(argv []string, file string) ([]string, bool) {
	if len(argv) < 3 || (argv[0] != "bash" && argv[0] != "sh") || argv[1] != "-c" {
		return argv, false
	}
	out := slices.Clone(argv)
	out[2] = "trap " + shellquote.Quote("pwd -P >| "+shellquote.Quote(file)) + " EXIT; " + argv[2]
	return out, true
}

// checkCwd keeps the folder the command reported in file only when it
// is an absolute path of a folder the profile showed, with no link in
// it; otherwise the file is emptied and the harness's shell stays where
// it was. The command wrote the file: what it says is not trusted.
func checkCwd(p *Profile, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		return
	}
	dir := strings.TrimSuffix(string(data), "\n")
	real, err := filepath.EvalSymlinks(dir)
	fi, statErr := os.Stat(dir)
	var shown []string
	for _, s := range slices.Concat(p.Writable, p.ReadOnly) {
		// pwd -P names the folder without links; the profile as given.
		if r, err := filepath.EvalSymlinks(s); err == nil {
			shown = append(shown, s, r)
		}
	}
	if err != nil || statErr != nil || !fi.IsDir() || !filepath.IsAbs(dir) || real != dir || strings.Contains(dir, "\n") ||
		!insideAny(dir, shown) || insideAny(dir, p.Masked) {
		os.Truncate(file, 0)
	}
}
