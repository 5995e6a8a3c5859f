package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"awk", awkProgram},
	{"cat", catProgram},
	{"find", findProgram},
	{"gawk", awkProgram},
	{"gsed", sedProgram},
	{"mawk", awkProgram},
	{"nawk", awkProgram},
	{"sed", sedProgram},
	{"tac", tacProgram},
}
