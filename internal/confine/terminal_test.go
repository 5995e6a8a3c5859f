//go:build linux

package confine

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// inTerminal runs script (a shell script) in a pseudo-terminal of its
// own (script(1)), with the launcher as $L, run as `$L -- COMMAND...`.
// type_ is called with a function that types a line on the terminal.
func (w *world) inTerminal(t *testing.T, p *Profile, shell string, type_ func(typeLine func(string))) string {
	t.Helper()
	if _, err := exec.LookPath("script"); err != nil {
		t.Skip("script(1) is not installed")
	}
	prof, err := json.Marshal(p)
	must(t, err)
	profile := filepath.Join(w.dir, "term-profile.json")
	must(t, os.WriteFile(profile, prof, 0o644))
	run := filepath.Join(w.dir, "term.sh")
	must(t, os.WriteFile(run, []byte("L='"+w.helper+" --profile "+profile+"'\n"+shell), 0o755))
	cmd := exec.Command("script", "-qec", "sh "+run, "/dev/null")
	cmd.Env = append(os.Environ(), helperEnv+"=main", "HOME="+w.home)
	cmd.Dir = w.project
	in, err := cmd.StdinPipe()
	must(t, err)
	var mu sync.Mutex
	var out bytes.Buffer
	r, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	copied := make(chan struct{})
	go func() {
		b := make([]byte, 1024)
		for {
			n, err := r.Read(b)
			mu.Lock()
			out.Write(b[:n])
			mu.Unlock()
			if err != nil {
				close(copied)
				return
			}
		}
	}()
	must(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill() })
	type_(func(line string) { in.Write([]byte(line + "\n")) })
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Error("the terminal's script did not end")
		cmd.Process.Kill()
		<-done
	}
	pw.Close()
	<-copied
	in.Close()
	mu.Lock()
	defer mu.Unlock()
	return out.String()
}

// TestTerminalNotHeld: a launcher whose streams are a terminal gives the
// command pipes, relayed while the call runs: what is typed reaches the
// command and what it writes the terminal (its output and errors in
// their order, through one pipe), but a job it leaves reads
// nothing the person types after the call, `stty -echo` inside leaves
// the terminal's echo on, and /dev/tty opens for nothing in the sandbox.
func TestTerminalNotHeld(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	launched := filepath.Join(w.project, "launched")
	// The jobs wait for the launcher to return, then try each standard
	// stream they were left, reopened as the terminal would be through
	// /proc, and their own terminal.
	wait := `while [ ! -e launched ]; do sleep 0.1; done; `
	job := `for fd in 0 1 2; do setsid sh -c "` + wait + `exec timeout 5 cat </proc/self/fd/9 >keys$fd" 9<&$fd 2>/dev/null >/dev/null </dev/null & done; ` +
		`setsid sh -c '` + wait + `exec timeout 5 cat </dev/tty >keystty' 2>/dev/null >/dev/null </dev/null &`
	shell := `$L -- sh -c '` + strings.ReplaceAll(job, `'`, `'\''`) + `'
$L -- sh -c 'touch reading; read -r X; echo "command-read=[$X]"; stty -echo; echo "stty=$?"; if echo x >/dev/tty; then echo tty-opened; fi'
$L -- sh -c 'echo out1; echo err1 >&2; echo out2'
touch ` + launched + `
sleep 1; read -r PW; echo "person-read=[$PW]"
stty -a | tr ' ' '\n' | grep -x -- '-\?echo'
`
	var typed bool
	out := w.inTerminal(t, p, shell, func(typeLine func(string)) {
		// The second call reads a line.
		if !waitFile(filepath.Join(w.project, "reading")) {
			return
		}
		typeLine("for-the-command")
		if !waitFile(launched) {
			return
		}
		typed = true
		typeLine("hunter2-typed")
		// For the person's read, when a job took the first.
		time.Sleep(2 * time.Second)
		typeLine("second")
	})
	if !typed {
		t.Fatalf("the calls did not end; terminal:\n%s", out)
	}
	for _, want := range []string{"command-read=[for-the-command]", "person-read=[hunter2-typed]", "\necho\r", "out1\r\nerr1\r\nout2\r\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal shows no %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"stty=0", "tty-opened", "\n-echo\r"} {
		if strings.Contains(out, bad) {
			t.Errorf("the terminal shows %q:\n%s", bad, out)
		}
	}
	time.Sleep(500 * time.Millisecond)
	for _, name := range []string{"keys0", "keys1", "keys2", "keystty"} {
		if b, err := os.ReadFile(filepath.Join(w.project, name)); err == nil && len(b) > 0 {
			t.Errorf("a job left by the call read the terminal into %s: %q", name, b)
		}
	}
}
