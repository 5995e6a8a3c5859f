package programs

import (
	"slices"
	"strings"
)

// What the database clients' models know of SQL: whether a query given on
// the command line is a single statement that only reads.

// SQL dialects for sqlReadOnly.
const (
	dialectSQLite    = 's' // sqlite3 and duckdb: dot-commands
	dialectPostgres  = 'p' // psql: backslash meta-commands
	dialectMySQL     = 'm'
	dialectSQLServer = 't' // [bracketed] identifiers
)

// sqlStarts are the first words of statements that read. Sorted.
var sqlStarts = []string{"desc", "describe", "explain", "pragma", "select", "show", "table", "values", "with"}

// sqlDenied are words that write, administer, run code, read or
// write server files, read the environment (DuckDB's getenv), or reveal
// password hashes, wherever they appear in
// a statement (a data-modifying CTE, SELECT ... INTO, EXPLAIN ANALYZE
// DELETE). Sorted.
var sqlDenied = []string{
	"alter", "attach", "authentication_string", "bulk", "call", "checkpoint", "copy", "create", "cursor_to_xml",
	"delete", "detach", "drop", "duckdb_secrets", "dumpfile", "edit", "exec", "execute", "export", "fsdir",
	"fts3_tokenizer", "getenv", "glob", "grant", "import", "insert", "install", "into", "load", "load_extension", "load_file", "lock", "merge",
	"nextval", "notify", "opendatasource", "openquery", "openrowset", "outfile", "pg_authid", "pg_shadow",
	"pg_user_mapping", "pg_user_mappings", "query", "query_table", "query_to_xml", "query_to_xml_and_xmlschema",
	"readfile", "refresh", "reindex", "rename", "revoke", "set_config", "setval", "sniff_csv", "sql_logins",
	"truncate", "update", "upsert", "vacuum", "writefile", "zipfile",
}

// sqlDeniedPrefixes are name prefixes of functions that read or
// write files, terminate sessions, change settings or run remote queries;
// names ending in _scan are DuckDB readers of files and other databases
// (sqlite_scan, postgres_scan, parquet_scan).
var sqlDeniedPrefixes = []string{
	"dblink", "delta_", "iceberg_", "lo_", "mysql_", "parquet_", "pg_advisory", "pg_backup", "pg_cancel", "pg_copy_",
	"pg_create_", "pg_drop_", "pg_export_", "pg_file", "pg_import_", "pg_log", "pg_ls_", "pg_notify", "pg_promote",
	"pg_read_", "pg_reload", "pg_replication_", "pg_rotate", "pg_set", "pg_start_backup", "pg_stat_file",
	"pg_stat_reset", "pg_stop_backup", "pg_switch_", "pg_terminate", "pg_wal_replay", "postgres_", "read_", "sp_",
	"sqlite_", "st_read", "write", "xp_",
}

// sqlPragmas are SQLite and DuckDB pragmas that only report. Sorted.
var sqlPragmas = []string{
	"collation_list", "collations", "compile_options", "data_version", "database_list", "database_size",
	"foreign_key_check", "foreign_key_list", "freelist_count", "function_list", "functions", "index_info",
	"index_list", "index_xinfo", "integrity_check", "metadata_info", "module_list", "page_count", "platform",
	"pragma_list", "quick_check", "show", "show_databases", "show_tables", "show_tables_expanded", "storage_info",
	"table_info", "table_list", "table_xinfo", "user_agent", "version",
}

