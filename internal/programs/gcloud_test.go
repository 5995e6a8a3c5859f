package programs_test

import "testing"

func TestGcloud(t *testing.T) {
	t.Parallel()
	checkAfterStart(t, []effectCase{
		{"gcloud compute instances list --project p", `network  "p"`},
		{"gcloud --format=json compute instances describe vm --zone us-central1-a", `network  "vm" "us-central1-a"; unknown (gcloud compute instances describe (the environment or metadata it was deployed with) prints a secret)`},
		{"gcloud container clusters get-credentials c", `network  "c"; unknown (gcloud container clusters get-credentials prints a secret)`},
		{"gcloud compute instances delete vm", "change (gcloud compute instances delete vm: delete changes state)"},
		{"gcloud compute instances", "unknown (gcloud compute instances names no command known to only read)"},
		{"gcloud compute instances list --flags-file=f.yaml", "unknown (the effect of --flags-file is not modelled); network "},
		{"gcloud --access-token-file tok compute instances list", "read tok; network "},
		{"gcloud", "unknown (gcloud with no command)"},
		{"gcloud --version", ""},
		{"gcloud app deploy --version v1", "unknown (the option --version is not in the model of gcloud); change (gcloud app deploy v1: deploy changes state)"},
		{"gcloud info --run-diagnostics", `network  ""`},
	})
}

func TestGcloudReads(t *testing.T) {
	t.Parallel()
	checkReads(t, []readCase{
		{"gcloud compute instances list", true},
		{"gcloud --project delete compute instances list", true},
		// A VM's metadata holds its startup script, a cluster's
		// description its master credentials.
		{"gcloud --format=json compute instances describe vm --zone us-central1-a", false},
		{"gcloud compute instances describe vm --format 'value(status)'", true},
		{"gcloud compute instance-templates describe t", false},
		{"gcloud container clusters describe c", false},
		{"gcloud container clusters list", true},
		{"gcloud beta run services describe svc --format 'value(status.url)'", true},
		{"gcloud beta run services describe svc", false},
		{"gcloud run services list", true},
		{"gcloud run services describe myservice --region us-central1", false},
		{"gcloud logging read 'severity>=ERROR' --limit 10", true},
		{"gcloud logging logs list --sort-by='timestamp'", true},
		{"gcloud projects get-iam-policy p", true},
		{"gcloud config get-value project", true},
		{"gcloud secrets versions list s", true},
		{"gcloud storage ls gs://b", true},
		{"gcloud help compute instances", true},
		{"gcloud info", true},
		{"gcloud info --show-log", true},
		{"gcloud auth list", true},
		{"gcloud container node-pools list --cluster=my-cluster", true},
		{"gcloud compute instances list -h", true},
		{"gcloud compute instances delete list", false},
		{"gcloud --project p compute instances delete vm", false},
		{"gcloud run deploy svc --image=gcr.io/p/i", false},
		{"gcloud run deploy list", false},
		{"gcloud app deploy", false},
		{"gcloud compute ssh vm", false},
		{"gcloud pubsub subscriptions pull s", false},
		{"gcloud config set project p", false},
		{"gcloud compute instances list --flags-file=f.yaml", false},
		{"gcloud compute instances", false},
		{"gcloud", false},
		{"gcloud secrets versions access latest --secret=s", false},
		{"gcloud auth print-access-token", false},
		{"gcloud container clusters get-credentials c", false},
		{"gcloud redis instances get-auth-string r --region=r", false},
		{"gcloud config config-helper", false},
		{"gcloud iap oauth-clients list projects/p/brands/b", false},
		{"gcloud compute instances describe \"$(cat secret)\"", false},
	})
}

