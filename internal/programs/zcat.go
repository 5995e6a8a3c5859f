package programs

// zcat, bzcat, xzcat and lz4cat print the decompressed content of the
// files they read; they always write to standard output, whatever the
// options of the compressor they run (gzip -cd, bzip2 -dc, xz -dc, lz4
// -dcm). zcat -r reads whole folders. lz4cat --rm deletes the files it
// read; xzcat --files reads the files a list names. A compressed tar
// archive comes out as the tar stream: every member's content as it is.

var zcatProgram = &Program{Names: []string{"zcat"}, Helpers: []string{"gzip"}, Node: Node{Opts: `
-a --ascii
-c --stdout
-d --decompress --uncompress
-f --force
-h --help               help
-k --keep
-l --list
-L --license            help
-n --no-name
-N --name
-q --quiet
-r --recursive
--rsyncable
-S --suffix=SUF
--synchronous
-t --test
-v --verbose
-V --version            help
-1 --fast
-2
-3
-4
-5
-6
-7
-8
-9 --best
`, Effects: func(c *Call, fx *Effects) {
	readFiles(fx, c.Args(), c.Has("--recursive"), true)
	printsTarMembers(c, fx, c.Args())
}}}

var bzcatProgram = &Program{Names: []string{"bzcat"}, Node: Node{Opts: `
-h --help               help
-d --decompress
-z --compress
-k --keep
-f --force
-t --test
-c --stdout
-q --quiet
-v --verbose
-L --license            help
-V --version            help
-s --small
-1 --fast
-2
-3
-4
-5
-6
-7
-8
-9 --best
--repetitive-fast
--repetitive-best
`, Effects: func(c *Call, fx *Effects) {
	readOperands(c, fx)
	printsTarMembers(c, fx, c.Args())
}}}

var xzcatProgram = &Program{Names: []string{"xzcat"}, Node: Node{Opts: `
-z --compress
-d --decompress --uncompress
-t --test
-l --list
-k --keep
-f --force
-c --stdout --to-stdout
--single-stream
--no-sparse
-S --suffix=SUF
--files[=FILE]
--files0[=FILE]
-F --format=FMT
-C --check=CHECK
--ignore-check
-0
-1
-2
-3
-4
-5
-6
-7
-8
-9
-e --extreme
-T --threads=NUM
--block-size=SIZE
--block-list=SIZES
--flush-timeout=TIMEOUT
--memlimit-compress=LIMIT
--memlimit-decompress=LIMIT
--memlimit-mt-decompress=LIMIT
-M --memlimit --memory=LIMIT
--no-adjust
--lzma1[=OPTS]
--lzma2[=OPTS]
--x86[=OPTS]
--arm[=OPTS]
--armthumb[=OPTS]
--arm64[=OPTS]
--powerpc[=OPTS]
--ia64[=OPTS]
--sparc[=OPTS]
--riscv[=OPTS]
--delta[=OPTS]
-q --quiet
-v --verbose
-Q --no-warn
--robot
--info-memory
-h --help               help
-H --long-help          help
-V --version            help
`, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("--files|--files0") {
		if v.Value != "-" {
			fx.Read(v)
		}
	}
	if c.HasAny("--files|--files0") {
		fx.Unknown("xzcat --files prints the files a list names")
	}
	readOperands(c, fx)
	printsTarMembers(c, fx, c.Args())
}}}

var lz4catProgram = &Program{Names: []string{"lz4cat"}, Node: Node{Opts: `
-1
-2
-3
-4
-5
-6
-7
-8
-9
-d --decompress --uncompress
-z --compress
-D=FILE                 read
-f --force
-k --keep
--rm
-h --help               help
-H                      help
-V --version            help
-v --verbose
-q --quiet
-c --stdout
-t --test
-m --multiple
-r
-l
-B=SIZE
--no-frame-crc
--frame-crc
--content-size
--no-content-size
--list
--sparse
--no-sparse
--favor-decSpeed
--fast[=N]
--best
`, Effects: func(c *Call, fx *Effects) {
	readFiles(fx, c.Args(), c.Has("-r"), true)
	printsTarMembers(c, fx, c.Args())
	if c.Has("--rm") {
		for _, a := range c.Args() {
			fx.Delete(a, false)
		}
	}
}}}
