package variants

// Transform rewrites a command into others that run the same way.
type Transform struct {
	// Name identifies the transform in reports.
	Name string
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
	// Apply returns every variant the transform makes of c; none when it
	// does not apply.
	Apply func(c *Command) []string
}

// Transforms returns every transform, in a fixed order.
func Transforms() []*Transform {
	return []*Transform{
		// Wrappers.
		{Name: "sudo", Escalating: true, Apply: sudo},
		{Name: "env", Harmless: true, Apply: env},
		{Name: "env-assign", Harmless: true, Apply: envAssign},
		{Name: "timeout", Harmless: true, Apply: timeout},
		{Name: "nice", Harmless: true, Apply: nice},
		{Name: "nice-n", Harmless: true, Apply: niceN},
		{Name: "command", Harmless: true, Apply: command},
		{Name: "exec", Apply: exec},
		{Name: "time", Harmless: true, Apply: timeStmt},
		{Name: "nohup", Apply: nohup},
		{Name: "stdbuf", Harmless: true, Apply: stdbuf},
		{Name: "xargs", Apply: xargs},
		// Nesting.
		{Name: "bash-c", Apply: bashC},
		{Name: "sh-c", Apply: shC},
		{Name: "eval", Apply: eval},
		{Name: "cmd-subst", Apply: cmdSubst},
		{Name: "subshell", Harmless: true, Apply: subshell},
		{Name: "braces", Harmless: true, Apply: braces},
		{Name: "function", Apply: function},
		{Name: "if-true", Apply: ifTrue},
		{Name: "for-one", Apply: forOne},
		{Name: "heredoc", Apply: heredoc},
		{Name: "here-string", Apply: hereString},
		{Name: "cd-here", Apply: cdHere},
		// Option spellings.
		{Name: "split-options", Harmless: true, Apply: splitOptions},
		{Name: "combine-options", Harmless: true, Apply: combineOptions},
		{Name: "reorder-options", Harmless: true, Apply: reorderOptions},
		{Name: "long-options", Harmless: true, Apply: longOptions},
		{Name: "short-options", Harmless: true, Apply: shortOptions},
		{Name: "abbreviate-options", Harmless: true, Apply: abbreviateOptions},
		{Name: "synonym-options", Harmless: true, Apply: synonymOptions},
		{Name: "dashdash", Harmless: true, Apply: dashdash},
		// Quoting.
		{Name: "quote-program", Harmless: true, Apply: quoteProgram},
		{Name: "quote-args", Harmless: true, Apply: quoteArgs},
		// Path spellings.
		{Name: "path-dot", Harmless: true, Apply: pathDot},
		{Name: "path-absolute", Harmless: true, Apply: pathAbsolute},
		{Name: "path-parent", Harmless: true, Apply: pathParent},
		{Name: "path-home", Harmless: true, Apply: pathHome},
		{Name: "path-slashes", Harmless: true, Apply: pathSlashes},
	}
}
