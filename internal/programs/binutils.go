package programs

// nm, objdump, readelf and size read the object files they are given
// (a.out when none) and print their symbols, headers, sections and
// disassembly. None of the options below writes or runs anything; those
// left out load code (--plugin) or read other files the object names:
// objdump -S prints the source files its debugging information names,
// whatever they are, and the DWARF dumps follow links to other files.

var nmProgram = &Program{Names: []string{"nm"}, Node: Node{Opts: `
-A -o --print-file-name
-a --debug-syms
-B
-C --demangle[=STYLE]
--no-demangle
-D --dynamic
-f --format=FORMAT
-g --extern-only
-j
-l --line-numbers
-n -v --numeric-sort
-p --no-sort
-P --portability
-r --reverse-sort
-S --print-size
-s --print-armap
-t --radix=RADIX
-u --undefined-only
-U --defined-only
-W --no-weak
--size-sort
--special-syms
--synthetic
--with-symbol-versions
--without-symbol-versions
--quiet
--target=BFDNAME
-V --version          help
-h --help             help
`, Effects: objectFiles}}

var objdumpProgram = &Program{Names: []string{"objdump"}, Node: Node{Opts: `
-a --archive-headers
-f --file-headers
-p --private-headers
-h --section-headers --headers
-x --all-headers
-d --disassemble[=SYMBOL]
-D --disassemble-all
-s --full-contents
-t --syms
-T --dynamic-syms
-r --reloc
-R --dynamic-reloc
-j --section=NAME
-M --disassembler-options=OPTIONS
-C --demangle[=STYLE]
-l --line-numbers
-w --wide
-z --disassemble-zeroes
--no-show-raw-insn
--show-raw-insn
--no-addresses
--start-address=ADDR
--stop-address=ADDR
--visualize-jumps[=COLOR]
--target=BFDNAME
-b=BFDNAME
-m --architecture=MACHINE
-v --version          help
-H --help             help
`, Effects: objectFiles}}

var readelfProgram = &Program{Names: []string{"readelf"}, Node: Node{Opts: `
-a --all
-h --file-header
-l --program-headers --segments
-S --section-headers --sections
-g --section-groups
-t --section-details
-e --headers
-s --syms --symbols
--dyn-syms
-n --notes
-r --relocs
-u --unwind
-d --dynamic
-V --version-info
-A --arch-specific
-D --use-dynamic
-x --hex-dump=SECTION
-p --string-dump=SECTION
-R --relocated-dump=SECTION
-z --decompress
-c --archive-index
-I --histogram
-W --wide
-C --demangle[=STYLE]
-v --version          help
-H --help             help
`, Effects: objectFiles}}

var sizeProgram = &Program{Names: []string{"size"}, Node: Node{Opts: `
-A -B -G
--format=FORMAT
-o -d -x
--radix=RADIX
--common
-t --totals
--target=BFDNAME
-V --version          help
-h --help             help
`, Effects: objectFiles}}

// objectFiles reads the object files given, or a.out.
func objectFiles(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		fx.Read(argOf("a.out"))
		return
	}
	readOperands(c, fx)
}
