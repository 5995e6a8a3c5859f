//go:build linux

package confine

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRealProjects runs what an agent runs in a Go, a Node and a Python
// project (build, test, lint, a dev server reached on loopback, a
// commit), each as the hook rewrites a call of unknown effects, and
// unconfined: what works unconfined must work confined. The times of both
// are logged (docs/confinement.md has the figures). The tools come from
// scripts/install-test-tools (test-tools.d/projects.sh); a missing one
// skips its project, and fails in CI.
func TestRealProjects(t *testing.T) {
	needBwrap(t)
	if testing.Short() {
		t.Skip("runs real builds")
	}
	self, err := os.Executable()
	must(t, err)
	tmp := t.TempDir()
	// The person's configuration, state and confined caches are the
	// test's own; the tools' stores and Go's build cache are the
	// machine's, as an agent's call finds them.
	env := append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"), "XDG_STATE_HOME="+filepath.Join(tmp, "state"),
		"XDG_CACHE_HOME="+filepath.Join(tmp, "cache"), "GOPROXY=off", "GOTOOLCHAIN=local", "GOFLAGS=")
	if goEnv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output(); err == nil {
		if f := strings.Fields(string(goEnv)); len(f) == 2 {
			env = append(env, "GOCACHE="+f[0], "GOMODCACHE="+f[1])
		}
	}
	// bin holds the governance program, which compiles a configuration
	// (the grant's); a policy that does not compile refuses every call.
	bin := filepath.Join(tmp, "bin")
	run := func(t *testing.T, root, cmd string, confined bool) (int, string, time.Duration) {
		t.Helper()
		env := append(env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		argv := []string{"bash", "-c", cmd}
		c := exec.Command(argv[0], argv[1:]...)
		c.Env = env
		if confined {
			c = exec.Command(self, "--kind", "unknown-effects", "--project", root, "--", "bash", "-c", cmd)
			c.Env = append(env, helperEnv+"=main")
		}
		c.Dir = root
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		// A process the step leaves holding its output fails the step
		// rather than hang the package.
		c.WaitDelay = time.Minute
		start := time.Now()
		err := c.Run()
		took := time.Since(start)
		if errors.Is(err, exec.ErrWaitDelay) {
			t.Errorf("%q left a process holding its output", cmd)
		}
		code := 0
		if err != nil {
			code = -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
		}
		return code, out.String(), took
	}
	for _, pr := range realProjects(t) {
		t.Run(pr.name, func(t *testing.T) {
			if missing := pr.missing(); missing != "" {
				if os.Getenv("CI") == "true" {
					t.Fatalf("%s is missing in CI: scripts/install-test-tools installs it", missing)
				}
				t.Skipf("%s is not installed", missing)
			}
			root := filepath.Join(tmp, pr.name)
			must(t, os.MkdirAll(root, 0o755))
			pr.setup(t, root)
			gitInit(t, root)
			for _, step := range pr.steps {
				code, out, plain := run(t, root, step.cmd, false)
				if code != 0 {
					t.Fatalf("%s unconfined: status %d\n%s", step.name, code, out)
				}
				code, out, confined := run(t, root, step.cmd, true)
				if code != 0 {
					t.Errorf("%s confined: status %d (unconfined 0)\n%s", step.name, code, out)
				}
				t.Logf("%-10s unconfined %6d ms, confined %6d ms", step.name, plain.Milliseconds(), confined.Milliseconds())
			}
			if pr.grant != nil {
				build := exec.Command("go", "build", "-o", filepath.Join(bin, "governance"), "./cmd/governance")
				build.Dir = repoRoot(t)
				if out, err := build.CombinedOutput(); err != nil {
					t.Fatalf("building governance: %v\n%s", err, out)
				}
				pr.grant(t, root, func(cmd string) (int, string) {
					code, out, _ := run(t, root, cmd, true)
					return code, out
				})
			}
		})
	}
}

type realProject struct {
	name  string
	tools []string
	setup func(t *testing.T, root string)
	steps []struct{ name, cmd string }
	// grant, when set, checks what needs a grant of the configuration.
	grant func(t *testing.T, root string, confined func(cmd string) (int, string))
}

// missing names the first tool of the project that is not installed.
func (p *realProject) missing() string {
	for _, tool := range p.tools {
		if filepath.IsAbs(tool) {
			if _, err := os.Stat(tool); err != nil {
				return tool
			}
		} else if _, err := exec.LookPath(tool); err != nil {
			return tool
		}
	}
	return ""
}

