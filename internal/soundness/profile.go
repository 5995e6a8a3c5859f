package soundness

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// profilePrograms returns the programs the login files run (see
// programs.LoginProfile), as the analysis finds them in the files of the
// machine the prediction is made on, which the sandbox shares: the
// files of /etc, those of /etc/profile.d, and those under home that can
// be read. A file that is not there runs nothing.
func profilePrograms(home string) map[string]bool {
	files := append([]string(nil), programs.LoginFiles...)
	if more, err := filepath.Glob("/etc/profile.d/*.sh"); err == nil {
		files = append(files, more...)
	}
	out := map[string]bool{}
	for _, f := range files {
		if rest, ok := strings.CutPrefix(f, "~/"); ok {
			f = filepath.Join(home, rest)
		}
		text, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		a := shell.Analyze(string(text), shell.Options{Cwd: home, Home: home, Launcher: programs.Launcher})
		for _, c := range a.Commands {
			if c.Name != "" {
				out[c.Name] = true
			}
			for _, w := range c.Wrappers {
				out[w] = true
			}
		}
	}
	return out
}
