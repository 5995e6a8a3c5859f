package governance

// Read-only knowledge of package managers and language tools (brew, npm, pnpm, yarn, pip, uv, cargo, go, gem, poetry, ruff, black).

// packageReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func packageReadOnly(name string) func(*cmdline) bool {
	return nil
}

// packageSpec returns the command-line spec of a program of this family, or nil.
func packageSpec(name string) *progSpec {
	return nil
}
