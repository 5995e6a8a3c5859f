package programs

// cat and tac print the files they are given.

var catProgram = &Program{Names: []string{"cat"}, Node: Node{Inert: true, Opts: `
-A --show-all
-b --number-nonblank
-e
-E --show-ends
-n --number
-s --squeeze-blank
-t
-T --show-tabs
-u
-v --show-nonprinting
` + gnuHelp, Effects: readsFiles}}

var tacProgram = &Program{Names: []string{"tac"}, Caches: []string{"/tmp"}, Node: Node{Inert: true, Opts: `
-b --before
-r --regex
-s --separator=STRING
` + gnuHelp, Effects: readsFiles}}
