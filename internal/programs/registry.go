package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"ansible", ansibleProgram},
	{"ansible-config", ansibleConfigProgram},
	{"ansible-console", ansibleProgram},
	{"ansible-doc", ansibleDocProgram},
	{"ansible-galaxy", ansibleGalaxyProgram},
	{"ansible-inventory", ansibleInventoryProgram},
	{"ansible-lint", ansibleLintProgram},
	{"ansible-playbook", ansiblePlaybookProgram},
	{"ansible-pull", ansiblePullProgram},
	{"ansible-test", ansibleTestProgram},
	{"ansible-vault", ansibleVaultProgram},
	{"auth0", auth0Program},
	{"aws", awsProgram},
	{"az", azProgram},
	{"bq", bqProgram},
	{"cat", catProgram},
	{"cdk", cdkProgram},
	{"find", findProgram},
	{"gcloud", gcloudProgram},
	{"gsutil", gsutilProgram},
	{"packer", packerProgram},
	{"pulumi", pulumiProgram},
	{"tac", tacProgram},
	{"terraform", terraformProgram},
	{"terragrunt", terragruntProgram},
	{"tofu", terraformProgram},
}
