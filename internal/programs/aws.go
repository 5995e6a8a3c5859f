package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// aws calls an operation of an AWS service: aws [options] SERVICE
// OPERATION [parameters]. The operations are too many to list, so they
// are judged by their verb: describe-*, list-*, get-* and the like only
// read, except the ones that answer with a secret (get-secret-value,
// get-authorization-token) or write the answer to a local file (s3api
// get-object OUTFILE). The global options are valid anywhere on the line
// (the main parser reads them out of every word, abbreviations
// included), so every node below inherits them. A parameter value of the
// form file://PATH or fileb://PATH is the content of that file, sent with
// the request.
//
// Not modelled: aliases in ~/.aws/cli/alias may shadow any service name
// and run a shell command (an alias whose value starts with !), and the
// configuration may load plugins; both are the user's own configuration.

// awsStart: AWS_PAGER names the program aws shows its answer with, and
// AWS_SHARED_CREDENTIALS_FILE a file whose profiles may run a
// credential_process; AWS_DATA_PATH adds folders aws loads models from.
//
// --endpoint-url sends the request, signed with the profile's keys and
// carrying its session token, to a host the command names: a signed
// sts get-caller-identity is a login to Vault or EKS for minutes.
// --no-verify-ssl and --ca-bundle let another host answer for AWS. With
// --no-sign-request no credential is sent.
func awsStart(c *Call, fx *Effects) {
	unknownEnv(c, fx, "AWS_PAGER", "AWS_SHARED_CREDENTIALS_FILE", "AWS_DATA_PATH")
	if !c.Has("--no-sign-request") {
		namedHost(c, fx, "--endpoint-url", "", awsCred)
		namedTrust(c, fx, "--no-verify-ssl|--ca-bundle", awsCred)
	}
}

// awsCred is what aws sends with every request.
const awsCred = "requests signed with the profile's keys and its session token"

var awsProgram = &Program{Names: []string{"aws"}, Start: awsStart, Node: Node{Opts: awsOptions, Effects: noCommand, Subs: []*Sub{
	{Name: "help", Node: awsHelp},
	{Name: "s3", Node: awsS3},
	{Name: "configure", Node: awsConfigure},
	{Name: "*", Node: awsService},
}}}

// awsOptions are the global options.
const awsOptions = `
--debug
--endpoint-url=URL           net      # where every request goes
--no-verify-ssl
--no-paginate
--output=FORMAT
--query=JMESPATH                      # filters the answer, here
--profile=NAME
--region=REGION
--version                    help
--color=WHEN
--no-sign-request
--ca-bundle=FILE             read
--cli-read-timeout=SECONDS
--cli-connect-timeout=SECONDS
--cli-binary-format=FORMAT
--cli-error-format=FORMAT
--no-cli-pager
--cli-auto-prompt            unknown  # prompts for the parameters on the terminal
--no-cli-auto-prompt
--cli-input-json=JSON        unknown  # parameters the model does not read (WithDecryption...)
--cli-input-yaml=YAML        unknown
`

// awsSent are the global options whose values go into the request: the
// region is part of the host name.
const awsSent = "--region"

// awsHelp is aws help [TOPIC] and aws SERVICE help: it prints a manual.
var awsHelp = &Node{Inherit: true, Operands: true, Effects: printsOnly}

// awsService is a service: its operations, and help.
var awsService = &Node{Inherit: true, Effects: printsOnly, Subs: []*Sub{
	{Name: "help", Node: awsHelp},
	{Name: "*", Node: awsOperation},
}}

// awsOperation is an operation with its parameters.
var awsOperation = &Node{Loose: true, Inherit: true, Operands: true, Effects: awsOperationEffects,
	Subs: []*Sub{{Name: "help", Node: awsOperationHelp}}}

// awsOperationHelp is aws SERVICE OPERATION help. aws reads a help word
// after the operation as a request for its manual only when it is the
// only word there: after a list parameter (--instance-ids i-1 help) it is
// one more value, and the operation runs.
var awsOperationHelp = &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
	if anyLoose(c) || len(c.Args()) > 0 {
		fx.Unknown("help after the parameters of aws " + c.Pos[0].Value + " " + c.Pos[1].Value +
			" may be one more value, and the operation run")
	}
}}

