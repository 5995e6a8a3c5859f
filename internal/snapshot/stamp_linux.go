package snapshot

import "syscall"

// times returns a stat's modification and change times in nanoseconds.
func times(st *syscall.Stat_t) (mtime, ctime int64) {
	return st.Mtim.Sec*1e9 + st.Mtim.Nsec, st.Ctim.Sec*1e9 + st.Ctim.Nsec
}
