package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Op is the kind of an effect.
type Op uint8

// Kinds of effects. Every call also prints to its standard output, which
// is not listed.
const (
	// Read reads a file's content; with Tree, every file under a folder
	// (Hidden: dot files too).
	Read Op = iota + 1
	// Stat reads names or metadata only (ls, stat, test -e).
	Stat
	// Write creates or changes a file; with Tree, anything under a folder
	// (an archive extracted into it).
	Write
	// Delete removes a file; with Tree, a folder and all it holds.
	Delete
	// Move renames Path to To: both ends change.
	Move
	// Link makes To a link to Path (hard, or symbolic with Symbolic).
	Link
	// Chmod changes the mode or owner of Path (with Tree, of all it holds).
	Chmod
	// Exec runs a program or code. Found means the analysis found it and
	// judges it as a command of its own (sh -c 'ls', xargs grep, find
	// -exec); otherwise Code is the command line or code it runs, in Lang
	// ("sh" for a command line), or empty when not known.
	Exec
	// Network sends a request to Host, carrying Data (the words whose text
	// goes out: a URL, a query, a body).
	Network
	// Signal signals processes: Path names them (a PID or a name).
	Signal
	// Env reads the environment variable Path, or all of them when Path
	// is empty.
	Env
	// Change changes state that is not a file the call names: a setting,
	// a service, the kernel, a remote system. Why says what.
	Change
	// Cache is an ordinary side effect of a tool on its own files (git
	// refreshing its index, a CLI writing its cache or log): Path is
	// where, Why what.
	Cache
	// Cred reads the tool's own credentials (Path) to authenticate to its
	// own service: gh reads its token, wget and pip read ~/.netrc for the
	// host they reach. They are not shown to the caller.
	Cred
	// Unknown is what the model does not understand. Why says what.
	Unknown
)

var opNames = [...]string{Read: "read", Stat: "stat", Write: "write", Delete: "delete", Move: "move", Link: "link",
	Chmod: "chmod", Exec: "exec", Network: "network", Signal: "signal", Env: "env", Change: "change", Cache: "cache",
	Cred: "cred", Unknown: "unknown"}

func (o Op) String() string {
	if int(o) < len(opNames) && opNames[o] != "" {
		return opNames[o]
	}
	return "op?"
}

// Modifies reports whether the effect changes the file system at Path (or
// at To).
func (o Op) Modifies() bool {
	switch o {
	case Write, Delete, Move, Link, Chmod:
		return true
	}
	return false
}

