package programs_test

import "testing"

// TestClients: kubectl, helm, gh and glab calls that read, and those that
// reveal secrets, change state or run programs.
func TestClients(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd     string
		unknown bool
	}{
		{"kubectl get svc -o yaml", false},
		{"kubectl get pods", false},
		{"kubectl get pods -o wide", false},
		// Objects that hold a pod's spec print its containers' environment.
		{"kubectl get pods -o yaml", true},
		{"kubectl get deploy/web -ojson", true},
		{"kubectl get deployment.apps/web -o yaml", true},
		{"kubectl get po,svc -o json", true},
		{"kubectl get cronjobs -o jsonpath='{.items[*].spec}'", true},
		{"kubectl get pods -o jsonpath='{@}'", true},
		{"kubectl get pods -o jsonpath='{.items[*].metadata.name}'", false},
		{"kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase", false},
		{"kubectl get deploy web -o jsonpath='{.metadata.annotations}'", true},
		{"kubectl get deploy web -o jsonpath='{.metadata}'", true},
		{"kubectl get deploy web -o jsonpath='{.metadata.*}'", true},
		{"kubectl get deploy -o jsonpath='{.items[*].metadata.labels}'", false},
		// Spellings of a template that print the objects whole.
		{"kubectl get pods -o jsonpath='{.items[*].metadata.name}{..value}'", true},
		{"kubectl get pods -o jsonpath='{.items[*].metadata.name}{.items}'", true},
		{"kubectl get pods -o go-template='{{range .items}}{{.metadata.name}}{{ . }}{{end}}'", true},
		{"kubectl get pods -o go-template='{{range .items}}{{.metadata.name}}{{printf \"%v\" .}}{{end}}'", true},
		{"kubectl get pods -o go-template='{{range $p := .items}}{{$p.metadata.name}}{{$p}}{{end}}'", true},
		{"kubectl get pods -o go-template='{{.metadata.name}}{{with .spec}}{{.containers}}{{end}}'", true},
		{"kubectl get pods -o jsonpath-file=/tmp/metadata.name", true},
		{"kubectl get pods -o custom-columns=N:.metadata.name,A:..value", true},
		{"kubectl get pods -o custom-columns=N:.metadata.name,A:.", true},
		{"kubectl get pods -o custom-columns=N:metadata.name,S:status.phase", false},
		{"kubectl get pods -o go-template='{{range .items}}{{.metadata.name}}{{\"\\n\"}}{{end}}'", false},
		{"kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{\"\\t\"}{.status.phase}{\"\\n\"}{end}'", false},
		// From -v=8 kubectl logs the answers.
		{"kubectl get pods -o jsonpath='{.items[*].metadata.name}' -v=9", true},
		{"kubectl get secrets -o name --v=8", true},
		{"kubectl get pods -v=6", false},
		{"kubectl describe pod web", true},
		{"kubectl describe deploy/web", true},
		{"kubectl describe svc web", false},
		{"kubectl describe node worker-1", false},
		{"gcloud functions list", false},
		{"gcloud functions list --log-http", true},
		{"gcloud run services describe api --format 'value(status.url)' --log-http", true},
		{"gcloud run services describe api --format 'value(status.url)' --log-http --no-log-http", false},
		{"docker inspect --format '{{.Id}}{{json $}}' web", true},
		{"docker inspect -f '{{.Name}} {{$.Config.Env}}' web", true},
		{"docker inspect -f '{{range $k, $v := .NetworkSettings.Networks}}{{$k}}{{end}}' web", false},
		{"helm status web", false},
		{"helm status web -o json", true},
		{"helm status web -o table", false},
		{"aws lambda list-functions --query Functions", true},
		{"aws lambda list-functions --query 'Functions[0]'", true},
		{"aws lambda get-function --function-name f --query 'Configuration.*'", true},
		{"aws lambda get-function --function-name f --query '*'", true},
		{"aws lambda get-function --function-name f --query '[@]'", true},
		{"aws lambda get-function --function-name f --query '{c: Configuration}'", true},
		{"aws lambda get-function --function-name f --query 'Configuration.\"\\u0045nvironment\"'", true},
		{"aws ecs describe-task-definition --task-definition web --query taskDefinition", true},
		{"aws ecs describe-task-definition --task-definition web --query taskDefinition.family", false},
		{"aws lambda list-functions --query \"Functions[?Runtime=='python3.12'].FunctionName\"", false},
		{"gcloud functions list --format json", true},
		{"gcloud functions list --format 'value(name)'", false},
		{"gcloud run revisions describe api-0001", true},
		{"kubectl get pods -o custom-columns=NAME:.metadata.name,ENV:.spec.containers[*].env", true},
		{"helm get values web", true},
		{"helm get manifest web", true},
		{"helm get notes web", false},
		{"helm status web", false},
		{"docker inspect web", true},
		{"docker inspect -f '{{.State.Status}}' web", false},
		{"gcloud functions describe fn --region us-central1", true},
		{"gcloud run services describe api --format yaml", true},
		{"gcloud run services describe api --format 'value(status.url)'", false},
		{"gcloud run services describe api --format 'value(spec.template.spec.containers[0].env)'", true},
		{"gcloud app versions describe v1 --service default", true},
		{"aws lambda get-function-configuration --function-name f", true},
		{"aws lambda get-function --function-name f --query Configuration", true},
		{"aws lambda get-function --function-name f --query Configuration.Runtime", false},
		{"aws lambda list-functions --query 'Functions[].FunctionName'", false},
		{"aws lambda list-functions", true},
		{"aws ecs describe-task-definition --task-definition web", true},
		{"aws ecs describe-services --cluster c --services web", false},
		{"kubectl get secret db -o yaml", true},
		{"kubectl get secret/db -ojson", true},
		{"kubectl get --raw /api", true},
		{"kubectl config view --raw", true},
		{"kubectl --server https://x get pods", true},
		{"kubectl describe $R", true},
		{"helm install web ./c --dry-run=server", true},
		{"gh auth status --show-token", true},
		// pflag's flags given false are off; given true, or last, on.
		{"gh auth status --show-token=false", false},
		{"gh auth status --show-token=false --show-token", true},
		{"gh auth status --show-token --show-token=0", false},
		{"kubectl config view --raw=false", false},
		{"kubectl config view --raw=true", true},
		{"gh auth token", true},
		{"gh pr list -R o/r", false},
		{"glab ci get --with-variables", true},
	} {
		if got := hasUnknown(t, tt.cmd); got != tt.unknown {
			t.Errorf("%q: unknown effect %v, want %v (%s)", tt.cmd, got, tt.unknown, effects(t, tt.cmd))
		}
	}
}
