//go:build !unix

package pipeline

import "os/exec"

// detach leaves cmd as it is where there are no sessions.
func detach(cmd *exec.Cmd) {}
