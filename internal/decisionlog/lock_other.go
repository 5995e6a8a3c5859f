//go:build !unix

package decisionlog

import "os"

// lockFile is a no-op where flock is missing: concurrent failures may
// then count once for two.
func lockFile(*os.File) func() { return func() {} }
