package programs_test

import "testing"

// TestCloudAbbreviations checks abbreviations of the options that write,
// run code or print secrets, clusters of short options, and the end of
// options (--), across the cloud and infrastructure CLIs.
func TestCloudAbbreviations(t *testing.T) {
	t.Parallel()
	checkReads(t, []readCase{
		{"gcloud compute instances list --flags f.yaml", false},
		{"cdk doctor --pl ./p.js", false},
		{"cdk doctor --ap 'node x.js'", false},
		{"pulumi --prof prof stack ls", false},
		{"vault list --output-curl-string secret/", false},
		{"vault list --wrap-ttl 5m secret/", false},
		// Go's flag package takes no abbreviation: vault fails on these.
		{"vault list --output-curl secret/", true},
		{"ansible-lint --fi playbook.yml", false},
		{"ansible-lint --sarif out.sarif playbook.yml", false},
		{"ansible all --list-hosts --ssh-c '-o ProxyCommand=x'", false},
		{"ansible all --list-hosts --vault-pass-f pw", false},
		{"ansible -Ci hosts all -m ping", false},
		{"ansible -Ci hosts all --list-hosts", false}, // an executable inventory runs
		{"ansible-playbook -- site.yml --syntax-check", false},
		{"ansible-playbook site.yml --syntax-check", false}, // ./ansible.cfg may name plugins
		{"bq --apil log.txt ls", false},
		{"bq query --replace 'SELECT 1'", false},
		{"terraform plan --out tf.plan", false},
		{"terraform plan --generate-config-out=x.tf", false},
		{"terraform fmt -check -- -write=true", true},
		{"amtool -vo json silence query", true},
		{"amtool --alertmanager.url \"$(cat f)\" silence query", false},
		{"aws --endpoint \"$(cat f)\" s3 ls", false},
		{"aws ssm get-parameter --name x --with", false},
		{"az containerapp secret list -n a --show-v", false},
		{"auth0 apps show x --re", false},
		{"prometheus --help-l", true},
	})
}
