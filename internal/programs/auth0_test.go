package programs_test

import "testing"

func TestAuth0(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"auth0 apps list", "network "},
		{"auth0 --tenant t apps show app_1", `network  "app_1" "t"`},
		{"auth0 apps show app_1 --reveal-secrets", `network  "app_1"; unknown (auth0 apps show --reveal-secrets prints a secret)`},
		{"auth0 apps show app_1 --rev", `network  "app_1"; unknown (auth0 apps show --reveal-secrets prints a secret)`},
		{"auth0 apps show app_1 -r", `network  "app_1"; unknown (auth0 apps show --reveal-secrets prints a secret)`},
		{"auth0 api get tenants/settings", `network  "get" "tenants/settings"`},
		{"auth0 api get clients", `network  "get" "clients"; unknown (auth0 api get clients: the answer may carry secrets (client secrets, keys))`},
		{"auth0 api clients --data '{}'", `network  "clients" "{}"; change (auth0 api with a body changes the tenant)`},
		{"auth0 apps create --name x", "unknown (the option --name is not in the model of auth0); change (auth0 apps create x: create changes state)"},
		{"auth0 --version", ""},
	})
	checkReads(t, []readCase{
		{"auth0 apps list", true},
		{"auth0 --tenant t apps show app_1", true},
		{"auth0 roles permissions list rol_1", true},
		{"auth0 ul prompts show login", true},
		{"auth0 users search --query email:a@b.c", true},
		{"auth0 logs tail", true},
		{"auth0 logs ls", true},
		{"auth0 api get tenants/settings", true},
		{"auth0 api stats/daily", true},
		{"auth0 protection bpd show", true},
		{"auth0 actions diff", true},
		{"auth0 event-streams stats", true},
		{"auth0 apps --help", true},
		{"auth0 apps create --name x", false},
		{"auth0 apps open app_1", false},
		{"auth0 apps show app_1 --reveal-secrets", false},
		{"auth0 tenants use t", false},
		{"auth0 test token", false},
		{"auth0 api get clients", false},
		{"auth0 api clients --data '{}'", false},
		{"auth0 api post clients", false},
		{"auth0 roles permissions add rol_1 list", false},
		{"auth0 log-streams list", false},
		{"auth0 event-streams list", false},
		{"auth0 universal-login customize", false},
		{"auth0 apis rm api_12345", false},
		{"auth0 users show \"$(cat id)\"", false},
	})
}
