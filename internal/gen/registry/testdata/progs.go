package programs

type Program struct{ Names []string }

var aProgram = &Program{Names: []string{"a", "a2"}}

var (
	bProgram    = &Program{Names: []string{"b"}}
	notAProgram = []string{"c"}
)