// awsEndpoint returns the endpoint URL the call names, or "".
func awsEndpoint(c *Call) string {
	v, _ := c.Value("--endpoint-url")
	return v
}

// awsRequest records the request of an operation, and the files its
// parameters load. A file sent to an endpoint the call chooses is an
// upload to any host.
func awsRequest(c *Call, fx *Effects) {
	files := fileParams(c, fx, "file://", "fileb://")
	fx.Network(awsEndpoint(c), apiWords(c, awsSent)...)
	if len(files) > 0 && c.Has("--endpoint-url") {
		fx.Unknown("the content of " + files[0].Value + " goes to the endpoint " + awsEndpoint(c))
	}
}

// awsHelpAsked reports a --help with nothing after it but options. aws
// has no such option: the command fails on an unknown option, or prints
// its manual, before it sends anything. A --help followed by a word could
// be the abbreviation of a parameter that takes a value
// (--helper-text-visibility), so only a bare one counts.
func awsHelpAsked(c *Call) bool {
	for i := range c.Opts {
		if o := &c.Opts[i]; o.Loose && o.Typed == "--help" && !o.HasValue {
			return true
		}
	}
	return false
}

// awsOperationEffects judges one operation: aws SERVICE OPERATION.
func awsOperationEffects(c *Call, fx *Effects) {
	if awsHelpAsked(c) {
		return
	}
	service, op := c.Pos[0].Value, c.Pos[1].Value
	name := "aws " + service + " " + op
	awsRequest(c, fx)
	include := len("--include-v")
	if service == "apigateway" {
		include = 3
	}
	switch {
	case looseGiven(c, "--with-decryption", 3) || looseGiven(c, "--include-values", include):
		revealsSecret(fx, name+" with decrypted values")
		return
	case awsSecretOperation(service, op, c):
		revealsSecret(fx, name)
		return
	case awsOutfileOperation(service, op):
		// The answer's payload goes to the file named by the last operand.
		if args := c.Args(); len(args) > 0 {
			writeUnlessNotFile(fx, args[len(args)-1], name)
		}
		return
	case op == "invoke" || op == "invoke-with-response-stream" || op == "invoke-async":
		fx.Change(name + " runs the function")
		if args := c.Args(); len(args) > 0 {
			writeUnlessNotFile(fx, args[len(args)-1], name)
		}
		return
	}
	switch ok, known := awsServiceRead(service, op, c); {
	case known && ok:
		return
	case known:
		fx.Unknown(name + " is not only a read")
		return
	}
	switch {
	case awsReadOperation(op):
	case changeWord(op):
		if service == "s3api" && (op == "put-object" || op == "upload-part") {
			// --body names a local file, uploaded.
			for _, a := range c.Opts {
				if a.Loose && a.HasValue && strings.HasPrefix("--body", a.Typed) && len(a.Typed) > 3 {
					fx.Read(a.Value)
				}
			}
		}
		fx.Change(name + " changes the account's resources")
	default:
		fx.Unknown(name + " is not known to only read")
	}
}

// awsServiceRead judges the operations whose service decides: known
// reports that it did.
func awsServiceRead(service, op string, c *Call) (ok, known bool) {
	switch service {
	case "athena":
		if op == "start-query-execution" {
			return awsQueriesRead(c), true
		}
	case "glue":
		// Glue connections include their password unless asked not to.
		if op == "get-connection" || op == "get-connections" {
			return looseGiven(c, "--hide-password", 3) && !looseGiven(c, "--no-hide-password", len("--no-h")), true
		}
	}
	return false, false
}

// awsQueriesRead checks every --query-string given (argparse keeps the
// last one, and accepts an abbreviation such as --query-str; --query
// alone is the global JMESPath option): all must be read-only SQL.
func awsQueriesRead(c *Call) bool {
	n := 0
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.Loose || len(o.Typed) < len("--query-s") || !strings.HasPrefix("--query-string", o.Typed) {
			continue
		}
		if !o.HasValue || o.Value.Dynamic || !sqlOnlyQueries(o.Value.Value) {
			return false
		}
		n++
	}
	return n > 0
}

