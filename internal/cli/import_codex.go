package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/starrules"
	"github.com/spf13/cobra"
)

func (a *App) importCodexCmd() *cobra.Command {
	var o importOptions
	c := &cobra.Command{
		Use:   "codex-rules FILE",
		Short: "Import Codex prefix_rule(...) entries with their examples",
		Long: `codex-rules reads a Codex execpolicy file (prefix_rule(...) calls, as in
~/.codex/rules/default.rules) and writes each prefix rule as a YAML rule
with a prefix matcher, its decision (allow, prompt: ask, forbidden: deny),
its justification as the message, and its match and not_match examples,
which are checked every time the file loads.

A rules folder can also hold the .rules file itself, read unchanged; import
it when you want YAML to edit. host_executable paths have no YAML form:
without them an allow rule matches the bare program name only.`,
		Example: `  governance import codex-rules ~/.codex/rules/default.rules
  governance import codex-rules team.rules --out -`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file := a.absCwd(args[0])
			src, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			im, err := importCodexRules(file, src, o.global)
			if err == nil {
				im.source = shownPath(file, a.absCwd(o.dir), "")
			}
			if err != nil {
				return err
			}
			name := "codex-" + strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)) + ".yaml"
			return a.writeImported(im, o, name)
		},
	}
	importFlags(c, &o)
	return c
}

// importCodexRules turns a Codex rules file's prefix rules into rules.
func importCodexRules(file string, src []byte, global bool) (*imported, error) {
	f, err := starrules.Load(file, src)
	if err != nil {
		return nil, err
	}
	scope := engine.ScopeRepo
	if global {
		scope = engine.ScopeGlobal
	}
	im := &imported{source: file, command: "import codex-rules"}
	used := map[string]bool{}
	base := slug(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	hostPaths := false
	for _, spec := range f.Prefix {
		line := 0
		if i := strings.LastIndex(spec.Source, ":"); i >= 0 {
			line, _ = strconv.Atoi(spec.Source[i+1:])
		}
		from := fmt.Sprintf("prefix_rule at %s:%d", filepath.Base(file), line)
		spec.ID = uniqueID(fmt.Sprintf("codex-%s-%d", base, line), used)
		spec.Source = ""
		for i := range spec.Match {
			if m := spec.Match[i].More; m != nil && len(m.PrefixPaths) > 0 {
				hostPaths = true
				m.PrefixPaths = nil
			}
		}
		im.add(from, spec, scope)
	}
	if hostPaths {
		im.notes = append(im.notes, "host_executable paths were left out: an allow rule now matches the bare program name only")
	}
	if n := len(f.Checks); n > 0 {
		im.notes = append(im.notes, fmt.Sprintf("%d executable rule() definitions stay in Starlark; copy %s into a rules folder to use them", n, filepath.Base(file)))
	}
	return im, nil
}
