package confine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// ProfileEnv names the environment variable that holds the profile when
// no --profile is given: JSON, or the path of a file holding it.
const ProfileEnv = "GOVERNANCE_CONFINE_PROFILE"

// ExitRefused is the launcher's exit status when it refuses to run the
// command: the profile is bad or the machine cannot confine. The
// command's own status passes through unchanged.
const ExitRefused = 125

const usage = `usage: governance-confine [--profile FILE-or-JSON] -- COMMAND [ARG...]

Runs COMMAND confined by a profile (JSON, or a file holding it; default
$` + ProfileEnv + `) with bubblewrap. The command's output and exit status
pass through unchanged; when the profile cannot be applied or the machine
cannot confine, the command does not run and the status is 125.
`

// Main is governance-confine: it reads the profile, runs the command
// under it and returns the exit status.
func Main(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("governance-confine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	profile := fs.String("profile", os.Getenv(ProfileEnv), "the profile: JSON, or a file holding it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	argv := fs.Args()
	if len(argv) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	refuse := func(err error) int {
		fmt.Fprintf(stderr, "governance: error: refusing to run %s unconfined: %v\n", argv[0], err)
		if errors.Is(err, ErrCannotConfine) {
			fmt.Fprintln(stderr, "governance: hint: the command was not run; confinement needs bubblewrap, user namespaces and a fresh /proc")
		}
		return ExitRefused
	}
	if *profile == "" {
		return refuse(fmt.Errorf("%w: no profile (--profile or $%s)", ErrProfile, ProfileEnv))
	}
	data := []byte(*profile)
	if !strings.HasPrefix(strings.TrimSpace(*profile), "{") {
		var err error
		if data, err = os.ReadFile(*profile); err != nil {
			return refuse(fmt.Errorf("%w: %v", ErrProfile, err))
		}
	}
	p, err := Parse(data)
	if err != nil {
		return refuse(err)
	}
	l := &Launcher{Env: os.Environ(), Stdin: stdin, Stdout: stdout, Stderr: stderr}
	code, err := l.Run(context.Background(), p, argv)
	if err != nil {
		return refuse(err)
	}
	return code
}
