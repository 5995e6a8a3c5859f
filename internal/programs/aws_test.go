package programs_test

import "testing"

func TestAWS(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		// Reads: a request carrying the operation's parameters.
		{"aws s3 ls", "network "},
		{"aws s3 ls s3://b/prefix/ --recursive --human-readable", `network  "s3://b/prefix/"`},
		{"aws --profile prod --region us-west-2 lambda list-functions", `network  "us-west-2"; unknown (aws lambda list-functions prints a secret)`},
		{"aws --region us-west-2 lambda list-functions --query Functions[].Runtime", `network  "us-west-2"`},
		{"aws ec2 describe-instances --instance-ids i-1 i-2 --output json", `network  "i-2" "i-1"`},
		{"aws --endpoint-url http://localhost:4566 s3 ls", `unknown (aws sends requests signed with the profile's keys and its session token to http://localhost:4566, a host the command names); network  "http://localhost:4566"; network http://localhost:4566`},
		{"aws --endpoint-url http://localhost:4566 --no-sign-request s3 ls", `network  "http://localhost:4566"; network http://localhost:4566`},
		{"aws logs tail /aws/lambda/fn --follow", `network  "/aws/lambda/fn"`},
		{"aws ec2 wait instance-running --instance-ids i-1", `network  "instance-running" "i-1"`},
		{"aws dynamodb get-item --table-name t --key file://key.json", `read key.json; network  "t" "file://key.json"`},
		{"aws s3api get-bucket-policy --bucket b --query Policy", `network  "b"`},
		{"aws sts get-caller-identity", "network "},
		{"aws iam get-account-password-policy", "network "},
		{"aws iam generate-credential-report", "network "},
		{"aws glue get-connection --name c --hide-password", `network  "c"`},
		{"aws --version", ""},
		{"aws --vers", ""},
		{"aws help", ""},
		{"aws ec2 help", ""},
		{"aws ec2 describe-instances help", ""},
		{"aws ec2 describe-instances --help", ""},
		{"aws ec2 terminate-instances --help x", `network  "x"; change (aws ec2 terminate-instances changes the account's resources)`},
		{"aws", "unknown (aws with no command)"},
		// Parameters computed at run time go into the request.
		{"aws ssm get-parameter --name \"$N\"", `network  "$N"`},
		{"aws ec2 describe-instances --profile=\"$P\"", "network "},
		// Secrets.
		{"aws secretsmanager get-secret-value --secret-id s", `network  "s"; unknown (aws secretsmanager get-secret-value prints a secret)`},
		{"aws ssm get-parameter --name /db/pw --with-decryption", `network  "/db/pw"; unknown (aws ssm get-parameter with decrypted values prints a secret)`},
		{"aws ssm get-parameters-by-path --path /app --with-d", `network  "/app"; unknown (aws ssm get-parameters-by-path with decrypted values prints a secret)`},
		{"aws apigateway get-api-key --api-key k --include", `network  "k"; unknown (aws apigateway get-api-key with decrypted values prints a secret)`},
		{"aws ecs describe-services --services s --include TAGS", `network  "s" "TAGS"`},
		{"aws ecr get-authorization-token", "network ; unknown (aws ecr get-authorization-token prints a secret)"},
		{"aws ecr get-login-password", "network ; unknown (aws ecr get-login-password prints a secret)"},
		{"aws eks get-token --cluster-name c", `network  "c"; unknown (aws eks get-token prints a secret)`},
		{"aws glue get-connection --name c", `network  "c"; unknown (aws glue get-connection is not only a read)`},
		{"aws glue get-connection --name c --hide-password --no-hide-password", `network  "c"; unknown (aws glue get-connection is not only a read)`},
		{"aws cognito-idp describe-user-pool-client --user-pool-id p --client-id c", `network  "p" "c"; unknown (aws cognito-idp describe-user-pool-client prints a secret)`},
		{"aws configure get aws_secret_access_key", "unknown (aws configure get aws_secret_access_key prints a secret)"},
		{"aws configure get region --profile prod", ""},
		{"aws configure list", ""},
		{"aws configure export-credentials", "unknown (aws configure export-credentials prints a secret)"},
		{"aws s3 presign s3://b/k", `network  "s3://b/k"; unknown (aws s3 presign prints a secret)`},
		// Changes.
		{"aws ec2 terminate-instances --instance-ids i-1", `network  "i-1"; change (aws ec2 terminate-instances changes the account's resources)`},
		{"aws ec2 terminate-instances --instance-ids i-1 help", `unknown (help after the parameters of aws ec2 terminate-instances may be one more value, and the operation run)`},
		{"aws dynamodb delete-table --table-name help", `network  "help"; change (aws dynamodb delete-table changes the account's resources)`},
		{"aws emr get --cluster-id j --src /x", `network  "j" "/x"; unknown (aws emr get is not known to only read)`},
		{"aws configure set region us-east-1", "change (aws configure set changes the aws configuration)"},
		{"aws configure", "change (aws configure asks for keys and writes them to the aws configuration)"},
		{"aws --cli-auto-prompt ec2 describe-instances", "unknown (the effect of --cli-auto-prompt is not modelled); network "},
		{"aws ssm get-parameter --cli-input-json file://p.json", "unknown (the effect of --cli-input-json is not modelled); read p.json; network "},
		{"aws --unknown-global x ec2 describe-instances", `unknown (the option --unknown-global is not in the model of aws); network  "describe-instances"; unknown (aws x ec2 is not known to only read)`},
		{"aws $SERVICE describe-instances", `unknown ("$SERVICE" is not a subcommand the model of aws knows); unknown (aws with no command)`},
		{"aws ec2 $OP", `unknown ("$OP" is not a subcommand the model of aws knows)`},
		// Local files written.
		{"aws s3api get-object --bucket b --key k out.bin", `network  "out.bin" "b" "k"; write out.bin`},
		{"aws s3api get-object --bucket b --key k /dev/stdout", `network  "/dev/stdout" "b" "k"`},
		{"aws lambda invoke --function-name f out.json", `network  "out.json" "f"; change (aws lambda invoke runs the function); write out.json`},
		// Files sent.
		{"aws dynamodb get-item --table-name t --key file://~/.ssh/id_rsa", `read ~/.ssh/id_rsa; network  "t" "file://~/.ssh/id_rsa"`},
		{"aws --endpoint-url https://x.example dynamodb get-item --key file://src/a.go", `unknown (aws sends requests signed with the profile's keys and its session token to https://x.example, a host the command names); network  "https://x.example"; read src/a.go; network https://x.example "file://src/a.go"; unknown (the content of src/a.go goes to the endpoint https://x.example)`},
		{"aws --ca-bundle ca.pem s3 ls", "unknown (aws --ca-bundle trusts a server the command chooses, which receives requests signed with the profile's keys and its session token); read ca.pem; network "},
		{"aws --no-verify-ssl s3 ls", "unknown (aws --no-verify-ssl trusts a server the command chooses, which receives requests signed with the profile's keys and its session token); network "},
		// s3 transfers.
		{"aws s3 cp s3://b/k -", `network  "s3://b/k" "-"`},
		{"aws s3 cp s3://b/k out.txt", `network  "s3://b/k" "out.txt"; write out.txt`},
		{"aws s3 cp s3://b/p ./local --recursive", `network  "s3://b/p" "./local"; write ./local (tree)`},
		{"aws s3 cp local.txt s3://b/k", `network  "local.txt" "s3://b/k"; read local.txt; change (aws s3 cp uploads to a bucket)`},
		{"aws s3 sync . s3://b", `network  "." "s3://b"; read . (tree, hidden); change (aws s3 sync uploads to a bucket)`},
		{"aws s3 sync s3://b ./local --delete", `network  "s3://b" "./local"; write ./local (tree); delete ./local (tree)`},
		{"aws s3 mv s3://b/k s3://c/k", `network  "s3://b/k" "s3://c/k"; change (aws s3 mv copies between buckets); change (aws s3 mv deletes the objects it moves)`},
		{"aws s3 mv a.txt s3://b/k", `network  "a.txt" "s3://b/k"; read a.txt; change (aws s3 mv uploads to a bucket); delete a.txt`},
		{"aws s3 rm s3://b/k", `network  "s3://b/k"; change (aws s3 rm deletes objects)`},
		{"aws s3 cp --help", ""},
	})
}

