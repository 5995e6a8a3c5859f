package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// project makes a home and a project in it with the files given (paths
// under the project), and an App run from the project.
func project(t *testing.T, files map[string]string) *App {
	t.Helper()
	home := t.TempDir()
	root := filepath.Join(home, "src", "app")
	for _, d := range []string{filepath.Join(root, ".git"), filepath.Join(root, ".governance")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		f := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "c"), "XDG_STATE_HOME": filepath.Join(home, "s")}
	return &App{Stdin: strings.NewReader(""), Getenv: func(k string) string { return env[k] }, Now: time.Now, Cwd: root}
}

// runJSON runs args with --json and decodes stdout into v; it returns the
// exit code.
func runJSON(t *testing.T, a *App, v any, args ...string) int {
	t.Helper()
	var out, errs bytes.Buffer
	a.Stdout, a.Stderr = &out, &errs
	code := a.Run(context.Background(), append(args, "--json"))
	if err := json.Unmarshal(out.Bytes(), v); err != nil {
		t.Fatalf("%q --json: exit %d, stdout is not one JSON value: %v\n%s\nstderr: %s", args, code, err, out.String(), errs.String())
	}
	if n := bytes.Count(bytes.TrimSpace(out.Bytes()), []byte("\n")); n != 0 {
		t.Errorf("%q --json printed %d lines, want one", args, n+1)
	}
	return code
}

func TestStatusJSON(t *testing.T) {
	t.Parallel()
	a := project(t, map[string]string{".governance/config.yaml": "default: ask\n"})
	var got statusOut
	if code := runJSON(t, a, &got, "status"); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got.Mode != "enforce" || got.Project != a.Cwd || !got.Configuration.OK || len(got.Configuration.Files) == 0 ||
		got.Rules.Builtin == 0 || got.Defaults.Undecided != "ask" || got.Brain.Dir == "" || got.Hook == "" {
		t.Errorf("status --json = %+v", got)
	}

	broken := project(t, map[string]string{".governance/config.yaml": "default: maybe\n"})
	got = statusOut{}
	runJSON(t, broken, &got, "status")
	if got.Configuration.OK || !strings.Contains(got.Configuration.Error, "maybe") {
		t.Errorf("broken configuration: %+v", got.Configuration)
	}
}

func TestLintJSON(t *testing.T) {
	t.Parallel()
	var got lintOut
	if code := runJSON(t, project(t, nil), &got, "lint"); code != 0 || !got.OK || got.Rules.Builtin == 0 || got.Problems == nil {
		t.Errorf("lint --json: exit %d, %+v", code, got)
	}
	got = lintOut{}
	code := runJSON(t, project(t, map[string]string{".governance/config.yaml": "default: maybe\n"}), &got, "lint")
	if code != 1 || got.OK || len(got.Problems) != 1 || !strings.Contains(got.Problems[0], "config.yaml:1") {
		t.Errorf("broken lint --json: exit %d, %+v", code, got)
	}
	var builtin []lintBuiltin
	if runJSON(t, project(t, nil), &builtin, "lint", "--list-builtin"); len(builtin) == 0 || builtin[0].ID == "" || builtin[0].Decision == "" {
		t.Errorf("lint --list-builtin --json = %+v", builtin)
	}
}

func TestTestJSON(t *testing.T) {
	t.Parallel()
	a := project(t, map[string]string{".governance/tests/cases.yaml": `cases:
  - name: force pushes are blocked
    command: git push --force origin main
    expect: deny
  - name: wrong on purpose
    command: ls
    expect: deny
`})
	var got testOut
	code := runJSON(t, a, &got, "test")
	if code != 1 || got.OK || got.Failed != 1 || len(got.Cases) != 2 || got.Examples == 0 {
		t.Fatalf("test --json: exit %d, %+v", code, got)
	}
	pass, fail := got.Cases[0], got.Cases[1]
	if !pass.Pass || pass.Got.Decision != "deny" || pass.Got.Rule != "git-push-force" || !strings.HasSuffix(pass.Where, "cases.yaml:2") {
		t.Errorf("passing case = %+v", pass)
	}
	if fail.Pass || fail.Want != "deny" || fail.Got.Decision != "allow" || fail.Call != "shell: ls" {
		t.Errorf("failing case = %+v", fail)
	}
}

func TestVersionAndProjectsJSON(t *testing.T) {
	t.Parallel()
	a := project(t, nil)
	var v versionOut
	if code := runJSON(t, a, &v, "version"); code != 0 || v.Version != version() || !strings.HasPrefix(v.Go, "go") {
		t.Errorf("version --json: exit %d, %+v", code, v)
	}
	var ps []projectOut
	if code := runJSON(t, a, &ps, "projects", "list"); code != 0 || ps == nil || len(ps) != 0 {
		t.Errorf("projects list --json with none: exit %d, %#v", code, ps)
	}
	if code := a.Run(context.Background(), []string{"projects", "add", "api", a.Cwd}); code != 0 {
		t.Fatalf("projects add: exit %d", code)
	}
	ps = nil
	if runJSON(t, a, &ps, "projects", "list"); len(ps) != 1 || ps[0].ID != "api" || ps[0].Path != a.Cwd {
		t.Errorf("projects list --json = %+v", ps)
	}
}

func TestDoctorJSON(t *testing.T) {
	t.Parallel()
	a := project(t, nil)
	var got doctorOut
	code := runJSON(t, a, &got, "doctor")
	if got.Project != a.Cwd || len(got.Harnesses) != len(harnesses()) || got.Harnesses[0].Name != "claude" || len(got.Harnesses[0].Report) == 0 {
		t.Fatalf("doctor --json = %+v", got)
	}
	// No hook is installed: each harness counts its problems, and the
	// total is theirs and the credentials'.
	sum := got.Credentials.Problems
	for _, h := range got.Harnesses {
		sum += h.Problems
	}
	if sum != got.Problems || got.OK != (got.Problems == 0) || (code == 0) != got.OK {
		t.Errorf("doctor --json: exit %d, problems %d, sections sum to %d, ok %v", code, got.Problems, sum, got.OK)
	}
}
