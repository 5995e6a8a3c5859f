package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// jq runs a filter over the JSON files it reads. The filter reads nothing
// else unless it names the environment (env, $ENV) or loads modules and
// data files (import, include, modulemeta). Its first operand is the
// filter (with -f, the file that holds it); later operands are files,
// or data after --args and --jsonargs. --arg, --argjson, --slurpfile,
// --rawfile and --argfile take two words, a name and a value or file;
// parseJq reads them.
//
// yq has two programs of that name: the Python wrapper of jq (jq's
// options, and -i to write the files in place) and the Go yq (an
// expression language with env, strenv and load operators, -i to write
// the files in place, -s to write a file per document). The model takes
// the union, and where they differ the reading that does more. The Go
// yq reads its first operand as a file when one of that name exists.

var jqProgram = &Program{Names: []string{"jq"}, Parse: parseJq, Node: Node{Opts: jqOpts, Effects: jqEffects}}

// jqOpts are jq's options (1.7). The two-word options are read by
// parseJq: their value is the second word.
const jqOpts = `
-n --null-input
-R --raw-input
-s --slurp
-c --compact-output
-r --raw-output
--raw-output0
-j --join-output
-a --ascii-output
-S --sort-keys
-C --color-output
-M --monochrome-output
--tab
--indent=N
--unbuffered
--stream
--stream-errors
--seq
-f --from-file
-L --library-path=DIR
-e --exit-status
-b --binary
-0 --nul-output
--arg=VALUE
--argjson=VALUE
--slurpfile=FILE         read
--rawfile=FILE           read
--argfile=FILE           read
--args
--jsonargs
--debug-dump-disasm
--debug-trace[=all]
--run-tests              unknown
--build-configuration    help
-V --version             help
-h --help                help
`

// jqTwoWords are the options that take a name and a value.
var jqTwoWords = []string{"--arg", "--argjson", "--slurpfile", "--rawfile", "--argfile"}

// jqWord is one word of a jq or yq command line as scanJq reads it.
type jqWord struct {
	arg shell.Arg
	// opt is set for an option (or the second word of a two-word one).
	opt *Opt
	// data marks an operand after --args or --jsonargs.
	data bool
	// unknown is an option the table does not have.
	unknown string
}

// scanJq reads the words of jq or yq with the table of n.
func scanJq(n *Node, args []shell.Arg, visit func(jqWord)) {
	g := n.grammar()
	dataArgs, done := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case done || v == "-" || !strings.HasPrefix(v, "-"):
			visit(jqWord{arg: a, data: dataArgs})
			continue
		case a.Dynamic:
			visit(jqWord{arg: a, unknown: v})
			continue
		case v == "--":
			done = true
			continue
		}
		if strings.HasPrefix(v, "-L") && len(v) > 2 {
			// -Ldir.
			spec := g.lookupShort('L')
			visit(jqWord{arg: a, opt: &Opt{Spec: spec, Typed: "-L", Value: shell.Arg{Value: v[2:], Dynamic: a.Dynamic}, HasValue: true}})
			continue
		}
		if !strings.HasPrefix(v, "--") {
			// A cluster of letters (-nr); -L and -f may end it.
			for j := 1; j < len(v); j++ {
				spec := g.lookupShort(v[j])
				if spec == nil {
					visit(jqWord{arg: a, unknown: "-" + v[j:j+1]})
					continue
				}
				o := &Opt{Spec: spec, Typed: "-" + v[j:j+1]}
				if spec.Arity == Required {
					if j+1 < len(v) {
						o.Value, o.HasValue = shell.Arg{Value: v[j+1:], Dynamic: a.Dynamic}, true
					} else if i+1 < len(args) {
						i++
						o.Value, o.HasValue = args[i], true
					}
					visit(jqWord{arg: a, opt: o})
					break
				}
				visit(jqWord{arg: a, opt: o})
			}
			continue
		}
		name, val, hasVal := strings.Cut(v, "=")
		spec, _ := g.lookupLong(name[2:])
		if spec == nil || !spec.Is(name) {
			// Long options are matched in full: jq takes no
			// abbreviation.
			visit(jqWord{arg: a, unknown: name})
			continue
		}
		o := &Opt{Spec: spec, Typed: name}
		switch {
		case slices.Contains(jqTwoWords, name):
			// NAME VALUE: the value (or file) is the second word.
			if i+2 < len(args) {
				o.Value, o.HasValue = args[i+2], true
			}
			i += 2
		case hasVal && spec.Arity != NoValue:
			o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic}, true
		case hasVal:
			visit(jqWord{arg: a, unknown: v})
			continue
		case spec.Arity == Required && i+1 < len(args):
			i++
			o.Value, o.HasValue = args[i], true
		}
		if spec.Is("--args") || spec.Is("--jsonargs") {
			dataArgs = true
		}
		visit(jqWord{arg: a, opt: o})
	}
}

