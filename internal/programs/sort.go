package programs

// sort and uniq print the lines of the files they read, sorted or with
// repeats removed. sort -o writes a file (standard output when it is -
// or a device); --compress-program runs a program on its temporary
// files; --files0-from reads the files a list names and prints them.
// uniq writes its second operand.

// sortProgram has GNU sort's options and those BSD sort adds (the
// algorithm choices and --mmap). -o is not tagged: writing to /dev/null
// or standard output writes no file (see sortEffects).
var sortProgram = &Program{Names: []string{"sort"}, Node: Node{Opts: `
-b --ignore-leading-blanks
-d --dictionary-order
-f --ignore-case
-g --general-numeric-sort
-i --ignore-nonprinting
-M --month-sort
-h --human-numeric-sort
-n --numeric-sort
-R --random-sort
--random-source=FILE          read
-r --reverse
--sort=WORD
-V --version-sort
--batch-size=NMERGE
-c --check[=HOW]
-C
--compress-program=PROG
--debug
--files0-from=F               read
-k --key=KEYDEF
-m --merge
-o --output=FILE
-s --stable
-S --buffer-size=SIZE
-t --field-separator=SEP
-T --temporary-directory=DIR  dir
--parallel=N
-u --unique
-z --zero-terminated
--heapsort
--mergesort
--qsort
--radixsort
--mmap
` + gnuHelp, Effects: sortEffects}}

func sortEffects(c *Call, fx *Effects) {
	for _, p := range c.ValueArgs("--compress-program") {
		code := p.Value
		if p.Dynamic {
			code = ""
		}
		// The program compresses what sort writes into it, and with -d
		// gives it back.
		fx.RunsEach(code, "--compress-program", true, "-d")
	}
	for _, v := range c.ValueArgs("-o|--output") {
		writeUnlessNotFile(fx, v, "sort -o writes its output there")
	}
	if c.Has("--files0-from") {
		fx.Unknown("sort --files0-from prints the files its list names")
	}
	readOperands(c, fx)
}

// uniqProgram has GNU uniq's options (with -NUM, an old spelling of -f)
// and BSD's.
var uniqProgram = &Program{Names: []string{"uniq"}, Digits: true, Node: Node{Opts: `
-c --count
-d --repeated
-D
--all-repeated[=METHOD]
-f --skip-fields=N
--group[=METHOD]
-i --ignore-case
-s --skip-chars=N
-u --unique
-z --zero-terminated
-w --check-chars=N
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) > 0 && !(args[0].Value == "-" && !args[0].Dynamic) {
		fx.Read(args[0])
	}
	if len(args) > 1 {
		writeUnlessNotFile(fx, args[1], "uniq writes its second operand")
	}
	if len(args) > 2 {
		fx.Unknown("uniq takes at most two files")
	}
}}}
