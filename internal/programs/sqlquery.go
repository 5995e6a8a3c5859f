package programs

import (
	"slices"
	"strings"
)

// SQL handed to a query service (athena start-query-execution, bq query)
// is judged by its statements: only queries read. The services' own
// functions only compute; a function of a dataset (BigQuery's remote
// functions call an endpoint) is named with its dataset or quoted
// (`project.dataset.fn`(x)), and such a call is not known to read.

// sqlWrites are SQL keywords of statements that change data, schema,
// permissions or files, or run procedures. Sorted.
var sqlWrites = []string{"ALTER", "CALL", "COMMIT", "COPY", "CREATE", "DELETE", "DROP", "EXEC", "EXECUTE",
	"EXPORT", "GRANT", "INSERT", "INTO", "LOAD", "MERGE", "MSCK", "OPTIMIZE", "RENAME", "REPAIR", "REVOKE",
	"TRUNCATE", "UNLOAD", "UPDATE", "UPSERT", "VACUUM"}

// sqlOnlyQueries reports SQL whose statements are all queries (SELECT,
// WITH, SHOW, DESCRIBE, EXPLAIN, VALUES), name no write keyword outside
// string literals and comments (WITH x AS (...) INSERT ... is a write),
// and call only the service's own functions (serviceCalls).
// Backslashes are refused: dialects disagree on whether they escape a
// quote, so the end of a string literal would be uncertain.
func sqlOnlyQueries(sql string) bool {
	if strings.Contains(sql, "\\") {
		return false
	}
	n := 0
	for stmt := range strings.SplitSeq(sqlStrip(sql), ";") {
		words := strings.FieldsFunc(strings.ToUpper(stmt), func(r rune) bool {
			return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
		})
		if len(words) == 0 {
			continue
		}
		n++
		if !serviceCalls(stmt) {
			return false
		}
		switch words[0] {
		case "SELECT", "WITH", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "VALUES":
		default:
			return false
		}
		for _, w := range words {
			if _, found := slices.BinarySearch(sqlWrites, w); found {
				return false
			}
		}
	}
	return n > 0
}

// sqlStrip removes comments (--, # and /* */) and quoted text (strings
// and quoted identifiers) from SQL, leaving a space in place of a comment
// and sqlQuoted in place of quoted text. # starts a comment in BigQuery
// and is a syntax error elsewhere.
func sqlStrip(sql string) string {
	var b strings.Builder
	for i := 0; i < len(sql); i++ {
		c := sql[i]
		switch {
		case c == '#' || c == '-' && i+1 < len(sql) && sql[i+1] == '-':
			for i < len(sql) && sql[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
		case c == '/' && i+1 < len(sql) && sql[i+1] == '*':
			end := strings.Index(sql[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
			b.WriteByte(' ')
		case c == '\'' || c == '"' || c == '`':
			end := strings.IndexByte(sql[i+1:], c)
			if end < 0 {
				return b.String() + " UNTERMINATED"
			}
			i += end + 1
			b.WriteByte(sqlQuoted)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sqlQuoted stands for quoted text in what sqlStrip returns.
const sqlQuoted = '\x01'

// serviceQualifiers are the prefixes of the query services' own
// functions (SAFE.DIVIDE, NET.HOST, HLL_COUNT.MERGE in BigQuery).
// Sorted.
var serviceQualifiers = []string{"HLL_COUNT", "NET", "SAFE"}

// serviceCalls reports a stripped statement whose calls are all of
// unquoted names with no qualifier but the services' own: a quoted name
// or a name qualified by a dataset may be a function of the user's.
func serviceCalls(stmt string) bool {
	for i := strings.IndexByte(stmt, '('); i >= 0; i = nextParen(stmt, i) {
		j := i
		for j > 0 && (stmt[j-1] == ' ' || stmt[j-1] == '\t' || stmt[j-1] == '\n' || stmt[j-1] == '\r') {
			j--
		}
		k := j
		for k > 0 && sqlWordByte(stmt[k-1]) {
			k--
		}
		switch {
		case j > 0 && stmt[j-1] == sqlQuoted:
			return false
		case k < j && k > 0 && stmt[k-1] == '.':
			q := k - 1
			for q > 0 && sqlWordByte(stmt[q-1]) {
				q--
			}
			if q > 0 && (stmt[q-1] == '.' || stmt[q-1] == sqlQuoted) ||
				!sortedHas(serviceQualifiers, strings.ToUpper(stmt[q:k-1])) {
				return false
			}
		}
	}
	return true
}

// nextParen returns the index of the next ( after i, or -1.
func nextParen(s string, i int) int {
	k := strings.IndexByte(s[i+1:], '(')
	if k < 0 {
		return -1
	}
	return i + 1 + k
}
