package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Database clients: sqlite3 and duckdb open a database file; psql, mysql
// (mariadb) and sqlcmd talk to a server. A call that runs queries given on
// its command line, each a single statement that reads (sqlReadOnly), only
// reads; any other query changes the database. Without a query the client
// runs what it reads from standard input, which nobody sees. Options that
// run scripts, load plugins, write files or carry passwords are judged as
// such; option files that hold passwords are reads the secrets rules judge.
// The clients send the password they find in the environment or their
// files (PGPASSWORD, ~/.pgpass, MYSQL_PWD, ~/.my.cnf, SQLCMDPASSWORD) to
// the server they reach: a server the command names (-h, a connection
// string's host, sqlcmd -S) is a place that password may go (namedHost).

// sqlQueries checks the queries of a call: none changes nothing, all that
// read leave the call read-only, and any other is a change.
func sqlQueries(fx *Effects, qs []shell.Arg, dialect byte) (changes bool) {
	for _, q := range qs {
		switch {
		case q.Dynamic:
			fx.Unknown("runs SQL computed at run time: " + q.Value)
			changes = true
		case !sqlReadOnly(q.Value, dialect):
			fx.Change("runs SQL that is not a single statement that reads: " + q.Value)
			changes = true
		}
	}
	return changes
}

// sqlite3 and duckdb spell their options with one dash or two; -lookaside
// and -pagecache take two values, so their words are read by parseSQLite.

var sqliteProgram = &Program{Names: []string{"sqlite3"}, Parse: parseSQLite, Node: Node{Effects: func(c *Call, fx *Effects) {
	sqliteEffects(c, fx, false)
}}}

var duckdbProgram = &Program{Names: []string{"duckdb"}, Parse: parseSQLite, Node: Node{Effects: func(c *Call, fx *Effects) {
	sqliteEffects(c, fx, true)
}}}

// sqliteOptions are the options of sqlite3 and duckdb and how many words
// follow each.
var sqliteOptions = lazy[map[string]int]{make: func() map[string]int {
	return map[string]int{
		"A": -1, "append": 0, "ascii": 0, "bail": 0, "batch": 0, "box": 0, "c": 1, "cmd": 1, "column": 0, "csv": 0,
		"deserialize": 0, "echo": 0, "f": 1, "header": 0, "heap": 2, "help": 0, "html": 0, "init": 1, "interactive": 0,
		"json": 0, "line": 0, "list": 0, "lookaside": 2, "markdown": 0, "maxsize": 1, "memtrace": 0, "mmap": 1,
		"multiplex": 0, "newline": 1, "no-stdin": 0, "nofollow": 0, "noheader": 0, "nonce": 1, "nullvalue": 1,
		"pagecache": 2, "pcachetrace": 0, "quote": 0, "readonly": 0, "s": 1, "safe": 0, "separator": 1, "stats": 0,
		"storage-version": 1, "table": 0, "tabs": 0, "ui": 0, "unsafe-testing": 0, "unsigned": 0, "version": 0,
		"vfs": 1, "vfstrace": 0, "zip": 0,
	}
}}

// parseSQLite reads the words of sqlite3 and duckdb: options (with their
// values, the first kept as the option's value), the database, then SQL.
func parseSQLite(c *Call, args []shell.Arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && strings.HasPrefix(v, "-") {
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
			continue
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			c.Pos = append(c.Pos, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(v, "-"), "-")
		n, ok := sqliteOptions.get()[name]
		if !ok {
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
			continue
		}
		spec := &OptSpec{Names: []string{"-" + name}}
		o := Opt{Typed: "-" + name, Spec: spec}
		if name == "help" || name == "version" {
			spec.Tag = TagHelp
			c.Help = true
		}
		if n < 0 {
			// -A: the rest are the archive command's.
			c.Opts = append(c.Opts, o)
			c.unknown = append(c.unknown, v)
			return
		}
		if n > 0 {
			spec.Arity = Required
			if i+1 < len(args) {
				o.Value, o.HasValue = args[i+1], true
			}
			i += n
		}
		c.Opts = append(c.Opts, o)
	}
}

