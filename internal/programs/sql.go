package programs

import (
	"slices"
	"strings"
)

// What the database clients' models know of SQL: whether a query given on
// the command line is a single statement that only reads. A query is
// split into tokens as the server would split it: string literals ('...',
// and PostgreSQL's $tag$...$tag$) are data; "...", `...` and (SQLite, SQL
// Server) [...] are identifiers, which name a function as well as a bare
// word does ("lo_export"(...) calls lo_export). Every function a query
// calls must be one known to compute only from its arguments and the
// tables it reads (sqlfuncs.go); a keyword that writes, a relation that
// holds password hashes, or a file named where a table goes (DuckDB)
// makes the query a change.

// SQL dialects for sqlReadOnly.
const (
	dialectSQLite    = 's' // sqlite3: dot-commands, [bracketed] identifiers
	dialectDuckDB    = 'd' // duckdb: dot-commands, files where tables go
	dialectPostgres  = 'p' // psql: backslash meta-commands, dollar quotes
	dialectMySQL     = 'm' // "..." is a string, # a comment
	dialectSQLServer = 't' // [bracketed] identifiers
)

// sqlStarts are the first words of statements that read. Sorted.
var sqlStarts = []string{"desc", "describe", "explain", "pragma", "select", "show", "table", "values", "with"}

// sqlDenied are keywords that write, administer, lock, load code or read
// and write server files wherever they appear in a statement (a
// data-modifying CTE, SELECT ... INTO, EXPLAIN ANALYZE DELETE). Sorted.
var sqlDenied = []string{
	"alter", "attach", "bulk", "call", "checkpoint", "copy", "create", "delete", "detach", "drop", "dumpfile",
	"exec", "execute", "export", "grant", "import", "insert", "install", "into", "load", "lock", "merge", "notify",
	"outfile", "refresh", "reindex", "rename", "revoke", "truncate", "update", "upsert", "vacuum",
}

// sqlSecretNames are relations and columns that hold password hashes or
// stored secrets (MariaDB keeps them in mysql.global_priv), and SQLite's eponymous tables that read files (SELECT
// name FROM fsdir WHERE name = '/home' lists a folder without a call).
// They count quoted or not. Sorted.
var sqlSecretNames = []string{
	"authentication_string", "fsdir", "global_priv", "pg_authid", "pg_shadow", "pg_user_mapping", "pg_user_mappings",
	"sql_logins", "zipfile",
}

// sqlPragmas are SQLite and DuckDB pragmas that only report. Sorted.
var sqlPragmas = []string{
	"collation_list", "collations", "compile_options", "data_version", "database_list", "database_size",
	"foreign_key_check", "foreign_key_list", "freelist_count", "function_list", "functions", "index_info",
	"index_list", "index_xinfo", "integrity_check", "metadata_info", "module_list", "page_count", "platform",
	"pragma_list", "quick_check", "show", "show_databases", "show_tables", "show_tables_expanded", "storage_info",
	"table_info", "table_list", "table_xinfo", "user_agent", "version",
}

// sqlRelationWords are the first words of statements that name a
// relation, as FROM and JOIN do: a table, or in DuckDB a file
// ('data.csv', "data.csv", data.csv). Sorted.
var sqlRelationWords = []string{"desc", "describe", "show", "table"}

// sqlClauseEnds are the words that end a FROM clause. Sorted.
var sqlClauseEnds = []string{"except", "fetch", "for", "group", "having", "intersect", "limit", "offset", "order",
	"qualify", "returning", "union", "where", "window"}

// duckdbSchemas are the qualifiers of relations DuckDB keeps itself; any
// other qualified name after FROM may be a file (FROM secrets.csv).
// Sorted.
var duckdbSchemas = []string{"information_schema", "main", "pg_catalog", "system", "temp"}

// sqlToken is a token of a query.
type sqlToken struct {
	kind byte   // see the sqlTok constants
	text string // a word in lower case, the name an identifier quotes, a punctuation character
}

// Kinds of tokens.
const (
	sqlTokWord   = 'w' // an unquoted word
	sqlTokQuoted = 'q' // a quoted identifier
	sqlTokString = 's' // a string literal, or MySQL's "..." (an identifier with ANSI_QUOTES)
	sqlTokNumber = 'n'
	sqlTokPunct  = 'p'
)

