package programs

import (
	"slices"
	"strings"
)

// SQL handed to a query service (athena start-query-execution, bq query)
// is judged by its statements: only queries read.

// sqlWrites are SQL keywords of statements that change data, schema,
// permissions or files, or run procedures. Sorted.
var sqlWrites = []string{"ALTER", "CALL", "COMMIT", "COPY", "CREATE", "DELETE", "DROP", "EXEC", "EXECUTE",
	"EXPORT", "GRANT", "INSERT", "INTO", "LOAD", "MERGE", "MSCK", "OPTIMIZE", "RENAME", "REPAIR", "REVOKE",
	"TRUNCATE", "UNLOAD", "UPDATE", "UPSERT", "VACUUM"}

// sqlOnlyQueries reports SQL whose statements are all queries (SELECT,
// WITH, SHOW, DESCRIBE, EXPLAIN, VALUES) and name no write keyword outside
// string literals and comments (WITH x AS (...) INSERT ... is a write).
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
// and quoted identifiers) from SQL, leaving a space in their place. #
// starts a comment in BigQuery and is a syntax error elsewhere.
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
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