// Effect is one thing a call does.
type Effect struct {
	Op Op
	// Path is the file, folder, variable or process the effect is on,
	// as written (or as derived from a word: the file part of an option
	// value).
	Path shell.Arg
	// To is the other end of a Move or Link.
	To shell.Arg
	// Tree extends the effect to everything under Path; Hidden says that
	// a tree read includes dot files. Committed makes a tree read one of
	// the files git tracks under Path, as the history holds them (git log
	// -p, git show, git archive print their contents), not of the folder
	// on disk. IndexOnly narrows a Committed read to the index (git diff
	// with no revision compares the work tree with it): the history is
	// not printed.
	Tree, Hidden, Committed, IndexOnly bool
	// Secret marks an Unknown effect that prints a credential (gh auth
	// token, aws configure export-credentials): what the call prints may
	// leave with a request in the same call.
	Secret bool
	// Filter, for a tree read, leaves out the files whose names it
	// excludes (grep --include and --exclude, rg -g).
	Filter *NameFilter
	// Values marks a Read of a configuration file whose values the call
	// prints (git remote -v prints the remotes' URLs): a credential kept
	// there is printed.
	Values bool
	// WorkTree marks a tree read of git's work tree, which leaves out
	// git's own folder (git grep).
	WorkTree bool
	// TopOf makes Path relative to the top of the git work tree that
	// holds the folder TopOf (as the call names it), not to the folder
	// the call runs in: git's :/ and :(top) pathspecs. The engine finds
	// that top; where there is none, Path is under TopOf.
	TopOf string
	// Symbolic marks a symbolic link.
	Symbolic bool
	// IfMissing marks a Write that creates Path only when it does not
	// exist (sqlite3 opening a database, touch -c's opposite): the engine
	// drops it when the file is there.
	IfMissing bool
	// Host is a network destination ("" when not known).
	Host string
	// Data are the words whose text a network request carries.
	Data []shell.Arg
	// Found marks an Exec of commands the analysis found and judges on
	// their own.
	Found bool
	// Lifecycle marks an Exec of the install lifecycle of a JavaScript
	// project: the scripts of its package.json an install runs, and those
	// of the packages it installs (see lifecycle.go).
	Lifecycle bool
	// Helper marks an Exec of a program the tool runs to do its ordinary
	// work (git runs gpg to verify a signature and ssh to reach a remote;
	// man runs its formatter): Code names it.
	Helper bool
	// Source marks a Read of a file the call runs as code or applies as
	// configuration: a script, a makefile, the scripts of package.json, a
	// manifest applied or a query file run. A person's approval of the
	// call binds the file's content, not the call's words alone. It names
	// the file for that alone: a read the policy judges is an effect of
	// its own, as it was.
	Source bool
	// Hooks marks an Exec of the repository's own hooks (git's hooks
	// folder): code neither a file tool nor a confined call may write,
	// unlike a script of the project's.
	Hooks bool
	// Code and Lang are what an Exec runs, when known.
	Code, Lang string
	// Appends marks an Exec of a command line to which the program adds
	// words of its own when it runs it: git gives diff.external paths and
	// hashes, core.sshCommand a host and a remote command, core.fsmonitor
	// a version and a token, a credential helper its action; rsync -e gets
	// the remote command, a compressor -d. Those words are not known, and
	// any of them may be an option or a file name.
	Appends bool
	// Stdin marks an Exec whose standard input carries the program's own
	// data: a pager reads what git or man prints, tar --to-command a
	// member, a credential helper git's request. That text is not known,
	// and whoever made the files or the history shaped it.
	Stdin bool
	// IfPresent makes the effect depend on a configuration file: it
	// happens only when the file IfPresent is there, in the folder the
	// call runs in or, with Upward, in that folder or any above it
	// (rustup runs the toolchain rust-toolchain.toml names, cargo the
	// rustc-wrapper of .cargo/config.toml, npm prints the environment
	// variables a project's .npmrc names). The engine drops it when no
	// such file is there.
	IfPresent string
	Upward    bool
	// Harmless, with IfPresent, reads the configuration file's content:
	// the engine also drops the effect when it reads the file (the
	// nearest one, with Upward) and Harmless reports that what it says
	// does not cause the effect (a tsconfig.json that sets no folder to
	// write to). A file it cannot read keeps the effect.
	Harmless func(content []byte) bool
	// Every, with Upward and Harmless, reads every such file in the
	// folder and above it, not the nearest alone: the tool merges them
	// (yarn's .yarnrc.yml), or reads on past one that says nothing
	// (corepack's package.json).
	Every bool
	// IfAbsent makes the effect happen only when the file IfAbsent (as
	// the call resolves it) is not there: git grep reads the tree of a
	// revision for an operand that names no file.
	IfAbsent string
	// Why explains the effect: the option or word that causes it, or what
	// the model does not understand.
	Why string
}

// Effects collects the effects of a call.
type Effects struct {
	List []Effect
}

// Add appends an effect.
func (fx *Effects) Add(e Effect) { fx.List = append(fx.List, e) }

// Read records a read of a file.
func (fx *Effects) Read(a shell.Arg) { fx.Add(Effect{Op: Read, Path: a}) }

// ReadTree records a read of every file under a. hidden says whether dot
// files are read too.
func (fx *Effects) ReadTree(a shell.Arg, hidden bool) {
	fx.Add(Effect{Op: Read, Path: a, Tree: true, Hidden: hidden})
}

// Stat records a read of a file's name or metadata.
func (fx *Effects) Stat(a shell.Arg) { fx.Add(Effect{Op: Stat, Path: a}) }

// Write records a write of a file.
func (fx *Effects) Write(a shell.Arg, why string) { fx.Add(Effect{Op: Write, Path: a, Why: why}) }

// Delete records the removal of a file (tree: a folder and what it holds).
func (fx *Effects) Delete(a shell.Arg, tree bool) { fx.Add(Effect{Op: Delete, Path: a, Tree: tree}) }

// Move records a rename of from to to.
func (fx *Effects) Move(from, to shell.Arg) { fx.Add(Effect{Op: Move, Path: from, To: to}) }

// Link records a link at to pointing at target.
func (fx *Effects) Link(target, to shell.Arg, symbolic bool) {
	fx.Add(Effect{Op: Link, Path: target, To: to, Symbolic: symbolic})
}

// Chmod records a change of mode or owner.
func (fx *Effects) Chmod(a shell.Arg, tree bool) { fx.Add(Effect{Op: Chmod, Path: a, Tree: tree}) }

// Found records commands the analysis found and judges on their own.
func (fx *Effects) Found(why string) { fx.Add(Effect{Op: Exec, Found: true, Why: why}) }

// Exec records code or a command line the call runs: lang "sh" for a
// command line, or the language of the code; code "" when not known.
func (fx *Effects) Exec(lang, code, why string) {
	fx.Add(Effect{Op: Exec, Lang: lang, Code: code, Why: why})
}

