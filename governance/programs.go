package governance

// progSpec is what the engine knows about a program's command line: which
// options take a value, and what its positional arguments are.
type progSpec struct {
	// short lists the short options that take a value; long the long
	// options (without --) that take one.
	short string
	long  []string
	// singleLong programs spell long options with one dash (-name x).
	singleLong bool
	// noOptions programs never read options (echo's words are data).
	noOptions bool
	// global holds the options accepted before the subcommand; when set,
	// the first positional is a subcommand and subs gives its options.
	global *progSpec
	subs   []namedSpec
	// nsub counts leading positional words that are subcommands, for
	// programs without global options.
	nsub int
	// args says what the positional arguments are; writes which of them
	// the program creates or changes.
	args   argRole
	writes writeRole
	// enums are long options whose value is optional: the next word is
	// their value only when it is one of the values listed ("#" stands for
	// a number).
	enums []enumOption
}

// enumOption is a long option with an optional value from a fixed set.
type enumOption struct {
	name   string
	values []string
}

// takesEnum reports whether next is a value of the optional-value option.
func (s *progSpec) takesEnum(name, next string) bool {
	for _, e := range s.enums {
		if e.name != name {
			continue
		}
		for _, v := range e.values {
			if v == next || v == "#" && isNumber("-"+next) {
				return true
			}
		}
	}
	return false
}

// namedSpec is a table entry: a program or subcommand and its spec.
type namedSpec struct {
	name string
	spec *progSpec
}

// lookup finds name in a table sorted by name. It is called for every
// simple command: the search is written out rather than given a compare
// function to call at each step.
func lookup(table []namedSpec, name string) *progSpec {
	lo, hi := 0, len(table)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if table[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(table) && table[lo].name == name {
		return table[lo].spec
	}
	return nil
}

func (s *progSpec) takesLong(name string) bool {
	for _, l := range s.long {
		if l == name {
			return true
		}
	}
	return false
}

// argRole says what positional arguments are.
type argRole uint8

const (
	argPaths        argRole = iota // files the program reads (the default)
	argData                        // text, not files (echo, printf)
	argPatternFirst                // a pattern or program text, then files (grep, sed, awk)
	argOperands                    // key=value operands (dd)
)

// writeRole says which positional arguments a program writes.
type writeRole uint8

const (
	writeNone       writeRole = iota
	writeAll                  // every positional (rm, touch, mkdir)
	writeLast                 // the destination (cp, mv, ln)
	writeAfterFirst           // all but a leading mode or owner (chmod, chown)
)

// psSpec: PowerShell spells options with one dash (-Command, -File).
var psSpec = &progSpec{singleLong: true, long: []string{"Command", "File", "c", "f", "EncodedCommand", "enc", "e", "ec"}}

// editorSpec: an editor writes the files it opens.
var editorSpec = &progSpec{short: "c", writes: writeAll}

// programs is sorted by name; TestProgramTablesSorted checks it.
var programTable = []namedSpec{
	{"code", editorSpec},
	{"ed", editorSpec},
	{"emacs", editorSpec},
	{"gedit", editorSpec},
	{"hx", editorSpec},
	{"joe", editorSpec},
	{"kak", editorSpec},
	{"make", &progSpec{short: "CfIjlWo", long: []string{"directory", "file", "makefile", "include-dir", "jobs", "load-average", "old-file", "what-if"}, args: argData}},
	{"micro", editorSpec},
	{"nano", editorSpec},
	{"nvim", editorSpec},
	{"pico", editorSpec},
	{"powershell", psSpec},
	{"pwsh", psSpec},
	{"rg", &progSpec{short: "efmABCgtTrEjM", long: []string{"regexp", "file", "max-count", "after-context", "before-context", "context", "glob", "iglob",
		"type", "type-not", "replace", "encoding", "threads", "max-columns", "max-depth", "max-filesize", "sort", "sortr", "colors", "color",
		"path-separator", "pre", "pre-glob", "type-add", "ignore-file", "engine", "context-separator", "field-match-separator"}, args: argPatternFirst}},
	{"rsync", &progSpec{short: "e", long: []string{"rsh", "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "rsync-path", "log-file", "backup-dir", "suffix", "chmod", "chown", "timeout", "port", "password-file"}, writes: writeLast}},
	{"scp", &progSpec{short: "cFiJloPS", writes: writeLast}},
	{"ssh", &progSpec{short: "BbcDEeFIiJLlmOopQRSWw", args: argData}},
	{"subl", editorSpec},
	{"sudo", &progSpec{args: argData}},
	{"vi", editorSpec},
	{"vim", editorSpec},
	{"xargs", &progSpec{short: "adEIJLnPsSR", long: []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"}, args: argData}},
	{"yes", &progSpec{args: argData}},
}
