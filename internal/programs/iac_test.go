package programs_test

import "testing"

func TestPacker(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"packer validate .", "read ."},
		{"packer validate -var-file=v.pkrvars.hcl -machine-readable t.pkr.hcl", "read v.pkrvars.hcl; read t.pkr.hcl"},
		{"packer validate -evaluate-datasources t.pkr.hcl", "unknown (the effect of -evaluate-datasources is not modelled); read t.pkr.hcl"},
		{"packer inspect template.json", "read template.json"},
		{"packer fmt -check -diff template.pkr.hcl", "read template.pkr.hcl"},
		{"packer fmt -write=false template.pkr.hcl", "read template.pkr.hcl"},
		{"packer fmt template.pkr.hcl", "write template.pkr.hcl"},
		{"packer fmt -diff template.pkr.hcl", "write template.pkr.hcl"},
		{"packer plugins installed", ""},
		{"packer plugins remove github.com/hashicorp/amazon", "change (packer plugins remove builds images, installs plugins or rewrites templates)"},
		{"packer build -force template.json", "change (packer build builds images, installs plugins or rewrites templates)"},
		{"packer console", "unknown (packer console evaluates expressions, which may read any file)"},
		{"packer init .", "change (packer init builds images, installs plugins or rewrites templates)"},
		{"packer --help", ""},
		{"packer version", ""},
		{"packer", "unknown (packer with no command)"},
	})
}

func TestPulumi(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pulumi stack ls", "network "},
		{"pulumi stack output -s dev", `network  "dev"`},
		{"pulumi stack output --show-secrets", "network ; unknown (pulumi stack output --show-secrets prints a secret)"},
		{"pulumi config", "network "},
		{"pulumi config --show-secrets", "network ; unknown (pulumi config --show-secrets prints a secret)"},
		{"pulumi config get dbPassword", "unknown (pulumi config get (a secret value is decrypted) prints a secret)"},
		{"pulumi config set x y", "change (pulumi config set runs the program, changes stacks or settings, or installs plugins)"},
		{"pulumi preview", "change (pulumi preview runs the program, changes stacks or settings, or installs plugins)"},
		{"pulumi up", "change (pulumi up runs the program, changes stacks or settings, or installs plugins)"},
		{"pulumi --cwd infra stack history -j", "network "},
		{"pulumi stack tag ls", "network "},
		{"pulumi stack tag set k v", "change (pulumi stack tag set runs the program, changes stacks or settings, or installs plugins)"},
		{"pulumi plugin ls --project", ""},
		{"pulumi whoami -v", "network "},
		{"pulumi --profiling prof stack ls", "write prof; network "},
		{"pulumi version", ""},
		{"pulumi --version", ""},
		{"pulumi stack output -s \"$S\"", `network  "$S"`},
	})
}

func TestCDK(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"cdk doctor", ""},
		{"cdk notices --unacknowledged", "network "},
		{"cdk context --json", ""},
		{"cdk context --clear", "change (--clear)"},
		{"cdk context --reset 3", "change (--reset)"},
		{"cdk context -e 3 -f", "change (-e)"},
		{"cdk docs", "network docs.aws.amazon.com"},
		{"cdk docs --browser 'firefox %u'", `exec sh:"firefox %u"`},
		{"cdk synth", `exec :""`},
		{"cdk diff", `exec :""`},
		{"cdk ls -l", `exec :""`},
		{"cdk list --app 'npx ts-node bin/app.ts'", `exec sh:"npx ts-node bin/app.ts"; exec :""`},
		{"cdk deploy --all", `exec :""`},
		{"cdk acknowledge 12345", "change (cdk acknowledge changes the project, its settings or the account)"},
		{"cdk bootstrap", "change (cdk bootstrap changes the project, its settings or the account)"},
		{"cdk doctor --plugin ./p.js", "unknown (--plugin runs code the model does not read)"},
		{"cdk --version", ""},
		{"cdk synth --help", ""},
		{"cdk deploy --he", `exec :""`},
		{"cdk deploy --vers", `exec :""`},
		{"cdk -o out doctor", "write out"},
	})
}
