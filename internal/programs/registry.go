package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"bsdtar", tarProgram},
	{"cat", catProgram},
	{"curl", curlProgram},
	{"find", findProgram},
	{"gtar", tarProgram},
	{"tac", tacProgram},
	{"tar", tarProgram},
	{"wget", wgetProgram},
}
