package governance

// Read-only knowledge of system, desktop, database and network tools (journalctl, dmesg, openssl, curl, sqlite3, psql, macOS utilities).

// systemReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func systemReadOnly(name string) func(*cmdline) bool {
	return nil
}

// systemSpec returns the command-line spec of a program of this family, or nil.
func systemSpec(name string) *progSpec {
	return nil
}