// devServer is the shell code that starts a dev server in the background,
// reaches it on loopback (with bash's /dev/tcp: no client needed), and
// stops it. The server is stopped however the script ends (an EXIT trap),
// and a write to a server that already answered and closed (bash's printf
// writes line by line, and the second line meets the server's reset) is an
// error, not a SIGPIPE that ends the script and leaves the server holding
// the call's output. A connection that does not answer hello (a port the
// kernel handed to the client itself, in the ephemeral range) is tried
// again.
func devServer(port int, start string) string {
	return fmt.Sprintf(`set -m; %s >/tmp/dev-server.log 2>&1 & pid=$!
trap '' PIPE; trap 'kill -- -$pid 2>/dev/null' EXIT
ok=1
for i in $(seq 1800); do
  if { exec 3<>/dev/tcp/127.0.0.1/%d; } 2>/dev/null; then
    printf 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3 2>/dev/null; cat <&3 2>/dev/null | grep -q hello && ok=0; exec 3>&-
    [ $ok = 0 ] && break
  fi
  sleep 0.1
done
[ $ok = 0 ] || cat /tmp/dev-server.log >&2; exit $ok`, start, port)
}

const commitStep = `echo change >> CHANGES && git add CHANGES && git commit -qm change && git log --oneline | grep -q change`

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func gitInit(t *testing.T, root string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", "init"}} {
		c := exec.Command("git", args...)
		c.Dir = root
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args, err, out)
		}
	}
	// The identity a commit needs, as a person's repository has it.
	c := exec.Command("git", "config", "user.email", "test@example.com")
	c.Dir = root
	must(t, c.Run())
	c = exec.Command("git", "config", "user.name", "Test")
	c.Dir = root
	must(t, c.Run())
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(body), 0o644))
	}
}

