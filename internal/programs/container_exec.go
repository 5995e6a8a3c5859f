package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Commands run inside a container or a pod (docker exec, podman exec,
// nerdctl exec, docker compose exec, kubectl exec, oc exec) are analysed
// like any other command, marked with the container they run in: their
// paths belong to that container's file system, and the host's
// environment and working directory do not reach them.

// launchContainerExec says what an exec into a container or pod runs.
func launchContainerExec(c *shell.Simple) (shell.Launched, bool) {
	var target string
	var rest []shell.Arg
	var opts execOptions
	ok := false
	switch c.Name {
	case "kubectl", "oc":
		target, rest, opts, ok = kubeExecInto(c.Args[1:])
	default:
		target, rest, opts, ok = dockerExec(c.Name, c.Args[1:])
	}
	if !ok || len(rest) == 0 {
		return shell.Launched{}, false
	}
	return shell.Launched{Keep: true, Runs: true, Nested: []shell.Nested{{
		Origin: c.Name + " exec", Args: rest, Container: c.Name + ":" + target,
		Cwd: opts.workdir, Assigns: opts.env, Privileged: opts.privileged,
	}}}, true
}

// execOptions are the options of an exec that shape the command it runs.
type execOptions struct {
	workdir    string
	env        []string
	privileged bool
}

// dockerExec finds the container and command of docker, podman or nerdctl
// exec (also container exec) and of docker compose exec and docker-compose
// exec. ok is false when the command line cannot be split for sure.
func dockerExec(prog string, args []shell.Arg) (target string, rest []shell.Arg, opts execOptions, ok bool) {
	i := 0
	compose := prog == "docker-compose"
	// Global options, then the subcommand path.
	for i < len(args) {
		a := args[i]
		v := a.Value
		if a.Dynamic {
			return "", nil, opts, false
		}
		if strings.HasPrefix(v, "-") {
			n, known := dockerGlobalOption(v, compose)
			if !known {
				return "", nil, opts, false
			}
			i += n
			continue
		}
		switch {
		case v == "compose" && !compose && prog == "docker":
			compose = true
			i++
			continue
		case v == "container" && !compose:
			i++
			continue
		case v == "exec":
			i++
		default:
			return "", nil, opts, false
		}
		break
	}
	// exec's own options, then the container (or service) and command.
	for i < len(args) {
		a := args[i]
		v := a.Value
		if a.Dynamic {
			return "", nil, opts, false
		}
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		name, val, has := strings.Cut(v, "=")
		switch name {
		case "-e", "--env", "-w", "--workdir", "-u", "--user", "--detach-keys", "--env-file", "--index", "--preserve-fds":
			if !has {
				if i+1 >= len(args) || args[i+1].Dynamic {
					return "", nil, opts, false
				}
				i++
				val = args[i].Value
			}
			switch name {
			case "-e", "--env":
				if shell.IsAssign(val) {
					opts.env = append(opts.env, val)
				}
			case "-w", "--workdir":
				opts.workdir = val
			case "--env-file":
				// Variables nobody sees: one may load code.
				opts.env = append(opts.env, "ENV_FILE="+val)
			}
		case "--privileged":
			opts.privileged = true
		case "-d", "--detach", "-i", "--interactive", "-t", "--tty", "-it", "-ti", "-T", "--no-TTY", "-l", "--latest", "--dry-run":
		default:
			// A cluster of flags (-dit) or an option we do not know.
			if strings.HasPrefix(v, "--") || strings.Trim(v[1:], "ditT") != "" {
				return "", nil, opts, false
			}
		}
		i++
	}
	if i >= len(args) {
		return "", nil, opts, false
	}
	// The container's name may be computed ($(docker ps -q)): it only
	// labels where the command runs.
	return args[i].Value, args[i+1:], opts, true
}

// dockerGlobalOption returns how many words a global option of docker,
// podman, nerdctl or compose takes (itself included), and whether it is
// known.
func dockerGlobalOption(v string, compose bool) (int, bool) {
	name, _, has := strings.Cut(v, "=")
	valued := false
	switch name {
	case "-c", "--context", "-H", "--host", "-l", "--log-level", "--config", "--tlscacert", "--tlscert", "--tlskey",
		"--connection", "--url", "--identity", "--root", "--runroot", "-n", "--namespace", "-a", "--address",
		"--cgroup-manager", "--storage-driver", "--snapshotter":
		valued = true
	case "-f", "--file", "-p", "--project-name", "--profile", "--env-file", "--project-directory", "--ansi", "--progress", "--parallel":
		if !compose {
			return 0, false
		}
		valued = true
	case "-D", "--debug", "--tls", "--tlsverify", "--remote", "--dry-run", "--compatibility", "--verbose", "--no-ansi", "--all-resources":
	default:
		return 0, false
	}
	if valued && !has {
		return 2, true
	}
	return 1, true
}

// kubeExec finds the pod and command of kubectl exec and oc exec.
func kubeExecInto(args []shell.Arg) (target string, rest []shell.Arg, opts execOptions, ok bool) {
	var pos []shell.Arg
	sawExec := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && !sawExec {
			return "", nil, opts, false
		}
		if v == "--" {
			if !sawExec || len(pos) != 1 {
				return "", nil, opts, false
			}
			return pos[0].Value, args[i+1:], opts, true
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			name, _, has := strings.Cut(v, "=")
			switch {
			case kubeValued(name):
				if !has {
					i++
				}
			case kubeFlag(name):
			default:
				return "", nil, opts, false
			}
			continue
		}
		if !sawExec {
			if v != "exec" {
				return "", nil, opts, false
			}
			sawExec = true
			continue
		}
		pos = append(pos, a)
		if len(pos) == 1 {
			continue
		}
		// The old form without --: the command follows the pod.
		return pos[0].Value, args[i:], opts, true
	}
	return "", nil, opts, false
}

// kubeValued reports kubectl options (global or exec's) that take a value.
func kubeValued(name string) bool {
	switch name {
	case "-c", "--container", "-f", "--filename", "--pod-running-timeout", "-n", "--namespace", "--context",
		"--kubeconfig", "--cluster", "--user", "-s", "--server", "--token", "--as", "--as-group", "--as-uid",
		"--request-timeout", "--cache-dir", "--certificate-authority", "--client-certificate", "--client-key",
		"--tls-server-name", "-v", "--v", "--profile", "--profile-output":
		return true
	}
	return false
}

// kubeFlag reports kubectl options that take no value.
func kubeFlag(name string) bool {
	switch name {
	case "-i", "--stdin", "-t", "--tty", "-it", "-ti", "-q", "--quiet", "--insecure-skip-tls-verify", "--match-server-version":
		return true
	}
	return false
}
