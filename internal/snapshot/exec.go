package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/layout"
)

// ExecCompiler runs `governance compile` for a project and decodes the
// snapshot it prints. The governance binary is looked for next to the
// running executable, then on PATH. (It uses os.StartProcess rather than
// os/exec to keep the hook binary small.)
func ExecCompiler(p layout.Paths) (*Snapshot, error) {
	bin, err := CompilerPath()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	devnull, _ := os.Open(os.DevNull)
	proc, err := os.StartProcess(bin, []string{bin, "compile", "--project", p.ProjectRoot},
		&os.ProcAttr{Files: []*os.File{devnull, outW, errW}})
	outW.Close()
	errW.Close()
	if devnull != nil {
		devnull.Close()
	}
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, err
	}
	timer := time.AfterFunc(20*time.Second, func() { proc.Kill() })
	defer timer.Stop()
	var out, errb bytes.Buffer
	done := make(chan struct{})
	go func() { io.Copy(&errb, errR); close(done) }()
	io.Copy(&out, outR)
	<-done
	outR.Close()
	errR.Close()
	state, err := proc.Wait()
	if err != nil {
		return nil, err
	}
	if !state.Success() {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = state.String()
		}
		return nil, fmt.Errorf("%s compile failed: %s", bin, msg)
	}
	return Decode(out.Bytes())
}

// CompilerPath finds the governance program: next to the running
// executable, then on PATH.
func CompilerPath() (string, error) {
	if exe, err := os.Executable(); err == nil {
		cand := filepath.Join(filepath.Dir(exe), "governance")
		if fi, err := os.Stat(cand); err == nil && !fi.IsDir() {
			return cand, nil
		}
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		cand := filepath.Join(dir, "governance")
		if fi, err := os.Stat(cand); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return cand, nil
		}
	}
	return "", fmt.Errorf("the governance binary, which compiles the YAML configuration, was not found next to governance-hook or on PATH; install both binaries")
}