// Source records a read of a file the call runs as code or applies as
// configuration (see Effect.Source).
func (fx *Effects) Source(a shell.Arg) {
	if a.Value != "" && a.Value != "-" {
		fx.Add(Effect{Op: Read, Path: a, Source: true})
	}
}

// Hooks records that the call runs the repository's hooks.
func (fx *Effects) Hooks(why string) { fx.Add(Effect{Op: Exec, Lang: "sh", Hooks: true, Why: why}) }

// Runs records a command line the call runs: appends says that the
// program adds words of its own to it, stdin that it writes its own data
// into the command's standard input (see [Effect]).
func (fx *Effects) Runs(code, why string, appends, stdin bool) {
	fx.Add(Effect{Op: Exec, Lang: "sh", Code: code, Why: why, Appends: appends, Stdin: stdin})
}

// RunsEach records a command line the call runs as it is and with each
// of the words given after it (sort and tar run a compressor, and the
// same with -d to decompress): stdin says that the program writes its
// data into it. A command line those words could not follow (see
// RunText) is an unknown one.
func (fx *Effects) RunsEach(code, why string, stdin bool, words ...string) {
	fx.Runs(code, why, false, stdin)
	for _, w := range words {
		c := code
		if hidesAppended(c) {
			c = ""
		} else if c != "" {
			c += " " + w
		}
		fx.Runs(c, why, false, stdin)
	}
}

// hidesAppended reports a command line after which words added would be
// hidden or joined to it: by a comment, a line break, or a trailing
// backslash.
func hidesAppended(code string) bool {
	return strings.ContainsAny(code, "#\n\r") || strings.HasSuffix(code, "\\")
}

// Helper records a program the tool runs to do its ordinary work.
func (fx *Effects) Helper(program, why string) {
	fx.Add(Effect{Op: Exec, Helper: true, Code: program, Why: why})
}

// Network records a request to host carrying data.
func (fx *Effects) Network(host string, data ...shell.Arg) {
	fx.Add(Effect{Op: Network, Host: host, Data: data})
}

// Env records a read of an environment variable ("" for all of them).
func (fx *Effects) Env(name string) { fx.Add(Effect{Op: Env, Path: shell.Arg{Value: name}}) }

// Change records a change of state beyond the files the call names.
func (fx *Effects) Change(why string) { fx.Add(Effect{Op: Change, Why: why}) }

// Cache records a tool's ordinary write to its own files.
func (fx *Effects) Cache(a shell.Arg, why string) { fx.Add(Effect{Op: Cache, Path: a, Why: why}) }

// Cred records a read of the tool's own credentials.
func (fx *Effects) Cred(a shell.Arg, why string) { fx.Add(Effect{Op: Cred, Path: a, Why: why}) }

// Signal records signals sent to processes named by a.
func (fx *Effects) Signal(a shell.Arg) { fx.Add(Effect{Op: Signal, Path: a}) }

// Unknown records what the model does not understand.
func (fx *Effects) Unknown(why string) { fx.Add(Effect{Op: Unknown, Why: why}) }

// PrintsSecret records that the call prints a credential, a key or a
// decrypted value: not read-only, and a secret for the rest of the call.
func (fx *Effects) PrintsSecret(why string) {
	fx.Add(Effect{Op: Unknown, Why: why, Secret: true})
}

