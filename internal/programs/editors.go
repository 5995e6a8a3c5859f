package programs

// Editors open files to change them, and run commands of their own (vim's
// :!, emacs's M-x shell, plugins); the GUI editors (code, subl, gedit)
// start a program that outlives the call.

var editorProgram = &Program{Names: []string{"vi", "vim", "nvim", "ed", "emacs", "nano", "pico", "micro", "joe", "kak",
	"hx", "code", "subl", "gedit"}, NoOptions: true, Node: Node{Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if len(a.Value) > 0 && (a.Value[0] == '-' || a.Value[0] == '+') {
			continue
		}
		fx.Write(a, c.Name+" edits it")
	}
	fx.Exec("", "", c.Name+" is an editor, which can run commands")
}}}
