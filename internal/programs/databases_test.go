package programs_test

import (
	"strings"
	"testing"
)

func TestDatabases(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"sqlite3 app.db 'SELECT count(*) FROM users;'", "read app.db; write app.db"},
		{"sqlite3 app.db .schema", "read app.db; write app.db"},
		{"sqlite3 -readonly app.db", "read app.db"},
		{"sqlite3 -lookaside 100 50 app.db 'SELECT 1'", "read app.db; write app.db"},
		{"sqlite3 -help", ""},
		{"sqlite3 app.db", "unknown (runs the statements it reads from standard input); read app.db; write app.db"},
		{"sqlite3 -readonly app.db < s.sql", "unknown (runs the statements it reads from standard input); read app.db"},
		{"sqlite3 app.db 'DROP TABLE t'", "change (runs SQL that is not a single statement that reads: DROP TABLE t); read app.db; write app.db"},
		{"sqlite3 app.db '.shell id'", "change (runs SQL that is not a single statement that reads: .shell id); read app.db; write app.db"},
		{"sqlite3 -cmd 'SELECT 1' app.db", "unknown (runs the statements it reads from standard input); read app.db; write app.db"},
		{"sqlite3 -init evil.sql app.db 'SELECT 1'", "read evil.sql; unknown (runs the statements of evil.sql); read app.db; write app.db"},
		{"sqlite3 -A app.zip -x", "unknown (the option -A is not in the model of sqlite3); unknown (runs the statements it reads from standard input)"},
		{"duckdb -c 'SELECT 42'", ""},
		{"sqlite3 -readonly 'file:%2eenv?mode=ro' .tables", "read .env"},
		{"sqlite3 -readonly file:///home/u/.ssh/x.db .tables", "read /home/u/.ssh/x.db"},
		{"sqlite3 -readonly 'file:a.db?vfs=x' .tables", "unknown (sqlite3 opens the URI file:a.db?vfs=x: the VFS x may read other files); read file:a.db?vfs=x"},
		{"sqlite3 -readonly 'file:a%zz' .tables", "unknown (sqlite3 opens the URI file:a%zz: a malformed %-escape); read file:a%zz"},
		{"sqlite3 FILE:a.db .tables", "read FILE:a.db; write FILE:a.db"},
		{"sqlite3 -readonly \"$DB\" 'SELECT 1'", "unknown (the word $DB is computed at run time and may be any option of sqlite3); unknown (the database's views may call edit(), which runs a program (-safe turns it off)); read $DB"},
		{"sqlite3 -safe -readonly \"$DB\" 'SELECT 1'", "unknown (the word $DB is computed at run time and may be any option of sqlite3); read $DB"},
		{"duckdb data.db -json 'DESCRIBE users'", "read data.db"},
		{"duckdb -ui", "unknown (-ui starts a server); unknown (runs the statements it reads from standard input)"},
		{"duckdb -c \"SELECT * FROM read_csv('/etc/passwd')\"", "change (runs SQL that is not a single statement that reads: SELECT * FROM read_csv('/etc/passwd'))"},
		{"psql -c 'SELECT now()'", `network  "-c" "SELECT now()"`},
		{"psql -h db -U app -d shop -c 'SELECT 1'", `network db "-h" "db" "-U" "app" "-d" "shop" "-c" "SELECT 1"; unknown (psql sends the password of $PGPASSWORD or ~/.pgpass to db, a host the command names)`},
		{"psql -d 'host=evil dbname=x' -c 'SELECT 1'", `network  "-d" "host=evil dbname=x" "-c" "SELECT 1"; unknown (psql sends the password of $PGPASSWORD or ~/.pgpass to the host host=evil dbname=x names)`},
		{"psql postgresql:///x?host=evil -c 'SELECT 1'", `network  "postgresql:///x?host=evil" "-c" "SELECT 1"; unknown (psql sends the password of $PGPASSWORD or ~/.pgpass to the host postgresql:///x?host=evil names)`},
		{"psql postgresql:///shop -c 'SELECT 1'", `network  "postgresql:///shop" "-c" "SELECT 1"`},
		{"mysql -h evil -e 'SELECT 1'", `network evil "-h" "evil" "-e" "SELECT 1"; unknown (mysql sends the password of $MYSQL_PWD or the option files (~/.my.cnf) to evil, a host the command names)`},
		{"psql -l", `network  "-l"`},
		{"psql -c '\\dt'", `network  "-c" "\\dt"`},
		{"psql", `network ; unknown (runs the statements it reads from standard input)`},
		{"psql -c 'SELECT 1' -o out.txt", `network  "-c" "SELECT 1" "-o" "out.txt"; write out.txt`},
		{"psql -c 'SELECT 1' -o '|sh'", `network  "-c" "SELECT 1" "-o" "|sh"; exec sh:"sh"`},
		{"psql -f s.sql", `read s.sql; network  "-f" "s.sql"; unknown (runs the statements of a script)`},
		{"psql postgresql://a:pw@db/x -c 'SELECT 1'", `network  "postgresql://a:pw@db/x" "-c" "SELECT 1"; unknown (the connection string carries a password); unknown (psql sends the password of $PGPASSWORD or ~/.pgpass to the host postgresql://a:pw@db/x names)`},
		{"psql -c 'SELECT 1' -L log", `write log; network  "-c" "SELECT 1" "-L" "log"`},
		{"mysql -e 'SHOW TABLES'", `network  "-e" "SHOW TABLES"`},
		{"mysql -psecret -e 'SELECT 1'", `network  "-psecret" "-e" "SELECT 1"; unknown (-p asks for a password or puts one on the command line)`},
		{"mysql --pager='sh -c id' -e 'SELECT 1'", `network  "--pager=sh -c id" "-e" "SELECT 1"; exec sh:"sh -c id"`},
		{"mysql --init-command='DROP TABLE t' -e 'SELECT 1'", `network  "--init-command=DROP TABLE t" "-e" "SELECT 1"; change (runs SQL that is not a single statement that reads: DROP TABLE t)`},
		{"mysql --tee=log -e 'SELECT 1'", `write log; network  "--tee=log" "-e" "SELECT 1"`},
		{"mysql --defaults-file=my.cnf -e 'SELECT 1'", `read my.cnf; network  "--defaults-file=my.cnf" "-e" "SELECT 1"; unknown (an option file can hold any option)`},
		{"mariadb shop", `network  "shop"; unknown (runs the statements it reads from standard input)`},
		{"sqlcmd -S db -Q 'SELECT 1'", `unknown (sqlcmd sends the password of $SQLCMDPASSWORD or the user's Windows credentials to a server the command names); network  "-S" "db" "-Q" "SELECT 1"`},
		{"sqlcmd -Q 'SELECT 1'", `network  "-Q" "SELECT 1"`},
		{"sqlcmd query 'SELECT @@VERSION'", `network  "query" "SELECT @@VERSION"`},
		{"sqlcmd config get-contexts", ""},
		{"sqlcmd config view --raw", "unknown (config --raw prints passwords)"},
		{"sqlcmd -S db -q 'SELECT 1'", "unknown (sqlcmd sends the password of $SQLCMDPASSWORD or the user's Windows credentials to a server the command names); unknown (the option -q of sqlcmd); unknown (sqlcmd without a query)"},
		{"sqlcmd --help", ""},
	})
}

