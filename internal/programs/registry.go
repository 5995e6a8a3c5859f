package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"ack", ackProgram},
	{"ag", agProgram},
	{"cat", catProgram},
	{"df", dfProgram},
	{"dir", dirProgram},
	{"du", duProgram},
	{"duf", dufProgram},
	{"dust", dustProgram},
	{"egrep", egrepProgram},
	{"exa", exaProgram},
	{"eza", ezaProgram},
	{"fd", fdProgram},
	{"fdfind", fdProgram},
	{"fgrep", fgrepProgram},
	{"find", findProgram},
	{"grep", grepProgram},
	{"locate", locateProgram},
	{"look", lookProgram},
	{"ls", lsProgram},
	{"lsd", lsdProgram},
	{"mlocate", locateProgram},
	{"plocate", locateProgram},
	{"rg", rgProgram},
	{"tac", tacProgram},
	{"tree", treeProgram},
	{"vdir", vdirProgram},
	{"zgrep", zgrepProgram},
}