// awsReadPrefixes are the verbs of operations that only read.
var awsReadPrefixes = []string{"describe-", "list-", "get-", "head-", "search-", "lookup-", "filter-",
	"batch-get-", "batch-describe-", "transact-get-", "admin-get-", "admin-list-", "check-", "validate-",
	"estimate-", "simulate-", "detect-"}

// awsReadOperation reports the operation names that only read, by verb.
func awsReadOperation(op string) bool {
	for _, p := range awsReadPrefixes {
		if strings.HasPrefix(op, p) {
			return true
		}
	}
	switch op {
	case "scan", "query", "tail", "wait", "start-query", "start-live-tail",
		// Dry runs and reports that change nothing.
		"test-dns-answer", "test-metric-filter", "test-event-pattern",
		"download-db-log-file-portion",
		"generate-credential-report", "generate-service-last-accessed-details", "generate-organizations-access-report":
		return true
	}
	return false
}

// awsPrintsEnv reports the descriptions of what runs with the
// environment variables it was deployed with: Lambda functions, ECS task
// definitions, Elastic Beanstalk settings, App Runner services, Batch job
// definitions.
func awsPrintsEnv(service, op string) bool {
	switch service {
	case "lambda":
		return op == "get-function" || op == "get-function-configuration" || op == "list-functions" || op == "list-versions-by-function"
	case "ecs":
		return op == "describe-task-definition"
	case "elasticbeanstalk":
		return op == "describe-configuration-settings"
	case "apprunner":
		return op == "describe-service"
	case "batch":
		return op == "describe-job-definitions"
	}
	return false
}

// envFreeQuery reports --query expressions that select no environment
// (Configuration.Runtime, Functions[].FunctionName); none given prints
// the whole answer. The current node (@), wildcards (*, Configuration.*),
// functions (values(@)) and quoted names, whose escapes spell any word
// ("\u0045nvironment"), may print it whatever their words say, and so do
// paths that end at an object holding it (Functions, taskDefinition).
func envFreeQuery(queries []shell.Arg) bool {
	if len(queries) == 0 {
		return false
	}
	for _, a := range queries {
		q := strings.ToLower(a.Value)
		if a.Dynamic || strings.ContainsAny(q, "@*(\"&`") || strings.Contains(q, "env") || strings.Contains(q, "variables") ||
			strings.Contains(q, "containerdefinitions") || strings.Contains(q, "optionsettings") ||
			strings.Contains(q, "sourceconfiguration") || !envFreePaths(q) {
			return false
		}
	}
	return true
}

// envHolders are the objects of the answers of awsPrintsEnv's operations
// that hold the environment, at any depth.
var envHolders = []string{"configuration", "functions", "versions", "taskdefinition", "service", "jobdefinitions",
	"containerproperties", "ecsproperties", "eksproperties", "nodeproperties", "noderangeproperties", "taskproperties",
	"podproperties", "containers", "configurationsettings", "imagerepository", "imageconfiguration", "coderepository",
	"codeconfiguration", "codeconfigurationvalues"}

