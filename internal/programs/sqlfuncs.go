package programs

import "strings"

// Which calls a read-only query may make. Every word or quoted identifier
// followed by ( is a call of that name, but for the keywords before a
// parenthesis and the names an AS or a WITH gives (a CTE, column
// aliases, a type's length); a call is known when its name, unqualified
// or in pg_catalog, is one of the functions below. Anything else (a
// function of the database's own, lo_export, pg_read_file,
// dblink, writefile, edit, load_extension, LOAD_FILE, sys_exec,
// read_csv, getenv, nextval, pg_try_advisory_lock) may write, run
// programs, read files, the environment or the network, or change the
// server's state.

// sqlPure are the functions, aggregates and constructors of the dialects
// that compute only from their arguments and the rows the query reads:
// numbers, text, dates, JSON, arrays, the catalog's descriptions, the
// session's identity. A name missing from one dialect is an error there,
// not a call of something else. Sorted.
var sqlPure = []string{
	"abs", "acos", "adddate", "age", "any_value", "approx_count_distinct", "arg_max", "arg_min", "array_agg",
	"array_length", "array_position", "array_to_json", "array_to_string", "ascii", "asin", "atan", "atan2", "avg",
	"bigint", "bin", "bit_and", "bit_count", "bit_length", "bit_or", "bit_xor", "bool_and", "bool_or", "boolean",
	"btrim", "cardinality", "cast", "cbrt", "ceil", "ceiling", "changes", "char", "char_length",
	"character_length", "charindex", "choose", "chr", "clock_timestamp", "coalesce", "col_description", "columns",
	"concat", "concat_ws", "connection_id", "contains", "conv", "convert", "corr", "cos", "cot", "count",
	"count_big", "covar_pop", "covar_samp", "crc32", "cume_dist", "curdate", "current_database", "current_date",
	"current_schema", "current_schemas", "current_time", "current_timestamp", "current_user", "curtime",
	"database", "datalength", "date", "date_add", "date_bin", "date_diff", "date_format", "date_part", "date_sub",
	"date_trunc", "dateadd", "datediff", "datename", "datepart", "datetime", "day", "dayname", "dayofmonth",
	"dayofweek", "dayofyear", "db_id", "db_name", "decimal", "decode", "degrees", "dense_rank", "div", "double",
	"duckdb_columns", "duckdb_constraints", "duckdb_databases", "duckdb_functions", "duckdb_indexes",
	"duckdb_schemas", "duckdb_tables", "duckdb_types", "duckdb_views", "elt", "encode", "ends_with", "eomonth",
	"epoch", "epoch_ms", "every", "exp", "extract", "factorial", "field", "find_in_set", "first", "first_value",
	"float", "floor", "format", "format_type", "found_rows", "from_days", "from_unixtime", "gcd",
	"gen_random_uuid", "generate_series", "generate_subscripts", "getdate", "getutcdate", "greatest",
	"group_concat", "hash", "hex", "histogram", "hour", "if", "ifnull", "iif", "inet_aton", "inet_ntoa",
	"initcap", "instr", "int", "integer", "interval", "is_ipv4", "is_ipv6", "isnull", "json", "json_agg",
	"json_array", "json_array_elements", "json_array_elements_text", "json_array_length", "json_arrayagg",
	"json_build_array", "json_build_object", "json_contains", "json_each", "json_each_text", "json_extract",
	"json_extract_path", "json_extract_path_text", "json_extract_string", "json_group_array", "json_group_object",
	"json_insert", "json_keys", "json_length", "json_object", "json_object_agg", "json_object_keys",
	"json_objectagg", "json_patch", "json_pretty", "json_quote", "json_remove", "json_replace", "json_search",
	"json_set", "json_structure", "json_table", "json_tree", "json_type", "json_typeof", "json_unquote",
	"json_valid", "jsonb_agg", "jsonb_array_elements", "jsonb_array_elements_text", "jsonb_array_length",
	"jsonb_build_array", "jsonb_build_object", "jsonb_each", "jsonb_each_text", "jsonb_extract_path",
	"jsonb_extract_path_text", "jsonb_object_agg", "jsonb_object_keys", "jsonb_path_exists", "jsonb_path_query",
	"jsonb_pretty", "jsonb_set", "jsonb_strip_nulls", "jsonb_typeof", "julianday", "justify_days",
	"justify_hours", "justify_interval", "lag", "last", "last_day", "last_insert_id", "last_insert_rowid",
	"last_value", "lcm", "lead", "least", "left", "len", "length", "likelihood", "likely", "list", "list_value",
	"ln", "localtime", "localtimestamp", "locate", "log", "log10", "log2", "lower", "lpad", "ltrim", "make_date",
	"make_interval", "make_timestamp", "makedate", "maketime", "map", "max", "md5", "median", "mid", "min",
	"minute", "mod", "mode", "month", "monthname", "newid", "now", "nth_value", "ntile", "nullif", "numeric",
	"obj_description", "object_id", "object_name", "oct", "octet_length", "ord", "patindex", "percent_rank",
	"percentile_cont", "percentile_disc", "pg_backend_pid", "pg_database_size", "pg_get_constraintdef",
	"pg_get_expr", "pg_get_functiondef", "pg_get_indexdef", "pg_get_triggerdef", "pg_get_userbyid",
	"pg_get_viewdef", "pg_indexes_size", "pg_is_in_recovery", "pg_postmaster_start_time", "pg_relation_size",
	"pg_size_pretty", "pg_table_size", "pg_total_relation_size", "pg_typeof", "pi", "position", "pow", "power",
	"prefix", "printf", "quantile_cont", "quantile_disc", "quarter", "quote", "quote_ident", "quote_literal",
	"quote_nullable", "quotename", "radians", "random", "randomblob", "range", "rank", "real", "regexp_count",
	"regexp_extract", "regexp_full_match", "regexp_instr", "regexp_like", "regexp_match", "regexp_matches",
	"regexp_replace", "regexp_split_to_array", "regexp_split_to_table", "regexp_substr", "repeat", "replace",
	"replicate", "reverse", "right", "round", "row_count", "row_number", "row_to_json", "rpad", "rtrim", "schema",
	"schema_name", "sec_to_time", "second", "session_user", "sha", "sha1", "sha2", "sha224", "sha256", "sha384",
	"sha512", "sign", "sin", "smallint", "soundex", "space", "split_part", "sqlite_source_id", "sqlite_version",
	"sqrt", "starts_with", "statement_timestamp", "stddev", "stddev_pop", "stddev_samp", "str_split",
	"str_to_date", "strcmp", "strftime", "string_agg", "string_split", "string_to_array", "strpos", "strptime",
	"struct_pack", "stuff", "subdate", "substr", "substring", "substring_index", "suffix", "sum", "sysdate",
	"sysdatetime", "system_user", "sysutcdatetime", "tan", "text", "time", "time_format", "time_to_sec",
	"timediff", "timestamp", "timestampadd", "timestampdiff", "to_char", "to_date", "to_days", "to_json",
	"to_jsonb", "to_number", "to_regclass", "to_regtype", "to_timestamp", "today", "total", "total_changes",
	"transaction_timestamp", "translate", "trim", "trunc", "try_cast", "try_convert", "typeof", "unhex",
	"unicode", "unix_timestamp", "unixepoch", "unlikely", "unnest", "upper", "user", "utc_date", "utc_time",
	"utc_timestamp", "uuid", "var_pop", "var_samp", "varchar", "variance", "version", "week", "weekday",
	"width_bucket", "year", "yearweek", "zeroblob",
}

