package confine

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
)

// The launcher's own sandbox reads the same arguments as bubblewrap:
// [Launcher.Args] stays the one description of the tree, and a
// sandbox plan is what those arguments say, in their order (a later
// mount covers an earlier one). Only the options Args emits are known;
// any other is an error, and the command does not run.

// BackendEnv names the variable that chooses the confinement's backend:
// "bubblewrap" makes the launcher run bubblewrap even where it can set
// the sandbox up itself (see docs/confinement.md).
const BackendEnv = "GOVERNANCE_CONFINE_BACKEND"

// opKind is what a step of the plan mounts or makes.
type opKind int

const (
	opBind      opKind = iota // --bind SRC DEST
	opROBind                  // --ro-bind SRC DEST
	opROBindTry               // --ro-bind-try SRC DEST: none when SRC is missing
	opSymlink                 // --symlink TARGET DEST
	opProc                    // --proc DEST
	opDev                     // --dev DEST
	opTmpfs                   // [--perms MODE] --tmpfs DEST
	opRemountRO               // --remount-ro DEST
	opData                    // [--perms MODE] --ro-bind-data FD DEST
	opLinkSelf                // --ro-bind-link DEST: the launcher's own sandbox's alone, see [LinkArgs]
)

// sandboxOp is one step of the plan.
type sandboxOp struct {
	kind      opKind
	src, dest string
	fd        int
	// perms is the mode of a tmpfs's root or a data file; -1 for the
	// default (0755 and 0600, as bubblewrap's).
	perms int
}

// sandboxPlan is a sandbox as bubblewrap's arguments describe it.
type sandboxPlan struct {
	ops []sandboxOp
	// shareNet keeps the host's network; every other namespace is new.
	shareNet, disableUserns, newSession, dieWithParent bool
	chdir                                              string
	infoFD, syncFD                                     int
	lockFiles                                          []string
	// argv is the command, after "--".
	argv []string
}

// errPlan is wrapped by the error of an argument list the launcher's own
// sandbox cannot interpret.
var errPlan = errors.New("the sandbox's arguments")

// parsePlan reads bubblewrap's arguments, up to and after "--". The
// sandbox it describes must unshare every namespace (the network may be
// shared), drop every capability and start a new session: the launcher's
// own sandbox makes no weaker one.
func parsePlan(args []string) (*sandboxPlan, error) {
	pl := &sandboxPlan{infoFD: -1, syncFD: -1}
	var unshareAll, unshareUser, capDrop bool
	perms := -1
	need := func(i, n int) error {
		if i+n >= len(args) {
			return fmt.Errorf("%w: %s takes %d arguments", errPlan, args[i], n)
		}
		return nil
	}
	abs := func(p string) error {
		if !filepath.IsAbs(p) {
			return fmt.Errorf("%w: %s is not an absolute path", errPlan, p)
		}
		return nil
	}
	fdArg := func(s string) (int, error) {
		fd, err := strconv.Atoi(s)
		if err != nil || fd < 3 {
			return 0, fmt.Errorf("%w: %q is no descriptor above 2", errPlan, s)
		}
		return fd, nil
	}
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if perms >= 0 && a != "--tmpfs" && a != "--ro-bind-data" {
			return nil, fmt.Errorf("%w: --perms must come just before --tmpfs or --ro-bind-data, not %s", errPlan, a)
		}
		var err error
		switch a {
		case "--unshare-all":
			unshareAll = true
		case "--unshare-user":
			unshareUser = true
		case "--disable-userns":
			pl.disableUserns = true
		case "--new-session":
			pl.newSession = true
		case "--share-net":
			pl.shareNet = true
		case "--die-with-parent":
			pl.dieWithParent = true
		case "--cap-drop":
			if err = need(i, 1); err == nil {
				i++
				if args[i] != "ALL" {
					err = fmt.Errorf("%w: --cap-drop %s: only ALL is known", errPlan, args[i])
				}
				capDrop = true
			}
		case "--bind", "--ro-bind", "--ro-bind-try", "--symlink":
			if err = need(i, 2); err == nil {
				kind := map[string]opKind{"--bind": opBind, "--ro-bind": opROBind, "--ro-bind-try": opROBindTry, "--symlink": opSymlink}[a]
				op := sandboxOp{kind: kind, src: args[i+1], dest: args[i+2], perms: -1}
				if err = abs(op.dest); err == nil && kind != opSymlink {
					err = abs(op.src)
				}
				pl.ops = append(pl.ops, op)
				i += 2
			}
		case "--proc", "--dev", "--tmpfs", "--remount-ro", "--ro-bind-link":
			if err = need(i, 1); err == nil {
				kind := map[string]opKind{"--proc": opProc, "--dev": opDev, "--tmpfs": opTmpfs, "--remount-ro": opRemountRO, "--ro-bind-link": opLinkSelf}[a]
				err = abs(args[i+1])
				pl.ops = append(pl.ops, sandboxOp{kind: kind, dest: args[i+1], perms: perms})
				perms = -1
				i++
			}
		case "--perms":
			if err = need(i, 1); err == nil {
				var m uint64
				if m, err = strconv.ParseUint(args[i+1], 8, 32); err != nil || m > 0o7777 {
					err = fmt.Errorf("%w: --perms %q is no mode", errPlan, args[i+1])
				}
				perms = int(m)
				i++
			}
		case "--ro-bind-data":
			if err = need(i, 2); err == nil {
				var fd int
				if fd, err = fdArg(args[i+1]); err == nil {
					err = abs(args[i+2])
				}
				pl.ops = append(pl.ops, sandboxOp{kind: opData, fd: fd, dest: args[i+2], perms: perms})
				perms = -1
				i += 2
			}
		case "--chdir":
			if err = need(i, 1); err == nil {
				pl.chdir = args[i+1]
				err = abs(pl.chdir)
				i++
			}
		case "--info-fd", "--sync-fd":
			if err = need(i, 1); err == nil {
				var fd int
				fd, err = fdArg(args[i+1])
				if a == "--info-fd" {
					pl.infoFD = fd
				} else {
					pl.syncFD = fd
				}
				i++
			}
		case "--lock-file":
			if err = need(i, 1); err == nil {
				pl.lockFiles = append(pl.lockFiles, args[i+1])
				err = abs(args[i+1])
				i++
			}
		default:
			err = fmt.Errorf("%w: %s is not an option the launcher's own sandbox knows", errPlan, a)
		}
		if err != nil {
			return nil, err
		}
	}
	if perms >= 0 {
		return nil, fmt.Errorf("%w: --perms must come just before --tmpfs or --ro-bind-data", errPlan)
	}
	if !unshareAll || !unshareUser || !capDrop || !pl.newSession {
		return nil, fmt.Errorf("%w: the launcher's own sandbox needs --unshare-all, --unshare-user, --cap-drop ALL and --new-session", errPlan)
	}
	if i >= len(args)-1 {
		return nil, fmt.Errorf("%w: no command after --", errPlan)
	}
	pl.argv = args[i+1:]
	return pl, nil
}
