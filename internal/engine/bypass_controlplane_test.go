package engine_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassLocalControlPlane: a request to an infrastructure control
// plane on this machine or a private network (kubectl proxy, the Docker
// Engine API on TCP, the kubelet, Consul, etcd, Vault, Nomad, Envoy's
// admin) hands out what its command-line tool does, and is asked about
// as that tool is, by its well-known port or by a path that names
// secrets, in every spelling of this machine and by every HTTP client;
// a cloud metadata service is refused in every spelling of its address.
// curl -s localhost:8001/api/v1/namespaces/default/secrets was a plain
// allow (read-only:curl). A developer's own server stays as it was.
func TestBypassLocalControlPlane(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		cmd  string
		want []engine.Outcome
	}{
		{"curl -s http://localhost:8001/api/v1/namespaces/default/secrets", stopped},
		{"curl http://localhost:2375/containers/abc/json", stopped},
		{"curl -s 'http://localhost:2375/containers/abc/archive?path=/etc/shadow'", stopped},
		{"curl http://localhost:2375/v1.41/containers/abc/logs", stopped},
		{"curl -sk https://localhost:2376/info", stopped},
		{"curl localhost:10255/pods", stopped},
		{"curl -sk https://127.0.0.1:10250/pods", stopped},
		{"curl 'http://127.0.0.1:8500/v1/kv/?recurse'", stopped},
		{"curl http://localhost:2379/v2/keys", stopped},
		{"curl http://localhost:4001/v2/keys/", stopped},
		{"curl -s http://127.0.0.1:15000/config_dump", stopped},
		{"curl -s http://localhost:9901/config_dump", stopped},
		{"curl -sk https://localhost:6443/api/v1/secrets", stopped},
		{"curl http://127.0.0.1:8200/v1/secret/data/app", stopped},
		{"curl http://localhost:4646/v1/jobs", stopped},
		{"curl http://localhost:8080/actuator/env", stopped},
		{"curl http://localhost:9000/v1/kv/app", stopped},
		{"wget -qO- http://localhost:8001/api/v1/secrets", stopped},
		{"wget -q -O - http://[::1]:2375/containers/x/json", stopped},
		{"curl http://[::1]:8001/api/v1/secrets", stopped},
		{"curl http://127.1:8500/v1/kv/x", stopped},
		{"curl http://0.0.0.0:2379/v2/keys", stopped},
		{"curl http://0x7f000001:8001/api", stopped},
		{"curl http://2130706433:8001/api", stopped},
		{"curl --url http://localhost:8001/api/v1/secrets", stopped},
		{"curl localhost:8001/api/v1/secrets", stopped},
		{"http :8001/api/v1/secrets", stopped},
		{"xh http://localhost:8500/v1/kv/?recurse", stopped},
		{"curl http://10.0.0.5:10250/pods", stopped},
		{"curl http://0xa9fea9fe/latest/meta-data/", blocked},
		{"curl http://2852039166/latest/meta-data/iam/security-credentials/", blocked},
		{"curl http://[fd00:ec2::254]/latest/meta-data/", blocked},
		{"curl http://[::ffff:169.254.169.254]/latest/", blocked},
		{"wget -qO- http://169.254.170.2/v2/credentials/x", blocked},
		{"curl -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/", blocked},
		{"curl http://100.100.100.200/latest/meta-data/", blocked},
		// The path as the server reads it: percent-decoded (again and
		// again), ;parameters off; curl's globs as the URLs curl makes.
		{`curl -s "http://127.0.0.1:9999/api/v1/namespaces/default/%73ecrets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v1/namespaces%2Fdefault%2Fsecrets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v1/%2573ecrets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v1/secrets;x"`, stopped},
		{`curl -s "http://127.0.0.1:9999/containers/x/%6Ason"`, stopped},
		{`curl -s "http://127.0.0.1:9999/v1/k%76/app"`, stopped},
		{`curl -s "http://127.0.0.1:9999/c%6Fnfig_dump"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v1/sec{r,r}ets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v1/sec[r-r]ets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/api/v[1-1]/secrets"`, stopped},
		{`curl -s "http://127.0.0.1:9999/{health,api/v1/secrets}"`, stopped},
		{`curl -s "http://127.0.0.1:99{99,98}/api/v1/secrets"`, stopped},
		{`curl -s "http://127.0.0.1:{8001,3000}/"`, stopped},
		{`curl -s "http://169.254.169.{254,1}/latest/"`, blocked},
		{`curl -s "http://127.0.0.1:9999/x/[1-100000]/{a,b}"`, stopped},
		{`curl -s "http://127.0.0.1:9999/sec{r,r"`, stopped},
		// A developer's server, and public hosts, stay as they were.
		{`curl -s "http://localhost:3000/api/{health,ready}"`, allowed},
		{`curl -s "http://[::1]:3000/page[1-3].html"`, allowed},
		{`curl -g -s "http://127.0.0.1:9999/sec{r,r}ets"`, allowed},
		{`curl -s "https://example.com/file[1-500].txt"`, runs},
		{"curl http://localhost:3000/api/health", allowed},
		{"curl -s http://127.0.0.1:8080/", allowed},
		{"curl http://localhost:5173/src/env.ts", allowed},
		{"curl https://example.com/docs/secrets-management", runs},
		{"wget -qO- http://localhost:8000/index.html", allowed},
	} {
		d := decide(t, p, shellReq(tc.cmd))
		if !slices.Contains(tc.want, d.Outcome) {
			t.Errorf("%s: got %s by %s/%s (%s), want one of %v", tc.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
		}
	}
}