func sqliteEffects(c *Call, fx *Effects, duck bool) {
	unseenEffects(c, fx)
	// The start-up file runs its dot-commands first (.shell, .system,
	// .output), unless -init names another.
	if !c.Has("-init") {
		rcs := []string{"~/.sqliterc", "~/.config/sqlite3/sqliterc"}
		if duck {
			rcs = []string{"~/.duckdbrc"}
		}
		for _, rc := range rcs {
			fx.Add(Effect{Op: Unknown, IfPresent: rc, Why: rc + " runs its commands first (.shell and .system run programs)"})
		}
	}
	args := c.Args()
	var db shell.Arg
	var qs []shell.Arg
	if len(args) > 0 {
		db, qs = args[0], args[1:]
	}
	qs = append(qs, c.ValueArgs("-cmd")...)
	if duck {
		qs = append(qs, c.ValueArgs("-c|-s")...)
	}
	for _, f := range c.ValueArgs("-init|-f") {
		fx.Read(f)
		fx.Unknown("runs the statements of " + f.Value)
	}
	if c.Has("-ui") {
		fx.Unknown("-ui starts a server")
	}
	if c.Has("-unsigned") || c.Has("-unsafe-testing") {
		fx.Unknown("loads code the model does not check")
	}
	// Without SQL operands the client goes on with what it reads from
	// standard input, after any -cmd; duckdb's -c, -s and -f exit.
	fromInput := len(args) < 2 && !(duck && c.HasAny("-c|-s|-f"))
	dialect := byte(dialectSQLite)
	if duck {
		dialect = dialectDuckDB
	}
	changes := sqlQueries(fx, qs, dialect)
	db = databasePath(fx, db, duck)
	schemaRuns(c, fx, db, qs, duck)
	if fromInput {
		// An interactive session: a terminal nobody types in runs
		// nothing, and -readonly or -safe keep one from writing; input
		// from a pipe or a file is statements nobody checked.
		if c.Cmd.Stdin.Kind != shell.StdinInherited || !c.HasAny("-readonly|-safe") {
			fx.Unknown("runs the statements it reads from standard input")
			changes = true
		}
	}
	if db.Value == "" || db.Value == ":memory:" {
		return
	}
	fx.Read(db)
	if changes && !c.Has("-readonly") {
		fx.Write(db, "the statements may change the database")
	} else if !c.Has("-readonly") && !duck {
		// sqlite3 opens the database to read and write, and makes an
		// empty one where there is none.
		fx.Add(Effect{Op: Write, Path: db, IfMissing: true, Why: "sqlite3 creates a missing database"})
	}
}

// databasePath returns the file a database operand names, as the client
// resolves it: sqlite3 turns URI file names on (file:x.db?mode=ro,
// file:///abs/x.db, file:%2eenv), duckdb strips file://. An in-memory or
// temporary database is ":memory:". A name the model cannot resolve (a
// URI it does not parse, a VFS it does not know, duckdb's md: or s3://)
// is unknown, and the operand is kept as written.
func databasePath(fx *Effects, db shell.Arg, duck bool) shell.Arg {
	v := db.Value
	if db.Dynamic || v == "" || v == ":memory:" {
		return db
	}
	if duck {
		if rest, ok := strings.CutPrefix(v, "file://"); ok {
			db.Value = rest
		} else if i := strings.Index(v, ":"); i > 1 && !strings.ContainsAny(v[:i], "/.") {
			fx.Unknown("duckdb opens " + v + " through an extension or a service")
		}
		return db
	}
	path, memory, err := sqliteURI(v)
	switch {
	case err != "":
		fx.Unknown("sqlite3 opens the URI " + v + ": " + err)
	case memory:
		db.Value = ":memory:"
	default:
		db.Value = path
	}
	return db
}

// sqliteURI resolves a file name as SQLite does when URIs are on (the
// sqlite3 shell turns them on): only a name that starts with "file:" is
// a URI; its path ends at ? or #, an authority must be empty or
// localhost, and %HH is decoded. mode=memory, :memory: and an empty path
// open no file. err says why the model does not follow a URI: a vfs=
// (which may read its own way) or a malformed one.
func sqliteURI(v string) (path string, memory bool, err string) {
	rest, ok := strings.CutPrefix(v, "file:")
	if !ok {
		return v, false, ""
	}
	query := ""
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest, query = rest[:i], rest[i:]
	}
	if auth, ok := strings.CutPrefix(rest, "//"); ok {
		i := strings.IndexByte(auth, '/')
		if i < 0 {
			i = len(auth)
		}
		if h := auth[:i]; h != "" && h != "localhost" {
			return "", false, "the authority " + h + " is not this machine"
		}
		rest = auth[i:]
	}
	path, ok = percentDecode(rest)
	if !ok {
		return "", false, "a malformed %-escape"
	}
	query, _, _ = strings.Cut(strings.TrimPrefix(query, "?"), "#")
	for kv := range strings.SplitSeq(query, "&") {
		k, val, _ := strings.Cut(kv, "=")
		k, _ = percentDecode(k)
		val, _ = percentDecode(val)
		switch k {
		case "vfs":
			return "", false, "the VFS " + val + " may read other files"
		case "mode":
			if val == "memory" {
				return "", true, ""
			}
		}
	}
	return path, path == "" || path == ":memory:", ""
}

