//go:build !unix

package bundle

import "testing"

// unreachable needs a listen backlog of 0, which only Unix gives here.
func unreachable(t *testing.T) string {
	t.Helper()
	t.Skip("a connection that never completes needs a Unix listener")
	return ""
}
