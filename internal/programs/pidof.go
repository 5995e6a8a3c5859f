package programs

// pidof prints the process ids of the programs it names, from /proc.

var pidofProgram = &Program{Names: []string{"pidof"}, Node: Node{Opts: `
-s
-c
-q
-w
-x
-n
-o --omit-pid=PID
-S --separator=SEP
-V --version          help
-h --help             help
`, Effects: printsOnly}}