// percentDecode decodes %HH escapes; ok is false for a malformed one.
func percentDecode(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", false
		}
		b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// schemaRuns: a database file holds code as well as data. A view, a
// generated column or a virtual table runs when a statement reads it, and
// may call what the client adds to SQL: sqlite3's edit() runs $VISUAL,
// $EDITOR or any program its second argument names, -readonly or not;
// DuckDB's read_text() and read_csv() read any file or address
// (extensions load themselves for http). Only -safe turns those off. So,
// without -safe, a statement on an existing database is unknown (a new
// one holds nothing); the dot-commands that show the schema prepare
// views without running them, SQLite's pragmas only report, and an
// interactive session nobody types in runs nothing.
func schemaRuns(c *Call, fx *Effects, db shell.Arg, qs []shell.Arg, duck bool) {
	if c.Has("-safe") || db.Value == "" || db.Value == ":memory:" {
		return
	}
	runs := false
	for _, q := range qs {
		v := strings.TrimSpace(q.Value)
		if q.Dynamic || !strings.HasPrefix(v, ".") && (duck || !sqlPragma(v)) {
			runs = true
		}
	}
	if !runs {
		return
	}
	why := "the database's views may call edit(), which runs a program (-safe turns it off)"
	if duck {
		why = "the database's views may read any file or address (-safe turns that off)"
	}
	if db.Dynamic {
		fx.Unknown(why)
		return
	}
	fx.Add(Effect{Op: Unknown, IfPresent: db.Value, Why: why})
}

// sqlPragma reports a statement that starts with PRAGMA.
func sqlPragma(q string) bool {
	return len(q) >= 6 && strings.EqualFold(q[:6], "pragma")
}

// psql runs -c commands (SQL or meta-commands) and -f scripts, or what it
// reads from standard input.

var psqlProgram = &Program{Names: []string{"psql"}, Node: Node{Opts: `
-a --echo-all
-A --no-align
-b --echo-errors
-c --command=COMMAND
--csv
-d --dbname=DBNAME
-e --echo-queries
-E --echo-hidden
-f --file=FILE                read    # see psqlEffects: runs the script
-F --field-separator=STRING
-h --host=HOST
-H --html
-l --list
-L --log-file=FILE            write
-n --no-readline
-o --output=FILE                      # see psqlEffects: |command runs a program
-p --port=PORT
-P --pset=VAR
-q --quiet
-R --record-separator=STRING
-s --single-step              unknown # asks on the terminal before each statement
-S --single-line
-t --tuples-only
-T --table-attr=TEXT
-U --username=USER
-v --set --variable=NAME=VALUE
-V --version                  help
-w --no-password
-W --password                 unknown # asks for a password on the terminal
-x --expanded
-X --no-psqlrc
-z --field-separator-zero
-0 --record-separator-zero
-1 --single-transaction
-? --help[=TOPIC]             help
`, Effects: psqlEffects}}

func psqlEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	if !c.Has("-X") {
		// ~/.psqlrc-16 and ~/.psqlrc-16.2 are read in its place.
		for _, rc := range []string{"~/.psqlrc", "~/.psqlrc-*"} {
			fx.Add(Effect{Op: Unknown, IfPresent: rc, Why: rc + " runs its commands first (\\! runs a program, \\o writes a file)"})
		}
	}
	host, _ := c.Value("-h")
	fx.Network(host, c.Cmd.Args[1:]...)
	// libpq answers a server that asks for the password in clear text
	// with PGPASSWORD or the matching line of ~/.pgpass.
	const pgCred = "the password of $PGPASSWORD or ~/.pgpass"
	namedHost(c, fx, "-h", "", pgCred)
	for _, d := range append(c.ValueArgs("-d"), c.Args()...) {
		if !connInfoWithoutPassword(d.Value) {
			fx.Unknown("the connection string carries a password")
		}
		if connInfoNamesHost(d.Value) {
			fx.Unknown(c.Name + " sends " + pgCred + " to the host " + d.Value + " names")
		}
	}
	for _, o := range c.ValueArgs("-o") {
		if cmd, ok := strings.CutPrefix(o.Value, "|"); ok {
			// psql writes the query results into the command.
			fx.Runs(cmd, "-o", false, true)
		} else {
			writeUnlessNotFile(fx, o, "-o")
		}
	}
	if c.Has("-f") {
		fx.Unknown("runs the statements of a script")
		for _, f := range c.ValueArgs("-f") {
			fx.Source(f)
		}
	}
	qs := c.ValueArgs("-c")
	if len(qs) == 0 && !c.Has("-l") && !c.Has("-f") {
		fx.Unknown("runs the statements it reads from standard input")
	}
	if c.Has("-v") {
		for _, q := range qs {
			if strings.Contains(q.Value, ":") {
				fx.Unknown("variables of -v may be interpolated into " + q.Value)
			}
		}
	}
	sqlQueries(fx, qs, dialectPostgres)
}

