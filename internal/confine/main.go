package confine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agentgov/governance/internal/checkpoint"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// ProfileEnv names the environment variable that holds the profile when
// no --profile is given: JSON, or the path of a file holding it.
const ProfileEnv = "GOVERNANCE_CONFINE_PROFILE"

// ExitRefused is the launcher's exit status when it refuses to run the
// command: the profile is bad or the machine cannot confine. The
// command's own status passes through unchanged.
const ExitRefused = 125

const usage = `usage: governance-confine [--profile FILE-or-JSON] -- COMMAND [ARG...]
       governance-confine --kind KIND [--project ROOT] [--harness NAME] [--decision ID [--require-checkpoint]] -- COMMAND [ARG...]

Runs COMMAND confined by a profile (JSON, or a file holding it; default
$` + ProfileEnv + `) in a sandbox the launcher sets up itself, or
bubblewrap's where the kernel cannot have it ($` + BackendEnv + `=bubblewrap
asks for bubblewrap always). With --kind (unknown-effects or
read-only) the launcher builds the profile itself from the policy of the
project (ROOT, else the project of the current folder), as the hook that
rewrote the call decides with. --harness names the harness that made the
call (claude, codex, gemini, cursor, copilot, opencode): its absent
settings are held by placeholders, another harness's only where that
harness has a folder of its own (without --harness, all are). With
--decision, a call of unknown effects first gets a checkpoint of the
project's files under that decision ID (governance restore ID brings
them back); where none can be taken, the command runs without one and
says so, or with --require-checkpoint does not run. The command's output and exit status pass through unchanged;
when the profile cannot be applied or the machine cannot confine, the
command does not run and the status is 125. With $` + CwdEnv + ` set to
a file in /tmp, a shell script's (bash -c) final folder is written there
when it is a folder the call was shown.
`

// Main is governance-confine with no fallback: it reads the profile,
// runs the command under it and returns the exit status.
func Main(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	return MainWith(nil, stdin, stdout, stderr, args)
}

// MainWith is governance-confine with a fallback for where bubblewrap
// is installed but cannot set up its namespaces: the command then runs
// under the fallback, with a note on stderr saying which confinement
// applied and what it does not enforce, or not at all.
func MainWith(fallback Fallback, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	if os.Getenv(ReapEnv) == "1" && reaping() {
		return Reap(args)
	}
	// A variable set by anyone else than a launcher starting its reaper
	// is not passed on.
	os.Unsetenv(ReapEnv)
	fs := flag.NewFlagSet("governance-confine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	profile := fs.String("profile", os.Getenv(ProfileEnv), "the profile: JSON, or a file holding it")
	kind := fs.String("kind", "", "build the profile of this kind from the project's policy")
	project := fs.String("project", "", "the project's root, with --kind")
	decision := fs.String("decision", "", "checkpoint the project under this decision ID first, with --kind unknown-effects")
	required := fs.Bool("require-checkpoint", false, "with --decision: do not run the command when no checkpoint can be taken")
	harness := fs.String("harness", "", "with --kind: the harness that made the call, as the hook names it")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *decision != "" && (Kind(*kind) != UnknownEffects || !checkpoint.ValidID(*decision)) || *required && *decision == "" {
		fmt.Fprintln(stderr, "governance: error: --decision takes a decision ID, with --kind unknown-effects; --require-checkpoint needs --decision")
		return 2
	}
	if *harness != "" && *kind == "" {
		fmt.Fprintln(stderr, "governance: error: --harness goes with --kind")
		return 2
	}
	argv := fs.Args()
	if len(argv) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	// The sandbox's init starts now, and sets the sandbox up once the
	// profile is built (see sandbox_early_linux.go).
	early := startEarly(os.Environ())
	defer early.discard()
	refuse := func(err error) int {
		fmt.Fprintf(stderr, "governance: error: refusing to run %s unconfined: %v\n", argv[0], err)
		if errors.Is(err, ErrCannotConfine) {
			fmt.Fprintln(stderr, "governance: hint: the command was not run; confinement needs bubblewrap, user namespaces and a fresh /proc")
		}
		return ExitRefused
	}
	var p *Profile
	var paths layout.Paths
	var err error
	switch {
	case *kind != "":
		p, paths, err = projectProfile(Kind(*kind), *project, *harness, os.Getenv)
	case *profile == "":
		err = fmt.Errorf("%w: no profile (--profile, --kind or $%s)", ErrProfile, ProfileEnv)
	default:
		p, err = readProfile(*profile)
	}
	if err != nil {
		return refuse(err)
	}
	if *decision != "" {
		if err := takeCheckpoint(paths, *decision); err != nil {
			if *required {
				fmt.Fprintf(stderr, "governance: error: refusing to run %s: a person watches this session, and no checkpoint of the project could be taken first: %v\n", argv[0], err)
				fmt.Fprintln(stderr, "governance: hint: the command was not run; ask the user to run it, or to approve it with `governance run --why \"REASON\" -- COMMAND`")
				return ExitRefused
			}
			fmt.Fprintf(stderr, "governance: warning: no checkpoint of the project was taken before this command: %v\n", err)
		}
	}
	argv, reported := cwdReport(p, argv)
	l := &Launcher{Env: os.Environ(), Project: paths.ProjectRoot, StateDir: paths.StateDir, Stdin: stdin, Stdout: stdout, Stderr: stderr, early: early}
	code, err := l.Run(context.Background(), p, argv)
	if err != nil && fallback != nil && errors.Is(err, ErrNoNamespaces) && runtime.GOOS == "linux" {
		if ferr := fallback.Available(); ferr != nil {
			return refuse(fmt.Errorf("%w; no fallback: %v", err, ferr))
		}
		fmt.Fprintf(stderr, "governance: note: bubblewrap cannot set up its namespaces here; %s runs confined by %s\n", argv[0], fallback.Describe())
		code, err := runFallback(fallback, p, argv, stdin, stdout, stderr)
		if err != nil {
			return refuse(err)
		}
		return code
	}
	if err != nil {
		return refuse(err)
	}
	reported()
	return code
}

// readProfile reads a profile given as JSON or as a file holding it.
func readProfile(arg string) (*Profile, error) {
	data := []byte(arg)
	if !strings.HasPrefix(strings.TrimSpace(arg), "{") {
		var err error
		if data, err = os.ReadFile(arg); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrProfile, err)
		}
	}
	return Parse(data)
}

