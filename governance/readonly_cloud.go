package governance

// Read-only knowledge of cloud and infrastructure CLIs (aws, az, gcloud, terraform, cdk, packer, pulumi, auth0, ansible-*).

// cloudReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func cloudReadOnly(name string) func(*cmdline) bool {
	return nil
}

// cloudSpec returns the command-line spec of a program of this family, or nil.
func cloudSpec(name string) *progSpec {
	return nil
}