func TestGsutil(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"gsutil ls -l gs://b", "network metadata.google.internal; network  \"gs://b\""},
		{"gsutil -m du -s gs://b", "network metadata.google.internal; network  \"gs://b\""},
		{"gsutil du -X excl.txt gs://b", "network metadata.google.internal; read excl.txt; network  \"gs://b\""},
		{"gsutil iam get gs://b", "network metadata.google.internal; network  \"gs://b\""},
		{"gsutil hash a.txt", "network metadata.google.internal; read a.txt"},
		{"gsutil cp a gs://b", "network metadata.google.internal; read a (tree, hidden); change (gsutil cp changes buckets, objects or files)"},
		{"gsutil iam set p.json gs://b", "network metadata.google.internal; change (gsutil iam set changes buckets, objects or files)"},
		{"gsutil -D ls gs://b", "network metadata.google.internal; unknown (the effect of -D is not modelled); network  \"gs://b\""},
		{"gsutil -o Credentials:x=y ls", "network metadata.google.internal; unknown (the effect of -o is not modelled); network "},
		{"gsutil signurl key.json gs://b/o", "network metadata.google.internal; unknown (gsutil signurl prints a secret)"},
		{"gsutil version -l", "network metadata.google.internal"},
	})
}

func TestBq(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"bq ls", "network metadata.google.internal; network "},
		{"bq head -n 10 d.t", "network metadata.google.internal; network  \"d.t\" \"10\""},
		{"bq show --format=prettyjson p:d.t", "network metadata.google.internal; network  \"p:d.t\""},
		{"bq query --nouse_legacy_sql 'SELECT COUNT(*) FROM d.t'", "network metadata.google.internal; network  \"SELECT COUNT(*) FROM d.t\""},
		{"bq query --use_legacy_sql=false SELECT 1", "network metadata.google.internal; network  \"SELECT\" \"1\""},
		{"bq query 'DELETE FROM d.t WHERE true'", "network metadata.google.internal; network  \"DELETE FROM d.t WHERE true\"; change (bq query: DELETE FROM d.t WHERE true is not only queries)"},
		{"bq query --destination_table=d.t 'SELECT 1'", "network metadata.google.internal; change (--destination_table); network  \"SELECT 1\""},
		{"bq query --destination_t d.t 'SELECT 1'", "network metadata.google.internal; change (--destination_t); network  \"SELECT 1\""},
		{"bq query --dest d.t 'SELECT 1'", "network metadata.google.internal; unknown (the option --dest is not in the model of bq); network  \"d.t\" \"SELECT 1\"; change (bq query: d.t SELECT 1 is not only queries)"},
		{"bq query", "network metadata.google.internal; network ; unknown (bq query reads its query from standard input)"},
		{"bq rm -f d.t", "network metadata.google.internal; network  \"d.t\"; change (bq rm changes datasets, tables, jobs or transfers)"},
		{"bq load d.t data.csv", "network metadata.google.internal; network  \"d.t\" \"data.csv\"; read data.csv; change (bq load changes datasets, tables, jobs or transfers)"},
		{"bq --flagfile=flags.txt query 'SELECT 1'", "network metadata.google.internal; unknown (the effect of --flagfile is not modelled); network  \"SELECT 1\""},
		{"bq --apilog=log.txt ls", "network metadata.google.internal; write log.txt; network "},
		{"bq --help", "network metadata.google.internal"},
	})
	checkReads(t, []readCase{
		{"bq query $'SELECT 1 # \\'\\nDELETE FROM d.t WHERE true -- \\''", false},
		{"bq query \"SELECT * FROM $T\"", false},
		{"bq query --project_id \"$(cat f)\" 'SELECT 1'", false},
		{"bq query --parameter \"x::$(cat f)\" 'SELECT @x'", false},
		{"bq query --parameter x::1 'SELECT @x'", true},
		{"gsutil -h \"x-goog-meta-a:$A\" ls gs://b", false},
		{"gsutil -u p ls gs://b", true},
		{"gcloud compute instances list --impersonate-service-account \"$SA\"", false},
	})
}