// repoRoot is the governance module's root, whose .tools folder holds
// the Node project's packages.
func repoRoot(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

func realProjects(t *testing.T) []*realProject {
	goPort, nodePort, pyPort := freePort(t), freePort(t), freePort(t)
	nodeModules := filepath.Join(repoRoot(t), ".tools", "projects", "node_modules")
	steps := func(s ...string) []struct{ name, cmd string } {
		var out []struct{ name, cmd string }
		for i := 0; i+1 < len(s); i += 2 {
			out = append(out, struct{ name, cmd string }{s[i], s[i+1]})
		}
		return out
	}
	return []*realProject{{
		// A module with a dependency from the module cache (the one
		// governance itself requires, so that CI has it offline).
		name:  "go",
		tools: []string{"go", "git"},
		setup: func(t *testing.T, root string) {
			writeFiles(t, root, map[string]string{
				".gitignore": ".serve\n",
				"go.mod":     "module example.com/globs\n\ngo 1.22\n\nrequire github.com/bmatcuk/doublestar/v4 v4.10.4\n",
				"go.sum": "github.com/bmatcuk/doublestar/v4 v4.10.4 h1:oTKkRmRuOsKMqFe1AQazd9gGBFNEpOmgKp/xzB97dnA=\n" +
					"github.com/bmatcuk/doublestar/v4 v4.10.4/go.mod h1:xBQ8jztBU6kakFMg+8WGxn0c6z1fTSPVIjEY1Wr7jzc=\n",
				"globs.go": "// Package globs matches paths.\npackage globs\n\nimport \"github.com/bmatcuk/doublestar/v4\"\n\n" +
					"// Match reports whether name matches pattern.\nfunc Match(pattern, name string) bool {\n\tok, _ := doublestar.Match(pattern, name)\n\treturn ok\n}\n",
				"globs_test.go": "package globs\n\nimport \"testing\"\n\nfunc TestMatch(t *testing.T) {\n\tif !Match(\"**/*.go\", \"a/b.go\") {\n\t\tt.Fatal(\"no match\")\n\t}\n}\n",
				"cmd/serve/main.go": "// Command serve is a dev server.\npackage main\n\nimport (\n\t\"net\"\n\t\"os\"\n\n\t\"example.com/globs\"\n)\n\n" +
					"func main() {\n\tl, err := net.Listen(\"tcp\", \"127.0.0.1:\"+os.Args[1])\n\tif err != nil {\n\t\tpanic(err)\n\t}\n" +
					"\tfor {\n\t\tc, err := l.Accept()\n\t\tif err != nil {\n\t\t\tcontinue\n\t\t}\n\t\tif globs.Match(\"*\", \"x\") {\n" +
					"\t\t\tc.Write([]byte(\"HTTP/1.0 200 OK\\r\\n\\r\\nhello\\n\"))\n\t\t}\n\t\tc.Close()\n\t}\n}\n",
			})
		},
		steps: steps("build", "go build ./...", "test", "go test -count=1 ./...", "lint", "go vet ./...",
			"dev server", devServer(goPort, "go build -o .serve ./cmd/serve && ./.serve "+strconv.Itoa(goPort)), "commit", commitStep),
	}, {
		// TypeScript, a test runner and a linter from the npm registry
		// at pinned versions (installed once under .tools/projects).
		name:  "node",
		tools: []string{"node", "npm", "git", filepath.Join(nodeModules, "typescript"), filepath.Join(nodeModules, "uvu"), filepath.Join(nodeModules, "eslint")},
		setup: func(t *testing.T, root string) {
			writeFiles(t, root, map[string]string{
				"package.json": `{"name": "greet", "private": true, "type": "module", "scripts": {"build": "tsc", "test": "uvu dist/test",` +
					` "lint": "eslint dist", "dev": "node dist/src/server.js"}}` + "\n",
				"tsconfig.json": `{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "outDir": "dist",` +
					` "strict": true, "types": ["node"]}, "include": ["src", "test"]}` + "\n",
				".eslintrc.json": `{"root": true, "env": {"node": true, "es2022": true}, "parserOptions": {"ecmaVersion": 2022, "sourceType": "module"},` +
					` "extends": "eslint:recommended"}` + "\n",
				".gitignore":    "node_modules\ndist\n",
				"src/greet.ts":  "export function greet(name: string): string {\n  return `hello, ${name}`;\n}\n",
				"src/server.ts": "import { createServer } from \"node:http\";\nimport { greet } from \"./greet.js\";\n\ncreateServer((_req, res) => {\n  res.end(greet(\"dev\") + \"\\n\");\n}).listen(Number(process.env.PORT), \"127.0.0.1\");\n",
				"test/greet.test.ts": "import { test } from \"uvu\";\nimport * as assert from \"uvu/assert\";\nimport { greet } from \"../src/greet.js\";\n\n" +
					"test(\"greet\", () => {\n  assert.is(greet(\"x\"), \"hello, x\");\n});\ntest.run();\n",
			})
			// The packages as npm ci leaves them: a copy in the project.
			if out, err := exec.Command("cp", "-r", nodeModules, filepath.Join(root, "node_modules")).CombinedOutput(); err != nil {
				t.Fatalf("copying node_modules: %v\n%s", err, out)
			}
		},
		steps: steps("build", "npm run build", "test", "npm test", "lint", "npm run lint",
			"dev server", devServer(nodePort, "PORT="+strconv.Itoa(nodePort)+" npm run dev"), "commit", commitStep),
	}, {
		// Debian's python3 with pytest and flake8 from Debian packages;
		// one test reads the project's .env, which needs a grant.
		name:  "python",
		tools: []string{"/usr/bin/python3", "pytest-3", "flake8", "git"},
		setup: func(t *testing.T, root string) {
			writeFiles(t, root, map[string]string{
				"greet/__init__.py": "\"\"\"Greetings, with settings from the project's .env.\"\"\"\n\n\n" +
					"def settings(path=\".env\"):\n    out = {}\n    with open(path) as f:\n        for line in f:\n" +
					"            key, sep, value = line.strip().partition(\"=\")\n            if sep:\n                out[key] = value\n    return out\n\n\n" +
					"def greet(name):\n    return f\"hello, {name}\"\n",
				"greet/server.py": "\"\"\"A dev server.\"\"\"\nimport http.server\nimport sys\n\nfrom greet import greet\n\n\n" +
					"class Handler(http.server.BaseHTTPRequestHandler):\n    def do_GET(self):\n        self.send_response(200)\n        self.end_headers()\n" +
					"        self.wfile.write((greet(\"dev\") + \"\\n\").encode())\n\n\n" +
					"if __name__ == \"__main__\":\n    address = (\"127.0.0.1\", int(sys.argv[1]))\n    http.server.HTTPServer(address, Handler).serve_forever()\n",
				"tests/test_greet.py":    "from greet import greet\n\n\ndef test_greet():\n    assert greet(\"x\") == \"hello, x\"\n",
				"tests/test_settings.py": "from greet import settings\n\n\ndef test_settings_from_env_file():\n    assert settings()[\"APP_GREETING\"] == \"hi\"\n",
				"pytest.ini":             "[pytest]\npythonpath = .\n",
				".env":                   "APP_GREETING=hi\nAPI_KEY=sk-test-not-a-real-key\n",
				".gitignore":             ".env\n__pycache__/\n.pytest_cache/\n",
			})
		},
		steps: steps("build", "/usr/bin/python3 -m compileall -q greet", "test", "pytest-3 -q tests/test_greet.py",
			"lint", "flake8 greet tests", "dev server", devServer(pyPort, "/usr/bin/python3 -m greet.server "+strconv.Itoa(pyPort)),
			"commit", commitStep),
		grant: func(t *testing.T, root string, confined func(string) (int, string)) {
			// The test that reads .env sees it empty until a person grants it.
			if code, out := confined("pytest-3 -q tests/test_settings.py"); code == 0 {
				t.Errorf("a confined test read .env without a grant:\n%s", out)
			}
			cfg := filepath.Join(filepath.Dir(root), "config", "governance", "config.yaml")
			must(t, os.MkdirAll(filepath.Dir(cfg), 0o755))
			must(t, os.WriteFile(cfg, []byte("confine_grants:\n  read: [.env]\n"), 0o644))
			defer os.Remove(cfg)
			if code, out := confined("pytest-3 -q tests/test_settings.py && echo x >> .env"); code == 0 || !strings.Contains(out, "1 passed") {
				t.Errorf("granted .env: want the test passed and .env read-only; status %d\n%s", code, out)
			}
		},
	}}
}