// Only reports whether every effect is of one of the given kinds.
func (fx *Effects) Only(ops ...Op) bool {
	for _, e := range fx.List {
		ok := false
		for _, o := range ops {
			if e.Op == o {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Has reports whether some effect is of kind op.
func (fx *Effects) Has(op Op) bool {
	for _, e := range fx.List {
		if e.Op == op {
			return true
		}
	}
	return false
}

// Effects returns what the call does (see [Op]), worked out once.
func (c *Call) Effects() *Effects {
	if c.fx == nil {
		c.fx = new(Effects)
		c.AddEffects(c.fx)
		dropStreams(c.Cmd, c.fx)
	}
	return c.fx
}

// AddEffects adds what the call does to fx: the effects of its options'
// tags, an unknown effect for each option or subcommand the model does not
// have, and what the program's own Effects add.
func (c *Call) AddEffects(fx *Effects) {
	if c.Prog == nil {
		fx.Unknown("no model of the program " + c.Name)
		return
	}
	for _, h := range c.Prog.Helpers {
		fx.Helper(h, c.Name+" runs "+h)
	}
	for _, p := range c.Prog.Caches {
		fx.Cache(argOf(p), c.Name+" keeps its own files")
	}
	if c.Prog.Start != nil {
		c.Prog.Start(c, fx)
	}
	if c.Help && len(c.unknown) == 0 && c.UnknownSub == "" {
		// It prints help or its version and exits.
		if c.Prog.HelpEffects != nil {
			c.Prog.HelpEffects(c, fx)
		}
		return
	}
	for _, u := range c.unknown {
		if strings.HasPrefix(u, "the word ") {
			fx.Unknown(u)
			continue
		}
		fx.Unknown("the option " + u + " is not in the model of " + c.Name)
	}
	if c.UnknownSub != "" && (c.Prog.OwnSub == nil || !c.Prog.OwnSub(c, c.UnknownSub)) {
		fx.Unknown("\"" + c.UnknownSub + "\" is not a subcommand the model of " + c.Name + " knows")
	}
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		switch o.Spec.Tag {
		case TagRead:
			if o.HasValue {
				fx.Read(o.Value)
			}
		case TagWrite:
			if o.HasValue {
				writeUnlessNotFile(fx, o.Value, o.Typed)
			} else {
				fx.Change(o.Typed + " writes files")
			}
		case TagExec, TagFilter:
			code := o.Value.Value
			if o.Value.Dynamic || !o.HasValue {
				code = ""
			}
			// A program that runs a command line of an option is taken
			// to add words and data of its own, unless the table says it
			// only feeds it its output.
			fx.Runs(code, o.Typed, o.Spec.Tag == TagExec, true)
		case TagCode:
			fx.Unknown(o.Typed + " runs code the model does not read")
		case TagNet:
			fx.Network("", o.Value)
		case TagChange:
			fx.Change(o.Typed)
		case TagUnknown:
			fx.Unknown("the effect of " + o.Typed + " is not modelled")
		}
	}
	if c.Prog.Words != nil {
		wordEffects(c, fx)
		return
	}
	for i := len(c.Nodes) - 1; i >= 0; i-- {
		if f := c.Nodes[i].Effects; f != nil {
			if i > 0 && c.Prog.SubStart != nil {
				c.Prog.SubStart(c, fx)
			}
			f(c, fx)
			return
		}
	}
	fx.Unknown("the effects of " + c.Name + " are not modelled")
}

// RunText returns the command line of an Exec as the program really runs
// it, for the shell analysis to judge: the words the program appends
// stand as "$@", which is any words at all, and a command line whose
// standard input carries data (the program's own, or the caller's input
// when input is set) reads it from a pipe of text nobody knows. It
// returns "" when there is no code, or when the words appended could not
// be put after it (a comment, a line break or a trailing backslash would
// hide or join them).
func (e *Effect) RunText(input bool) string {
	code := e.Code
	if e.Op != Exec || e.Lang != "sh" || strings.TrimSpace(code) == "" {
		return ""
	}
	if e.Appends {
		if hidesAppended(code) {
			return ""
		}
		code += ` "$@"`
	}
	if e.Stdin || input {
		// A brace group reading a pipe: the code's commands read what the
		// program writes, as each would on its own. The code must parse
		// on its own, so that it cannot close the group and put commands
		// outside it.
		if !parses(code) {
			return ""
		}
		code = RunStdinProducer + " | {\n" + code + "\n}"
	}
	return code
}

// parses reports whether a command line is valid shell on its own.
func parses(code string) bool {
	for _, p := range shell.Analyze(code, shell.Options{MaxDepth: 1, Launcher: Launcher}).Problems {
		if p.Kind == shell.ProblemParse {
			return false
		}
	}
	return true
}

// RunStdinProducer is the command RunText puts before a command line
// whose standard input carries data: it prints text only known at run
// time, and does nothing else.
const RunStdinProducer = `printf %s "$1"`

// NameFilter is the name globs that limit a tree read, in command-line
// order: the last glob that matches a file decides whether it is read.
// A file no glob matches is read unless Whitelist and some glob includes
// (rg -g: files that no glob names are left out once one names some), or
// unless !Whitelist and the first glob includes (GNU grep). Globs apply
// to files, not to the folders walked through.
type NameFilter struct {
	Globs     []NameGlob
	Whitelist bool
}

// NameGlob is one glob of a NameFilter.
type NameGlob struct {
	Glob string
	// Exclude leaves out what the glob matches; otherwise it is read.
	Exclude bool
	// Fold matches without regard to case.
	Fold bool
	// Path matches the glob against the path under the folder searched
	// when it holds a slash (rg's, as .gitignore does); otherwise, and
	// always for grep, against the base name.
	Path bool
}

// filterTrees sets f on the tree reads from the i-th effect on.
func (fx *Effects) filterTrees(i int, f *NameFilter) {
	if f == nil {
		return
	}
	for ; i < len(fx.List); i++ {
		if e := &fx.List[i]; e.Tree && e.Op == Read {
			e.Filter = f
		}
	}
}
