package programs

import "strings"

// dd copies if= (standard input by default) to of= (standard output by
// default); its operands are NAME=value words.

var ddProgram = &Program{Names: []string{"dd"}, NoOptions: true, Node: Node{Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Value == "--help" || a.Value == "--version" {
			continue
		}
		name, v, ok := strings.Cut(a.Value, "=")
		if !ok {
			fx.Unknown("dd's operand " + a.Value + " is not NAME=value")
			continue
		}
		file := a
		file.Value = v
		switch name {
		case "if":
			fx.Read(file)
		case "of":
			writeUnlessNotFile(fx, file, "dd of=")
		case "bs", "cbs", "conv", "count", "ibs", "iflag", "obs", "oflag", "seek", "skip", "status", "iseek", "oseek":
		default:
			fx.Unknown("dd's operand " + name + "= is not modelled")
		}
	}
}}}
