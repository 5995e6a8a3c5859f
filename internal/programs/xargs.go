package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// xargs runs its command with words of its input appended; the analysis
// finds the command and judges it on its own (Runs). With no command it
// runs echo, which prints its input.

var xargsProgram = &Program{Names: []string{"xargs"}, Launch: launchXargs, Node: Node{POSIX: true, Opts: `
-0 --null
-a --arg-file=FILE       read
-d --delimiter=DELIM
-E=EOF
-e --eof[=EOF]
-I=REPLACE
-i --replace[=REPLACE]
-L=MAXLINES
-l --max-lines[=MAXLINES]
-n --max-args=MAXARGS
-o --open-tty
-P --max-procs=MAXPROCS
-p --interactive         unknown
--process-slot-var=NAME
-r --no-run-if-empty
-s --max-chars=MAXCHARS
--show-limits
-t --verbose
-x --exit
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	switch {
	case len(c.Args()) == 0:
		// It runs echo with the words of its input: what it prints is
		// only known from the input, and nobody types it.
		fx.Unknown("xargs with no command runs echo with its input")
	case c.Cmd.Runs:
		fx.Found("xargs runs the command the analysis found")
	default:
		fx.Exec("sh", "", "xargs runs a command the analysis could not read in full")
	}
}}}

// inputWord is one word of input: its value is only known at run time.
var inputWord = shell.Arg{Value: "{input}", Dynamic: true, Input: true}

// launchXargs answers what xargs runs: its command (echo when it names
// none) with the words of its input appended, or put in the place of its
// replace string (-I{}). The words are those of the text known to flow
// into it, split as xargs splits them, else one word of input for each
// kind of file name the program feeding it prints (find, fd), else one
// word of input.
func launchXargs(c *shell.Simple) (shell.Launched, bool) {
	args := c.Args[1:]
	replace, fromFile, i := xargsOptions(args)
	sub := append([]shell.Arg(nil), args[i:]...)
	if len(sub) == 0 {
		sub = []shell.Arg{{Value: "echo"}}
	}
	words := xargsWords(c, args[:i])
	input := inputWord
	if len(words) == 1 {
		input = words[0]
	}
	if fromFile {
		input = inputWord
		input.InputFile = true
	}
	replaced := false
	if replace != "" {
		for j := range sub {
			if strings.Contains(sub[j].Value, replace) {
				whole := sub[j].Value == replace
				sub[j].Value = strings.ReplaceAll(sub[j].Value, replace, input.Value)
				sub[j].Dynamic = sub[j].Dynamic || input.Dynamic
				// Input known from upstream text (echo a.txt | xargs -I{})
				// is read like any other word.
				sub[j].Input = input.Input
				if input.Hint != "" {
					sub[j].Hint = strings.ReplaceAll(sub[j].Value, input.Value, input.Hint)
				}
				// A word that is all input, known or not, is input where
				// it names the program or the code (xargs -I{} sh -c {}).
				sub[j].WholeInput = whole
				sub[j].InputFile = input.InputFile
				replaced = true
			}
		}
	}
	switch {
	case replaced:
	case fromFile || replace != "":
		// -I without its replace string in the command (echo / | xargs -i
		// rm -rf): GNU xargs then appends nothing, but a typo is more
		// likely than intent, so the input is taken as appended.
		in := input
		in.Input, in.WholeInput = true, true
		sub = append(sub, in)
	default:
		for _, word := range words {
			word.Input, word.WholeInput = true, true
			sub = append(sub, word)
		}
	}
	return shell.Launched{Keep: true, Nested: []shell.Nested{{Origin: "xargs", Args: sub}},
		// Without a command xargs echoes its input: harmless, but not a
		// command anyone chose, so it is not counted as found.
		Runs: i < len(args),
		// Run once with the words it read, the command writes what xargs
		// writes; with none, it may not run at all (xargs -r, BSD xargs).
		Relays: !fromFile && xargsOnce(args[:i]) && len(words) > 0}, true
}

// xargsWords returns the words xargs appends, given its options: the
// words of the text known to flow into it, split as xargs splits them,
// else one word of input for each kind of name the program feeding it
// lists, with the glob of those names, else one word of input.
func xargsWords(c *shell.Simple, opts []shell.Arg) []shell.Arg {
	if c.StdinKnown && !xargsDelimited(opts) {
		if words, ok := xargsSplit(c.Stdin); ok {
			return words
		}
	}
	if len(c.Listed) > 0 {
		out := make([]shell.Arg, len(c.Listed))
		for i, g := range c.Listed {
			out[i] = inputWord
			out[i].Hint = g
		}
		return out
	}
	return []shell.Arg{inputWord}
}

// xargsOnce reports options of xargs that run the command once with all
// the words of a short input (or once per line with -I, which is once for
// the one word the analysis knows): none but -r, -t and -I.
func xargsOnce(opts []shell.Arg) bool {
	for i := 0; i < len(opts); i++ {
		switch v := opts[i].Value; {
		case opts[i].Dynamic:
			return false
		case v == "-r" || v == "-t" || v == "-rt" || v == "-tr" || v == "--no-run-if-empty" || v == "--verbose" || v == "--":
		case v == "-I" || v == "-J":
			i++
		case strings.HasPrefix(v, "-I") || strings.HasPrefix(v, "-i") || strings.HasPrefix(v, "-J") || strings.HasPrefix(v, "--replace"):
		default:
			return false
		}
	}
	return true
}

// xargsDelimited reports options of xargs that split its input at a
// character of their choice (-0, -d) rather than at blanks.
func xargsDelimited(opts []shell.Arg) bool {
	for _, a := range opts {
		v := a.Value
		if a.Dynamic || v == "--null" || strings.HasPrefix(v, "--delimiter") {
			return true
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' {
			// A cluster: -0, -r0, -d'\n'; stop at the letter whose value
			// is the rest of the word.
			for _, c := range v[1:] {
				if c == '0' || c == 'd' {
					return true
				}
				if strings.ContainsRune("aEILnPsSRJie", c) {
					break
				}
			}
		}
	}
	return false
}

// xargsSplit splits input into words as xargs does by default: at blanks
// and newlines, with single and double quotes and backslashes protecting
// what they hold. A quote left open is an error, for which it reports
// false.
func xargsSplit(text string) ([]shell.Arg, bool) {
	var out []shell.Arg
	var word strings.Builder
	in := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, shell.Arg{Value: word.String()})
				word.Reset()
				in = false
			}
		case c == '\\':
			if i+1 < len(text) {
				i++
				word.WriteByte(text[i])
			}
			in = true
		case c == '\'' || c == '"':
			j := strings.IndexByte(text[i+1:], c)
			if j < 0 || strings.IndexByte(text[i+1:i+1+j], '\n') >= 0 {
				return nil, false
			}
			word.WriteString(text[i+1 : i+1+j])
			i += j + 1
			in = true
		default:
			word.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, shell.Arg{Value: word.String()})
	}
	return out, true
}

// xargsOptions reads xargs's options (GNU and BSD): the replace string of
// -I, -i, -J or --replace, whether the input comes from a file (-a), and
// the index of the command.
func xargsOptions(args []shell.Arg) (replace string, fromFile bool, i int) {
	for i < len(args) {
		v := args[i].Value
		if v == "--" {
			return replace, fromFile, i + 1
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		if strings.HasPrefix(v, "--") {
			name, val, has := strings.Cut(v[2:], "=")
			switch name {
			case "replace":
				// The value is optional and only given with =.
				replace = "{}"
				if has && val != "" {
					replace = val
				}
			case "arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var":
				// Required values may also be the next word.
				if name == "arg-file" {
					fromFile = true
				}
				if !has && i+1 < len(args) {
					i++
				}
			}
			i++
			continue
		}
		// A cluster of one-letter options: -0r, -n1, -I{}, -P 4.
	cluster:
		for j := 1; j < len(v); j++ {
			switch c := v[j]; c {
			case 'a', 'd', 'E', 'I', 'J', 'L', 'n', 'P', 's', 'S', 'R':
				// The value is the rest of the word or the next word.
				val := v[j+1:]
				if val == "" && i+1 < len(args) {
					i++
					val = args[i].Value
				}
				switch c {
				case 'a':
					fromFile = true
				case 'I', 'J':
					replace = val
				}
				break cluster
			case 'i', 'e', 'l':
				// Optional values, attached only.
				if c == 'i' {
					replace = "{}"
					if j+1 < len(v) {
						replace = v[j+1:]
					}
				}
				break cluster
			}
		}
		i++
	}
	return replace, fromFile, i
}

var yesProgram = &Program{Names: []string{"yes"}, NoOptions: true, Node: Node{Effects: printsOnly}}

var pwdProgram = &Program{Names: []string{"pwd"}, Node: Node{Opts: `
-L
-P
` + gnuHelp, Effects: printsOnly}}