var mysqlProgram = &Program{Names: []string{"mysql", "mariadb"}, Node: Node{Opts: `
--auto-rehash
-A --no-auto-rehash --skip-auto-rehash
--auto-vertical-output
-B --batch
--binary-as-hex
--binary-mode
--bind-address=IP
--character-sets-dir=DIR
--column-names
--skip-column-names -N
--column-type-info
--comments
--skip-comments
-C --compress
--compression-algorithms=LIST
--connect-expired-password
--connect-timeout=SECONDS
-D --database=DB
-# --debug[=OPTIONS]
--debug-check
-T --debug-info
--default-auth=PLUGIN          code    # loads an authentication plugin
--default-character-set=CHARSET
--defaults-extra-file=FILE     read    # see mysqlEffects: an option file
--defaults-file=FILE           read
--defaults-group-suffix=SUFFIX
--delimiter=STRING
--dns-srv-name=NAME
--enable-cleartext-plugin
-e --execute=STATEMENT
-f --force
-h --host=HOST
-H --html
-i --ignore-spaces
--init-command=SQL
--line-numbers
--skip-line-numbers -L
--load-data-local-dir=DIR      unknown # lets LOAD DATA LOCAL read files there
--local-infile[=BOOL]          unknown # lets LOAD DATA LOCAL read any file
--login-path=NAME
--max-allowed-packet=SIZE
--max-join-size=N
--net-buffer-length=SIZE
--network-namespace=NAME
--no-beep -b
--no-defaults
-o --one-database
--pager[=COMMAND]                      # see mysqlEffects: runs a program
--skip-pager
-p --password[=PASSWORD]
--plugin-dir=DIR               code    # loads plugins from there
-P --port=PORT
--print-defaults                       # see mysqlEffects: prints the option files' passwords
--prompt=FORMAT
--protocol=PROTOCOL
-q --quick
-r --raw
--reconnect
--skip-reconnect
-U --safe-updates --i-am-a-dummy
--select-limit=N
--server-public-key-path=FILE  read
--get-server-public-key
--show-warnings
--sigint-ignore
-j --syslog
-s --silent
-S --socket=PATH
--ssl
--skip-ssl
--ssl-ca=FILE                  read
--ssl-capath=DIR               read
--ssl-cert=FILE                read
--ssl-cipher=LIST
--ssl-crl=FILE                 read
--ssl-crlpath=DIR              read
--ssl-key=FILE                 read
--ssl-mode=MODE
--ssl-verify-server-cert
--tls-version=LIST
--tls-ciphersuites=LIST
-t --table
--tee=FILE                     write
--notee --no-tee
-n --unbuffered
-u --user=USER
-v --verbose
-V --version                   help
-E --vertical
-w --wait
-X --xml
-? -I --help                   help
`, Effects: mysqlEffects}}

func mysqlEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	if c.Has("--print-defaults") {
		// The options of ~/.my.cnf and the other option files, as
		// arguments: unmasked, the password too, on MariaDB and MySQL
		// before 8.
		fx.PrintsSecret(c.Name + " --print-defaults prints the options of the option files (~/.my.cnf), passwords included")
		return
	}
	host, _ := c.Value("-h")
	fx.Network(host, c.Cmd.Args[1:]...)
	// caching_sha2_password sends the password in clear text over TLS
	// when the server asks for full authentication.
	namedHost(c, fx, "-h", "", "the password of $MYSQL_PWD or the option files (~/.my.cnf)")
	if c.Has("-p") {
		fx.Unknown("-p asks for a password or puts one on the command line")
	}
	if c.HasAny("--defaults-file|--defaults-extra-file") {
		fx.Unknown("an option file can hold any option")
	}
	for i := range c.Opts {
		if o := &c.Opts[i]; o.Spec != nil && o.Spec.Is("--pager") {
			code := o.Value.Value
			if !o.HasValue || o.Value.Dynamic {
				code = ""
			}
			// The pager reads the results mysql prints.
			fx.Runs(code, o.Typed, false, true)
		}
	}
	qs := append(c.ValueArgs("--init-command"), c.ValueArgs("-e")...)
	if len(c.ValueArgs("-e")) == 0 {
		fx.Unknown("runs the statements it reads from standard input")
	}
	sqlQueries(fx, qs, dialectMySQL)
}

