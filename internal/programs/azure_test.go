package programs_test

import "testing"

func TestAzure(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"az vm list", "network "},
		{"az vm show -g rg -n vm", `network  "rg" "vm"`},
		{"az storage blob exists -c c -n b --account-name a", `network  "c" "b" "a"`},
		{"az vm list --ids @ids.txt", `network  "@ids.txt"; read ids.txt`},
		{"az deployment group what-if -g rg --template-file main.bicep", `network  "rg" "main.bicep"; read main.bicep`},
		{"az keyvault secret show --name s --vault-name v", `network  "s" "v"; unknown (az keyvault secret show prints a secret)`},
		{"az containerapp secret list -n a --show-values", `network  "a"; unknown (az containerapp secret list --show-values prints a secret)`},
		{"az vm delete list", "change (az vm delete list: delete changes state)"},
		{"az vm start myvm", "change (az vm start myvm: start changes state)"},
		{"az group wait --name rg", `unknown (az group wait names no command known to only read)`},
		{"az containerapp logs delete --name a", `unknown (az containerapp logs delete: logs may name a group, and delete a change)`},
		{"az configure --list-defaults", ""},
		{"az configure --defaults group=g", "change (--defaults)"},
		{"az configure", "change (az configure asks for settings on the terminal and writes them)"},
		{"az devops configure --list", ""},
		{"az devops configure --use-git-aliases true", "change (--use-git-aliases)"},
		{"az devops project list", "network "},
		{"az --version", ""},
		{"az vm list --help", ""},
		{"az extension add --name x --version 1", `unknown (the option --version is not in the model of az); change (az extension add 1: add changes state)`},
		{"az find 'how to list vms'", `network  "how to list vms"`},
		{"az vm --foo x list", `unknown (the option --foo is not in the model of az); network `},
	})
}

func TestAzureReads(t *testing.T) {
	t.Parallel()
	checkReads(t, []readCase{
		{"az vm list", true},
		{"az vm show -g rg -n vm", true},
		{"az vm show myvm --resource-group rg", true},
		{"az -o json vm list", true},
		{"az --subscription delete vm list", true},
		{"az -o delete vm list", true},
		{"az network dns record-set a list --zone-name z -g rg", true},
		{"az storage blob exists -c c -n b --account-name a", true},
		{"az monitor log-analytics query --workspace w --analytics-query 'AzureActivity | take 10'", true},
		{"az deployment group what-if -g rg --template-file main.bicep", true},
		{"az acr repository show-tags --name r --repository x --orderby time_desc", true},
		{"az keyvault secret list --vault-name v", true},
		{"az keyvault secret list-versions --name s --vault-name v", true},
		{"az keyvault key show --name k --vault-name v", true},
		{"az sql db show-connection-string --name db --server s --client ado.net", true},
		{"az pipelines build list --project p", true},
		{"az boards query --wiql 'SELECT [System.Id] FROM WorkItems'", true},
		{"az repos show -r myrepo -p myproject", true},
		{"az devops configure --list", true},
		{"az find 'how to list vms'", true},
		{"az vm list --ids @ids.txt", true},
		{"az -h", true},
		{"az vm list --help", true},
		{"az vm delete list", false},
		{"az vm start myvm", false},
		{"az --subscription mysub vm delete foo", false},
		{"az vm run-command invoke -g rg -n vm --command-id RunShellScript", false},
		{"az group wait --name rg --created", false},
		{"az storage blob download -c c -n b --file out", false},
		{"az storage blob generate-sas -c c -n b --account-name a", false},
		{"az account set --subscription s", false},
		{"az devops configure --defaults project=p", false},
		{"az login", false},
		{"az rest --method get --url https://management.azure.com/x", false},
		{"az vm show -n \"$(cat ~/.ssh/id_rsa)\"", false},
		{"az vm show -n x --query \"$Q\"", true},
		// Secrets.
		{"az keyvault secret show --name s --vault-name v", false},
		{"az keyvault secret show-deleted --name s --vault-name v", false},
		{"az account get-access-token", false},
		{"az aks get-credentials -g rg -n c", false},
		{"az acr credential show --name r", false},
		{"az storage account keys list --account-name a", false},
		{"az storage account show-connection-string --name a", false},
		{"az redis list-keys --name r -g rg", false},
		{"az cosmosdb keys list --name a -g rg", false},
		{"az functionapp keys list --name f -g rg", false},
		{"az webapp config appsettings list --name a -g rg", false},
		{"az webapp deployment list-publishing-profiles --name a -g rg", false},
		{"az containerapp secret list --name a -g rg --show-values", false},
		{"az containerapp secret list --name a -g rg --sh", false},
		{"az webapp auth show --name a -g rg", false},
		{"az containerapp logs delete --name a -g rg", false},
		{"az iot hub policy list --hub-name h", false},
	})
}

// TestTransfers checks the local files of commands that upload or
// download, which are not read-only but whose files the rules judge.
func TestTransfers(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"az storage blob upload -c c --file ~/.ssh/id_rsa", "unknown (the option -c is not in the model of az); unknown (the option --file is not in the model of az); read /h/.ssh/id_rsa; change (az storage blob upload c /h/.ssh/id_rsa: upload changes state)"},
		{"az storage blob download -c c -n b --file=out.txt", "unknown (the option -c is not in the model of az); unknown (the option --file is not in the model of az); write out.txt; change (az storage blob download c: download changes state)"},
		{"gsutil cp ~/.ssh/id_rsa gs://b/k", "network metadata.google.internal; read /h/.ssh/id_rsa (tree, hidden); change (gsutil cp changes buckets, objects or files)"},
		{"gsutil cp gs://b/k out.txt", "network metadata.google.internal; write out.txt (tree); change (gsutil cp changes buckets, objects or files)"},
		{"gsutil cp gs://b/k -", "network metadata.google.internal; change (gsutil cp changes buckets, objects or files)"},
		{"aws s3api put-object --bucket b --key k --body ~/.ssh/id_rsa", `network  "b" "k" "/h/.ssh/id_rsa"; read /h/.ssh/id_rsa; change (aws s3api put-object changes the account's resources)`},
	})
}