// envFreePaths reports a lowercase JMESPath expression none of whose
// paths ends at an object that holds the environment: Configuration.Runtime
// and Functions[].FunctionName, not Functions[0] nor {c: Configuration}.
// Raw strings ('python3.12') are skipped.
func envFreePaths(q string) bool {
	isName := func(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	for i := 0; i < len(q); i++ {
		switch {
		case q[i] == '\'':
			k := strings.IndexByte(q[i+1:], '\'')
			if k < 0 {
				return false
			}
			i += k + 1
		case isName(q[i]) && (i == 0 || !isName(q[i-1])):
			j := i
			for j < len(q) && isName(q[j]) {
				j++
			}
			name := q[i:j]
			for j < len(q) && q[j] == '[' {
				k := strings.IndexByte(q[j:], ']')
				if k < 0 {
					return false
				}
				j += k + 1
			}
			if (j == len(q) || q[j] != '.') && slices.Contains(envHolders, name) {
				return false
			}
			i = j - 1
		}
	}
	return true
}

// awsSecretOperation reports read operations whose answer is a secret:
// secret values, passwords, tokens, temporary credentials, signed URLs
// that grant access, stream keys, client secrets. iam
// get-account-password-policy and the credential report only describe
// them.
func awsSecretOperation(service, op string, c *Call) bool {
	if awsPrintsEnv(service, op) && !envFreeQuery(c.ValueArgs("--query")) {
		return true
	}
	switch service {
	case "cognito-idp":
		// App clients and identity providers include client secrets.
		if op == "describe-user-pool-client" || op == "describe-identity-provider" {
			return true
		}
	case "appsync", "location":
		// API keys are returned in clear.
		if strings.Contains(op, "key") {
			return true
		}
	case "amplify":
		// Apps and branches include their basic-auth credentials.
		if op == "get-app" || op == "list-apps" || op == "get-branch" || op == "list-branches" {
			return true
		}
	case "s3control":
		// get-data-access vends temporary credentials.
		if op == "get-data-access" {
			return true
		}
	case "ec2":
		// An instance's user data, and a launch template's, is the
		// script it starts with: often the secrets it needs.
		if op == "describe-launch-template-versions" || op == "describe-instance-attribute" && awsUserData(c) {
			return true
		}
	case "autoscaling":
		if op == "describe-launch-configurations" {
			return true
		}
	}
	if strings.Contains(op, "password-policy") || strings.Contains(op, "credential-report") {
		return false
	}
	for _, s := range []string{"secret-value", "password", "token", "credentials", "embed-url", "stream-key",
		"access-details", "instance-access", "compute-access", "session-url", "private-key", "usage-plan-key"} {
		if strings.Contains(op, s) {
			return true
		}
	}
	// ecr get-login prints a docker login command with a password.
	return op == "get-login"
}

// awsUserData reports a describe-instance-attribute whose --attribute
// (or an abbreviation of it) is userData, or may be.
func awsUserData(c *Call) bool {
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Loose && len(o.Typed) >= len("--att") && strings.HasPrefix("--attribute", o.Typed) &&
			(!o.HasValue || o.Value.Dynamic || strings.EqualFold(o.Value.Value, "userData")) {
			return true
		}
	}
	return false
}

// awsOutfiles are get-* operations that write their payload to a local
// file named by a positional OUTFILE argument. Sorted.
var awsOutfiles = []string{"get-chunk", "get-clip", "get-export", "get-image-frame", "get-image-set-metadata",
	"get-job-output", "get-latest-configuration", "get-media", "get-media-for-fragment-list", "get-object",
	"get-object-torrent", "get-raw-message-content", "get-read-set", "get-reference", "get-sdk",
	"get-snapshot-block", "get-thing-shadow", "get-work-unit-results"}

// awsOutfileOperation reports an operation that writes its answer to a
// local file.
func awsOutfileOperation(service, op string) bool {
	switch service + " " + op {
	case "appconfig get-configuration", "codeguruprofiler get-profile", "backupstorage get-object-metadata":
		return true
	}
	_, found := slices.BinarySearch(awsOutfiles, op)
	return found
}

// awsS3 holds the high-level s3 commands, which move files between the
// machine and buckets.
var awsS3 = &Node{Inherit: true, Effects: printsOnly, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "help", Node: awsHelp},
		{Name: "ls", Node: awsS3Command(func(c *Call, fx *Effects) {})},
		{Name: "cp", Node: awsS3Command(awsS3Copy)},
		{Name: "mv", Node: awsS3Command(awsS3Copy)},
		{Name: "sync", Node: awsS3Command(awsS3Copy)},
		{Name: "rm", Node: awsS3Command(func(c *Call, fx *Effects) { fx.Change("aws s3 rm deletes objects") })},
		{Name: "mb|rb|website", Node: awsS3Command(func(c *Call, fx *Effects) {
			fx.Change("aws s3 " + c.Pos[1].Value + " changes a bucket")
		})},
		{Name: "presign", Node: awsS3Command(func(c *Call, fx *Effects) {
			// A presigned URL grants access to the object to whoever holds it.
			revealsSecret(fx, "aws s3 presign")
		})},
	}
}}