// sqlLex splits a single statement into tokens. It refuses what it
// cannot split as surely as the server: backslashes (which escape quotes
// in some dialects and modes), comments (MySQL runs /*! ... */; where --
// starts one differs), several statements, unterminated quotes, and
// bytes beyond ASCII.
func sqlLex(q string, dialect byte) ([]sqlToken, bool) {
	var toks []sqlToken
	brackets := dialect == dialectSQLite || dialect == dialectSQLServer
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '\\' || c >= 0x80 || c < ' ':
			return nil, false
		case c == '-' && i+1 < len(q) && q[i+1] == '-', c == '/' && i+1 < len(q) && q[i+1] == '*',
			c == '#' && dialect == dialectMySQL:
			return nil, false
		case c == '\'' || c == '"' || c == '`' || c == '[' && brackets:
			closer := c
			if c == '[' {
				closer = ']'
			}
			j := i + 1
			var b strings.Builder
			for {
				k := strings.IndexByte(q[j:], closer)
				if k < 0 {
					return nil, false
				}
				b.WriteString(q[j : j+k])
				j += k + 1
				if j < len(q) && q[j] == closer && (closer != ']' || dialect == dialectSQLServer) {
					b.WriteByte(closer)
					j++
					continue
				}
				break
			}
			kind := byte(sqlTokQuoted)
			if c == '\'' || c == '"' && dialect == dialectMySQL {
				kind = sqlTokString
			}
			text := b.String()
			if kind == sqlTokQuoted {
				text = strings.ToLower(text)
			}
			toks = append(toks, sqlToken{kind, text})
			i = j
		case c == '$':
			// A dollar quote: $$...$$ or $tag$...$tag$ (PostgreSQL).
			end := strings.IndexByte(q[i+1:], '$')
			if dialect != dialectPostgres || end < 0 || !sqlDollarTag(q[i+1:i+1+end]) {
				return nil, false
			}
			tag := q[i : i+end+2]
			k := strings.Index(q[i+len(tag):], tag)
			if k < 0 {
				return nil, false
			}
			toks = append(toks, sqlToken{sqlTokString, q[i+len(tag) : i+len(tag)+k]})
			i += 2*len(tag) + k
		case c == ';':
			if strings.Trim(q[i:], "; \t\r\n") != "" {
				return nil, false
			}
			i = len(q)
		case sqlWordByte(c) && (c < '0' || c > '9'):
			j := i
			for j < len(q) && sqlWordByte(q[j]) {
				j++
			}
			toks = append(toks, sqlToken{sqlTokWord, strings.ToLower(q[i:j])})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(q) && (sqlWordByte(q[j]) || q[j] == '.' ||
				(q[j] == '+' || q[j] == '-') && (q[j-1] == 'e' || q[j-1] == 'E') && !strings.ContainsAny(q[i:j], "xX")) {
				j++
			}
			if !sqlNumber(q[i:j]) {
				return nil, false
			}
			toks = append(toks, sqlToken{sqlTokNumber, q[i:j]})
			i = j
		default:
			toks = append(toks, sqlToken{sqlTokPunct, q[i : i+1]})
			i++
		}
	}
	return toks, true
}

// sqlWordByte reports a byte of an unquoted word.
func sqlWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// sqlNumber reports a numeric literal: hex (0x1F), or decimal digits with
// a fraction and an exponent (1.5e-3). 1abc is a name in MySQL.
func sqlNumber(s string) bool {
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		return h != "" && strings.Trim(h, "0123456789abcdef") == ""
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	if len(exp) > 0 && (exp[0] == '+' || exp[0] == '-') {
		exp = exp[1:]
	}
	digits := func(d string) bool { return strings.Trim(d, "0123456789") == "" }
	return whole != "" && digits(whole) && digits(frac) && (!hasExp || exp != "" && digits(exp))
}

// sqlDollarTag reports the tag of a dollar quote: empty, or a word that
// does not start with a digit ($1 is a parameter).
func sqlDollarTag(tag string) bool {
	if tag == "" {
		return true
	}
	if tag[0] >= '0' && tag[0] <= '9' {
		return false
	}
	for i := range len(tag) {
		if !sqlWordByte(tag[i]) {
			return false
		}
	}
	return true
}

