package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/jsonedit"
)

func (a *App) doctorCmd() *cobra.Command {
	var dir string
	var asJSON bool
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Check the hook installation of every harness",
		Long: `doctor reports, for each agent harness, whether governance-hook is
installed (in the project's settings or the user's), whether a hook that
fails blocks the call (fail-closed), which settings files it found, and
whether the harness would run the hook at all: Codex and Copilot CLI skip
hooks they do not trust. It exits 1 when something is wrong with an
installed hook: a settings file that does not parse, a hook binary that is
missing, a tool-call event without the hook, a fail-closed switch that is
off, or a hook the harness skips; and when a credential is written into
config.yaml (audit_export's headers or endpoint) rather than named as
${env:NAME} or ${file:NAME}: it is never printed. It warns about each
folder of PATH searched before governance's own that an agent may write
(inside the project, a temporary folder, a relative entry, or one you may
write): a program named governance or governance-hook put there would run
instead. It reports whether calls can be confined here (the launcher
run on a confined call, its own sandbox or bubblewrap's and a probe of
it, user namespaces, a fresh /proc, the kernel's Landlock ABI) and, per harness, whether its dialect can
carry a rewritten call.`,
		Example: `  governance doctor
  governance doctor --dir ~/src/app
  governance doctor --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			home, _ := a.home()
			// Each part is written to its own buffer: the text form prints
			// them in order, the JSON form holds them as lines.
			out := doctorOut{Project: a.absCwd(dir), Harnesses: []doctorSection{}}
			var head bytes.Buffer
			if t, err := config.CheckProjectTrust(a.paths(a.absCwd(dir))); err != nil {
				fmt.Fprintf(&head, "policy:  %v\n", err)
			} else {
				trustLine(&head, "policy:  ", t)
			}
			p := a.paths(a.absCwd(dir))
			l, _ := config.Load(p)
			managedLines(&head, "managed: ", p, l)
			out.Policy = textLines(head.String())
			text := "project: " + out.Project + "\n" + head.String()
			problems := 0
			for _, n := range harnesses() {
				var b bytes.Buffer
				np := a.doctor(&b, n, installers[n], dir, home)
				problems += np
				out.Harnesses = append(out.Harnesses, doctorSection{Name: n, Problems: np, Report: textLines(b.String())})
				text += b.String()
			}
			hookProblems := problems
			var conf bytes.Buffer
			out.Confinement = a.confineReport(&conf)
			out.Confinement.Report = textLines(conf.String())
			text += conf.String()
			var cred, path bytes.Buffer
			nc := credentialReport(&cred, p)
			problems += nc
			out.Credentials = doctorSection{Name: "credentials", Problems: nc, Report: textLines(cred.String())}
			np := a.pathLines(&path, p.ProjectRoot)
			problems += np
			out.Path = textLines(path.String())
			text += cred.String() + path.String()
			out.Problems, out.OK = problems, problems == 0
			if asJSON {
				if err := writeJSON(a.Stdout, out); err != nil {
					return err
				}
			} else {
				fmt.Fprint(a.Stdout, text)
			}
			if problems > 0 {
				if !asJSON {
					fmt.Fprintf(a.Stdout, "\n%s", count(problems, "problem"))
					if hookProblems > 0 {
						fmt.Fprint(a.Stdout, "; run `governance install HARNESS` again to repair a hook")
					}
					fmt.Fprintln(a.Stdout)
				}
				return errReported
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return c
}

// doctorOut is the JSON form of doctor (docs/json.md): the problems
// counted, and each part of the report as the text form's lines.
type doctorOut struct {
	Project     string          `json:"project"`
	OK          bool            `json:"ok"`
	Problems    int             `json:"problems"`
	Policy      []string        `json:"policy"`
	Harnesses   []doctorSection `json:"harnesses"`
	Confinement doctorConfine   `json:"confinement"`
	Credentials doctorSection   `json:"credentials"`
	Path        []string        `json:"path"`
}

// doctorSection is one part of doctor's report.
type doctorSection struct {
	Name     string   `json:"name"`
	Problems int      `json:"problems"`
	Report   []string `json:"report"`
}

// textLines splits text into its non-empty lines, never nil.
func textLines(s string) []string {
	out := []string{}
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// fileReport is what doctor found in one settings file.
type fileReport struct {
	path string
	// state is "not found", "no governance hook", or what the hook does.
	state    string
	hooked   bool
	problems []string
	// failClosed is set when the hook blocks on failure everywhere it
	// should.
	failClosed bool
	// skipped says why the harness would not run the hook in the file.
	skipped []string
	// commands are the governance-hook binaries the file runs.
	commands []string
}

// doctor reports on one harness and returns the number of problems.
func (a *App) doctor(w io.Writer, name string, ins installer, dir, home string) int {
	project, user, err := ins.files(a, dir)
	if err != nil {
		fmt.Fprintf(w, "\n%s (%s): %v\n", name, ins.title, err)
		return 1
	}
	files := []string{project}
	if ins.local != "" {
		files = append(files, filepath.Join(a.absCwd(dir), ins.local))
	}
	files = append(files, user)
	var reports []fileReport
	hooked, runs, allClosed, problems := false, false, true, 0
	for _, f := range files {
		r := a.inspectFile(ins, f)
		if f == project {
			for _, bin := range r.commands {
				if strings.ContainsRune(bin, '/') {
					r.problems = append(r.problems, "this shared file names the hook by a path on this machine ("+bin+
						"): a teammate who clones is blocked or unguarded (run `governance install "+name+"` again)")
				}
			}
		}
		if r.hooked && ins.skipped != nil {
			r.skipped = ins.skipped(a, f)
		}
		reports = append(reports, r)
		if r.hooked {
			hooked = true
			runs = runs || len(r.skipped) == 0
			allClosed = allClosed && r.failClosed
		}
		problems += len(r.problems) + len(r.skipped)
	}
	status := "not installed (run `governance install " + name + "`)"
	if hooked && !runs {
		status = "installed, but " + ins.title + " SKIPS the hook: tool calls run ungoverned (run `governance install " + name + "` to trust it)"
	} else if hooked {
		status = "installed"
		switch {
		case ins.noSwitch != "":
			status += "; " + ins.noSwitch
		case allClosed:
			status += ", fail-closed"
		default:
			status += ", NOT fail-closed"
		}
	}
	fmt.Fprintf(w, "\n%s (%s): %s\n", name, ins.title, status)
	for _, r := range reports {
		fmt.Fprintf(w, "  %s: %s\n", shownPath(r.path, a.absCwd(dir), home), r.state)
		for _, p := range r.problems {
			fmt.Fprintf(w, "    problem: %s\n", p)
		}
		for _, p := range r.skipped {
			fmt.Fprintf(w, "    problem: %s\n", p)
		}
	}
	return problems
}

// inspectFile reads one settings file.
func (a *App) inspectFile(ins installer, file string) fileReport {
	r := fileReport{path: file}
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		r.state = "not found"
		return r
	}
	if err != nil {
		r.state = "unreadable"
		r.problems = append(r.problems, err.Error())
		return r
	}
	if ins.config == nil {
		return a.inspectPlugin(ins, r, data)
	}
	var doc *jsonedit.Object
	if len(bytes.TrimSpace(data)) > 0 {
		v, err := jsonedit.Parse(data)
		if err != nil {
			r.state = "not valid JSON"
			r.problems = append(r.problems, fmt.Sprintf("the harness may ignore this file: %v", err))
			return r
		}
		if doc, _ = v.(*jsonedit.Object); doc == nil {
			r.state = "not a JSON object"
			r.problems = append(r.problems, "the file should hold a JSON object")
			return r
		}
	} else {
		doc = jsonedit.NewObject()
	}
	st := ins.config.inspect(doc)
	if len(st.events) == 0 {
		r.state = "no governance hook"
		return r
	}
	r.hooked = true
	var b strings.Builder
	fmt.Fprintf(&b, "hook on %d events (%s)", len(st.events), strings.Join(st.events, ", "))
	decides := ""
	for _, ev := range ins.config.events {
		if ev.decides {
			decides = ev.name
		}
	}
	if !slices.Contains(st.events, decides) {
		r.problems = append(r.problems, "the hook does not run on "+decides+", so it decides no tool call")
	} else if st.timeout != nil {
		unit := ins.config.timeoutUnit
		if unit == "" {
			unit = "s"
		}
		fmt.Fprintf(&b, "; %s timeout %v%s", decides, st.timeout, unit)
	}
	if ins.config.failClosed != nil {
		r.failClosed = len(st.notFailClosed) == 0
		if r.failClosed {
			fmt.Fprintf(&b, "; fail-closed on %s", strings.Join(st.failClosed, ", "))
		} else {
			r.problems = append(r.problems, "a failing hook lets the call run on "+strings.Join(st.notFailClosed, ", ")+
				" (the fail-closed switch is off)")
		}
	}
	for _, bin := range st.commands {
		fmt.Fprintf(&b, "; runs %s", bin)
		if p := a.checkBinary(ins, bin); p != "" {
			r.problems = append(r.problems, p)
		}
		r.commands = append(r.commands, bin)
	}
	if ins.config.check != nil {
		if p := ins.config.check(doc); p != "" {
			r.problems = append(r.problems, p)
		}
	}
	r.state = b.String()
	return r
}

func (a *App) inspectPlugin(ins installer, r fileReport, data []byte) fileReport {
	hook := pluginHook(data)
	if hook == "" {
		r.state = "a plugin governance install did not write"
		r.problems = append(r.problems, "remove or rename it, then run `governance install opencode`")
		return r
	}
	r.hooked, r.failClosed = true, true
	r.state = "plugin on tool.execute.before and session events; blocks the call when the hook fails; runs " + hook
	if p := a.checkBinary(ins, hook); p != "" {
		r.problems = append(r.problems, p)
	}
	r.commands = append(r.commands, hook)
	return r
}

// checkBinary says what is wrong with a hook binary, and what the
// harness then does; "" when nothing is. A name without a slash is looked
// up on PATH, as the harness looks it up.
func (a *App) checkBinary(ins installer, bin string) string {
	then := ": " + ins.title + " blocks every tool call"
	if ins.noSwitch != "" {
		then = ": " + ins.title + " runs tool calls ungoverned"
	}
	if !strings.ContainsRune(bin, '/') {
		if _, err := a.lookPath(bin); err != nil {
			return bin + " is not on PATH" + then + " (install governance, or put governance-hook on PATH)"
		}
		return ""
	}
	fi, err := os.Stat(bin)
	switch {
	case err != nil:
		return "the hook binary " + bin + " does not exist" + then
	case fi.IsDir() || fi.Mode()&0o111 == 0:
		return "the hook binary " + bin + " is not executable" + then
	}
	return ""
}

// geminiHooksOff reports Gemini settings that switch hooks off.
func geminiHooksOff(doc *jsonedit.Object) string {
	v, _ := doc.Get("hooksConfig")
	hc, ok := v.(*jsonedit.Object)
	if !ok {
		return ""
	}
	if on, ok := hc.Get("enabled"); ok && on == false {
		return "hooksConfig.enabled is false: Gemini CLI runs no hooks"
	}
	if d, ok := hc.Get("disabled"); ok {
		list, _ := d.([]any)
		for _, n := range list {
			if n == "governance" {
				return "hooksConfig.disabled lists governance"
			}
		}
	}
	return ""
}

// shownPath shows a path in the project relative to it, and one below
// the home folder as ~/...
func shownPath(p, project, home string) string {
	if rel, err := filepath.Rel(project, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	if home != "" {
		if rel, err := filepath.Rel(home, p); err == nil && !strings.HasPrefix(rel, "..") {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return p
}