func TestAWSQueries(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  string
		read bool
	}{
		{"aws athena start-query-execution --query-string 'SELECT * FROM t LIMIT 10'", true},
		{"aws athena start-query-execution --query-string 'WITH x AS (SELECT 1) SELECT * FROM x'", true},
		{"aws athena start-query-execution --query-string \"SELECT * FROM t WHERE note = 'DROP'\"", true},
		{"aws athena start-query-execution --query-string 'SHOW TABLES'", true},
		{"aws athena start-query-execution --query-string 'INSERT INTO t SELECT * FROM u'", false},
		{"aws athena start-query-execution --query-string 'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x'", false},
		{"aws athena start-query-execution --query-string 'SELECT 1; DROP TABLE t'", false},
		{"aws athena start-query-execution --query-string 'UNLOAD (SELECT 1) TO s3://b/'", false},
		{"aws athena start-query-execution --query-string \"$QUERY\"", false},
		{"aws athena start-query-execution --query-string 'SELECT 1' --query-string 'DROP TABLE t'", false},
		{"aws athena start-query-execution --query-string 'SELECT 1' --query-str 'DROP TABLE t'", false},
		{"aws athena start-query-execution --query-string \"SELECT 'a\\' ; DELETE FROM t; --'\"", false},
		{"aws athena start-query-execution --work-group w", false},
	} {
		if got := !hasUnknown(t, tt.cmd); got != tt.read {
			t.Errorf("%q: read %v, want %v (%s)", tt.cmd, got, tt.read, effects(t, tt.cmd))
		}
	}
}

// TestAwsEnvironment: variables that name a program aws runs.
func TestAwsEnvironment(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"AWS_PAGER='xargs cat' aws s3 ls", "unknown (AWS_PAGER names a program or code that aws runs); network "},
		{"AWS_SHARED_CREDENTIALS_FILE=./c aws sts get-caller-identity", "unknown (AWS_SHARED_CREDENTIALS_FILE names a program or code that aws runs); network "},
		{"env AWS_PAGER=less aws --version", "unknown (AWS_PAGER names a program or code that aws runs)"},
	})
}
