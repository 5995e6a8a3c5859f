//go:build unix

package layout

import (
	"os"
	"syscall"
)

// OwnedHere reports whether fi belongs to the user running governance or
// to root: a governed folder above the project that another user made (in
// a shared folder such as /tmp) does not bring its rules in.
func OwnedHere(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || st.Uid == 0 || int(st.Uid) == os.Getuid()
}

// CheckOwner returns ErrNotOwned unless uid is the user running
// governance or root: [OwnedHere] for a file whose owner is known.
func CheckOwner(uid uint32) error {
	if uid == 0 || int(uid) == os.Getuid() {
		return nil
	}
	return ErrNotOwned
}
