package governance

// Read-only knowledge of containers, Kubernetes and code forges (docker, podman, kubectl, helm, gh, glab).

// containerReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func containerReadOnly(name string) func(*cmdline) bool {
	return nil
}

// containerSpec returns the command-line spec of a program of this family, or nil.
func containerSpec(name string) *progSpec {
	return nil
}
