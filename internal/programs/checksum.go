package programs

// The checksum programs read their files and print digests; with -c they
// read lists of digests and check the files the lists name, printing
// only OK or FAILED for each.

// sumOpts are the options of GNU md5sum and its siblings.
const sumOpts = `
-b --binary
-c --check
-l --length=BITS
--tag
-t --text
-z --zero
--ignore-missing
--quiet
--status
--strict
-w --warn
` + gnuHelp

var md5sumProgram = &Program{Names: []string{"md5sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var sha1sumProgram = &Program{Names: []string{"sha1sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var sha224sumProgram = &Program{Names: []string{"sha224sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var sha256sumProgram = &Program{Names: []string{"sha256sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var sha384sumProgram = &Program{Names: []string{"sha384sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var sha512sumProgram = &Program{Names: []string{"sha512sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

var b2sumProgram = &Program{Names: []string{"b2sum"}, Node: Node{Opts: sumOpts, Effects: readsFiles}}

// cksumProgram has GNU cksum's options and BSD's -o.
var cksumProgram = &Program{Names: []string{"cksum"}, Node: Node{Opts: `
-a --algorithm=TYPE
-c --check
-l --length=BITS
--tag
--untagged
--base64
--raw
-z --zero
--ignore-missing
--quiet
--status
--strict
-w --warn
--debug
-o=ALGORITHM
` + gnuHelp, Effects: readsFiles}}

var sumProgram = &Program{Names: []string{"sum"}, Node: Node{Opts: `
-r
-s --sysv
` + gnuHelp, Effects: readsFiles}}
