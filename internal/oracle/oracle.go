// Package oracle runs shell commands in a throw-away sandbox and reports
// what they really did, so that tests can hold the policy's model of a
// command against reality.
//
// A [Sandbox] lays out a decoy world: a home at [Home] holding a project
// at [Project], with planted secrets (each carrying a unique canary token)
// and the agent and governance settings a command must not touch. Every
// [Sandbox.Run] starts from a pristine copy of that world and runs the
// command with bash inside bubblewrap (every namespace unshared, so only
// loopback exists; no capabilities; the host's root read-only) under
// strace -f, with a fresh, empty /tmp. The trace becomes an
// [Observation]: files written, deleted, renamed, linked, chmod'ed;
// programs executed; connections and data sent, with DNS query names
// decoded; planted secrets opened; and leaks, that is canaries found,
// plain or encoded, where they do not belong. The world after the run is
// compared with the world before it, so a change shows whoever made it.
// [Sandbox.RunAll] runs a batch of commands in parallel.
//
// A command that runs bubblewrap itself (a call rewritten to run through
// the confinement launcher) cannot run inside bubblewrap, which would
// leave it no fresh /proc to mount: [Sandbox.RunConfined] runs it in the
// confined mode instead, as root unsharing only the mount and network
// namespaces, with the decoy world bound over the real home folders and
// the command run as an unprivileged user.
//
// The oracle needs Linux, bwrap and strace. [New] reports
// [ErrToolMissing] or [ErrUnusable] when it cannot run, and
// [ErrUnsupported] on other systems, where the package still builds.
package oracle

import "time"

// Observation is what one command did, as strace saw it. Paths are
// absolute paths inside the sandbox. Noise a caller should not have to
// know about is left out: the wrapper shell's exec, writes to /dev/null,
// terminals, pipes and /proc/self, reads of system files and libraries,
// opens for reading that failed, the misses of a search along PATH,
// netlink messages, socketpairs between processes and the C library's
// attempts at the name service cache daemon. Real effects are never left
// out, wherever they land: a write to /tmp is reported like any other,
// and so is an attempt that failed, flagged by its error.
type Observation struct {
	Command string `json:"command"`
	// Files holds the effects on the file system, attempted ones
	// included: an effect whose Err is set failed.
	Files []FileEffect `json:"files,omitempty"`
	// Reads lists the files opened for reading, outside system folders.
	Reads []string `json:"reads,omitempty"`
	// Execs lists the programs executed, the shell that runs the command
	// line excepted.
	Execs []Exec `json:"execs,omitempty"`
	// Network lists connection attempts and data sent over sockets.
	Network []NetEvent `json:"network,omitempty"`
	// SecretReads lists the opens of planted secret files for reading,
	// by any path that leads to them.
	SecretReads []SecretRead `json:"secretReads,omitempty"`
	// Leaks lists the canaries found where they do not belong.
	Leaks []Leak `json:"leaks,omitempty"`
	// Changed lists what differs in the decoy world after the run, found
	// by comparing the files rather than from the trace: whatever did the
	// change, and wherever its process ran.
	Changed []Change `json:"changed,omitempty"`

	ExitCode int    `json:"exitCode"`
	TimedOut bool   `json:"timedOut,omitempty"`
	Stdout   []byte `json:"stdout,omitempty"`
	Stderr   []byte `json:"stderr,omitempty"`
	// OutputTruncated is set when stdout or stderr went past the limit.
	OutputTruncated bool          `json:"outputTruncated,omitempty"`
	Duration        time.Duration `json:"duration"`
}

// Kind is the kind of a file effect.
type Kind string

// The kinds of file effects.
const (
	KindWrite    Kind = "write"    // opened for writing, creating or truncating
	KindTruncate Kind = "truncate" // truncate(2) by path
	KindDelete   Kind = "delete"   // unlink, unlinkat, rmdir
	KindRename   Kind = "rename"   // Path moved to Target
	KindLink     Kind = "link"     // hard link Path made to Target
	KindSymlink  Kind = "symlink"  // symbolic link Path made, pointing at Target
	KindChmod    Kind = "chmod"    // mode changed, Detail holds the new mode
	KindChown    Kind = "chown"    // owner changed, Detail holds owner and group
	KindMkdir    Kind = "mkdir"    // folder created
	KindMknod    Kind = "mknod"    // special file (a FIFO, a device) created
)

// FileEffect is one effect on the file system.
type FileEffect struct {
	Kind Kind   `json:"kind"`
	Path string `json:"path"`
	// Target is the new name of a rename, the existing file of a hard
	// link, or the text of a symbolic link, as given.
	Target string `json:"target,omitempty"`
	// Detail holds the open flags of a write, the mode of a chmod, the
	// owner and group of a chown.
	Detail string `json:"detail,omitempty"`
	PID    int    `json:"pid"`
	// Err is the error name (EROFS, EACCES, ...) of an attempt that
	// failed, empty when the effect took place.
	Err string `json:"err,omitempty"`
	// Data holds the bytes written through write(2) and its kin, up to a
	// limit; DataTruncated is set when some were not kept.
	Data          []byte `json:"data,omitempty"`
	DataTruncated bool   `json:"dataTruncated,omitempty"`
}

// Failed reports whether the effect was only attempted.
func (e FileEffect) Failed() bool { return e.Err != "" }

// Exec is one program executed.
type Exec struct {
	PID  int `json:"pid"`
	PPID int `json:"ppid"`
	// Depth is 1 for a program the command line runs itself (a pipeline
	// stage, a command substitution, the program a bare command execs),
	// 2 for one that a depth 1 program runs in turn, and so on.
	Depth         int      `json:"depth"`
	Path          string   `json:"path"`
	Argv          []string `json:"argv"`
	ArgvTruncated bool     `json:"argvTruncated,omitempty"`
	// Err is the error name of an exec that failed, such as the misses of
	// a search along PATH.
	Err string `json:"err,omitempty"`
}

// NetEvent is one connection attempt or one message sent.
type NetEvent struct {
	PID int `json:"pid"`
	// Call is the system call: connect, sendto, sendmsg, sendmmsg, write,
	// writev.
	Call string `json:"call"`
	// Family is AF_INET, AF_INET6 or AF_UNIX; empty when unknown.
	Family string `json:"family,omitempty"`
	// Protocol is TCP, UDP, UNIX-STREAM, ... when strace named the socket.
	Protocol string `json:"protocol,omitempty"`
	// Address is the destination: an IP address, or a socket path (with a
	// leading @ for an abstract one).
	Address       string `json:"address,omitempty"`
	Port          int    `json:"port,omitempty"`
	Data          []byte `json:"data,omitempty"`
	DataTruncated bool   `json:"dataTruncated,omitempty"`
	// DNS holds the query names of a DNS message sent to port 53.
	DNS []string `json:"dns,omitempty"`
	Err string   `json:"err,omitempty"`
}

// SecretRead is an open of a planted secret for reading.
type SecretRead struct {
	Secret string `json:"secret"` // Secret.Name
	// Path is the secret's own path; Via the path the program opened,
	// when it differs (a symbolic link, a copy made by a rename or link).
	Path string `json:"path"`
	Via  string `json:"via,omitempty"`
	PID  int    `json:"pid"`
}