// awsS3Command is an s3 command: a request, then what f adds.
func awsS3Command(f func(c *Call, fx *Effects)) *Node {
	return &Node{Loose: true, Inherit: true, Operands: true, Subs: []*Sub{{Name: "help", Node: awsOperationHelp}},
		Effects: func(c *Call, fx *Effects) {
			if awsHelpAsked(c) {
				return
			}
			awsRequest(c, fx)
			f(c, fx)
		}}
}

// awsS3Copy is cp, mv and sync SOURCE DESTINATION: either end is a bucket
// (s3://...) or a local path ("-" for standard input or output). A local
// source is read (and deleted by mv), a local destination written; a
// bucket destination changes the bucket, a bucket source of mv loses its
// objects.
func awsS3Copy(c *Call, fx *Effects) {
	cmd := "aws s3 " + c.Pos[1].Value
	args := c.Args()
	if len(args) != 2 {
		fx.Unknown(cmd + " takes a source and a destination")
		return
	}
	src, dst := args[0], args[1]
	tree := c.Pos[1].Value == "sync" || looseGiven(c, "--recursive", 4)
	remote := func(a shell.Arg) bool { return strings.HasPrefix(a.Value, "s3://") && !a.Dynamic }
	switch {
	case src.Dynamic || dst.Dynamic:
		fx.Unknown(cmd + ": an end computed at run time may be a bucket or a local path")
		return
	case remote(src) && remote(dst):
		fx.Change(cmd + " copies between buckets")
	case remote(dst):
		if src.Value != "-" {
			fx.Add(Effect{Op: Read, Path: src, Tree: tree, Hidden: tree})
		}
		fx.Change(cmd + " uploads to a bucket")
	case remote(src):
		if !notFile(dst) {
			fx.Add(Effect{Op: Write, Path: dst, Tree: tree, Why: cmd})
		}
	default:
		fx.Unknown(cmd + " between two local paths")
		return
	}
	switch c.Pos[1].Value {
	case "mv":
		if remote(src) {
			fx.Change(cmd + " deletes the objects it moves")
		} else if src.Value != "-" {
			fx.Delete(src, tree)
		}
	case "sync":
		if looseGiven(c, "--delete", 4) {
			if remote(dst) {
				fx.Change(cmd + " --delete deletes objects")
			} else {
				fx.Delete(dst, true)
			}
		}
	}
}

// awsConfigure holds aws configure: it prints or changes the CLI's own
// configuration and credentials.
var awsConfigure = &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
	fx.Change("aws configure asks for keys and writes them to the aws configuration")
}, Subs: []*Sub{
	{Name: "help", Node: awsHelp},
	// list shows where each setting comes from, with keys masked.
	{Name: "list|list-profiles", Node: &Node{Inherit: true, Effects: printsOnly}},
	{Name: "get", Node: &Node{Inherit: true, Operands: true, Effects: awsConfigureGet}},
	{Name: "export-credentials", Node: &Node{Inherit: true, Loose: true, Effects: func(c *Call, fx *Effects) {
		revealsSecret(fx, "aws configure export-credentials")
	}}},
	{Name: "set|import|sso|sso-session|add-model", Node: &Node{Inherit: true, Loose: true, Operands: true,
		Effects: func(c *Call, fx *Effects) {
			fx.Change("aws configure " + c.Pos[1].Value + " changes the aws configuration")
		}}},
}}

// awsConfigureGet is aws configure get KEY: it prints a setting, which is
// a secret for the keys and tokens.
func awsConfigureGet(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) != 1 || args[0].Dynamic {
		fx.PrintsSecret("aws configure get of a setting the model cannot name")
		return
	}
	k := strings.ToLower(args[0].Value)
	for _, s := range []string{"secret", "token", "password", "credential"} {
		if strings.Contains(k, s) {
			revealsSecret(fx, "aws configure get "+args[0].Value)
			return
		}
	}
}
