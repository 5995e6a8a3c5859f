package programs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

func TestInterpreters(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"python3 -c 'print(1+1)'", ""},
		{"python3 -c 'import os; os.remove(\"x\")'", "exec python:\"import os; os.remove(\\\"x\\\")\""},
		{"python -P -m json.tool data.json", "read data.json"},
		{"python3 -Pm json.tool a.json out.json", "read a.json; write out.json"},
		{"python -I -m platform", ""},
		{"python3 -IPm this", ""},
		// Without -P the folder the call runs in comes first on the
		// module path: ./json/__init__.py or ./argparse.py would run.
		{"python -m json.tool data.json", `exec python:""`},
		{"python3 -m calendar", `exec python:""`},
		{"python3 -mplatform", `exec python:""`},
		{"python3 -E -s -m this", `exec python:""`},
		{"python -m http.server", "exec python:\"\""},
		{"python3 script.py", "exec python:\"\""},
		{"python3 --version", ""},
		{"python3 -X importtime -c 'print(1)'", "unknown (the effect of -X is not modelled); exec python:\"\""},
		{"node -e 'console.log(1)'", ""},
		{"node -r ./hook.js -e 'console.log(1)'", "unknown (-r runs code the model does not read); exec javascript:\"\""},
		{"node --check app.js", "read app.js"},
		{"node app.js", "exec javascript:\"\""},
		{"perl -e 'print 1'", "exec perl:\"print 1\""},
		{"perl -i -pe 's/a/b/' f", "read f; write f; exec perl:\"s/a/b/\""},
		{"sh -c 'ls'", "exec found"},
		{"bash -n script.sh", "read script.sh"},
		{"bash script.sh", "exec sh:\"\""},
		{"bash -i -c ls", "unknown (the effect of -i is not modelled); exec found"},
		{"bash --rcfile x -c ls", "unknown (--rcfile runs code the model does not read); exec found"},
		{"fish -c 'ls'", "exec found"},
		{"source ./env.sh", "read ./env.sh; exec sh:\"\""},
		{"cd /tmp", "stat /tmp"},
		{"export FOO=1", ""},
		{"history -c", "change (-c)"},
		{"history", ""},
		{"command -v git", ""},
		{"type -a ls", ""},
	})
}

// oldInterpreter is the table the walker held before the programs'
// models answered (shell.Launcher's Interpreter), kept to compare.
func oldInterpreter(name string) (string, []string) {
	switch name {
	case "python", "python2", "python3", "pypy", "pypy3":
		return "python", []string{"-c"}
	case "node", "nodejs", "bun":
		return "javascript", []string{"-e", "--eval", "-p", "--print"}
	case "deno":
		return "javascript", []string{"eval"}
	case "perl":
		return "perl", []string{"-e", "-E"}
	case "ruby":
		return "ruby", []string{"-e"}
	case "php":
		return "php", []string{"-r"}
	case "lua", "luajit":
		return "lua", []string{"-e"}
	case "Rscript":
		return "r", []string{"-e"}
	case "osascript":
		return "applescript", []string{"-e"}
	case "pwsh", "powershell":
		return "powershell", []string{"-c", "-command", "-Command"}
	}
	if strings.HasPrefix(name, "python") {
		return "python", []string{"-c"}
	}
	return "", nil
}

// TestInterpreter: the models answer which programs are interpreters, of
// which language and with which options of inline code, as the walker's
// table did, for every modelled name and a few more.
func TestInterpreter(t *testing.T) {
	t.Parallel()
	names := append(programs.RegistryNames(), "Rscript", "osascript", "python3.12", "pythonw", "pypy3.10", "bunx", "npx", "irb")
	for _, name := range names {
		lang, opts := programs.Launcher.Interpreter(name)
		wantLang, wantOpts := oldInterpreter(name)
		if lang != wantLang || !slices.Equal(opts, wantOpts) {
			t.Errorf("%s: %q %q, want %q %q", name, lang, opts, wantLang, wantOpts)
		}
	}
}

