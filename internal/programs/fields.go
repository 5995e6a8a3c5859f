package programs

// cut, paste, join, comm and column select, merge or lay out the fields
// of the files they read. Options of BSD's versions that GNU's lack are
// included (cut -w, comm -i); all only change what is printed.

var cutProgram = &Program{Names: []string{"cut"}, Node: Node{Opts: `
-b --bytes=LIST
-c --characters=LIST
-d --delimiter=DELIM
-f --fields=LIST
-n
--complement
-s --only-delimited
--output-delimiter=STRING
-z --zero-terminated
-w
` + gnuHelp, Effects: readsFiles}}

var pasteProgram = &Program{Names: []string{"paste"}, Node: Node{Opts: `
-d --delimiters=LIST
-s --serial
-z --zero-terminated
` + gnuHelp, Effects: readsFiles}}

var joinProgram = &Program{Names: []string{"join"}, Node: Node{Opts: `
-a=FILENUM
-e=STRING
-i --ignore-case
-j=FIELD
-o=FORMAT
-t=CHAR
-v=FILENUM
-1=FIELD
-2=FIELD
--check-order
--nocheck-order
--header
-z --zero-terminated
` + gnuHelp, Effects: readsFiles}}

var commProgram = &Program{Names: []string{"comm"}, Node: Node{Opts: `
-1
-2
-3
-i
--check-order
--nocheck-order
--output-delimiter=STR
--total
-z --zero-terminated
` + gnuHelp, Effects: readsFiles}}

// columnProgram has util-linux column's options and BSD's (-c -s -t -x
// are common to both).
var columnProgram = &Program{Names: []string{"column"}, Node: Node{Opts: `
-t --table
-n --table-name=NAME
-O --table-order=COLUMNS
-N --table-columns=NAMES
-l --table-columns-limit=NUM
-E --table-noextreme=COLUMNS
-d --table-noheadings
-e --table-header-repeat
-H --table-hide=COLUMNS
-R --table-right=COLUMNS
-T --table-truncate=COLUMNS
-W --table-wrap=COLUMNS
-L --keep-empty-lines --table-empty-lines
-J --json
-r --tree=COLUMN
-i --tree-id=COLUMN
-p --tree-parent=COLUMN
-c --output-width=WIDTH
-o --output-separator=STRING
-s --separator=STRING
-x --fillrows
-C --table-column=PROPERTIES
-S --use-spaces=NUMBER
-h --help                     help
-V --version                  help
`, Effects: readsFiles}}