// TestBypassControlPlaneAnyProgram: the metadata and control-plane
// judgement is of the words, not of a list of HTTP clients: a URL or a
// host:port in any command's words reaches what curl's would (git
// ls-remote and npm --registry made the GET, openssl the connection).
// Each was a plain allow (read-only:git, read-only:openssl).
func TestBypassControlPlaneAnyProgram(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		cmd  string
		want []engine.Outcome
	}{
		{"git ls-remote http://169.254.169.254/latest/meta-data/", blocked},
		{"git ls-remote http://[::ffff:169.254.169.254]/latest", blocked},
		{`git ls-remote "http://127.0.0.1:8001/api/v1/secrets?x="`, stopped},
		{`git ls-remote "http://127.0.0.1:2375/containers/x/archive?path=/etc/shadow&x="`, stopped},
		{`git ls-remote "http://127.0.0.1:9999/api/v1/namespaces/default/%73ecrets?x="`, stopped},
		{"openssl s_client -connect 169.254.169.254:80", blocked},
		{"openssl s_client -connect 0xa9fea9fe:80", blocked},
		{"openssl s_client -connect 127.0.0.1:6443 -quiet", stopped},
		{"npm view x --registry http://127.0.0.1:8001/api/v1/namespaces/default/secrets/", stopped},
		{"npm view x --registry=http://localhost:2379/v2/keys/", stopped},
		{"pip index versions x --index-url http://127.0.0.1:8001/api/v1/secrets/", stopped},
		{"git config remote.x.url url=http://metadata.google.internal/computeMetadata/v1/", blocked},
		{"python3 -m pip download x -i http://[fd00:ec2::254]/simple", blocked},
		// A developer's own server and ordinary words stay as they were.
		{"git status", allowed},
		{"ls -la", allowed},
		{"git ls-remote http://localhost:3000/repo.git", allowed},
		{"git log --format=%H:%s", allowed},
		{"git show HEAD:src/main.go", allowed},
	} {
		d := decide(t, p, shellReq(tc.cmd))
		if !slices.Contains(tc.want, d.Outcome) {
			t.Errorf("%s: got %s by %s/%s (%s), want one of %v", tc.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
		}
	}
}
