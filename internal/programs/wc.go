package programs

// wc counts the lines, words and bytes of the files it reads. With
// --files0-from it reads the files a list names; it prints only their
// names and counts.

var wcProgram = &Program{Names: []string{"wc"}, Node: Node{Opts: `
-c --bytes
-m --chars
-l --lines
--files0-from=F      read
-L --max-line-length
-w --words
--total=WHEN
` + gnuHelp, Effects: readsFiles}}
