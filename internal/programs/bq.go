package programs

import "strings"

// bq, the BigQuery CLI: bq [global flags] COMMAND [flags] [arguments].
// Its flags are absl flags: --name=value or --name value, a boolean as
// --name or --noname; the global ones are valid after the command too.
// ls, show, head, wait and get-iam-policy only read; query reads when its
// SQL is read-only and it writes no destination table and schedules
// nothing.

var bqProgram = &Program{Names: []string{"bq"}, Start: bqStart, Node: Node{Opts: bqOptions, Effects: noCommand, Subs: []*Sub{
	{Name: "ls|show|head|wait|get-iam-policy", Node: &Node{Loose: true, LooseShort: true, Inherit: true, Operands: true,
		Effects: func(c *Call, fx *Effects) { fx.Network(bqEndpoint(c), apiWords(c, bqSent)...) }}},
	{Name: "version", Node: &Node{Inherit: true, Effects: printsOnly}},
	{Name: "help", Node: &Node{Inherit: true, Operands: true, Effects: printsOnly}},
	{Name: "query", Node: &Node{Inherit: true, Operands: true, Opts: bqQueryOptions, Effects: bqQuery}},
	{Name: "*", Node: &Node{Loose: true, LooseShort: true, Inherit: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Network(bqEndpoint(c), apiWords(c, bqSent)...)
		if c.Sub() == "load" {
			// bq load TABLE SOURCE...: a source not in a bucket is a
			// local file, uploaded.
			for _, a := range operandsAfter(c, 1) {
				if !strings.HasPrefix(a.Value, "gs://") {
					fx.Read(a)
				}
			}
		}
		fx.Change("bq " + c.Sub() + " changes datasets, tables, jobs or transfers")
	}}},
}}}

// bqOptions are the global flags.
const bqOptions = `
--api=URL                           net
--api_version=VERSION
--apilog=FILE                       write    # a log of every request and answer
--bigqueryrc=FILE                   unknown  # more flags, read from a file
--flagfile=FILE                     unknown
--ca_certificates_file=FILE         read
--dataset_id=ID
--debug_mode[=BOOL] --nodebug_mode
--disable_ssl_validation[=BOOL] --nodisable_ssl_validation
--discovery_file=FILE               read
--enable_gdrive[=BOOL] --noenable_gdrive
--fingerprint_job_id[=BOOL] --nofingerprint_job_id
--format=FORMAT
--headless[=BOOL] --noheadless
--httplib2_debuglevel=LEVEL         unknown  # prints the requests, authorization header included
--job_id=ID
--job_property=KEY=VALUE
--location=LOCATION
--max_rows_per_request=N
--project_id=ID
--proxy_address=HOST
--proxy_password=PASSWORD
--proxy_port=PORT
--proxy_username=USER
-q --quiet[=BOOL] --noquiet
--sync --synchronous_mode[=BOOL] --nosync --nosynchronous_mode
--trace=TOKEN
--use_regional_endpoints[=BOOL] --nouse_regional_endpoints
--application_default_credential_file=FILE  read
--credential_file=FILE              read
--service_account=ACCOUNT
--service_account_credential_file=FILE      read
--service_account_private_key_file=FILE     read
--use_gce_service_account[=BOOL] --nouse_gce_service_account
--help --helpshort --helpfull --helpxml     help
`

// bqSent are the flags whose values go into the request.
const bqSent = "--project_id|--dataset_id|--location|--job_id|--job_property|--trace"

// bqStart: bq starts as gcloud does, and sends the account's access
// token to the API root --api names and to whoever answers for Google
// when --disable_ssl_validation or --ca_certificates_file says so.
func bqStart(c *Call, fx *Effects) {
	gcloudStart(c, fx)
	namedHost(c, fx, "--api", "", gcloudCred)
	namedTrust(c, fx, "--disable_ssl_validation|--ca_certificates_file", gcloudCred)
}

// gcloudCred is what gcloud and bq send with every request.
const gcloudCred = "the account's access token"

// bqEndpoint returns the API root the call names, or "".
func bqEndpoint(c *Call) string {
	v, _ := c.Value("--api")
	return v
}

// bqQueryOptions are the flags of bq query. The ones that put the result
// somewhere, schedule the query or change a table's layout are changes.
const bqQueryOptions = `
--allow_large_results[=BOOL] --noallow_large_results
--append_table[=BOOL] --noappend_table               change
--batch[=BOOL] --nobatch
--clustering_fields=FIELDS                           change
--connection_property=KEY=VALUE
--continuous[=BOOL] --nocontinuous                   change   # runs until cancelled, exporting rows
--create_session[=BOOL] --nocreate_session
--destination_kms_key=KEY                            change
--destination_schema=SCHEMA                          change
--destination_table=TABLE                            change
--display_name=NAME                                  change
--dry_run[=BOOL] --nodry_run
--external_table_definition=DEFINITION               unknown  # a table over files, local or remote
--flatten_results[=BOOL] --noflatten_results
--job_timeout=DURATION
--label=KEY:VALUE
-n --max_rows=N
--maximum_billing_tier=N
--maximum_bytes_billed=N
--min_completion_ratio=RATIO
--parameter=PARAMETER
--range_partitioning=SPEC                            change
--replace[=BOOL] --noreplace                         change
--require_cache[=BOOL] --norequire_cache
--require_partition_filter[=BOOL] --norequire_partition_filter  change
--reservation_id=ID
--rpc[=BOOL] --norpc
--schedule=SCHEDULE                                  change
--schema_update_option=OPTION                        change
--script_statement_byte_budget=N
--script_statement_timeout_ms=N
--session_id=ID
-s --start_row=N
--target_dataset=DATASET                             change
--time_partitioning_expiration=SECONDS               change
--time_partitioning_field=FIELD                      change
--time_partitioning_type=TYPE                        change
--udf_resource=RESOURCE                              unknown  # JavaScript code, local or in a bucket
--use_cache[=BOOL] --nouse_cache
--use_legacy_sql[=BOOL] --nouse_legacy_sql
`

// bqQuerySent are the flags of bq query whose values go into the request
// with the query.
const bqQuerySent = "|--parameter|--label|--connection_property|--session_id|--reservation_id"

// bqQuery is bq query SQL...: the words are the query, or standard input
// when there are none.
func bqQuery(c *Call, fx *Effects) {
	fx.Network(bqEndpoint(c), apiWords(c, bqSent+bqQuerySent)...)
	args := c.Args()
	if len(args) == 0 {
		fx.Unknown("bq query reads its query from standard input")
		return
	}
	words := make([]string, len(args))
	for i, a := range args {
		if a.Dynamic {
			fx.Unknown("bq query: a query computed at run time")
			return
		}
		words[i] = a.Value
	}
	if sql := strings.Join(words, " "); !sqlOnlyQueries(sql) {
		fx.Change("bq query: " + sql + " is not only queries")
	}
}
