package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Compressors: gzip, bzip2, xz, zstd and their kin replace each file they
// are given with its compressed (or decompressed) version, unless they
// write to standard output (-c, or no files: a filter), list (-l) or test
// (-t). zstd keeps the original unless --rm; -k keeps it for the others.

// compressor is what differs between the compressor families.
type compressor struct {
	suffix   string // added when compressing
	decomp   bool   // the program decompresses by default (gunzip)
	keeps    bool   // the original stays by default (zstd)
	modes    string // the options that choose the mode: the last one wins
	sticky   string // modes a later mode option does not undo (gzip -t -d tests)
	suffixes []string
}

// The mode options of each family, as its parser reads them: xz, bzip2
// and zstd keep the last (xz -tz compresses, zstd -t -d --rm decompresses
// and deletes); gzip's -t and -l also turn on decompression to standard
// output, which a later -d leaves as it is; pigz's -l stays but its -t
// and -d replace each other.
const (
	gzipModes  = "-d"
	gzipSticky = "-t|-l"
	pigzModes  = "-d|-t"
	bzip2Modes = "-z|-d|-t"
	xzModes    = "-z|-d|-t|-l"
	zstdModes  = "-z|-d|-t|-l|-b"
)

// mode returns the mode a call runs in: the sticky or last mode option,
// or "" for the program's default.
func (k compressor) mode(c *Call) string {
	if k.sticky != "" {
		if m := c.Last(k.sticky); m != "" {
			return m
		}
	}
	return c.Last(k.modes)
}

// compressorFor returns the family of the compressor called name.
func compressorFor(name string) compressor {
	switch name {
	case "gzip":
		return compressor{suffix: ".gz", modes: gzipModes, sticky: gzipSticky, suffixes: gzSuffixes}
	case "gunzip":
		return compressor{suffix: ".gz", decomp: true, modes: gzipModes, sticky: gzipSticky, suffixes: gzSuffixes}
	case "pigz":
		return compressor{suffix: ".gz", modes: pigzModes, sticky: "-l", suffixes: gzSuffixes}
	case "unpigz":
		return compressor{suffix: ".gz", decomp: true, modes: pigzModes, sticky: "-l", suffixes: gzSuffixes}
	case "bzip2":
		return compressor{suffix: ".bz2", modes: bzip2Modes, suffixes: bz2Suffixes}
	case "bunzip2":
		return compressor{suffix: ".bz2", decomp: true, modes: bzip2Modes, suffixes: bz2Suffixes}
	case "xz":
		return compressor{suffix: ".xz", modes: xzModes, suffixes: xzSuffixes}
	case "unxz":
		return compressor{suffix: ".xz", decomp: true, modes: xzModes, suffixes: xzSuffixes}
	case "lzma":
		return compressor{suffix: ".lzma", modes: xzModes, suffixes: xzSuffixes}
	case "unlzma":
		return compressor{suffix: ".lzma", decomp: true, modes: xzModes, suffixes: xzSuffixes}
	case "zstd":
		return compressor{suffix: ".zst", keeps: true, modes: zstdModes, suffixes: zstSuffixes}
	}
	return compressor{suffix: ".zst", decomp: true, keeps: true, modes: zstdModes, suffixes: zstSuffixes} // unzstd
}

// compressorHelpers are what a compressor may run: gunzip (and its kin
// on some systems) is a script that runs gzip -d.
var compressorHelpers = []string{"gzip", "xz", "bzip2", "zstd", "sh"}

const gzipOpts = `
-a --ascii
-c --stdout --to-stdout
-d --decompress --uncompress
-f --force
-h --help                 help
-k --keep
-l --list
-L --license              help
-n --no-name
-N --name
-q --quiet
-r --recursive
--rsyncable
-S --suffix=SUF
--synchronous
-t --test
-v --verbose
-V --version              help
-1 --fast
-2
-3
-4
-5
-6
-7
-8
-9 --best
`

var (
	gzipProgram   = &Program{Names: []string{"gzip"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: gzipOpts, Effects: compressorEffects}}
	gunzipProgram = &Program{Names: []string{"gunzip"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: gzipOpts, Effects: compressorEffects}}
)

var gzSuffixes = []string{".gz", ".tgz", ".taz", ".z", "-gz", "-z", "_z"}