// sqlReadOnly reports whether a query given to a database client is a
// single statement that only reads, or a client command that only shows
// the schema.
func sqlReadOnly(q string, dialect byte) bool {
	q = strings.TrimSpace(q)
	if q == "" {
		return false
	}
	switch {
	case q[0] == '.' && (dialect == dialectSQLite || dialect == dialectDuckDB):
		return sqliteDotCommand(q)
	case q[0] == '\\' && dialect == dialectPostgres:
		return psqlMetaCommand(q)
	}
	toks, ok := sqlLex(q, dialect)
	if !ok || len(toks) == 0 || toks[0].kind != sqlTokWord || !sortedHas(sqlStarts, toks[0].text) {
		return false
	}
	if toks[0].text == "pragma" {
		if len(toks) < 2 || toks[1].kind != sqlTokWord || !sortedHas(sqlPragmas, toks[1].text) {
			return false
		}
		for _, t := range toks {
			// PRAGMA x=1 sets; DuckDB's table_info('data.csv') reads the
			// file's header.
			if t.kind == sqlTokPunct && t.text == "=" || dialect == dialectDuckDB && t.kind != sqlTokWord && t.kind != sqlTokPunct {
				return false
			}
		}
		// PRAGMA table_info(t): the pragma's argument, not a call.
		toks = toks[2:]
	}
	// froms holds the depths of the FROM clauses being read: a word or a
	// comma there at the depth of the innermost starts a relation.
	var froms []int
	depth := 0
	for i, t := range toks {
		var prev sqlToken
		if i > 0 {
			prev = toks[i-1]
		}
		inFrom := len(froms) > 0 && froms[len(froms)-1] == depth
		relation := inFrom && (prev.kind == sqlTokPunct && prev.text == "," ||
			prev.kind == sqlTokWord && (prev.text == "from" || prev.text == "join")) ||
			i == 1 && sortedHas(sqlRelationWords, prev.text)
		name := t.kind == sqlTokWord || t.kind == sqlTokQuoted
		qualifier := sqlQualifier(toks, i)
		switch {
		case t.kind == sqlTokWord && sortedHas(sqlDenied, t.text):
			return false
		case name && sortedHas(sqlSecretNames, t.text):
			return false
		case name && t.text == "user" && (qualifier == "mysql" || dialect == dialectMySQL && relation && qualifier == ""):
			// mysql.user holds the password hashes.
			return false
		case relation && t.kind == sqlTokString:
			// FROM 'file.csv' reads a file in DuckDB.
			return false
		case relation && dialect == dialectDuckDB && (t.kind == sqlTokQuoted ||
			i+2 < len(toks) && toks[i+1].text == "." && !sortedHas(duckdbSchemas, t.text)):
			// So do FROM "file.csv" and FROM dir.file.csv.
			return false
		case i+1 < len(toks) && toks[i+1].kind == sqlTokPunct && toks[i+1].text == "(" && !sqlCallKnown(toks, i, dialect):
			return false
		}
		switch {
		case t.kind == sqlTokPunct && t.text == "(":
			depth++
		case t.kind == sqlTokPunct && t.text == ")":
			depth--
			for len(froms) > 0 && froms[len(froms)-1] > depth {
				froms = froms[:len(froms)-1]
			}
		case t.kind == sqlTokWord && (t.text == "from" || t.text == "join") && !inFrom:
			froms = append(froms, depth)
		case t.kind == sqlTokWord && inFrom && sortedHas(sqlClauseEnds, t.text):
			froms = froms[:len(froms)-1]
		}
	}
	return depth == 0
}

// sqlQualifier returns the name before the dot that qualifies the name at
// i (pg_catalog in pg_catalog.lower, mysql in mysql.user), "." when the
// qualifier is not a name ('x'.upper() in DuckDB), or "" when unqualified.
func sqlQualifier(toks []sqlToken, i int) string {
	if i < 2 || toks[i-1].kind != sqlTokPunct || toks[i-1].text != "." {
		return ""
	}
	if q := toks[i-2]; q.kind == sqlTokWord || q.kind == sqlTokQuoted {
		return q.text
	}
	return "."
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

// connInfoNamesHost reports a connection string that names a host:
// host= or hostaddr= (host=evil dbname=x), or a URI with one
// (postgresql://evil/x, postgresql:///x?host=evil).
func connInfoNamesHost(v string) bool {
	lower := strings.ToLower(v)
	_, rest, uri := strings.Cut(lower, "://")
	if !uri {
		return strings.Contains(lower, "host")
	}
	authority, _, _ := strings.Cut(rest, "/")
	authority, _, _ = strings.Cut(authority, "?")
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	return authority != "" && authority[0] != ':' || strings.Contains(rest, "host")
}

// sortedHas reports whether a sorted list holds w.
func sortedHas(sorted []string, w string) bool {
	_, found := slices.BinarySearch(sorted, w)
	return found
}
