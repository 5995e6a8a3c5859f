package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"aws", awsProgram},
	{"cat", catProgram},
	{"find", findProgram},
	{"tac", tacProgram},
}
