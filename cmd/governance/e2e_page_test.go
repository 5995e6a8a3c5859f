package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium finds Debian's chromium, which scripts/install-test-tools
// installs (make test runs it). In CI a missing browser is a failure.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	notInstalled(t, "chromium is not installed")
	return ""
}

// startDaemon runs governance daemon as its own process in dir, until the
// test ends, and returns the page address with its token. The daemon's
// output is a pipe, not a terminal: it prints the address without the
// token, which governance daemon --url prints.
func startDaemon(t *testing.T, dir string, environ []string) string {
	t.Helper()
	daemon := exec.Command(os.Args[0], "daemon", "--idle-timeout", "0")
	daemon.Dir = dir
	daemon.Env = append(environ, "GOVERNANCE_TEST_RUN=governance")
	out, err := daemon.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemon.Process.Signal(os.Interrupt); daemon.Wait() })
	page := ""
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "page: "); ok {
			page = u
			break
		}
	}
	if page == "" {
		t.Fatal("the daemon printed no page address")
	}
	if strings.Contains(page, "token=") || !strings.Contains(page, "daemon.token") {
		t.Fatalf("the daemon printed its token to a pipe, or not where it is: %s", page)
	}
	go func() {
		for sc.Scan() {
		}
	}()
	url := exec.Command(os.Args[0], "daemon", "--url")
	url.Dir = dir
	url.Env = append(environ, "GOVERNANCE_TEST_RUN=governance")
	got, err := url.Output()
	if err != nil {
		t.Fatalf("governance daemon --url: %v", err)
	}
	return strings.TrimSpace(string(got))
}

// The whole approvals loop with a real browser: the daemon runs, a hook
// waits on an approval, headless Chromium opens the daemon's page and
// clicks Approve, and the waiting hook prints allow.
func TestApprovePageInChromium(t *testing.T) {
	browser := chromium(t)
	dir, home := project(t)
	withUserConfig(t, dir, home, "default: ask\napprovals: out-of-band\napproval_wait: 90s\n")
	environ := homeEnv(home, "GOVERNANCE_NO_NOTIFY=1", "CLAUDE_PROJECT_DIR=")

	page := startDaemon(t, dir, environ)

	// A hook that waits for a human.
	hook := exec.Command(os.Args[0], "claude")
	hook.Dir = dir
	hook.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook")
	hook.Stdin = bytes.NewReader(preToolUse(dir, "page-1", "npm install left-pad"))
	var reply bytes.Buffer
	hook.Stdout = &reply
	if err := hook.Start(); err != nil {
		t.Fatal(err)
	}
	id := pendingID(t, home)

	// Headless Chromium opens the page and clicks Approve.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	approve, row := chromedp.ID("approve-"+id), chromedp.ID("approval-"+id)
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitVisible(approve)); err != nil {
		t.Fatalf("opening the page: %v", err)
	}
	before, err := chromedp.Run(ctx, chromedp.Text(row))
	if err != nil {
		t.Fatalf("reading the approval: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(approve), chromedp.WaitNotPresent(row)); err != nil {
		t.Fatalf("approving: %v", err)
	}
	after, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	if !strings.Contains(before, "npm install left-pad") {
		t.Errorf("the page showed %q for the approval", before)
	}
	if !strings.Contains(after, "Nothing is waiting.") {
		t.Errorf("after approving, the page shows: %s", after)
	}

	done := make(chan error, 1)
	go func() { done <- hook.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the hook did not return after the approval")
	}
	if !strings.Contains(reply.String(), `"permissionDecision":"allow"`) || !strings.Contains(reply.String(), "human-approval "+id) {
		t.Fatalf("the waiting hook printed: %s", reply.String())
	}
}
