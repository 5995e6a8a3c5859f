package variants

// The quoting transforms quote words in ways the shell removes before
// the command runs: 'rm', "rm", \rm, r\m, r''m, r'm'. Only words that
// are one unquoted literal of plain characters are quoted: a glob, a ~,
// a brace or an expansion would stop working inside quotes. A keyword is
// never quoted (quoted, it is a command name), nor a command name when
// the command may turn alias expansion on (a quoted name is not an
// alias).

// quotings returns the ways of quoting a plain word.
func quotings(w string) []string {
	out := []string{"'" + w + "'", `"` + w + `"`, `\` + w}
	if len(w) > 1 {
		out = append(out, w[:1]+`\`+w[1:], w[:1]+"''"+w[1:], w[:1]+"'"+w[1:]+"'", w[:1]+`""`+w[1:])
	}
	return out
}

// quoteProgram quotes the program word of a simple command.
func quoteProgram(c *Command) []string {
	if c.aliases {
		return nil
	}
	var out []string
	for _, k := range c.calls {
		w := k.x.Args[0]
		v, ok := plainWord(w)
		if !ok || keywords[v] || containsByte(v, '=') {
			continue
		}
		for _, q := range quotings(v) {
			out = append(out, c.splice(edit{off(w.Pos()), off(w.End()), q}))
		}
	}
	return out
}

// quoteArgs quotes an argument of a simple command.
func quoteArgs(c *Command) []string {
	var out []string
	for _, k := range c.calls {
		for _, w := range k.x.Args[1:] {
			v, ok := plainWord(w)
			if !ok {
				continue
			}
			for _, q := range quotings(v) {
				out = append(out, c.splice(edit{off(w.Pos()), off(w.End()), q}))
			}
		}
	}
	return out
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}