// ErrPolicy is wrapped by the error of a profile that cannot be built
// because the project's policy does not load.
var ErrPolicy = errors.New("the project's policy does not load")

// projectProfile builds the profile of a call of the given kind made in
// the current folder, from the policy of its project loaded through the
// same snapshot the hook decides with: the launcher a hook's rewrite
// names builds the profile at run time, so the hook never walks the
// project for secrets. harness is the harness that made the call, whose
// names are held (see [engine.Engine.ProtectedHolds]); "" holds every
// harness's.
func projectProfile(kind Kind, project, harness string, getenv func(string) string) (*Profile, layout.Paths, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, layout.Paths{}, fmt.Errorf("%w: the current folder: %v", ErrProfile, err)
	}
	paths := layout.Discover(cwd, project, getenv)
	// The compiled policy's file, stamped before it is read: a policy
	// compiled anew meanwhile keys the index it finds under a stamp that
	// no longer matches, and the next call walks again.
	policyStamp := "built-in"
	if st, ok := stampOf(snapshot.CachePath(paths)); ok {
		policyStamp = fmt.Sprintf("%d %d %d %d", st.Size, st.Mtime, st.Ctime, st.Ino)
	}
	pol := snapshot.Load(paths, snapshot.ExecCompiler)
	if pol.Err != nil {
		return nil, paths, fmt.Errorf("%w: %v", ErrPolicy, pol.Err)
	}
	if !engine.HarnessDialect(harness) {
		// Direct use, or a harness this launcher does not know: every
		// harness's names held.
		harness = "confine"
	}
	req := &engine.Request{Harness: harness, Cwd: cwd, ProjectRoot: paths.ProjectRoot, Home: paths.Home,
		Tool: engine.Tool{Kind: engine.KindShell}}
	stores, caches := ToolFolders(getenv, paths.Home)
	opts := Options{Tools: DefaultTools, Stores: stores, Layers: caches, LayerDir: LayerDir(getenv, paths.Home),
		Grants: pol.Settings.ConfineGrants}
	if pol.StateDir != "" {
		opts.Index = filepath.Join(pol.StateDir, IndexDir)
		opts.IndexKey = policyStamp + " " + launcherStamp()
	}
	p, err := For(engine.NewEngine(pol), req, kind, opts)
	return p, paths, err
}

// takeCheckpoint records the checkpoint of the project's files under the
// decision's ID, in the state folder, which the confined call cannot see.
func takeCheckpoint(paths layout.Paths, decision string) error {
	if paths.StateDir == "" {
		return errors.New("there is no state folder to keep it in (no home folder and no XDG_STATE_HOME)")
	}
	root := paths.ProjectRoot
	if root == "" {
		return errors.New("the call is in no project")
	}
	s := &checkpoint.Store{Dir: checkpoint.Dir(paths.StateDir), Env: os.Environ()}
	_, err := s.Take(root, decision)
	return err
}

// IndexDir is the folder of the index of secrets in the state folder.
const IndexDir = "confine-index"

// DefaultTools are the tools' configuration a confined call sees
// read-only: git needs its user's name and settings to commit, go its
// own settings (go env -w).
var DefaultTools = []string{"~/.gitconfig", "~/.config/git", "~/.config/go"}

// LayerDir is the folder of the caches of confined calls (see [Layer]):
// governance-confine in the user's cache folder.
func LayerDir(getenv func(string) string, home string) string {
	if x := getenv("XDG_CACHE_HOME"); filepath.IsAbs(x) {
		return filepath.Join(filepath.Clean(x), "governance-confine")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".cache", "governance-confine")
}
