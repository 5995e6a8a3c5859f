//go:build !linux

package landlock

import (
	"fmt"
	"io"

	"github.com/agentgov/governance/internal/confine"
)

// ABI is 0: Landlock is Linux's.
func ABI() int { return 0 }

// Fallback is the launcher's confinement where bubblewrap cannot set up
// its namespaces; Linux only.
type Fallback struct{}

// Available implements [confine.Fallback].
func (Fallback) Available() error { return fmt.Errorf("landlock is Linux's") }

// Describe implements [confine.Fallback].
func (Fallback) Describe() string { return "Landlock (not on this system)" }

// Run implements [confine.Fallback].
func (Fallback) Run(*confine.Profile, []string, []string, io.Reader, io.Writer, io.Writer) (int, error) {
	return 0, fmt.Errorf("%w: landlock is Linux's", confine.ErrCannotConfine)
}
