package programs_test

import "testing"

func TestVault(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"vault status", "network "},
		{"vault kv list secret/", `network  "secret/"`},
		{"vault kv list -mount=secret app", `network  "app"`},
		{"vault kv metadata get secret/db", `network  "secret/db"`},
		{"vault policy read default", `network  "default"`},
		{"vault -version", ""},
		{"vault version", ""},
		{"vault list -address=https://v.example sys/policies", `network  "https://v.example"; network https://v.example "sys/policies" "https://v.example"; unknown (vault sends the token of $VAULT_TOKEN or ~/.vault-token to https://v.example, a host the command names)`},
		{"VAULT_ADDR=https://v.example vault status", "network ; unknown (vault sends the token of $VAULT_TOKEN or ~/.vault-token to https://v.example, a host VAULT_ADDR names)"},
		{"VAULT_FORMAT=json vault status", "network "},
		{"vault kv get secret/db", `network  "secret/db"; unknown (vault kv get prints a secret)`},
		{"vault read database/creds/app", `network  "database/creds/app"; unknown (vault read prints a secret)`},
		{"vault token lookup", "network ; unknown (vault token lookup prints a secret)"},
		{"vault token capabilities secret/x", `network  "secret/x"`},
		{"vault list -output-curl-string secret/", `network  "secret/"; unknown (vault -output-curl-string prints a secret)`},
		{"vault list -wrap-ttl=5m secret/", `change (-wrap-ttl); network  "secret/"`},
		{"vault write secret/x a=b", `network  "secret/x" "a=b"; change (vault write changes the server, its secrets or the local token)`},
		{"vault login", "network ; change (vault login changes the server, its secrets or the local token)"},
		{"vault kv get -help", ""},
		{"vault print token", "network ; unknown (vault print token prints a secret)"},
		{"vault list secret/ -format=json", `network  "secret/" "-format=json"`},
	})
}

func TestConsul(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"consul members", "network "},
		{"consul members -detailed", "network "},
		{"consul catalog services", "network "},
		{"consul operator raft list-peers", "network "},
		{"consul validate /etc/consul.d", "read /etc/consul.d"},
		{"consul kv get config/db", `network  "config/db"; unknown (consul kv get prints a secret)`},
		{"consul kv put config/db x", `network  "config/db" "x"; change (consul kv put changes the cluster, its data or the agent)`},
		{"consul members -token-file tok", "read tok; network "},
		{"consul -version", ""},
		{"consul members -http-addr=https://c.example", `network  "https://c.example"; network https://c.example "https://c.example"; unknown (consul sends the token of $CONSUL_HTTP_TOKEN to https://c.example, a host the command names)`},
		{"CONSUL_HTTP_ADDR=c.example:8500 consul members", "network ; unknown (consul sends the token of $CONSUL_HTTP_TOKEN to c.example:8500, a host CONSUL_HTTP_ADDR names)"},
		{"consul members -token \"$T\"", `network  "$T"`},
		{"consul acl token list", `network  "list"; unknown (consul acl token prints a secret)`},
	})
}

func TestNomad(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"nomad job status web", `network  "web"`},
		{"nomad job plan job.nomad", `read job.nomad; network  "job.nomad"`},
		{"nomad job plan -verbose job.nomad", `read job.nomad; network  "job.nomad"`},
		{"nomad job validate -var-file=v.hcl job.nomad", `read v.hcl; read job.nomad; network  "job.nomad"`},
		{"nomad alloc logs abc", `network  "abc"`},
		{"nomad alloc exec abc sh", `network  "abc" "sh"; change (nomad alloc exec changes the cluster, runs commands in tasks or reads their files)`},
		{"nomad var get secret/x", `network  "secret/x"; unknown (nomad var get prints a secret)`},
		{"nomad var list", "network "},
		{"nomad status -address=https://n.example", `network  "https://n.example"; network https://n.example "https://n.example"; unknown (nomad sends the token of $NOMAD_TOKEN to https://n.example, a host the command names)`},
		{"NOMAD_ADDR=https://n.example nomad status", "network ; unknown (nomad sends the token of $NOMAD_TOKEN to https://n.example, a host NOMAD_ADDR names)"},
		{"nomad acl token self", `network  "self"; unknown (nomad acl token prints a secret)`},
		{"nomad job run job.nomad", `network  "job.nomad"; change (nomad job run changes the cluster, runs commands in tasks or reads their files)`},
	})
}

func TestEksctl(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"eksctl get nodegroup --cluster c", `network  "c"`},
		{"eksctl get cluster -f cluster.yaml", "read cluster.yaml; network "},
		{"eksctl utils describe-stacks --cluster c", `network  "c"`},
		{"eksctl utils write-kubeconfig --cluster c", "change (eksctl utils write-kubeconfig changes clusters or writes their configuration)"},
		{"eksctl delete cluster --name c", "change (eksctl delete changes clusters or writes their configuration)"},
		{"eksctl info", ""},
		{"eksctl version", ""},
	})
}

func TestPrometheusTools(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"prometheus --version", ""},
		{"prometheus --help-long", ""},
		{"prometheus --config.file=prometheus.yml", "unknown (the option --config.file is not in the model of prometheus); change (prometheus runs the server: it listens, scrapes targets and writes its storage)"},
		{"prometheus --version --storage.tsdb.path=data/", "unknown (the option --storage.tsdb.path is not in the model of prometheus); change (prometheus runs the server: it listens, scrapes targets and writes its storage)"},
		{"prometheus", "change (prometheus runs the server: it listens, scrapes targets and writes its storage)"},
		{"promtool check rules rules.yml", "read rules.yml"},
		{"promtool check config prometheus.yml", "read prometheus.yml"},
		{"promtool check healthy --url http://localhost:9090", `network  "http://localhost:9090"`},
		{"promtool query instant http://localhost:9090 up", `network  "http://localhost:9090" "up"`},
		{"promtool test rules tests.yml", "read tests.yml"},
		{"promtool test rules --junit out.xml tests.yml", "write out.xml; read tests.yml"},
		{"promtool tsdb list data", "read data (tree, hidden); write data (tree)"},
		{"promtool debug all http://localhost:9090", `network  "http://localhost:9090"; write debug.tar.gz`},
		{"promtool push metrics http://x", "change (promtool push sends metrics to a Pushgateway)"},
		{"promtool --version", ""},
		{"amtool silence query", "network "},
		{"amtool alert", "network "},
		{"amtool alert query -s alertname=foo", `network  "alertname=foo"`},
		{"amtool silence expire abc", "change (amtool silence expire changes the Alertmanager's alerts or silences)"},
		{"amtool check-config alertmanager.yml", "read alertmanager.yml"},
		{"amtool config routes --config.file am.yml", "read am.yml"},
		{"amtool config routes show", "network "},
		{"amtool template render --template.glob='t/*.tmpl' --template.text='{{ .Status }}'", "read t/*.tmpl"},
		{"amtool --http.config.file=http.yml silence", "read http.yml; network "},
	})
}
