package programs_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

func TestSQLReadOnly(t *testing.T) {
	t.Parallel()
	const (
		lite  = programs.DialectSQLite
		duck  = programs.DialectDuckDB
		pg    = programs.DialectPostgres
		my    = programs.DialectMySQL
		mssql = programs.DialectSQLServer
	)
	for _, tt := range []struct {
		q       string
		dialect byte
		want    bool
	}{
		// Queries that read, with the functions that only compute.
		{"SELECT count(*), max(id), avg(price) FROM orders", pg, true},
		{"select coalesce(name, 'x'), lower(email), length(note) from users where id in (1, 2)", lite, true},
		{"SELECT date_trunc('day', created_at), sum(total) FROM o GROUP BY 1 ORDER BY 1 DESC", pg, true},
		{"SELECT now(), pg_catalog.lower('X'), pg_size_pretty(pg_database_size(current_database()))", pg, true},
		{"SELECT $$it's$$, $q$a;b$q$", pg, true},
		{"SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id)", pg, true},
		{"SELECT row_number() OVER (PARTITION BY a ORDER BY b) FROM t", pg, true},
		{"WITH x(a) AS (SELECT 1) SELECT a::numeric(10, 2), CAST(a AS varchar(10)) FROM x", pg, true},
		{"SELECT * FROM (VALUES (1), (2)) AS v(n)", pg, true},
		{`SELECT "name", "Total" FROM "users"`, pg, true},
		{"SELECT 1e5, 0x1F, 1.5e-3", lite, true},
		{"SELECT name FROM sqlite_master WHERE type = 'table'", lite, true},
		{"SELECT * FROM pragma_table_info('users')", lite, true},
		{"SELECT json_extract(data, '$.a') FROM [my table] WHERE name GLOB 'a*'", lite, true},
		{"SELECT glob('a*', name) FROM t", lite, true},
		{"SELECT `name` FROM `users` WHERE `id` = 1", lite, true},
		{"PRAGMA table_info(users)", lite, true},
		{"SELECT * FROM range(10)", duck, true},
		{"SELECT [1, 2, 3], count(*) FROM main.users, information_schema.tables", duck, true},
		{"SELECT DATE_FORMAT(NOW(), '%Y'), GROUP_CONCAT(`name`) FROM `users`", my, true},
		{`SELECT "a", IF(x > 1, 'y', 'n') FROM t`, my, true},
		{"SELECT TOP (5) name, GETDATE() FROM [sys].[databases]", mssql, true},

		// Quoted identifiers name functions.
		{`select "lo_export"(4242, '/home/u/.claude/settings.json')`, pg, false},
		{`select "lo_from_bytea"(4242, convert_to('{}', 'UTF8'))`, pg, false},
		{`select "pg_read_file"('/home/u/.aws/credentials')`, pg, false},
		{`select "PG_READ_FILE"('/etc/passwd')`, pg, false},
		{`select pg_catalog."lo_import"('/etc/passwd')`, pg, false},
		{`select "dblink_exec"('host=evil', 'x')`, pg, false},
		{`select "edit"('x', 'touch pwned;')`, lite, false},
		{"select `writefile`('x', 'y')", lite, false},
		{`select [readfile]('.env')`, lite, false},
		{`select "load_extension"('x')`, lite, false},
		{"SELECT `load_file`('/etc/passwd')", my, false},
		{`SELECT "sys_exec"('id')`, my, false},
		{`SELECT [xp_cmdshell]('dir')`, mssql, false},
		{`SELECT "read_text"('/etc/passwd')`, duck, false},

		// Functions nobody knows to be pure.
		{"select f()", pg, false},
		{"select public.f()", pg, false},
		{"select * from f()", pg, false},
		{"select lo_export (1, 'x')", pg, false},
		{"SELECT brin_summarize_new_values('i')", pg, false},
		{"SELECT gin_clean_pending_list('i')", pg, false},
		{"SELECT pg_try_advisory_lock(1)", pg, false},
		{"SELECT pg_current_xact_id()", pg, false},
		{"SELECT set_config('a', 'b', false)", pg, false},
		{"SELECT current_setting('x')", pg, false},
		{"SELECT pg_sleep(10)", pg, false},
		{"SELECT sys_exec('id')", my, false},
		{"SELECT LOAD_FILE('/etc/passwd')", my, false},
		{"SELECT GET_LOCK('x', 10)", my, false},
		{"SELECT readfile('.env')", lite, false},
		{"SELECT * FROM read_csv('/etc/passwd')", duck, false},
		{"SELECT getenv('HOME')", duck, false},
		{"SELECT 'HOME'.getenv()", duck, false},
		{"SELECT * FROM glob('*')", duck, false},
		{"SELECT * FROM duckdb_settings()", duck, false},
		{"SELECT * FROM pragma_journal_mode()", lite, false},

		// Files where tables go (DuckDB), and relations that hold secrets.
		{"SELECT * FROM 'secrets.csv'", duck, false},
		{`SELECT * FROM "secrets.csv"`, duck, false},
		{"SELECT * FROM secrets.csv", duck, false},
		{"SELECT * FROM t, 'x.csv'", duck, false},
		{"SELECT * FROM (SELECT 1 FROM t) s, 'x.csv'", duck, false},
		{"SELECT * FROM a JOIN b ON a.x = b.x, 'c.csv'", duck, false},
		{"SELECT * FROM t WHERE x IN (FROM 'x.csv')", duck, false},
		{"DESCRIBE 'x.csv'", duck, false},
		{"SELECT name FROM fsdir WHERE name = '/home'", lite, false},
		{`SELECT * FROM "pg_shadow"`, pg, false},
		{"SELECT * FROM `mysql`.`user`", my, false},
		{"SELECT * FROM user", my, false},
		{"SELECT * FROM mysql.global_priv", my, false},

		// Words that write, and what cannot be split surely.
		{"SELECT * INTO backup FROM t", pg, false},
		{"SELECT * FROM t INTO OUTFILE '/tmp/x'", my, false},
		{"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", pg, false},
		{"SELECT 1; SELECT 2", pg, false},
		{"SELECT 1 -- '\n, lo_export(1, 'x') --'", pg, false},
		{"SELECT 1 /*!50000 , LOAD_FILE('x') */", my, false},
		{"SELECT 1 # comment", my, false},
		{"SELECT 'a\\'; DROP TABLE t; --'", my, false},
		{"SELECT $1", pg, false},
		{"SELECT $$x$$", lite, false},
		{"SELECT 'unterminated", pg, false},
		{"SELECT (1", pg, false},
		{"SELECT 1abc", my, false},
		{"PRAGMA journal_mode=WAL", lite, false},
		{"PRAGMA table_info('data.csv')", duck, false},
		{"PRAGMA table_info(users)", duck, true},
		{"SELECT * FROM pragma_table_info('data.csv')", duck, false},
		{"DROP TABLE t", lite, false},
	} {
		t.Run(string(tt.dialect)+"/"+tt.q, func(t *testing.T) {
			t.Parallel()
			if got := programs.SQLReadOnly(tt.q, tt.dialect); got != tt.want {
				t.Errorf("%q (%c): got %v, want %v", tt.q, tt.dialect, got, tt.want)
			}
		})
	}
}

func TestSQLOnlyQueries(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"bq query --nouse_legacy_sql 'SELECT COUNT(*), SAFE.DIVIDE(a, b), NET.HOST(url) FROM d.t'", true},
		{"bq query --nouse_legacy_sql 'SELECT d.fn(x) FROM d.t'", false},
		{"bq query --nouse_legacy_sql 'SELECT `p.d.fn`(x) FROM d.t'", false},
		{"bq query --nouse_legacy_sql 'SELECT p.d.fn (x) FROM d.t'", false},
		{"aws athena start-query-execution --query-string 'SELECT lower(name) FROM t'", true},
		{"aws athena start-query-execution --query-string 'SELECT \"lower\"(name) FROM t'", false},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := !hasChangeOrUnknown(t, tt.cmd); got != tt.want {
				t.Errorf("%q: read-only %v, want %v:\n%s", tt.cmd, got, tt.want, effects(t, tt.cmd))
			}
		})
	}
}

// hasChangeOrUnknown reports whether a command line has a change or an
// unknown effect.
func hasChangeOrUnknown(t *testing.T, cmd string) bool {
	t.Helper()
	e := effects(t, cmd)
	return strings.Contains(e, "change") || strings.Contains(e, "unknown")
}
