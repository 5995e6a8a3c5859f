// Package shell finds every simple command that a shell command string would
// execute, without running anything.
//
// The string is parsed with mvdan.cc/sh/v3/syntax. The walk descends into
// pipelines, lists, subshells, blocks, control flow, function bodies, command
// and process substitutions, and re-parses the strings that a command hands
// to a shell (bash -c, eval, watch, su -c, env -S, heredocs and here-strings
// fed to a shell). What a program runs (sudo, env, timeout and nice run the
// command after their options; watch and su -c run code) is the answer of
// Options.Launcher, which internal/programs gives from each program's own
// model (see [Launcher]): wrappers are removed so that the program that
// really runs is the one a policy sees. Quote removal is done here, so
// g'i't and "r""m" reach the policy as git and rm.
//
// The state a command runs in is followed as the shell keeps it: the
// folder a cd moves to, where the cd is certain to have run in this shell
// (see control.go), and what reaches a command's standard input or a
// substitution, where the commands that write it print text the analysis
// knows (see stream.go): echo .env | xargs cat reads .env.
//
// What cannot be known statically is marked, never guessed: a word with a
// variable or a substitution is Dynamic, a program name that is dynamic is a
// [Problem], and so is a string that fails to parse or nests too deep. A
// caller must never allow a command whose analysis has problems.
package shell

import (
	"slices"
	"strings"
	"time"
)

// Arg is one word of a simple command after quote removal.
type Arg struct {
	// Value is the word with quotes removed. Dynamic parts keep their source
	// text ($HOME, $(cmd)) so that messages can show them.
	Value string
	// Dynamic reports that part of the value is only known at run time.
	Dynamic bool
	// Glob reports unquoted glob metacharacters (* ? [).
	Glob bool
	// Quoted reports that some part of the word was quoted.
	Quoted bool
	// Folded reports that part of the word is the known output of a
	// command substitution ($(echo x), `printf r`): a spelling nobody
	// needs, which hides the word from a reader. FoldedName reports that
	// such output stands before any = in the word (in an option's name,
	// not only in its value).
	Folded, FoldedName bool
	// Input reports that part of the value comes from the command's input
	// at run time (the words xargs, parallel, find and fd supply);
	// WholeInput that all of it does. Input the analysis does not know
	// stands in the value as {input} and makes the word Dynamic: a word
	// whose value begins with {input} may begin with anything at run time,
	// a - included, so it may be any option of the program. Input the
	// analysis knows (echo a.txt | xargs rm) stands as its text, and the
	// word is then no more dynamic than that text. For find -exec, {} is
	// the start path, with which every name find finds begins.
	Input, WholeInput bool
	// InputFile reports input that xargs reads from a file (-a), not from
	// its standard input.
	InputFile bool
	// Hint is, for a word with input, a glob for the files the input
	// names when the analysis can tell (the start paths and -name pattern
	// of a find feeding xargs), else "".
	Hint string
	// Subst holds the commands of the command and process substitutions
	// in this word, as in bash <(curl ...) or eval "$(wget ...)", so that
	// what they read can be traced to where their output goes. From names
	// their programs.
	Subst []*Command
	// setup reports that what the substitutions of the word hold is, all
	// of it, what shell set-up commands print (pyenv init -, kubectl
	// completion bash; see Launcher.SetupCode).
	setup bool
}

// From names the programs of the substitutions in the word (see Subst),
// skipping those computed at run time.
func (a *Arg) From() []string { return commandNames(a.Subst) }

// hasFrom reports whether From is not empty.
func (a *Arg) hasFrom() bool {
	return slices.ContainsFunc(a.Subst, func(c *Command) bool { return c.Name != "" })
}

// StdinKind says where a command's standard input comes from.
type StdinKind uint8

// Sources of standard input.
const (
	StdinInherited  StdinKind = iota // the caller's stdin
	StdinPipe                        // the output of an upstream pipeline element
	StdinHeredoc                     // a here-document
	StdinHereString                  // a here-string (<<<)
	StdinFile                        // a redirect from a file (<)
)

// Stdin describes a command's standard input.
type Stdin struct {
	Kind StdinKind
	// Body is the text of a here-document or here-string.
	Body string
	// Dynamic reports that Body contains expansions.
	Dynamic bool
	// Path is the file of a < redirect.
	Path Arg
	// text is, for a pipe, the text known to flow into it when this
	// command is the first to read it; nil when not known.
	text *pipeText
}

// Redirect is an output or input redirection of a command.
type Redirect struct {
	Op     string // ">", ">>", "<", "&>", ...
	Fd     string // explicit file descriptor, "" when implicit
	Target Arg
	// Write reports that the target file is created or modified.
	Write bool
}

