package shell

// Launcher answers the one question the walker asks about a program: what
// does this simple command run? The shell knows its own language (-c,
// eval, source, functions, aliases, the builtins command and exec); what
// a program such as timeout, sudo or env runs is for the programs' models
// to say, from each program's own option grammar, as mvdan.cc/sh's
// interpreter asks its exec handler.
//
// The walker calls Launch for every simple command whose program is a
// name or a path it knows, after its own builtins. A Launcher that knows
// the program answers what it runs and true; false leaves the command as
// it is, to be judged as the program itself (sudo -l, nice with no
// command, timeout --help). A wrapper's answer (timeout 5 make) replaces
// the command with the one it runs; one that Keeps it (watch 'make',
// su -c 'make') keeps it, and adds what it runs as nested commands.
//
// A program may also print the names of files, one to a line, to a
// program that reads them (find . -name x | xargs cat): Lists returns a
// glob for each kind of name it prints, or false when that is not known.
//
// Interpreter returns the language of the code a program runs (python,
// javascript, perl, ...) and the options or subcommands whose value is
// inline code (python -c, node -e and -p, deno eval), or "" when it is
// no interpreter: the walker reads that code, a here-document or a pipe
// fed to it, as code of the language.
//
// SetupCode reports a command that prints shell set-up code for the
// shell that runs it (pyenv init -, direnv hook bash, kubectl completion
// bash): run by eval "$(...)" or source <(...), that code is what people
// run every day, which a person decides, not code nobody has seen.
//
// Fold returns what a command prints when it can be known before it runs
// (basename a/b prints b, base64 -d decodes the text known to flow into
// it), or false. The walker asks it of a command whose words are all
// known and whose output it follows (a substitution, the input of xargs
// or sh), after the builtins it folds itself (echo, printf, pwd, command
// -v); c.Stdin holds the command's input when StdinKnown. What a model
// needs of the machine (where a name is found on PATH, the top of a
// repository), it asks of m.
//
// Downloads reports a program that saves what it fetches from the
// network (curl, wget), with the files it names for it by its options or
// after the address (curl -o f, wget -O f, wget URL); the walker adds
// those its standard output is redirected to. A file downloaded earlier
// in the string and run later is code nobody has seen.
//
// Copies reports a program that writes the text of its standard input
// to its standard output (cat, tee), with the files it also writes it to
// (tee's operands); the walker adds those its output is redirected to.
// A file written so from a here-document and run later in the string is
// analysed as the code it holds (cat > s.sh <<EOF ... EOF; bash s.sh).
//
// IgnoresStdin reports a program that never reads its standard input
// (basename, dirname): the text known to flow into a pipe is left for
// the command after it.
type Launcher interface {
	Launch(c *Simple) (Launched, bool)
	Lists(c *Simple) (globs []string, ok bool)
	Interpreter(name string) (lang string, codeOpts []string)
	SetupCode(c *Simple) bool
	Fold(c *Simple, m Machine) (out string, ok bool)
	Downloads(c *Simple) (files []string, ok bool)
	Copies(c *Simple) (files []string, ok bool)
	IgnoresStdin(name string) bool
}

// Machine is what the walker knows of the machine a command string runs
// on, from its caller's Options, for a model that folds a command's
// output (see Launcher.Fold).
type Machine interface {
	// LookPath returns the file a program's name runs when the string
	// runs it, or "" when that is not known: a name of a function or an
	// alias of the string, a path, an option, or a name the caller cannot
	// tell.
	LookPath(name string) string
	// Toplevel returns the top folder of the repository that holds the
	// folder dir, or "" when it is not known: the walker knows that of
	// the folder the string starts in only.
	Toplevel(dir string) string
}

// Simple is a simple command as the walker sees it.
type Simple struct {
	// Name is the base name of the program; Args[0] is the program as
	// written, and the rest its words.
	Name string
	Args []Arg
	// Assigns are the NAME=value words that set its environment.
	Assigns []string
	// Cwd is the folder it runs in, "" when not known. The walker knows
	// it when it asks a second time, of an answer that Keeps the command.
	Cwd string
	// Origin says how the command was found (see Command.Origin).
	Origin string
	// Stdin is, when the walker asks a second time or asks Fold and
	// StdinKnown, the text known to flow into the command's standard
	// input (echo a b | xargs rm, echo LmVudg== | base64 -d). Listed, then, holds the glob of each kind of file name
	// the program that feeds it prints, as its Launcher Lists them (find
	// . -name '*.log' | xargs rm).
	Stdin      string
	StdinKnown bool
	Listed     []string
}

