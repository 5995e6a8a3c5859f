package snapshot

import "syscall"

// times returns a stat's modification and change times in nanoseconds.
func times(st *syscall.Stat_t) (mtime, ctime int64) {
	return st.Mtimespec.Sec*1e9 + st.Mtimespec.Nsec, st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec
}
