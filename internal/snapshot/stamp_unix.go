//go:build unix

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
		return Stamp{Path: path, Exists: true, Size: st.Size,
			MTime: st.Mtim.Sec*1e9 + st.Mtim.Nsec, CTime: st.Ctim.Sec*1e9 + st.Ctim.Nsec}
	case syscall.ENOENT, syscall.ENOTDIR:
		return Stamp{Path: path}
	}
	return Stamp{Path: path, Exists: true, Size: -1}
}
