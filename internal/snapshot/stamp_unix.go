//go:build unix

package snapshot

import "syscall"

// StampOf stats a path.
func StampOf(path string) Stamp {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return Stamp{Path: path}
	}
	return Stamp{Path: path, Exists: true, Size: st.Size,
		MTime: st.Mtim.Sec*1e9 + st.Mtim.Nsec, CTime: st.Ctim.Sec*1e9 + st.Ctim.Nsec}
}