// sqlCallKeywords are keywords that may stand before a parenthesis
// without calling anything (IN (...), EXISTS (...), OVER (...), VALUES
// (...)), unquoted. Sorted.
var sqlCallKeywords = []string{
	"against", "all", "and", "any", "array", "as", "between", "by", "case", "cube", "distinct", "else", "except",
	"exclude", "exists", "explain", "filter", "from", "grouping", "having", "ilike", "in", "index", "intersect",
	"is", "join", "key", "lateral", "like", "limit", "not", "of", "offset", "on", "only", "or", "over",
	"partition", "qualify", "recursive", "rollup", "row", "select", "sets", "similar", "some", "then", "top",
	"union", "using", "values", "when", "where", "window", "with", "within",
}

// sqlCallKnown reports whether the token at i, followed by (, is no call
// or a call of a function known to be pure in the dialect.
func sqlCallKnown(toks []sqlToken, i int, dialect byte) bool {
	t := toks[i]
	if t.kind == sqlTokNumber || t.kind == sqlTokPunct {
		return true
	}
	if i > 0 {
		// WITH x(a) AS, AS t(a, b), CAST(x AS varchar(10)), x::numeric(10, 2).
		prev := toks[i-1]
		if prev.kind == sqlTokWord && (prev.text == "as" || prev.text == "with" || prev.text == "recursive") ||
			i > 1 && prev.text == ":" && toks[i-2].text == ":" {
			return true
		}
	}
	switch q := sqlQualifier(toks, i); {
	case q == "pg_catalog" && dialect == dialectPostgres:
	case q != "":
		// public.f(), 'x'.getenv() (DuckDB's method calls).
		return false
	case t.kind == sqlTokWord && sortedHas(sqlCallKeywords, t.text):
		return true
	}
	switch {
	case sortedHas(sqlPure, t.text):
		return true
	case t.text == "glob":
		// SQLite's glob() matches a pattern; DuckDB's lists files.
		return dialect == dialectSQLite
	}
	// SQLite's pragma functions report as their pragmas do (DuckDB's
	// pragma_table_info('data.csv') reads a file).
	name, ok := strings.CutPrefix(t.text, "pragma_")
	return ok && dialect == dialectSQLite && sortedHas(sqlPragmas, name)
}