// sqlReadOnly reports whether a query given to a database client is a
// single statement that only reads, or a client command that only shows
// the schema. It is deliberately strict: backslashes and dollar quotes
// (which change how quotes end), several statements, and comments that
// hide words are all refused rather than parsed.
func sqlReadOnly(q string, dialect byte) bool {
	q = strings.TrimSpace(q)
	if q == "" {
		return false
	}
	switch {
	case q[0] == '.' && dialect == dialectSQLite:
		return sqliteDotCommand(q)
	case q[0] == '\\' && dialect == dialectPostgres:
		return psqlMetaCommand(q)
	}
	if strings.ContainsAny(q, `\$`) {
		return false
	}
	var words []string
	afterFrom := false
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`' || c == '[' && dialect == dialectSQLServer:
			closer := c
			if c == '[' {
				closer = ']'
			}
			j := i + 1
			for {
				k := strings.IndexByte(q[j:], closer)
				if k < 0 {
					return false
				}
				j += k + 1
				if j < len(q) && q[j] == closer && closer != ']' {
					j++
					continue
				}
				break
			}
			if c == '\'' && afterFrom {
				// FROM 'file.csv' reads a file in DuckDB.
				return false
			}
			afterFrom = false
			i = j
		case c == ';':
			if strings.Trim(q[i:], "; \t\r\n") != "" {
				return false
			}
			i = len(q)
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
			j := i
			for j < len(q) && (q[j] >= 'a' && q[j] <= 'z' || q[j] >= 'A' && q[j] <= 'Z' || q[j] >= '0' && q[j] <= '9' || q[j] == '_') {
				j++
			}
			w := strings.ToLower(q[i:j])
			words = append(words, w)
			afterFrom = w == "from" || w == "join"
			i = j
		case c >= 0x80:
			return false
		default:
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				afterFrom = false
			}
			i++
		}
	}
	if len(words) == 0 || !sortedHas(sqlStarts, words[0]) {
		return false
	}
	if words[0] == "pragma" && (len(words) < 2 || !sortedHas(sqlPragmas, words[1]) || strings.Contains(q, "=")) {
		return false
	}
	for i, w := range words {
		if sortedHas(sqlDenied, w) || hasAnyPrefix(w, sqlDeniedPrefixes) || strings.HasSuffix(w, "_scan") ||
			w == "mysql" && i+1 < len(words) && words[i+1] == "user" {
			return false
		}
	}
	return true
}

// sqliteDotCommand reports a sqlite3 or duckdb dot-command that shows the
// schema or settings (.tables, .schema, .dump), or sets how results are
// printed (.headers, .mode, .width); others write files (.output, .once,
// .save, .backup, .log), run commands (.shell, .system, .excel), load
// code (.load), read files or scripts (.read, .import) or open another
// database (.open). The name is taken as spelled in full: the shell takes
// any prefix of a name, and a prefix may name another command.
func sqliteDotCommand(q string) bool {
	if strings.ContainsAny(q, "\n;|") {
		return false
	}
	name, _, _ := strings.Cut(q[1:], " ")
	switch name {
	case "databases", "dbinfo", "dump", "fullschema", "help", "indexes", "indices", "schema", "show", "tables", "version",
		"headers", "mode", "nullvalue", "separator", "width", "timer", "echo", "print":
		return true
	}
	return false
}

// psqlMetaCommand reports a psql meta-command that describes objects (\d and its
// variants, \l, \conninfo, \z); \deu+ shows user mappings with their
// passwords, and other meta-commands write files, run shell commands or
// read scripts. Backquotes in arguments run shell commands.
func psqlMetaCommand(q string) bool {
	if strings.ContainsAny(q[1:], "\\`|\n") {
		return false
	}
	name, _, _ := strings.Cut(q[1:], " ")
	name = strings.TrimRight(name, "+S")
	switch {
	case name == "l" || name == "conninfo" || name == "z" || name == "dconfig":
		return true
	case strings.HasPrefix(name, "deu"):
		return false
	case strings.HasPrefix(name, "d"):
		return strings.Trim(name, "abcdefghijklmnopqrstuvwxyzACDEFGHIJKLMNOPQRSTUVWXYZ") == ""
	}
	return false
}

// connInfoWithoutPassword reports a connection string without a password.
func connInfoWithoutPassword(v string) bool {
	if strings.Contains(strings.ToLower(v), "password") {
		return false
	}
	if _, rest, ok := strings.Cut(v, "://"); ok {
		userinfo, _, hasAt := strings.Cut(rest, "@")
		return !hasAt || !strings.Contains(userinfo, ":")
	}
	return true
}

// sortedHas reports whether a sorted list holds w.
func sortedHas(sorted []string, w string) bool {
	_, found := slices.BinarySearch(sorted, w)
	return found
}

// hasAnyPrefix reports whether s starts with one of the prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
