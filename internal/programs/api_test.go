package programs_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// onlyReads reports whether a command line's simple command only reads,
// as the engine's safe set judges a modelled command: every effect is a
// read, a look at names, the tool's own credentials or cache, commands
// found on their own or helpers, or a request whose words are all known
// before it runs.
func onlyReads(t *testing.T, cmd string) bool {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	// The command itself, not one of its substitutions.
	cmdAt := a.Commands[len(a.Commands)-1]
	for _, c := range a.Commands {
		if c.Origin == "" {
			cmdAt = c
			break
		}
	}
	for _, e := range programs.Parse(cmdAt).Effects().List {
		switch e.Op {
		case programs.Read, programs.Stat, programs.Cred:
		case programs.Cache:
			if e.Path.Dynamic {
				return false
			}
		case programs.Exec:
			if !e.Found && !e.Helper {
				return false
			}
		case programs.Network:
			for _, d := range e.Data {
				if d.Dynamic || len(d.Subst) > 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// readCase is a command and whether it only reads.
type readCase struct {
	cmd  string
	read bool
}

// checkReads runs a table of read cases.
func checkReads(t *testing.T, cases []readCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := onlyReads(t, tt.cmd); got != tt.read {
				t.Errorf("%q: only reads %v, want %v (%s)", tt.cmd, got, tt.read, effects(t, tt.cmd))
			}
		})
	}
}

// afterStart describes the effects of a command line's first simple
// command that come after its program's start-up effects (see
// Program.Start), which every call of the program has.
func afterStart(t *testing.T, cmd string) string {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	c := programs.Parse(a.Commands[0])
	got := describe(c.Effects())
	if c.Prog == nil || c.Prog.Start == nil {
		return got
	}
	start := new(programs.Effects)
	c.Prog.Start(c, start)
	prefix := describe(start)
	if prefix == "" {
		return got
	}
	if got == prefix {
		return ""
	}
	if rest, ok := strings.CutPrefix(got, prefix+"; "); ok {
		return rest
	}
	t.Fatalf("%q: the effects %s do not start with the start-up effects %s", cmd, got, prefix)
	return ""
}

// checkAfterStart is checkEffects for programs with start-up effects: it
// compares the effects that come after them.
func checkAfterStart(t *testing.T, cases []effectCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := afterStart(t, tt.cmd); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
			}
		})
	}
}

// TestStartEffects checks what every call of the tools with start-up
// effects does.
func TestStartEffects(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"gcloud --version", "exec helper readlink; exec helper dirname; exec helper uname; exec helper python3; exec helper python; " +
			"exec helper git; exec helper ssh; exec helper tput; " +
			"cache ~/.config/gcloud; cache /usr/lib/google-cloud-sdk; cache /usr/share/google-cloud-sdk; " +
			"cache /opt/google-cloud-sdk; cache ~/google-cloud-sdk; cache /snap/google-cloud-cli; network metadata.google.internal"},
		{"CLOUDSDK_CONFIG=/tmp/g gcloud --version", "exec helper readlink; exec helper dirname; exec helper uname; exec helper python3; exec helper python; " +
			"exec helper git; exec helper ssh; exec helper tput; " +
			"cache /tmp/g; cache /usr/lib/google-cloud-sdk; cache /usr/share/google-cloud-sdk; " +
			"cache /opt/google-cloud-sdk; cache ~/google-cloud-sdk; cache /snap/google-cloud-cli; network metadata.google.internal"},
		{"ansible-vault --help", "cred ~/.netrc; cache ~/.ansible; exec helper ldconfig; network /run/uuidd/request; cache /var/lib/libuuid/clock.txt; cache /dev/shm/sem"},
		{"ansible-lint --offline x.yml", "cred ~/.netrc; cache ~/.ansible; exec helper ldconfig; network /run/uuidd/request; " +
			"cache /var/lib/libuuid/clock.txt; cache /dev/shm/sem; exec helper ansible; exec helper ansible-config; " +
			"exec helper ansible-galaxy; exec helper git; cache ~/.cache; read x.yml"},
		{"terraform -help", "cache ~/.terraform.d; network checkpoint-api.hashicorp.com"},
		{"CHECKPOINT_DISABLE=1 terraform -help", ""},
		{"tofu -help", ""},
	})
}