// Command is one simple command that would execute.
type Command struct {
	// Args is argv after wrappers were removed; Args[0] is the program as
	// written (a path or a name).
	Args []Arg
	// Name is the base name of the program, "" when it is dynamic.
	Name string
	// Assigns are VAR=value prefixes, including those given to env.
	Assigns []string
	// Wrappers lists the wrappers that were removed, outermost first.
	Wrappers []string
	// Privileged reports that a wrapper runs the command as another user
	// (sudo, doas, su, pkexec).
	Privileged bool
	// Cwd is the working directory the command runs in when the analysis
	// knows it (cd tracked through a list), else "".
	Cwd string
	// cwdSet reports that Cwd was set by the command itself (env -C, sudo
	// -D), possibly to "" for a directory only known at run time.
	cwdSet bool
	// altered reports that a wrapper ran it that may change what it
	// writes or whether it succeeds (exec, sudo, xvfb-run): see
	// transparent.
	altered bool
	// keeps reports that the Launcher keeps the command, and runs more
	// beside it (watch, su -c, find -exec): see walker.launched.
	keeps bool
	// relays reports that what the command writes is what the commands it
	// runs write, which the analysis found in full (eval of constant
	// code, sh -c, xargs echo): they wrote it to the stream themselves.
	relays bool
	// quotesInput reports that the program that runs the command, as its
	// Origin, quotes the input it pastes into its words (see
	// Nested.QuotesInput): code it runs is not spliced.
	quotesInput bool
	// Uses are the expansions whose values a test or computation that
	// hands them to no program compares or computes with: the operands
	// of [[ ]] (not those of -n, -z, -v), the expressions of (( )) and
	// let, the word and patterns of a case, for which a [[ command
	// stands (see uses.go). A bare name of arithmetic stands as $NAME.
	Uses []Arg
	// Redirects are the command's redirections, including those of the
	// enclosing compound command.
	Redirects []Redirect
	// Stdin is where standard input comes from.
	Stdin Stdin
	// InputFrom names every program whose output reaches this command as
	// input: upstream pipeline elements (transitively) and the programs of
	// a process substitution passed as an argument.
	InputFrom []string
	// Origin says how the command was found: "" at top level, or "$(...)",
	// "<(...)", "bash -c", "eval", "xargs", "find -exec", "heredoc",
	// "function", "alias", "watch", "parallel".
	Origin string
	// Code is program text handed to an interpreter (python -c, node -e,
	// a heredoc fed to python), and Lang its language.
	Code, Lang string
	// RunsInput reports that the command executes code nobody can see
	// beforehand: a script read from a pipe, a script or startup file
	// named at run time, code chosen by xargs or parallel input.
	RunsInput bool
	// RunsInputWhy says how.
	RunsInputWhy string
	// Runs reports that the command's only effect, besides what its own
	// options do, is to run commands the analysis found in full and
	// emitted after it: the code of sh -c or of a literal here-document,
	// the command of xargs or find -exec, the command of docker exec. Each
	// of those is judged on its own. Code that splices run-time input
	// (sh -c 'cat {}' under xargs -I) is not found in full.
	Runs bool
	// RunsStdin reports a shell that runs, as its code, what another
	// command writes into its standard input (curl URL | sh), whether or
	// not the analysis knows the text.
	RunsStdin bool
	// Container names the container or pod a command runs in (docker
	// exec, kubectl exec): its paths are that machine's, not this one's.
	Container string
	// Upstream are the commands whose output reaches this command through
	// a pipe, transitively.
	Upstream []*Command
	// Depth is the nesting depth of re-parsed strings (0 at top level).
	Depth int
	// Text is the command's source text.
	Text string
}

// Words returns the values of the command's arguments.
func (c *Command) Words() []string {
	w := make([]string, len(c.Args))
	for i, a := range c.Args {
		w[i] = a.Value
	}
	return w
}

// String returns the command as a single line: its words joined by spaces.
func (c *Command) String() string {
	switch len(c.Args) {
	case 0:
		return ""
	case 1:
		return c.Args[0].Value
	}
	n := len(c.Args) - 1
	for _, a := range c.Args {
		n += len(a.Value)
	}
	var b strings.Builder
	b.Grow(n)
	for i, a := range c.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
	}
	return b.String()
}

// ProblemKind classifies what the analysis could not determine.
type ProblemKind uint8

// Kinds of problems.
const (
	ProblemParse          ProblemKind = iota + 1 // the text is not valid shell
	ProblemDynamicProgram                        // the program name is computed at run time
	ProblemDynamicCode                           // eval or a shell runs text computed at run time
	ProblemGeneratedCode                         // eval runs the output of a command (eval "$(tool init)")
	ProblemUnknownCode                           // an interpreter runs code or a script named at run time
	ProblemDepth                                 // nesting exceeds the depth bound
	ProblemSize                                  // the text or the command count exceeds a bound
	ProblemObfuscated                            // a program name hides characters that nobody sees
	ProblemShellState                            // text bash evaluates again, or state that changes what later commands run
)

