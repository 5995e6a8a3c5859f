//go:build !unix

package regularfile

// oNonblock is no flag where FIFOs are not files of the file system.
const oNonblock = 0