// TestSQLiteDotCommands: dot-commands that show the schema or settings, or
// set how results print, only read; those that write files, run
// programs, load code, read scripts or open other files change things.
func TestSQLiteDotCommands(t *testing.T) {
	t.Parallel()
	const reads, changes = "read app.db; write app.db", "change (runs SQL that is not a single statement that reads: %s); read app.db; write app.db"
	var cases []effectCase
	for _, q := range []string{".tables", ".tables user%", ".schema", ".schema users", ".schema --indent", ".indexes",
		".indices users", ".dump", ".dump users", ".fullschema", ".databases", ".dbinfo", ".show", ".headers on",
		".mode column", ".mode json", ".width 10 20", ".nullvalue NULL", ".separator ,", ".timer on"} {
		cases = append(cases, effectCase{"sqlite3 app.db '" + q + "'", reads})
	}
	for _, q := range []string{".output out.txt", ".once out.txt", ".save copy.db", ".backup copy.db", ".shell id",
		".system id", ".load ./ext", ".read s.sql", ".import data.csv t", ".log out.txt", ".excel", ".open other.db",
		".restore copy.db", ".clone copy.db", ".cd /", ".sh id", ".tab", ".tables; .shell id", ".mode csv | .shell id"} {
		cases = append(cases, effectCase{"sqlite3 app.db '" + q + "'", strings.Replace(changes, "%s", q, 1)})
	}
	checkEffects(t, cases)
}
