package governance_test

import "testing"

// TestStatOfSensitiveFile: a look at the name or metadata of an account
// file or a device reveals nothing of what it holds; reading it does.
func TestStatOfSensitiveFile(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"find /etc/passwd -newer /etc/hostname", true},
		{"find /dev/null", true},
		{"cat /etc/passwd", false},
		{"cat /dev/sda", false},
	})
}
