// Package programs holds what governance knows about each program: its
// command line (the options it has, which of them take a value, its
// subcommands) and the effects of one invocation: the paths it reads,
// writes, deletes, moves, links or chmods, the programs and code it runs,
// the network requests it makes and what they carry, the processes it
// signals, the state it changes.
//
// Everything known about one program lives in one file (or one file for a
// small family), next to its tests. The rule matcher (flags, subcommands,
// arguments, targets) and the built-in safe set both read this model;
// there are no other tables of options.
//
// The model is conservative by construction: an option a program's table
// does not list, a subcommand it does not know, or a script it cannot
// parse is an [Unknown] effect, and the policy never allows an unknown
// effect. A program with no model at all has only an unknown effect.
//
// A program's options are written as a small grammar, one option per
// line, as a man page lists them:
//
//	-a --all                  a flag, with its spellings
//	-o --output=FILE   write  takes a value; the value is a file it writes
//	--color[=WHEN]            takes a value only when attached with =
//	-h --help          help   prints help and does nothing else
//	-c=CMD             last   the words after its value are operands
//
// The words after the spellings say what the option does; see [Tag].
// "last" marks an option that ends the options (python -c CMD and -m MOD:
// what follows is the code's own argv, so python -c CODE --version runs
// CODE).
//
// A program that runs another command says so too, and the shell analysis
// asks ([Launcher], shell.Launcher): a wrapper (timeout 5 make, sudo -u
// root make, env X=1 make) gives the grammar of its options in its
// Program's wraps, what runs being the words after them; a program that
// runs code beside its own work (watch, su -c) gives a Launch function;
// an interpreter names its language and inline-code options (Lang,
// CodeOpts), and a program that prints shell set-up code the words that
// make it print it (Setup). A program known only for what it runs is
// LaunchOnly. Adding one is its
// file and its test (see faketime.go); registry.go, which finds a program
// by name, is generated from every program's Names (go generate).
package programs