// Launched is what a program runs.
type Launched struct {
	// Args are the words of the command it runs; Args[0] is that
	// command's program. A shell it starts with no command (sudo -s) is
	// the words of one: sh.
	Args []Arg
	// Assigns are the NAME=value settings it adds to the command's
	// environment; a name only known at run time is "?=" followed by
	// the word that sets it.
	Assigns []string
	// Chdir, when set, is the folder the command runs in, relative to
	// the launcher's own (env -C, sudo -D).
	Chdir *Arg
	// Writes are the files the launcher writes itself (time -o, flock's
	// lock file), judged as redirections of the command.
	Writes []Arg
	// Privileged reports that it runs the command as another user (sudo,
	// doas, pkexec, su).
	Privileged bool
	// Transparent reports a launcher that changes neither what the
	// command writes nor whether it succeeds (nice, timeout, nohup): what
	// the command prints is what it prints, and true run by it is true.
	Transparent bool
	// Keep says that the program is judged as itself, and that what it
	// runs, Nested, is analysed beside it (watch, su -c, find -exec). The
	// walker asks again once it knows the folder the command runs in, and
	// reads Privileged, Nested and Runs then.
	Keep   bool
	Nested []Nested
	// Runs reports, with Keep, that running what it names is all the
	// program does, and that the words are known (see Command.Runs).
	Runs bool
	// Interpret, with Keep, is program text the command runs in the
	// language Lang (awk's program), read as the walker reads python -c
	// (see Command.Code).
	Interpret, Lang string
	// RunsInputWhy, with Keep, says how the command runs code that comes
	// from its input at run time (see Command.RunsInput).
	RunsInputWhy string
	// Relays, with Keep, reports that the program writes what the command
	// it runs writes, having run it once (xargs with a short input): what
	// that command prints is what it prints.
	Relays bool
}

// Nested is one command or piece of code a program runs beside its own
// work.
type Nested struct {
	// Origin names how it runs ("watch", "su -c", "find -exec").
	Origin string
	// Code is a string a shell runs; without it, Args are the words of a
	// command.
	Code *Arg
	Args []Arg
	// CwdUnknown reports that it runs in a folder the analysis does not
	// know (find -execdir, in the folder of each file found); Chdir, when
	// set, is the folder it runs in, relative to the program's own
	// (parallel --workdir).
	CwdUnknown bool
	Chdir      *Arg
	// Lang, with Code, says that Code is a program in that language, run
	// by its interpreter of that name (parallel's {= perl =}), not shell
	// code.
	Lang string
	// Container, when set, names the container or pod it runs in
	// (docker exec, kubectl exec): its paths are that machine's, its
	// folder is Cwd ("" when not known) and its variables Assigns, the
	// exec's own rather than the caller's; Privileged adds the privilege
	// the exec gives it.
	Container  string
	Cwd        string
	Assigns    []string
	Privileged bool
	// QuotesInput reports that the program quotes each input it pastes
	// into the command or code (GNU parallel), so that a name holding ;
	// or $( ) stays one word there, not a command (see Command.Origin).
	QuotesInput bool
}

// noLauncher is the walker's Launcher when its caller gives none: it
// knows no program, so that only the shell's own builtins are followed,
// and only the shells' code is read.
type noLauncher struct{}

func (noLauncher) Launch(*Simple) (Launched, bool) { return Launched{}, false }

func (noLauncher) Lists(*Simple) ([]string, bool) { return nil, false }

func (noLauncher) Interpreter(string) (string, []string) { return "", nil }

func (noLauncher) SetupCode(*Simple) bool { return false }

func (noLauncher) Fold(*Simple, Machine) (string, bool) { return "", false }

func (noLauncher) Downloads(*Simple) ([]string, bool) { return nil, false }

func (noLauncher) Copies(*Simple) ([]string, bool) { return nil, false }

func (noLauncher) IgnoresStdin(string) bool { return false }
