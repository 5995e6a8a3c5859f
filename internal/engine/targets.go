package engine

// Targets returns what a request would do, as the rules see it: the
// simple commands a shell call would run (wrappers removed, with their
// files) and every file the call reads or writes, resolved against its
// working directory and classified. Evaluators that describe a call (the
// gatekeeper) use it; it decides nothing.
func (e *Engine) Targets(req *Request) ([]*Command, []CommandFile) {
	if e.Policy == nil {
		e.Policy = &Policy{Settings: DefaultSettings()}
	}
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	var cmds []*Command
	var files []CommandFile
	seen := map[string]bool{}
	add := func(f CommandFile) {
		key := f.Path + "\x00" + f.Abs
		if f.Write {
			key += "\x00w"
		}
		if seen[key] {
			return
		}
		seen[key] = true
		files = append(files, f)
	}
	for _, s := range subjects {
		switch s.kind {
		case KindShell:
			c := ev.command(s)
			cmds = append(cmds, c)
		case KindRead, KindWrite, KindEdit:
			// Files a shell command touches are listed with the command.
			if s.via != "" || s.file.raw == "" && s.file.abs == "" {
				continue
			}
			add(CommandFile{Path: s.display, Abs: s.file.abs, Write: s.kind != KindRead, Classes: s.file.classes})
		}
	}
	for _, c := range cmds {
		for _, f := range c.Files {
			add(f)
		}
	}
	return cmds, files
}
