package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

// credentialProblems lists the credentials written into the managed, the
// user's and the project's config.yaml (audit_export's headers and
// endpoint, a gatekeeper key, notify's webhook URLs), where references belong: status, doctor
// and lint report them; the commands that would send them refuse. Files
// that do not parse are left to the reports of configuration errors.
func credentialProblems(p layout.Paths) []error {
	var out []error
	for _, dir := range []string{p.ManagedDir, p.UserDir, p.RepoDir} {
		if dir == "" {
			continue
		}
		name := filepath.Join(dir, "config.yaml")
		data, err := os.ReadFile(name)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				out = append(out, err)
			}
			continue
		}
		f, err := config.ParseFile(name, data)
		if err != nil {
			continue
		}
		out = append(out, f.Credentials...)
		if f.AuditExport != nil {
			out = append(out, f.AuditExport.Problems...)
		}
		if f.Notify != nil {
			out = append(out, f.Notify.Problems...)
		}
	}
	return out
}

// credentialProblemsText joins problems into one text, sep between them.
func credentialProblemsText(problems []error, sep string) string {
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = p.Error()
	}
	return strings.Join(msgs, sep)
}

// credentialReport is doctor's section on credentials in the
// configuration; it returns the number of problems.
func credentialReport(w io.Writer, p layout.Paths) int {
	problems := credentialProblems(p)
	if len(problems) == 0 {
		fmt.Fprintln(w, "\ncredentials: none written into config.yaml")
		return 0
	}
	fmt.Fprintln(w, "\ncredentials:")
	for _, e := range problems {
		fmt.Fprintf(w, "    problem: %v\n", e)
	}
	return len(problems)
}

// credentialStatus is governance status's line about credentials in the
// configuration.
func credentialStatus(p layout.Paths) string {
	problems := credentialProblems(p)
	if len(problems) == 0 {
		return "none written into config.yaml"
	}
	return credentialProblemsText(problems, "\n               ")
}
