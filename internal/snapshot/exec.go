package snapshot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/layout"
)

// ExecCompiler runs `governance compile` for a project and decodes the
// snapshot it prints. The governance binary is looked for next to the
// running executable, then on PATH. The program is given the folders p
// names (see [CompileEnv]), not whatever the environment says.
func ExecCompiler(p layout.Paths) (*Snapshot, error) {
	bin, err := CompilerPathFor(p.ProjectRoot)
	if err != nil {
		return nil, err
	}
	out, stderr, err := run(bin, []string{"compile", "--dir", p.ProjectRoot, "--print"}, "", CompileEnv(os.Environ(), p), nil, 20*time.Second)
	if exit, ok := errors.AsType[*exec.ExitError](err); ok {
		msg := strings.TrimSpace(string(stderr))
		if msg == "" {
			msg = exit.String()
		}
		return nil, fmt.Errorf("%s compile failed: %s", bin, msg)
	}
	if err != nil {
		return nil, err
	}
	return Decode(out)
}

// Run runs the program bin with input on its standard input (none when
// nil), in dir ("" for the current folder), killing it after the timeout,
// and returns what it printed on standard output and standard error. A
// program that ends unsuccessfully returns an error wrapping its
// *exec.ExitError.
func Run(bin string, args []string, dir string, input []byte, timeout time.Duration) (stdout, stderr []byte, err error) {
	return run(bin, args, dir, nil, input, timeout)
}

// CompileEnv is the environment env with the variables that place the
// configuration set to the folders p names: HOME, XDG_CONFIG_HOME and
// XDG_STATE_HOME. [layout.Discover] resolves p from it again.
func CompileEnv(env []string, p layout.Paths) []string {
	set := map[string]string{"HOME": p.Home, "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""}
	if p.UserDir != "" {
		set["XDG_CONFIG_HOME"] = filepath.Dir(p.UserDir)
	}
	if p.StateDir != "" {
		set["XDG_STATE_HOME"] = filepath.Dir(p.StateDir)
	}
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; !ok {
			out = append(out, kv)
		}
	}
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"} {
		if set[k] != "" {
			out = append(out, k+"="+set[k])
		}
	}
	return out
}

// run is [Run] with an environment (nil: the process's own).
func run(bin string, args []string, dir string, env []string, input []byte, timeout time.Duration) (stdout, stderr []byte, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	// bin is a path that CompilerPath found, not a name to look up on
	// PATH (which refuses a program found in the current folder).
	cmd.Path, cmd.Err = bin, nil
	cmd.Dir = dir
	cmd.Env = env
	if input != nil {
		cmd.Stdin = bytes.NewReader(input)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if exit, ok := errors.AsType[*exec.ExitError](err); ok {
		err = fmt.Errorf("%s %s: %w", bin, strings.Join(args, " "), exit)
	}
	return out, errb.Bytes(), err
}

// CompilerPath is [CompilerPathFor] the current folder alone.
func CompilerPath() (string, error) { return CompilerPathFor() }

// CompilerPathFor finds the governance program: next to the running
// executable, then on PATH (see locate.Program), never inside projects
// or the current folder.
func CompilerPathFor(projects ...string) (string, error) {
	if exe, err := os.Executable(); err == nil {
		cand := filepath.Join(filepath.Dir(exe), "governance")
		if fi, err := os.Stat(cand); err == nil && !fi.IsDir() {
			return cand, nil
		}
	}
	// The hook runs it on the host: never one from a PATH folder a
	// confined call can write (the project's activated .venv/bin: the
	// current folder's, and projects') or a relative one.
	cwd, _ := os.Getwd()
	if cand := locate.Program(os.Getenv("PATH"), "governance", locate.Folders(append(projects, cwd)...)); cand != "" {
		return cand, nil
	}
	return "", fmt.Errorf("the governance binary, which compiles the YAML configuration, was not found next to governance-hook or on PATH; install both binaries")
}
