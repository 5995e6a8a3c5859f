package variants

// Transform rewrites a command into others that run the same way.
type Transform struct {
	// Name identifies the transform in reports.
	Name string
	// Family groups transforms of one kind: the generator picks a family
	// first, so that those that apply to few commands (option and path
	// spellings) are not drowned by those that apply to all.
	Family Family
	// Harmless transforms keep an allowed command allowed: they change
	// neither what runs nor with which rights, only how it is spelled,
	// grouped in the same shell, or given a wrapper that only times,
	// schedules or buffers it.
	Harmless bool
	// Escalating transforms run the command with more rights (sudo).
	// They keep a dangerous command dangerous, but not a safe one safe:
	// the generator applies them only to commands that must not be
	// allowed.
	Escalating bool
	// Cancels transforms turn a harmless mode off (bash -n +n, git rm -n
	// --no-dry-run): the variant runs what the original only checked, and
	// must never be allowed.
	Cancels bool
	// Apply returns every variant the transform makes of c; none when it
	// does not apply.
	Apply func(c *Command) []string
}

// Family is a kind of transform.
type Family string

// The families of transforms.
const (
	Wrapper Family = "wrapper"
	Nesting Family = "nesting"
	Options Family = "options"
	Quoting Family = "quoting"
	Paths   Family = "paths"
	Cancel  Family = "cancel"
)

// Transforms returns every transform, in a fixed order.
func Transforms() []*Transform {
	return []*Transform{
		// Wrappers.
		{Family: Wrapper, Name: "sudo", Escalating: true, Apply: sudo},
		{Family: Wrapper, Name: "env", Harmless: true, Apply: env},
		{Family: Wrapper, Name: "env-assign", Harmless: true, Apply: envAssign},
		{Family: Wrapper, Name: "timeout", Harmless: true, Apply: timeout},
		{Family: Wrapper, Name: "nice", Harmless: true, Apply: nice},
		{Family: Wrapper, Name: "nice-n", Harmless: true, Apply: niceN},
		{Family: Wrapper, Name: "command", Harmless: true, Apply: command},
		{Family: Wrapper, Name: "exec", Apply: exec},
		{Family: Wrapper, Name: "time", Harmless: true, Apply: timeStmt},
		{Family: Wrapper, Name: "nohup", Apply: nohup},
		{Family: Wrapper, Name: "stdbuf", Harmless: true, Apply: stdbuf},
		{Family: Wrapper, Name: "xargs", Apply: xargs},
		// Nesting.
		{Family: Nesting, Name: "bash-c", Apply: bashC},
		{Family: Nesting, Name: "sh-c", Apply: shC},
		{Family: Nesting, Name: "eval", Apply: eval},
		{Family: Nesting, Name: "cmd-subst", Apply: cmdSubst},
		{Family: Nesting, Name: "subshell", Harmless: true, Apply: subshell},
		{Family: Nesting, Name: "braces", Harmless: true, Apply: braces},
		{Family: Nesting, Name: "function", Apply: function},
		{Family: Nesting, Name: "if-true", Apply: ifTrue},
		{Family: Nesting, Name: "for-one", Apply: forOne},
		{Family: Nesting, Name: "heredoc", Apply: heredoc},
		{Family: Nesting, Name: "here-string", Apply: hereString},
		{Family: Nesting, Name: "cd-here", Apply: cdHere},
		// Option spellings.
		{Family: Options, Name: "split-options", Harmless: true, Apply: splitOptions},
		{Family: Options, Name: "combine-options", Harmless: true, Apply: combineOptions},
		{Family: Options, Name: "reorder-options", Harmless: true, Apply: reorderOptions},
		{Family: Options, Name: "long-options", Harmless: true, Apply: longOptions},
		{Family: Options, Name: "short-options", Harmless: true, Apply: shortOptions},
		{Family: Options, Name: "abbreviate-options", Harmless: true, Apply: abbreviateOptions},
		{Family: Options, Name: "synonym-options", Harmless: true, Apply: synonymOptions},
		{Family: Options, Name: "dashdash", Harmless: true, Apply: dashdash},
		// Quoting.
		{Family: Quoting, Name: "quote-program", Harmless: true, Apply: quoteProgram},
		{Family: Quoting, Name: "quote-args", Harmless: true, Apply: quoteArgs},
		// A harmless mode turned off again.
		{Family: Cancel, Name: "cancel-mode", Cancels: true, Apply: cancel},
		// Path spellings.
		{Family: Paths, Name: "path-dot", Harmless: true, Apply: pathDot},
		{Family: Paths, Name: "path-absolute", Harmless: true, Apply: pathAbsolute},
		{Family: Paths, Name: "path-parent", Harmless: true, Apply: pathParent},
		{Family: Paths, Name: "path-home", Harmless: true, Apply: pathHome},
		{Family: Paths, Name: "path-slashes", Harmless: true, Apply: pathSlashes},
	}
}