const pigzOpts = `
-b --blocksize=SIZE
-c --stdout --to-stdout
-C --comment=COMMENT
-d --decompress --uncompress
-f --force
-F --first
-h --help                 help
-H --huffman
-i --independent
-I --iterations=N
-J --maxsplits=N
-k --keep
-K --zip
-l --list
-L --license              help
-m --no-time
-M --time
-n --no-name
-N --name
-O --oneblock
-p --processes=N
-q --quiet
-r --recursive
-R --rsyncable
-S --suffix=SUF
-t --test
-U --rle
-v --verbose
-V --version              help
-Y --synchronous
-z --zlib
--fast
--best
--alias=NAME
`

var (
	pigzProgram   = &Program{Names: []string{"pigz"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: pigzOpts, Effects: compressorEffects}}
	unpigzProgram = &Program{Names: []string{"unpigz"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: pigzOpts, Effects: compressorEffects}}
)

const bzip2Opts = `
-c --stdout
-d --decompress
-z --compress
-f --force
-k --keep
-t --test
-q --quiet
-v --verbose
-s --small
-h --help                 help
-L --license              help
-V --version              help
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
`

var (
	bzip2Program   = &Program{Names: []string{"bzip2"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: bzip2Opts, Effects: compressorEffects}}
	bunzip2Program = &Program{Names: []string{"bunzip2"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: bzip2Opts, Effects: compressorEffects}}
)

var bz2Suffixes = []string{".bz2", ".bz", ".tbz2", ".tbz"}

const xzOpts = `
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
-F --format=FORMAT
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
--filters=FILTERS
--filters1=FILTERS
--filters2=FILTERS
--filters3=FILTERS
--filters4=FILTERS
--filters5=FILTERS
--filters6=FILTERS
--filters7=FILTERS
--filters8=FILTERS
--filters9=FILTERS
--filters-help            help
-q --quiet
-v --verbose
-Q --no-warn
--robot
--info-memory             help
-h --help                 help
-H --long-help            help
-V --version              help
`

var (
	xzProgram     = &Program{Names: []string{"xz"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: xzOpts, Effects: compressorEffects}}
	unxzProgram   = &Program{Names: []string{"unxz"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: xzOpts, Effects: compressorEffects}}
	lzmaProgram   = &Program{Names: []string{"lzma"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: xzOpts, Effects: compressorEffects}}
	unlzmaProgram = &Program{Names: []string{"unlzma"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: xzOpts, Effects: compressorEffects}}
)

var xzSuffixes = []string{".xz", ".txz", ".lzma", ".tlz"}

const zstdOpts = `
-z --compress
-d --decompress --uncompress
-t --test
-l --list
-k --keep
--rm                       # removes the source files
-f --force
-c --stdout
-o=FILE                    write
--output-dir-flat=DIR
--output-dir-mirror=DIR
-r
--filelist=FILE            read
-D=DICT                    read
--patch-from=FILE          read
--trace=FILE               write
--ultra
--fast[=N]
--long[=N]
-T --threads=N
--auto-threads=MODE
--single-thread
--adapt[=RANGE]
--rsyncable
--exclude-compressed
--size-hint=SIZE
--stream-size=SIZE
--target-compressed-block-size=SIZE
--no-dictID
--check
--no-check
-C
--content-size
--no-content-size
--sparse
--no-sparse
--asyncio
--no-asyncio
--no-progress
--progress
--pass-through
--no-pass-through
--mmap-dict
--no-mmap-dict
-M --memory=LIMIT
--zstd=OPTIONS
--format=FORMAT
--row-match-finder
--no-row-match-finder
--show-default-cparams
-B[=SIZE]
-S
-b[=LEVEL]                  # a benchmark
-e[=LEVEL]
-i[=SECONDS]
--priority=PRIORITY
-q --quiet
-v --verbose
-h --help                 help
-H                        help
-V --version              help
`

var (
	zstdProgram   = &Program{Names: []string{"zstd"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: zstdOpts, Effects: compressorEffects}}
	unzstdProgram = &Program{Names: []string{"unzstd"}, Digits: true, Helpers: compressorHelpers, Node: Node{Opts: zstdOpts, Effects: compressorEffects}}
)

var zstSuffixes = []string{".zst", ".tzst"}