// TestInterpreterCode: the walker reads an interpreter's inline code, or
// the here-document fed to it, as code of its language.
func TestInterpreterCode(t *testing.T) {
	t.Parallel()
	t.Run("interpreter code is captured", func(t *testing.T) {
		a := walk("python3 -c 'import shutil; shutil.rmtree(\"/\")'", "", "")
		if c := a.Commands[0]; c.Lang != "python" || !strings.Contains(c.Code, "rmtree") {
			t.Errorf("lang=%q code=%q", c.Lang, c.Code)
		}
		a = walk("node - <<'JS'\nrequire('fs').rmSync('/x')\nJS", "", "")
		if c := a.Commands[0]; c.Lang != "javascript" || !strings.Contains(c.Code, "rmSync") {
			t.Errorf("lang=%q code=%q", c.Lang, c.Code)
		}
	})
	t.Run("every inline code option is read", func(t *testing.T) {
		for _, tt := range []struct{ src, code string }{
			{`perl -e 1 -e 'system("rm -rf /")'`, "1\nsystem(\"rm -rf /\")"},
			{`perl -w -e 1 -E 2 file`, "1\n2"},
			{`perl -e 1 -- -e 2`, "1"},
			{`perl -e 1 arg -e 2`, "1"},
			{`ruby -e 1 -e 2`, "1\n2"},
			{`node -e 1 -p 2`, "1\n2"},
			{`lua -e 1 -e 2`, "1\n2"},
			// Python's -c ends its options: what follows is sys.argv.
			{`python3 -c 1 -c 2`, "1"},
			{`deno eval --ext ts 1`, "1"},
			{`Rscript -e 1`, "1"},
		} {
			a := walk(tt.src, "", "")
			if c := a.Commands[0]; c.Code != tt.code || len(a.Problems) > 0 || c.RunsInput {
				t.Errorf("Analyze(%q): code=%q problems=%v runsInput=%v, want code %q", tt.src, c.Code, a.Problems, c.RunsInput, tt.code)
			}
		}
	})
	t.Run("arguments after inline code are not code", func(t *testing.T) {
		for _, src := range []string{"perl -e 1 $X", "find . -name '*.txt' | xargs perl -pi -e s/a/b/",
			"ls | xargs perl -pi -e s/a/b/ --", "xargs ruby -e 1 --", "xargs python3 -c 1"} {
			a := walk(src, "", "")
			if c := a.Commands[len(a.Commands)-1]; c.Code == "" || len(a.Problems) > 0 || c.RunsInput {
				t.Errorf("Analyze(%q): code=%q problems=%v runsInput=%v", src, c.Code, a.Problems, c.RunsInput)
			}
		}
	})
	t.Run("input pasted into inline code is code nobody has seen", func(t *testing.T) {
		for src, want := range map[string]bool{
			"xargs -I{} perl -e 'print \"{}\"'":         true,
			"xargs -I{} node -e 'console.log(\"{}\")'":  true,
			"xargs -I{} node -e 'console.log(1)' -- {}": false,
			// perl, ruby, node and lua read options after inline code
			// until --: input there may be a -e of its own.
			"xargs perl -e 'print 1'":              true,
			"ls | xargs perl -pi -e s/a/b/":        true,
			"xargs -I{} ruby -e 'p ARGV' {}":       true,
			"xargs node -p 1":                      true,
			"xargs perl -w -e 1 -n":                true,
			"xargs perl -e 'print 1' --":           false,
			"echo -n | xargs perl -e 'print 1'":    false,
			"xargs -I{} perl -e 1 -- {}":           false,
			"fd -e txt | xargs perl -pi -e s/a/b/": false,
		} {
			got := false
			for _, c := range walk(src, "", "").Commands {
				got = got || c.RunsInput
			}
			if got != want {
				t.Errorf("Analyze(%q): some command runs input = %v, want %v", src, got, want)
			}
		}
	})
}