// parseJq fills the call from scanJq's reading.
func parseJq(c *Call, args []shell.Arg) {
	scanJq(&c.Prog.Node, args, func(w jqWord) {
		switch {
		case w.unknown != "":
			c.unknown = append(c.unknown, w.unknown)
		case w.opt != nil:
			if w.opt.Spec.Tag == TagHelp {
				c.Help = true
			}
			c.Opts = append(c.Opts, *w.opt)
		default:
			c.Pos = append(c.Pos, w.arg)
		}
	})
}

// jqOperands returns the filter (or the file that holds it), the input
// files, and whether the filter was given at all.
func jqOperands(c *Call) (filter shell.Arg, files []shell.Arg, ok bool) {
	first := true
	scanJq(&c.Prog.Node, c.Cmd.Args[1:], func(w jqWord) {
		if w.opt != nil || w.unknown != "" {
			return
		}
		switch {
		case first:
			filter, ok, first = w.arg, true, false
		case !w.data:
			files = append(files, w.arg)
		}
	})
	return filter, files, ok
}

func jqEffects(c *Call, fx *Effects) {
	filter, files, ok := jqOperands(c)
	if ok {
		if c.Has("--from-file") {
			jqFilterFile(c, filter, fx)
		} else {
			jqFilterEffects(c, filter, fx)
		}
	}
	readFiles(fx, files, false, false)
}

// jqFilterEffects records what a jq or yq filter reads beyond its input:
// the environment, and files (modules, data, yq's load).
func jqFilterEffects(c *Call, filter shell.Arg, fx *Effects) {
	if filter.Dynamic {
		fx.Unknown("the " + c.Name + " filter is only known at run time")
		return
	}
	env, files := jqFilterReads(filter.Value)
	if env {
		fx.Env("")
	}
	if files != "" {
		fx.Unknown("the " + c.Name + " filter uses " + files + ", which reads files it names")
	}
}

// jqFilterFile records the filter file of -f: its text is the filter,
// judged as jqFilterEffects judges one given inline, when the call runs;
// a file that cannot be read is a filter nobody saw.
func jqFilterFile(c *Call, file shell.Arg, fx *Effects) {
	fx.Read(file)
	why := "the " + c.Name + " filter in " + file.Value + " may read the environment or files"
	if file.Dynamic {
		fx.Unknown(why)
		return
	}
	fx.Add(Effect{Op: Unknown, IfPresent: file.Value, Harmless: jqFilterHarmless, Why: why})
}

// jqFilterHarmless reports a filter that reads neither the environment
// nor files beyond its input.
func jqFilterHarmless(content []byte) bool {
	env, files := jqFilterReads(string(content))
	return !env && files == ""
}

// jqFilterReads reports whether a filter reads the environment, and the
// word by which it reads files ("" for none).
func jqFilterReads(s string) (env bool, files string) {
	for i := 0; i < len(s); {
		if !identByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && (identByte(s[j]) || s[j] == ':' && j+1 < len(s) && s[j+1] == ':') {
			if s[j] == ':' {
				j++
			}
			j++
		}
		word := s[i:j]
		field := i > 0 && s[i-1] == '.'
		i = j
		if field || word[0] >= '0' && word[0] <= '9' {
			continue
		}
		switch {
		case word == "env" || word == "ENV" || word == "strenv" || word == "envsubst":
			env = true
		case word == "import" || word == "include" || word == "modulemeta" || word == "eval" ||
			strings.HasPrefix(word, "load"):
			files = word
		}
	}
	return env, files
}

func identByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// yqOpts are the options of both yq programs: jq's (as the Python yq
// passes them on), the Python yq's own, and the Go yq's. -f and
// --from-file are flags (the filter file is then the first operand, as
// in jq); -s writes files in the Go yq and is judged so in both.
const yqOpts = `
-n --null-input
-R --raw-input
-s --slurp --split-exp
--split-exp-file=FILE     read
-c --compact-output
-r --raw-output --unwrapScalar
-j --join-output
-a --ascii-output
-S --sort-keys
-C --color-output --colors
-M --monochrome-output --no-colors
--tab
-I --indent=N
--seq
-f --from-file --front-matter
-L=DIR
-e --exit-status
-0 --nul-output
--arg=VALUE
--argjson=VALUE
--slurpfile=FILE          read
--rawfile=FILE            read
--argfile=FILE            read
--args
--jsonargs
-y --yaml-output --yml-output
-Y --yaml-roundtrip --yml-roundtrip
--yaml-output-grammar-version --yml-out-ver=VERSION
-w --width=WIDTH
--indentless-lists --indentless
--explicit-start
--explicit-end
-x --xml-output
--xml-dtd
--xml-root=NAME
--xml-item-depth=DEPTH
--xml-force-list=NAME
-i --in-place --inplace
--header-preprocess[=BOOL]
-p --input-format=FORMAT
-o --output-format=FORMAT
-P --prettyPrint
-N --no-doc
-v --verbose
--expression=EXPRESSION
--xml-attribute-prefix=PREFIX
--xml-content-name=NAME
--xml-keep-namespace[=BOOL]
--xml-raw-token[=BOOL]
--xml-strict-mode
--xml-skip-directives
--xml-skip-proc-inst
--xml-proc-inst-prefix=PREFIX
--xml-directive-name=NAME
--csv-auto-parse[=BOOL]
--csv-separator=CHAR
--tsv-auto-parse[=BOOL]
--lua-globals
--lua-prefix=PREFIX
--lua-suffix=SUFFIX
--lua-unquoted
--properties-array-brackets
--properties-separator=SEP
--security-disable-env-ops
--security-disable-file-ops
-V --version              help
-h --help                 help
`

// The Python yq turns YAML into JSON for jq to read, for help too.
var yqProgram = &Program{Names: []string{"yq"}, Parse: parseJq, Helpers: []string{"jq"}, Node: Node{Opts: yqOpts, Effects: func(c *Call, fx *Effects) {
	yqEffects(c, fx)
}}}

func yqEffects(c *Call, fx *Effects) {
	if c.HasAny("--slurp|--split-exp") {
		fx.Change("yq -s writes a file for each document (the Go yq), or slurps (the Python yq)")
	}
	filter, files, ok := jqOperands(c)
	if ok {
		switch filter.Value {
		case "eval", "e", "eval-all", "ea":
			// The Go yq's subcommands.
			if len(files) > 0 {
				filter, files = files[0], files[1:]
			} else {
				ok = false
			}
		case "completion", "shell-completion", "help":
			return
		}
	}
	if exprs := c.ValueArgs("--expression"); len(exprs) > 0 {
		// The expression is given: every operand is a file.
		if ok {
			files = append([]shell.Arg{filter}, files...)
		}
		filter, ok = exprs[len(exprs)-1], true
	}
	if ok {
		switch {
		case c.Has("--from-file"):
			jqFilterFile(c, filter, fx)
		default:
			jqFilterEffects(c, filter, fx)
			if !strings.HasPrefix(filter.Value, ".") && len(c.ValueArgs("--expression")) == 0 && !c.Has("--null-input") {
				// The Go yq reads its first operand as a file when one
				// of that name exists (yq config.yml). A path
				// expression (.a.b) is taken for one: reading it as a
				// file would refuse yq .key. The Go yq given .env
				// where a .env exists prints it: a gap.
				files = append([]shell.Arg{filter}, files...)
			}
		}
	}
	inPlace := c.Has("--in-place")
	for _, a := range files {
		if a.Value == "-" && !a.Dynamic {
			continue
		}
		fx.Read(a)
		if inPlace {
			fx.Write(a, "yq -i writes the file in place")
		}
	}
}
