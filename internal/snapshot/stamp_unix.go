//go:build linux || darwin

package snapshot

import "syscall"

// StampOf stats a path. A path that cannot be stat'ed for a reason other
// than not existing counts as existing and changed, so that the
// configuration is compiled (and its error reported) rather than ignored.
func StampOf(path string) Stamp {
	var st syscall.Stat_t
	var err error
	for {
		// The runtime's preemption signals interrupt system calls; a raw
		// stat must be retried, not read as "missing".
		if err = syscall.Stat(path, &st); err != syscall.EINTR {
			break
		}
	}
	switch err {
	case nil:
		mtime, ctime := times(&st)
		return Stamp{Path: path, Exists: true, Size: st.Size, MTime: mtime, CTime: ctime}
	case syscall.ENOENT, syscall.ENOTDIR:
		return Stamp{Path: path}
	}
	return Stamp{Path: path, Exists: true, Size: -1}
}
