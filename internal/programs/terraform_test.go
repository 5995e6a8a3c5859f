package programs_test

import "testing"

func TestTerraform(t *testing.T) {
	t.Parallel()
	checkAfterStart(t, []effectCase{
		{"terraform plan", "network "},
		{"terraform plan -var 'region=eu' -var-file=prod.tfvars -refresh-only", `read prod.tfvars; network  "region=eu"`},
		{"terraform plan -out=tf.plan", "write tf.plan; network "},
		{"terraform plan -out tf.plan", "write tf.plan; network "},
		{"terraform plan --out=tf.plan", "write tf.plan; network "},
		{"terraform -chdir=infra plan -out=tf.plan", "write tf.plan; network "},
		{"terraform plan -generate-config-out=gen.tf", "write gen.tf; network "},
		{"terraform plan -show-sensitive", "network ; unknown (terraform plan -show-sensitive prints a secret)"},
		{"terraform -chdir=infra validate", ""},
		{"terraform show", ""},
		{"terraform show plan.out", "read plan.out"},
		{"terraform -chdir=infra show plan.out", "read infra/plan.out"},
		{"terraform show -json", "unknown (terraform show -json prints a secret)"},
		{"terraform output", ""},
		{"terraform output -raw db_password", "unknown (terraform output -json or -raw prints a secret)"},
		{"terraform output db_password", "unknown (terraform output NAME prints a secret)"},
		{"terraform output -no-color pw", "unknown (terraform output NAME prints a secret)"},
		{"tofu output pw", "unknown (tofu output NAME prints a secret)"},
		{"terraform output -state=terraform.tfstate", ""},
		{"terraform state list -state=other.tfstate", ""},
		{"terraform state list", ""},
		{"terraform state show aws_instance.web", ""},
		{"terraform state show -json aws_instance.web", "unknown (terraform state show -json prints a secret)"},
		{"terraform state pull", "unknown (terraform state pull prints a secret)"},
		{"terraform state mv a b", "change (terraform state mv changes infrastructure, state or settings)"},
		{"terraform fmt -check -recursive", "read . (tree)"},
		{"terraform fmt -write=false main.tf", "read main.tf"},
		{"terraform fmt -check=false", "write ."},
		{"terraform fmt -check -write=true", "write ."},
		{"terraform fmt -diff", "write ."},
		{"terraform fmt", "write ."},
		{"terraform fmt -check -", ""},
		{"terraform providers", ""},
		{"terraform providers schema -json", ""},
		{"terraform providers lock", "network ; write .terraform.lock.hcl"},
		{"terraform init", "network ; write .terraform (tree); write .terraform.lock.hcl"},
		{"terraform -chdir=infra init -backend-config=backend.hcl", "network ; read infra/backend.hcl; write infra/.terraform (tree); write infra/.terraform.lock.hcl"},
		{"terraform workspace show", ""},
		{"terraform workspace select prod", "change (terraform workspace select changes infrastructure, state or settings)"},
		{"terraform console", "unknown (terraform console evaluates expressions, which may read any file)"},
		{"terraform test", "change (terraform test applies the configuration to real infrastructure)"},
		{"terraform apply", "change (terraform apply changes infrastructure, state or settings)"},
		{"tofu apply -auto-approve", "change (tofu apply changes infrastructure, state or settings)"},
		{"terraform -help", ""},
		{"terraform --version", ""},
		{"terraform plan -help", ""},
		{"terraform -install-autocomplete", "change (-install-autocomplete); unknown (terraform with no command)"},
		{"terraform metadata functions -json", ""},
		{"terraform graph -type=plan", ""},
		{"terraform plan -var \"x=$X\"", `network  "x=$X"`},
		{"terraform plan -var=\"x=$X\"", "unknown (the option -var=x=$X is not in the model of terraform); network "},
		{"terraform plan -var \"$X\"", `network  "$X"`},
		{"TF_LOG_PATH=log.txt terraform plan", "write log.txt; network "},
		{"TF_VAR_x=\"$X\" terraform plan", "unknown (TF_VAR_x: a variable computed at run time); network "},
		{"TF_CLI_CONFIG_FILE=rc terraform validate", "unknown (TF_CLI_CONFIG_FILE changes what terraform loads or runs)"},
		{"terraform plan -frobnicate", "unknown (the option -frobnicate is not in the model of terraform); network "},
		{"terragrunt --version", ""},
		{"terragrunt plan", `exec :""`},
		{"terragrunt plan --help", `exec :""`},
	})
	checkReads(t, []readCase{
		{"terraform plan -var \"x=$(cat ~/.ssh/id_rsa)\"", false},
		{"terraform plan -var \"x=$X\"", false},
		{"terraform plan -target \"$(cat f)\"", false},
		{"terraform plan -var region=eu", false}, // the folder's configuration, when there is one, is code
	})
}

// TestTerraformSpellings checks that the secret-printing flags are seen
// under every spelling Go's flag package accepts.
func TestTerraformSpellings(t *testing.T) {
	t.Parallel()
	checkReads(t, []readCase{
		{"terraform output --json", false},
		{"terraform output -json=true", false},
		{"terraform output --raw x", false},
		{"terraform show --json", false},
		{"terraform state show --json x", false},
		{"tofu plan --show-sensitive", false},
	})
	// Without them it prints masked values (the backend it reads is the
	// engine's to judge: an effect of .terraform/terraform.tfstate).
	checkEffects(t, []effectCase{{"terraform output", "network checkpoint-api.hashicorp.com"}})
}
