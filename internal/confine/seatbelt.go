package confine

import (
	"fmt"
	"slices"
	"strings"
)

// Seatbelt returns p as a macOS Seatbelt profile (SBPL) for
// sandbox-exec -p: the same profile the launcher applies with
// bubblewrap on Linux, in the rules Seatbelt can state. The generator is
// pure and built on every system; only sandbox-exec runs it, on macOS.
//
// Rules go from the general to the particular, as macOS's own profiles
// and Claude Code's sandbox write them: a later, narrower rule decides
// over an earlier, broader one. Every read is allowed, then the home
// folder is denied but for what the profile shows; writes are denied
// but for the writable folders, the temporary folders and the terminal;
// then the protected set is denied writes, and the masked paths and
// governance's state both reads and writes.
//
// What differs from bubblewrap, as the docs say: a secret is denied
// (EPERM) rather than shown as an empty file; /tmp is the user's own,
// not a private one; there is no PID namespace (the call may see, not
// signal, other processes). Enforcement is proven on Linux only.
func (p *Profile) Seatbelt() string {
	var b strings.Builder
	line := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	line(";; governance-confine: profile %s", p.Kind)
	line("(version 1)")
	line("(deny default)")
	line("")
	line(";; Processes: run programs, see and signal only its own.")
	line("(allow process-exec process-fork)")
	line("(allow process-info* (target same-sandbox))")
	line("(allow signal (target same-sandbox))")
	line("(allow sysctl-read)")
	line("(allow mach-lookup)")
	line("(allow ipc-posix-shm ipc-posix-sem)")
	line("(allow user-preference-read)")
	line("(allow pseudo-tty)")
	line("(allow file-ioctl)")
	line("")
	line(";; Reads: the system, and of the home folder only what is shown.")
	line("(allow file-read*)")
	if p.Home != "" {
		line("(deny file-read* %s)", subpath(p.Home))
		// The home folder itself can be listed (tools stat ~), not what
		// it holds.
		line("(allow file-read-metadata %s)", literal(p.Home))
		// Stores too; a cache layer cannot be redirected here, so the
		// call has none (Go's build cache is then not writable).
		if shown := slices.Concat(p.ReadOnly, p.Writable, p.Stores); len(shown) > 0 {
			line("(allow file-read* %s)", subpaths(shown))
		}
	}
	line("")
	line(";; Writes: the writable folders, the temporary folders, the terminal.")
	line("(allow file-write* %s)", subpaths([]string{"/private/tmp", "/private/var/folders"}))
	line("(allow file-write* (literal \"/dev/null\") (literal \"/dev/zero\") (literal \"/dev/tty\") (regex #\"^/dev/ttys[0-9]+$\"))")
	if len(p.Writable) > 0 {
		line("(allow file-write* %s)", subpaths(p.Writable))
	}
	for _, r := range p.Report {
		line("(allow file-write* %s)", literal(r))
	}
	if protected := slices.Concat(p.Protected, p.Absent, p.Unmade, p.Checked); len(protected) > 0 {
		line("")
		line(";; The protected set, also where it does not exist yet: read-only inside what is writable.")
		line("(deny file-write* %s)", subpaths(protected))
	}
	if len(p.Masked) > 0 {
		line("")
		line(";; Secrets and governance's state: neither read nor written.")
		line("(deny file-read* file-write* %s)", subpaths(p.Masked))
	}
	line("")
	if p.Network {
		line(";; Network: the host's, over IP; no Unix sockets (governance's daemon, Docker).")
		line("(allow network-outbound (remote ip))")
		line("(allow network-inbound network-bind (local ip))")
		line("(allow system-socket)")
	} else {
		line(";; Network: none (deny default), Unix sockets included.")
	}
	return b.String()
}

// sbString quotes s as an SBPL string.
func sbString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func literal(p string) string { return "(literal " + sbString(p) + ")" }

func subpath(p string) string { return "(subpath " + sbString(p) + ")" }

// subpaths is the filters of several folders, one a line.
func subpaths(ps []string) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, subpath(p))
	}
	return strings.Join(parts, "\n    ")
}
