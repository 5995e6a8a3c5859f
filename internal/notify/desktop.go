package notify

import (
	"context"
	"errors"
	"os/exec"
	"strings"
)

// ErrNoDesktop is returned when there is no display to notify on, or no
// notifier program.
var ErrNoDesktop = errors.New("no desktop to notify")

// Desktop shows desktop notifications: notify-send on Linux and the other
// Unix systems when a display or a session bus is there, osascript on
// macOS outside an SSH session.
type Desktop struct {
	GOOS     string
	Getenv   func(string) string
	LookPath func(string) (string, error)
}

// Show shows m, waiting for the notifier no longer than ctx allows.
func (d *Desktop) Show(ctx context.Context, m Message) error {
	name, args, ok := d.command(m)
	if !ok {
		return nil
	}
	path, err := d.LookPath(name)
	if err != nil {
		return nil
	}
	cmd := exec.CommandContext(ctx, path, args...)
	if err := cmd.Run(); err != nil {
		return errors.Join(errors.New("desktop notification: "+name), err)
	}
	return nil
}

// command is the notifier to run for m, and whether one applies here.
func (d *Desktop) command(m Message) (string, []string, bool) {
	switch d.GOOS {
	case "windows", "plan9", "js", "wasip1":
		return "", nil, false
	case "darwin":
		if d.Getenv("SSH_CONNECTION") != "" {
			return "", nil, false
		}
		script := "display notification " + appleString(m.Text()) + " with title " + appleString(m.Title())
		return "osascript", []string{"-e", script}, true
	}
	if d.Getenv("DISPLAY") == "" && d.Getenv("WAYLAND_DISPLAY") == "" && d.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		return "", nil, false
	}
	// "--" ends the options: a call that begins with "-" is text.
	return "notify-send", []string{"--app-name=governance", "--urgency=normal", "--", m.Title(), m.Text()}, true
}

// appleString quotes s as an AppleScript string literal.
func appleString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
