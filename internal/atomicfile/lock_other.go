//go:build !unix

package atomicfile

import "os"

// lockTemp does nothing where flock is missing: Sweep goes by age alone.
func lockTemp(*os.File) {}

func inUse(string) bool { return false }
