//go:build !linux

package confine

import "os/exec"

const syscallNoFollow = 0

func signalOf(*exec.ExitError) int { return 0 }

func closeInherited() {}