func (k ProblemKind) String() string {
	switch k {
	case ProblemParse:
		return "parse"
	case ProblemDynamicProgram:
		return "dynamic-program"
	case ProblemDynamicCode:
		return "dynamic-code"
	case ProblemGeneratedCode:
		return "generated-code"
	case ProblemUnknownCode:
		return "unknown-code"
	case ProblemDepth:
		return "too-deep"
	case ProblemSize:
		return "too-large"
	case ProblemObfuscated:
		return "obfuscated"
	case ProblemShellState:
		return "shell-state"
	}
	return "unknown"
}

// Problem is something the analysis could not determine statically.
type Problem struct {
	Kind   ProblemKind
	Detail string
}

// Analysis is the result of [Analyze].
type Analysis struct {
	Commands []*Command
	Problems []Problem
	// ForkBomb names a function that spawns copies of itself in a
	// pipeline or in the background.
	ForkBomb string
	// Endless names a function that calls itself every time it runs and
	// never returns: it recurses until the shell runs out of memory.
	Endless string
	// Copies are variables the shell sets to values computed from text
	// that expands others: a loop's variable from its words, an array from
	// its elements, BASH_REMATCH from what [[ =~ ]] matched, read's and
	// printf -v's variables from their command. A caller that deems a
	// variable secret deems its copies so too.
	Copies []Copy
}

// Copy is a variable set to a value computed from the text From.
type Copy struct {
	Name, From string
}

// Options bound and inform an analysis.
type Options struct {
	// Cwd is the directory the command string runs in ("" if unknown).
	Cwd string
	// Home is the user's home directory, used for ~ and $HOME.
	Home string
	// LookupEnv reads the environment the command runs in; a variable it
	// does not know stays unknown, since the agent's shell may have set it.
	LookupEnv func(name string) (string, bool)
	// Toplevel returns the top folder of the repository the command runs
	// in, the value of $(git rev-parse --show-toplevel), or "" when it is
	// not known; nil for none. It is asked only when a command needs it.
	Toplevel func() string
	// LookPath returns the file a program's name runs, as which and
	// command -v print it, or "" when the caller cannot tell.
	LookPath func(name string) string
	// IsDir reports whether a path names a folder that exists now, so
	// that a cd to it succeeds; nil takes every cd to succeed.
	IsDir func(path string) bool
	// ProgramGlob returns every program a pattern in a command's program
	// position could name (/u??/b??/r?, r[m]): paths for a pattern with a
	// slash, resolved against cwd when relative; names found along PATH
	// or in cwd for one without. ok is false when that is not known (no
	// file system, or a pattern the caller cannot read); nil knows none.
	ProgramGlob func(pattern, cwd string) (programs []string, ok bool)
	// Launcher says what a program runs (timeout 5 make runs make; see
	// Launcher); nil knows no program, so that only the shell's own
	// builtins (command, exec) are followed. internal/programs has the
	// one the decisions use.
	Launcher Launcher
	// MaxDepth bounds the nesting of re-parsed strings (default 8).
	MaxDepth int
	// MaxCommands bounds the number of commands (default 2000).
	MaxCommands int
	// MaxWords bounds the words of all the commands together, after
	// brace expansion (default 1024): a policy judges each word, and
	// every rule that names paths looks at every word.
	MaxWords int
	// MaxBytes bounds the length of the command string (default 256 KiB).
	MaxBytes int
	// MaxTime bounds the time the analysis takes, parsing included
	// (default 2 s; negative for none). The other bounds keep the work
	// in proportion to the input (the costliest inputs they admit take
	// well under 100 ms); this one only stops what they did not foresee.
	// It is wall-clock time, so it is set far above what any input the
	// other bounds admit needs: on a loaded machine a 100 ms bound asked
	// about ordinary commands, and a decision must not depend on the load.
	MaxTime time.Duration
	// Now reads the clock (nil: time.Now).
	Now func() time.Time
}

func (o *Options) setDefaults() {
	if o.Launcher == nil {
		o.Launcher = noLauncher{}
	}
	if o.MaxDepth == 0 {
		o.MaxDepth = 8
	}
	if o.MaxCommands == 0 {
		o.MaxCommands = 2000
	}
	if o.MaxWords == 0 {
		o.MaxWords = 1024
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = 256 << 10
	}
	if o.MaxTime == 0 {
		o.MaxTime = 2 * time.Second
	}
}
