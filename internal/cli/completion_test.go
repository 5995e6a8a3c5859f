package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

func runApp(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "c"), "XDG_STATE_HOME": filepath.Join(home, "s")}
	a := &App{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs, Getenv: func(k string) string { return env[k] },
		Now: func() time.Time { return time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC) }, Cwd: home}
	code = a.Run(context.Background(), args)
	return code, out.String(), errs.String()
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		shell, want, syntax string
	}{
		{"bash", "__start_governance", "bash"},
		{"zsh", "#compdef governance", "zsh"},
		{"fish", "complete -c governance", "fish"},
		{"powershell", "Register-ArgumentCompleter", ""},
	} {
		t.Run(tc.shell, func(t *testing.T) {
			t.Parallel()
			code, out, errs := runApp(t, "completion", tc.shell)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, stderr %q; script lacks %q", code, errs, tc.want)
			}
			// The script parses in its shell, where the shell is here.
			if sh, err := exec.LookPath(tc.syntax); err == nil && tc.syntax != "" {
				f := filepath.Join(t.TempDir(), "script")
				if err := os.WriteFile(f, []byte(out), 0o600); err != nil {
					t.Fatal(err)
				}
				if b, err := exec.Command(sh, "-n", f).CombinedOutput(); err != nil {
					t.Errorf("%s -n: %v: %s", tc.shell, err, b)
				}
			}
		})
	}
}

// The scripts ask governance for the words that complete a line: the
// commands of the tree, and the shells of completion.
func TestCompletionCompletes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line []string
		want string
	}{
		{[]string{"appr"}, "approvals"},
		{[]string{"approvals", ""}, "approve"},
		{[]string{"completion", "fi"}, "fish"},
		{[]string{"check", "--js"}, "--json"},
	} {
		code, out, errs := runApp(t, append([]string{"__complete"}, tc.line...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("__complete %q: exit %d, stderr %q, got %q; want %q", tc.line, code, errs, out, tc.want)
		}
	}
}

func TestCompletionUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		if code, _, errs := runApp(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (usage): %s", args, code, errs)
		}
	}
}

func TestMan(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "man1")
	code, _, errs := runApp(t, "man", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, tc := range []struct{ file, want string }{
		{"governance.1", `.TH "GOVERNANCE" "1" "Nov 2026"`},
		{"governance-check.1", "governance check"},
		{"governance-approvals-approve.1", "governance approvals approve"},
		{"governance-completion.1", "bash"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Errorf("no %s: %v", tc.file, err)
			continue
		}
		if !strings.Contains(string(data), tc.want) {
			t.Errorf("%s lacks %q", tc.file, tc.want)
		}
	}
	// Hidden commands have no page: governance hook is for harnesses.
	if _, err := os.Stat(filepath.Join(dir, "governance-hook.1")); err == nil {
		t.Errorf("a page for the hidden hook command")
	}
	if code, _, _ := runApp(t, "man"); code != 2 {
		t.Errorf("man with no folder: exit %d, want 2", code)
	}
}

// A usage mistake exits 2 in every command: an unknown flag, and an
// argument where the command takes none.
func TestUsageErrorsExit2(t *testing.T) {
	t.Parallel()
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		if c.Hidden || c.DisableFlagParsing || c.Name() == "help" {
			return
		}
		if c.HasParent() {
			path = append(append([]string{}, path...), c.Name())
			paths = append(paths, path)
		}
		for _, sub := range c.Commands() {
			walk(sub, path)
		}
	}
	walk((&App{}).root(), nil)
	if len(paths) < 30 {
		t.Fatalf("walked %d commands", len(paths))
	}
	for _, p := range paths {
		if code, _, errs := runApp(t, append(p, "--no-such-flag")...); code != 2 {
			t.Errorf("%q --no-such-flag: exit %d, want 2: %s", p, code, errs)
		}
	}
}