// compressorEffects records what a compressor call does.
func compressorEffects(c *Call, fx *Effects) {
	k := compressorFor(c.Prog.Names[0])
	unseenEffects(c, fx)
	files := c.Args()
	for _, l := range c.ValueArgs("--files|--files0|--filelist") {
		if l.Value != "-" {
			fx.Read(l)
		}
		fx.Unknown("acts on the files listed in " + l.Value)
	}
	if c.HasAny("--files|--files0") && len(c.ValueArgs("--files|--files0")) == 0 {
		fx.Unknown("acts on the files listed on standard input")
	}
	toStdout := c.HasAny("-c|--stdout") || len(files) == 0
	mode := k.mode(c)
	decomp := mode == "-d" || mode == "" && k.decomp
	if mode == "-l" || mode == "-t" || mode == "-b" || toStdout && !c.HasAny("-o|--output-dir-flat|--output-dir-mirror") {
		for _, f := range files {
			switch {
			case f.Value == "-":
			case c.Has("-r"):
				fx.ReadTree(f, true)
			default:
				fx.Read(f)
			}
		}
		if decomp {
			printsTarMembers(c, fx, files)
		}
		return
	}
	suffix := k.suffix
	if s, ok := c.Value("-S"); ok {
		suffix = s
	}
	// zstd keeps the last of -k and --rm; the others have no --rm.
	keep := c.Last("-k|--rm")
	keeps := keep == "-k" || keep == "" && k.keeps
	outs := c.ValueArgs("-o")
	dirs := c.ValueArgs("--output-dir-flat|--output-dir-mirror")
	for _, f := range files {
		if f.Value == "-" {
			continue
		}
		if c.Has("-r") {
			fx.Add(Effect{Op: Write, Path: f, Tree: true, Why: "replaces the files under it"})
			continue
		}
		fx.Read(f)
		if len(outs) == 0 && len(dirs) == 0 {
			// Otherwise the result goes to -o (its option writes it) or to
			// the output folders (below).
			out := f.Value + suffix
			if decomp {
				out = stripSuffix(f.Value, suffix, k.suffixes)
			}
			fx.Write(shell.Arg{Value: out, Dynamic: f.Dynamic, Glob: f.Glob}, "writes the result beside the file")
		}
		if !keeps {
			fx.Delete(f, false)
		}
	}
	for _, d := range dirs {
		fx.Add(Effect{Op: Write, Path: d, Tree: true, Why: "writes the results there"})
	}
}

// printsTarMembers records the decompression to standard output of a
// compressed tar archive (backup.tar.gz, site.tgz): the tar stream holds
// every member's content as it is, as tar -xO prints it.
func printsTarMembers(c *Call, fx *Effects, files []shell.Arg) {
	for _, f := range files {
		if tarNamed(f.Value) {
			printsEveryMember(fx, f, c.Name)
		}
	}
}

// tarNamed reports the name of a compressed tar archive: .tar before the
// compression suffix, or one of the short suffixes (.tgz, .txz).
func tarNamed(name string) bool {
	lower := strings.ToLower(name)
	for _, s := range []string{".tgz", ".taz", ".tbz", ".tbz2", ".txz", ".tlz", ".tzst"} {
		if strings.HasSuffix(lower, s) {
			return true
		}
	}
	if i := strings.LastIndexByte(lower, '.'); i > 0 {
		return strings.HasSuffix(lower[:i], ".tar")
	}
	return false
}

// stripSuffix returns the name a decompressed file gets: the name without
// its compression suffix (.tgz becomes .tar).
func stripSuffix(name, suffix string, known []string) string {
	lower := strings.ToLower(name)
	if suffix != "" && strings.HasSuffix(name, suffix) {
		return name[:len(name)-len(suffix)]
	}
	for _, s := range known {
		if strings.HasSuffix(lower, s) {
			base := name[:len(name)-len(s)]
			if strings.HasPrefix(s, ".t") && len(s) > 3 {
				return base + ".tar"
			}
			return base
		}
	}
	return name
}

// compression_tool (macOS) encodes or decodes -i (or standard input) to
// -o (or standard output).
var compressionToolProgram = &Program{Names: []string{"compression_tool"}, SingleDash: true, Node: Node{Opts: `
-encode
-decode
-i=FILE             read
-o=FILE             write
-a=ALGORITHM
-A=ALGORITHM
-b=SIZE
-T=THREADS
-v
-h                  help
`, Effects: func(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	readOperands(c, fx)
}}}