// myPrintDefaults prints the options the option files (~/.my.cnf,
// /etc/my.cnf) hold for the groups it is given, passwords included.
var myPrintDefaults = &Program{Names: []string{"my_print_defaults", "mariadb-print-defaults"}, NoOptions: true,
	Node: Node{Effects: func(c *Call, fx *Effects) {
		fx.PrintsSecret(c.Name + " prints the options of the option files (~/.my.cnf), passwords included")
	}}}

// sqlcmd is the SQL Server client: the classic one (-Q runs a query and
// exits) and go-sqlcmd, which adds subcommands (query, config, ...). Its
// words are read by sqlcmdEffects.
var sqlcmdProgram = &Program{Names: []string{"sqlcmd"}, NoOptions: true, Node: Node{Effects: sqlcmdEffects}}

func sqlcmdEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	args := c.Args()
	if len(args) == 0 {
		fx.Unknown("sqlcmd without a query is an interactive session")
		return
	}
	for _, a := range args {
		if a.Dynamic {
			fx.Unknown("a word of sqlcmd is computed at run time: " + a.Value)
			return
		}
		switch a.Value {
		case "-?", "--help", "-h", "--version":
			if len(args) == 1 || len(args) == 2 && args[0].Value == "query" {
				return
			}
		}
	}
	var qs []shell.Arg
	switch args[0].Value {
	case "config":
		if len(args) < 2 {
			fx.Unknown("sqlcmd config without a subcommand")
			return
		}
		for _, a := range args {
			if a.Value == "--raw" {
				fx.Unknown("config --raw prints passwords")
				return
			}
		}
		switch args[1].Value {
		case "view", "get-contexts", "get-endpoints", "get-users", "current-context":
			return
		}
		fx.Change("sqlcmd config " + args[1].Value)
		return
	case "query":
		for i := 1; i < len(args); i++ {
			name, val, has := strings.Cut(args[i].Value, "=")
			switch {
			case name == "--text" || name == "-t" || name == "--query" || name == "-q":
				if !has {
					if i+1 >= len(args) {
						fx.Unknown(name + " without a value")
						return
					}
					i++
					val = args[i].Value
				}
				qs = append(qs, shell.Arg{Value: val})
			case strings.Contains(strings.ToLower(name), "password") || name == "-P":
				fx.Unknown("a password on the command line")
			case name == "--database" || name == "-d" || name == "--context" || name == "-c":
				if !has {
					i++
				}
			case !strings.HasPrefix(args[i].Value, "-"):
				qs = append(qs, args[i])
			}
		}
	default:
		for i := 0; i < len(args); i++ {
			w := args[i].Value
			switch {
			case w == "-Q":
				if i+1 < len(args) {
					i++
					qs = append(qs, args[i])
				}
			case strings.HasPrefix(w, "-Q"):
				qs = append(qs, shell.Arg{Value: w[2:]})
			case strings.HasPrefix(w, "-S"):
				// The login carries SQLCMDPASSWORD (with -U) or answers
				// the server's NTLM challenge.
				fx.Unknown("sqlcmd sends the password of $SQLCMDPASSWORD or the user's Windows credentials to a server the command names")
			case len(w) >= 2 && w[0] == '-' && strings.IndexByte("qiozZPv", w[1]) >= 0:
				// -q stays in a session, -i runs a script, -o writes a
				// file, -z changes a password, -P is one.
				fx.Unknown("the option " + w + " of sqlcmd")
			case !strings.HasPrefix(w, "-") && i == 0:
				fx.Unknown("\"" + w + "\" is not a sqlcmd subcommand the model knows")
				return
			}
		}
	}
	if len(qs) == 0 {
		fx.Unknown("sqlcmd without a query")
		return
	}
	fx.Network("", c.Cmd.Args[1:]...)
	sqlQueries(fx, qs, dialectSQLServer)
}
